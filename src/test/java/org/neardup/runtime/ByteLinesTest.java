package org.neardup.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ByteLinesTest {
  /** Hands out at most 7 bytes per read, so lines straddle many refills. */
  static InputStream trickle(byte[] b) {
    return new FilterInputStream(new ByteArrayInputStream(b)) {
      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        return super.read(buf, off, Math.min(len, 7));
      }
    };
  }

  static List<String> lines(String input, int max) throws IOException {
    ByteLines lines = new ByteLines(trickle(input.getBytes(StandardCharsets.UTF_8)), max);
    List<String> out = new ArrayList<>();
    for (ByteLines.Line l; (l = lines.next()) != null; ) {
      out.add(l.tooLong() ? "<too long: " + l.length() + ">" : new String(l.bytes(), StandardCharsets.UTF_8));
    }
    return out;
  }

  @Test
  void splitsOnNewlinesDropsCarriageReturnsAndKeepsALastLineWithoutNewline() throws IOException {
    assertEquals(List.of("a", "", "中文", "b c", "last"), lines("a\n\n中文\r\nb c\nlast", 100));
    assertEquals(List.of("x"), lines("x\n", 100));
    assertEquals(List.of(), lines("", 100));
  }

  @Test
  void linesLongerThanTheBufferAreWhole() throws IOException {
    String big = "y".repeat(200_000);
    assertEquals(List.of("a", big, "b"), lines("a\n" + big + "\nb\n", 1 << 20));
  }

  @Test
  void aLineOverTheLimitIsSkippedWithItsLengthAndTheNextLinesStillCome() throws IOException {
    String big = "z".repeat(100_000);
    assertEquals(List.of("short", "<too long: 100000>", "after", "<too long: 100000>"),
        lines("short\n" + big + "\nafter\n" + big, 1000));
  }

  @Test
  void endOfStreamIsNullEveryTime() throws IOException {
    ByteLines lines = new ByteLines(new ByteArrayInputStream("a".getBytes(StandardCharsets.UTF_8)), 10);
    assertTrue(lines.next() != null);
    assertNull(lines.next());
    assertNull(lines.next());
  }
}
