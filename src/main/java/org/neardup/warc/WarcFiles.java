package org.neardup.warc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Tells a WARC file by its first bytes, plain or gzipped, whatever its name. */
public final class WarcFiles {
  private WarcFiles() {}

  /** True when the file starts with a WARC record ("WARC/1."), directly or in its first gzip member. */
  public static boolean isWarc(Path file) throws IOException {
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(8);
    }
    if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
        head = in.readNBytes(8);
      } catch (IOException e) {
        return false;
      }
    }
    return new String(head, StandardCharsets.US_ASCII).startsWith("WARC/1.");
  }
}
