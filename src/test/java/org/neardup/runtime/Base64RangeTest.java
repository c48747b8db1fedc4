package org.neardup.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Base64RangeTest {
  static byte[] decode(String json, int from) {
    return Base64Range.decodeString(json.getBytes(StandardCharsets.UTF_8), from);
  }

  @Test
  void decodesWhatTheJdkEncodesWithAndWithoutPadding() {
    SplittableRandom random = new SplittableRandom(7);
    for (int n = 0; n < 300; n++) {
      byte[] data = new byte[n];
      for (int i = 0; i < n; i++) data[i] = (byte) random.nextInt(256);
      for (Base64.Encoder enc : new Base64.Encoder[] {Base64.getEncoder(), Base64.getEncoder().withoutPadding()}) {
        assertArrayEquals(data, decode("{\"x\":\"" + enc.encodeToString(data) + "\",\"y\":1}", 6), "length " + n);
        assertArrayEquals(data, decode("\"" + enc.encodeToString(data) + "\"", 1), "string at the end, length " + n);
      }
    }
  }

  @Test
  void anythingButPlainBase64IsLeftToTheCaller() {
    for (String s : new String[] {"+\\/8=", "YW I=", "Y", "YW=I", "YWI=a", "=", "YQ===", "YQ=", "YW\nI=", "ä", "YWJj", "YWI\\u0041"}) {
      String json = s.equals("YWJj") ? "\"YWJj" : "\"" + s + "\"";
      assertNull(decode(json, 1), s);
    }
    assertArrayEquals("ab".getBytes(StandardCharsets.US_ASCII), decode("\"YWI\"", 1));
    assertArrayEquals(new byte[0], decode("\"\"", 1));
  }
}
