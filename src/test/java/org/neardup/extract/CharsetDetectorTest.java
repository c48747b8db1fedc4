package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

class CharsetDetectorTest {

  private static final Charset GBK = Charset.forName("GBK");
  private static final Charset GB18030 = Charset.forName("GB18030");
  private static final String ZH = "市政府周二宣布，将把城东的旧火车站改建为公共图书馆，这一争论了将近十年的问题终于有了结果。";

  private final CharsetDetector detector = new CharsetDetector();
  private final PageExtractor extractor = new PageExtractor();

  @Test
  void gbkWithoutDeclarationIsReadAsGb18030() {
    byte[] bytes = html("", ZH).getBytes(GBK);
    CharsetDetector.Detection d = detector.detect(bytes, null);
    assertEquals(GB18030, d.charset(), d.reason());

    Page page = extractor.extract("http://example.cn/a", bytes, null);
    assertEquals(ZH, page.text());
    assertEquals("GB18030", page.charset());
  }

  @Test
  void veryShortGbkWithoutDeclarationIsStillChinese() {
    byte[] bytes = ("<html><body><p>" + "中文" + "</p></body></html>").getBytes(GBK);
    assertEquals(GB18030, detector.detect(bytes, null).charset());
  }

  @Test
  void utf8BytesDeclaredAsLatin1AreReadAsUtf8() {
    String text = "Café crème, naïve façade: the déjà vu of a résumé, again and again.";
    byte[] bytes = html("<meta charset=\"ISO-8859-1\">", text).getBytes(StandardCharsets.UTF_8);
    CharsetDetector.Detection d = detector.detect(bytes, null);
    assertEquals(StandardCharsets.UTF_8, d.charset(), d.reason());
    assertEquals(text, extractor.extract("http://example.com/", bytes, null).text());

    // the same through the HTTP hint
    assertEquals(StandardCharsets.UTF_8, detector.detect(bytes, "iso-8859-1").charset());
  }

  @Test
  void gb2312DeclarationMeansGb18030() {
    // 镕 is in GBK but not in GB2312: GB2312-labelled pages use such characters all the time.
    String text = "朱镕基总理今天在北京会见了来访的客人，双方就共同关心的问题交换了意见。";
    byte[] bytes = html("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">",
        text).getBytes(GBK);
    CharsetDetector.Detection d = detector.detect(bytes, null);
    assertEquals(GB18030, d.charset(), d.reason());
    assertEquals(text, extractor.extract("http://example.cn/", bytes, null).text());
    assertEquals(GB18030, CharsetDetector.lookup("GBK"));
    assertEquals(GB18030, CharsetDetector.lookup(" gb2312 "));
  }

  @Test
  void gbkBytesDeclaredAsUtf8FallBackToDetection() {
    byte[] bytes = html("<meta charset=utf-8>", ZH + ZH).getBytes(GBK);
    CharsetDetector.Detection d = detector.detect(bytes, null);
    assertEquals(GB18030, d.charset(), d.reason());
    assertTrue(d.reason().contains("does not decode"), d.reason());
  }

  @Test
  void gbkBytesDeclaredAsLatin1AreChinese() {
    byte[] bytes = html("<meta charset=iso-8859-1>", ZH + ZH + ZH).getBytes(GBK);
    assertEquals(GB18030, detector.detect(bytes, null).charset());
  }

