package org.neardup.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file the bolts of every worker JVM on this machine append lines to: one {@code write} of a
 * whole line on a file opened for append, so lines of different processes never interleave.
 */
final class RecordFile implements AutoCloseable {
  private final FileChannel channel;

  RecordFile(Path path) {
    try {
      channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the record file " + path, e);
    }
  }

  /** Appends the fields as one tab-separated line (tabs and newlines in a field become spaces). */
  void append(String... fields) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) b.append('\t');
      b.append(fields[i] == null ? "-" : fields[i].replace('\t', ' ').replace('\n', ' ').replace('\r', ' '));
    }
    b.append('\n');
    ByteBuffer buf = ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8));
    try {
      while (buf.hasRemaining()) channel.write(buf);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the record file", e);
    }
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      // closing a file we only appended to
    }
  }
}
