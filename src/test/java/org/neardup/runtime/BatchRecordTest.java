package org.neardup.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BatchRecordTest {
  static final byte[] GBK_PAGE = "<p>中文</p>".getBytes(java.nio.charset.Charset.forName("GBK"));

  @Test
  void readsEveryField() {
    String b64 = java.util.Base64.getEncoder().encodeToString(GBK_PAGE);
    BatchRecord r = BatchRecord.parse("{\"url\":\"http://a/1\",\"id\":\"a1\",\"body_base64\":\"" + b64
        + "\",\"charset\":\"GBK\",\"fetched_at\":1700000000000,\"extra\":{\"x\":[1,2]}}", 7);
    assertEquals("http://a/1", r.url());
    assertEquals("a1", r.id());
    assertArrayEquals(GBK_PAGE, r.body());
    assertEquals("GBK", r.charset());
    assertEquals(1_700_000_000_000L, r.fetchedAt());
    assertNull(r.html());
    assertNull(r.text());
  }

  @Test
  void defaultsIdToUrlAndFetchedAtToTheGivenTime() {
    BatchRecord r = BatchRecord.parse("{\"url\":\"u\",\"text\":\"正文\",\"title\":\"题\",\"id\":\"\"}", 42);
    assertEquals("u", r.id());
    assertEquals(42, r.fetchedAt());
    assertEquals("正文", r.text());
    assertEquals("题", r.title());
    assertNull(r.heading());
    assertEquals("ns::reader_u16 Member List",
        BatchRecord.parse("{\"url\":\"u\",\"text\":\"t\",\"heading\":\"ns::reader_u16 Member List\"}", 0).heading());
    assertEquals(epochMillis("2024-06-01T00:00:00Z"),
        BatchRecord.parse("{\"url\":\"u\",\"html\":\"<p>x</p>\",\"fetched_at\":\"2024-06-01T00:00:00Z\"}", 0).fetchedAt());
  }

  @Test
  void base64MayBeUnpaddedOrHaveEscapedSlashes() {
    byte[] bytes = {(byte) 0xfb, (byte) 0xff}; // base64 "+/8=": a slash, and padding
    assertArrayEquals(bytes, BatchRecord.parse("{\"url\":\"u\",\"body_base64\":\"+\\/8=\"}", 0).body());
    assertArrayEquals(bytes, BatchRecord.parse("{\"url\":\"u\",\"body_base64\":\"+/8\"}", 0).body());
    assertArrayEquals("ab".getBytes(StandardCharsets.US_ASCII),
        BatchRecord.parse("{\"url\":\"u\",\"body_base64\":\"YWI=\"}", 0).body());
  }

  @Test
  void badLinesSayWhatIsWrong() {
    assertMessage("{\"url\":\"u\",\"body_base64\":\"**not base64**\"}", "'body_base64' is not base64");
    assertMessage("{\"url\":\"http://demo/broken\"", "not valid JSON");
    assertMessage("[1,2]", "expected a JSON object");
    assertMessage("{\"url\":\"u\",\"text\":\"t\"} trailing", "not valid JSON");
    assertMessage("{\"id\":\"no-url\",\"text\":\"t\"}", "missing required field 'url'");
    assertMessage("{\"url\":\"u\"}", "expected exactly one of 'html', 'body_base64' or 'text', got 0");
    assertMessage("{\"url\":\"u\",\"text\":\"t\",\"html\":\"h\"}", "got 2");
    assertMessage("{\"url\":7,\"text\":\"t\"}", "field 'url' must be a string");
    assertMessage("{\"url\":\"u\",\"body_base64\":[1]}", "field 'body_base64' must be a string");
    assertMessage("{\"url\":\"u\",\"text\":\"t\",\"fetched_at\":\"yesterday\"}", "neither epoch milliseconds nor ISO-8601");
    assertMessage("{\"url\":\"u\",\"text\":\"t\",\"fetched_at\":true}", "'fetched_at' must be a number or a string");
  }

  @Test
  void linesGivenAsBytesReadTheSame() {
    String line = "{\"url\":\"http://a/中\",\"body_base64\":\"+\\/8=\",\"charset\":\"GBK\",\"fetched_at\":5}";
    BatchRecord r = BatchRecord.parse(line.getBytes(StandardCharsets.UTF_8), 0);
    assertEquals(BatchRecord.parse(line, 0).url(), r.url());
    assertArrayEquals(new byte[] {(byte) 0xfb, (byte) 0xff}, r.body());
    assertEquals("GBK", r.charset());
    assertEquals(5, r.fetchedAt());
  }

  @Test
  void bytesThatAreNotUtf8AreABadLine() {
    byte[] line = {'{', '"', 'u', 'r', 'l', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}'};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BatchRecord.parse(line, 0));
    assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());
  }

  /** Both entry points, the string and the UTF-8 bytes, give the same message. */
  private static void assertMessage(String line, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BatchRecord.parse(line, 0), line);
    assertTrue(e.getMessage().contains(expected), line + " -> " + e.getMessage());
    IllegalArgumentException b = assertThrows(IllegalArgumentException.class,
        () -> BatchRecord.parse(line.getBytes(StandardCharsets.UTF_8), 0), line);
    assertEquals(e.getMessage(), b.getMessage(), line);
  }

  private static long epochMillis(String iso) {
    return java.time.Instant.parse(iso).toEpochMilli();
  }
}