  @Test
  void byteOrderMarkWins() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    out.writeBytes(html("<meta charset=gbk>", ZH).getBytes(StandardCharsets.UTF_8));
    CharsetDetector.Detection d = detector.detect(out.toByteArray(), "windows-1252");
    assertEquals(StandardCharsets.UTF_8, d.charset());
    assertEquals(3, d.bomLength());
    assertEquals(ZH, extractor.extract("u", out.toByteArray(), null).text());
  }

  @Test
  void latin1WithoutDeclarationIsWindows1252() {
    String text = "Déjà vu — a naïve café owner’s façade, and the crème brûlée.";
    byte[] bytes = html("", text).getBytes(Charset.forName("windows-1252"));
    Page page = extractor.extract("http://example.fr/", bytes, null);
    assertEquals(text, page.text());
  }

  @Test
  void unknownLabelsAreIgnored() {
    assertEquals(null, CharsetDetector.lookup("no-such-charset"));
    assertEquals(null, CharsetDetector.lookup(""));
    byte[] bytes = html("", "plain ascii text, nothing more to it.").getBytes(StandardCharsets.UTF_8);
    assertEquals(StandardCharsets.UTF_8, detector.detect(bytes, "x-bogus").charset());
  }

  /**
   * The byte-scan UTF-8 check and the fast decode must agree with the JDK's decoders on any input:
   * random short byte strings drawn mostly from UTF-8's edge bytes (leads, continuations, overlong
   * and surrogate starts, bytes never valid), with a cut tail as often as not.
   */
  @Test
  void utf8ScanAndFastDecodeAgreeWithTheJdkDecoders() throws Exception {
    byte[] edges = {0x41, (byte) 0x80, (byte) 0x8F, (byte) 0x90, (byte) 0x9F, (byte) 0xA0,
        (byte) 0xBF, (byte) 0xC0, (byte) 0xC1, (byte) 0xC2, (byte) 0xDF, (byte) 0xE0, (byte) 0xE1,
        (byte) 0xED, (byte) 0xEF, (byte) 0xBB, (byte) 0xBD, (byte) 0xF0, (byte) 0xF4, (byte) 0xF5,
        (byte) 0xF7, (byte) 0xF8, (byte) 0xFF, (byte) 0xFE, (byte) 0x81, 0x40, 0x30, 0x39};
    java.util.Random random = new java.util.Random(42);
    Charset[] charsets = {StandardCharsets.UTF_8, GB18030, Charset.forName("windows-1252")};
    for (int t = 0; t < 200_000; t++) {
      // every other string is longer and mostly ASCII, so the eight-bytes-at-a-time paths run
      boolean ascii = t % 2 == 1;
      byte[] b = new byte[random.nextInt(ascii ? 40 : 10)];
      for (int i = 0; i < b.length; i++) {
        b[i] = ascii && random.nextInt(8) != 0 ? (byte) (0x20 + random.nextInt(0x5F))
            : random.nextInt(4) == 0 ? (byte) random.nextInt(256) : edges[random.nextInt(edges.length)];
      }
      assertEquals(jdkIsValidUtf8(b), CharsetDetector.isValidUtf8(b, b.length),
          () -> java.util.HexFormat.of().formatHex(b));
      int high = 0;
      for (byte x : b) if (x < 0) high++;
      assertEquals(high, CharsetDetector.highBytes(b, b.length));
      for (Charset cs : charsets) {
        String expected = cs.newDecoder()
            .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)
            .decode(java.nio.ByteBuffer.wrap(b)).toString();
        assertEquals(expected, CharsetDetector.decode(b, 0, b.length, cs),
            () -> cs + " " + java.util.HexFormat.of().formatHex(b));
      }
    }
  }

  @Test
  void utf8IsRecognisedWithLiteralReplacementCharactersAndACutTail() {
    String text = "Ein Ersatzzeichen \uFFFD im Text, Grüße aus Köln und noch mehr Umlaute: äöü ÄÖÜ ß.";
    byte[] bytes = html("", text).getBytes(StandardCharsets.UTF_8);
    assertEquals("valid UTF-8", detector.detect(bytes, null).reason());
    assertEquals(text, extractor.extract("http://example.de/", bytes, null).text());
    // cut inside the two bytes of the last 'ü': still UTF-8, as the JDK decoder judges it
    String cut = html("", text + " Tschüss").replace("</p></body></html>", "");
    byte[] cutBytes = cut.getBytes(StandardCharsets.UTF_8);
    cutBytes = java.util.Arrays.copyOf(cutBytes, cutBytes.length - 3);
    assertEquals("valid UTF-8", detector.detect(cutBytes, null).reason());
  }

  @Test
  void oneBadByteAfterManyGoodUtf8SequencesIsNotUtf8() {
    // more well-formed sequences than the probe looks at before decoding, then a Latin-1 byte
    String good = "ü".repeat(100);
    byte[] utf8 = html("", good + " and one more").getBytes(StandardCharsets.UTF_8);
    byte[] bytes = java.util.Arrays.copyOf(utf8, utf8.length + 1);
    bytes[bytes.length - 1] = (byte) 0xE9; // 'é' in windows-1252, a cut three-byte lead in UTF-8
    bytes[bytes.length - 2] = (byte) 0xE9;
    CharsetDetector.Detection d = detector.detect(bytes, null);
    assertTrue(!d.reason().equals("valid UTF-8"), d.reason());
    CharsetDetector.Detection declared = detector.detect(bytes, "gbk");
    assertTrue(!declared.reason().startsWith("bytes are valid UTF-8"), declared.reason());
  }

  /** The meta tag scan answers what the regular expression it replaces finds first. */
  @Test
  void metaCharsetScanAgreesWithTheRegularExpression() {
    java.util.regex.Pattern regex = java.util.regex.Pattern.compile(
        "<meta[^>]*?charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9._:-]+)",
        java.util.regex.Pattern.CASE_INSENSITIVE);
    String[] pieces = {"<meta", "<META", "<Meta ", "<met", "<", ">", " ", "\t", "\n", "\u000B",
        "charset", "CharSet", "charse", "=", "\"", "'", "utf-8", "GB2312", "x", ";", "http-equiv",
        "content=\"text/html; ", "é", "\u00FF", "\u00C9", ":", "_", ".", "-", "/", "<p>"};
    java.util.Random random = new java.util.Random(7);
    for (int t = 0; t < 200_000; t++) {
      StringBuilder sb = new StringBuilder();
      int n = random.nextInt(14);
      for (int i = 0; i < n; i++) sb.append(pieces[random.nextInt(pieces.length)]);
      String head = sb.toString();
      byte[] bytes = head.getBytes(StandardCharsets.ISO_8859_1);
      java.util.regex.Matcher m = regex.matcher(head);
      assertEquals(m.find() ? m.group(1) : null, MetaCharset.find(bytes, bytes.length), head);
    }
  }

  /** The former implementation: the JDK decoder with REPORT, an incomplete tail accepted. */
  private static boolean jdkIsValidUtf8(byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    var in = java.nio.ByteBuffer.wrap(bytes);
    var out = java.nio.CharBuffer.allocate(64);
    var result = decoder.decode(in, out, false);
    return !result.isError() && in.remaining() < 4;
  }

  private static String html(String head, String paragraph) {
    return "<html><head>" + head + "<title>t</title></head><body><p>" + paragraph
        + "</p></body></html>";
  }
}
