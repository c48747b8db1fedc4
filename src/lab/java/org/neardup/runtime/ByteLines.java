package org.neardup.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a byte stream as byte arrays, without their {@code \n} or {@code \r\n}.
 *
 * <p>Why not a {@code BufferedReader}: a JSON line of {@code neardup dedup} is a whole page (hundreds
 * of kilobytes of base64), and a reader decodes it to chars, copies it into a string builder and
 * then into a string, which the JSON parser copies once more. Kept as UTF-8 bytes, a line is copied
 * once, here, and the parser reads the bytes themselves.
 *
 * <p>A line longer than {@code maxLineBytes} is not held in memory: it is read past and reported
 * by {@link Line#tooLong()}, so one oversized line cannot exhaust the heap or stop the run.
 */
final class ByteLines {
  /** One line: its bytes, or none when it was longer than the limit; {@code length} is its real length. */
  record Line(byte[] bytes, long length) {
    boolean tooLong() {
      return bytes == null;
    }
  }

  private final InputStream in;
  private final int maxLineBytes;
  private byte[] buf = new byte[1 << 16];
  private int pos;
  private int lim;
  private boolean eof;

  ByteLines(InputStream in, int maxLineBytes) {
    if (maxLineBytes < 1) throw new IllegalArgumentException("maxLineBytes must be >= 1, got " + maxLineBytes);
    this.in = in;
    this.maxLineBytes = maxLineBytes;
  }

  /** The next line, or null at the end of the stream. A last line without {@code \n} is a line. */
  Line next() throws IOException {
    int scanned = pos;
    while (true) {
      int nl = indexOf((byte) '\n', buf, scanned, lim);
      if (nl >= 0) {
        int start = pos;
        pos = nl + 1;
        if (nl - start > maxLineBytes) return new Line(null, nl - start);
        byte[] line = copyLine(start, nl);
        return new Line(line, line.length);
      }
      scanned = lim;
      if (lim - pos > maxLineBytes) return skipRest();
      if (eof) {
        if (pos == lim) return null;
        byte[] line = copyLine(pos, lim);
        pos = lim;
        return new Line(line, line.length);
      }
      int shift = pos;
      fill();
      scanned -= shift;
    }
  }

  /** Reads past the rest of a line that is over the limit; what was buffered of it is dropped. */
  private Line skipRest() throws IOException {
    long length = lim - pos;
    pos = lim;
    while (true) {
      if (pos == lim) {
        if (eof) return new Line(null, length);
        fill();
        continue;
      }
      int nl = indexOf((byte) '\n', buf, pos, lim);
      if (nl >= 0) {
        length += nl - pos;
        pos = nl + 1;
        return new Line(null, length);
      }
      length += lim - pos;
      pos = lim;
    }
  }

  /** Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more. */
  private void fill() throws IOException {
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, lim - pos);
      lim -= pos;
      pos = 0;
    }
    if (lim == buf.length) buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, maxLineBytes + 2L));
    int n = in.read(buf, lim, buf.length - lim);
    if (n < 0) eof = true;
    else lim += n;
  }

  private byte[] copyLine(int from, int to) {
    if (to > from && buf[to - 1] == '\r') to--;
    return Arrays.copyOfRange(buf, from, to);
  }

  private static int indexOf(byte b, byte[] a, int from, int to) {
    for (int i = from; i < to; i++) if (a[i] == b) return i;
    return -1;
  }
}
