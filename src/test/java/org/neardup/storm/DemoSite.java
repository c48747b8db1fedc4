package org.neardup.storm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads the bundled demo site from the class path ({@code /demo-site/}). */
final class DemoSite {
  private DemoSite() {}

  static byte[] bytes(String path) {
    try (InputStream in = DemoSite.class.getResourceAsStream("/demo-site/" + path)) {
      if (in == null) throw new IllegalStateException("missing demo-site/" + path);
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String utf8(String path) {
    return new String(bytes(path), StandardCharsets.UTF_8);
  }

  /** One line of expected.tsv. */
  record Expected(String path, String verdict, String original, String kind) {}

  static List<Expected> expected() {
    List<Expected> out = new ArrayList<>();
    for (String line : utf8("expected.tsv").split("\n")) {
      if (line.isBlank()) continue;
      String[] f = line.split("\t");
      out.add(new Expected(f[0], f[1], f[2], f[3]));
    }
    return out;
  }
}
