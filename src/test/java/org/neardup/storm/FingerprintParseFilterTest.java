package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.parse.ParseResult;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;
import org.neardup.runtime.Pipeline;
import org.neardup.extract.Language;
import org.neardup.extract.PageExtractor;
import org.neardup.extract.PageStatus;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.Fingerprints;

class FingerprintParseFilterTest {
  static final String URL = "http://127.0.0.1/news-a/flood.html";
  static final Map<String, Object> CONF = Map.of("neardup.store", "memory");

  static FingerprintParseFilter filter;
  static Pipeline pipeline;

  @BeforeAll
  static void configure() {
    filter = new FingerprintParseFilter();
    filter.configure(CONF, JsonNodeFactory.instance.objectNode());
    pipeline = Pipeline.of(NeardupConfig.fromMap(CONF));
  }

  /** Runs the filter as JSoupParserBolt does: parse metadata of the page, the parsed document. */
  static Metadata filtered(String url, String html) {
    Metadata md = new Metadata();
    md.setValue(FingerprintParseFilter.CHARSET_KEY, "UTF-8");
    ParseResult parse = new ParseResult();
    parse.get(url).setMetadata(md);
    Document doc = Jsoup.parse(html, url);
    filter.filter(url, html.getBytes(StandardCharsets.UTF_8), doc, parse);
    return parse.get(url).getMetadata();
  }

  @Test
  void writesTheDocumentedKeys() {
    Metadata md = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    Fingerprints f = fingerprintsOfBytes(URL, DemoSite.bytes("news-a/flood.html"));

    assertEquals("1", md.getFirstValue("dedup.version"));
    assertEquals("ok", md.getFirstValue("dedup.page_status"));
    assertEquals(f.digest().hex(), md.getFirstValue("dedup.digest"));
    assertEquals(String.format("%016x", f.simhash()), md.getFirstValue("dedup.simhash"));
    assertEquals(32, md.getValues("dedup.bands").length);
    assertEquals(String.format("%016x", f.bands()[0]), md.getValues("dedup.bands")[0]);
    assertEquals(String.format("%016x", f.coreTerms().hash()), md.getFirstValue("dedup.core_terms"));
    assertArrayEquals(FineSignature.of(f).encode(),
        Base64.getDecoder().decode(md.getFirstValue("dedup.sketch")));
    assertEquals(Integer.toString(f.textChars()), md.getFirstValue("dedup.text_chars"));
    assertEquals("zh", md.getFirstValue("dedup.language"));
    assertTrue(md.getFirstValue("dedup.title").contains("青溪"), md.getFirstValue("dedup.title"));
    assertEquals("", md.getFirstValue("dedup.canonical"));
    assertEquals("UTF-8", md.getFirstValue(FingerprintParseFilter.CHARSET_KEY), "other keys kept");
  }

  @Test
  void canonicalIsAbsolute() {
    String url = "http://127.0.0.1/blog-c/subway.html";
    Metadata md = filtered(url, DemoSite.utf8("blog-c/subway.html"));
    assertEquals("http://127.0.0.1/news-a/subway.html", md.getFirstValue("dedup.canonical"));
  }

  @Test
  void roundTripsThroughMetadata() {
    Metadata md = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    Fingerprints f = fingerprintsOfBytes(URL, DemoSite.bytes("news-a/flood.html"));

    DedupMetadata.Fingerprinted back = DedupMetadata.read(md, URL, FingerprintSettings.defaults()).orElseThrow();
    IndexSignature r = back.signature();
    assertEquals(IndexSignature.of(f), r, "everything the detector needs survives");
    assertArrayEquals(f.bands(), r.bands());
    assertEquals(FineSignature.of(f), r.fine());
    assertEquals(Language.ZH, back.page().language());
    assertEquals(URL, back.page().url());
    assertEquals(PageStatus.OK, back.page().status());
  }

  /** A page with little main text carries the digest of all it shows to the bolt; a long one none. */
  @Test
  void aShortPageCarriesTheDigestOfAllItShows() {
    String html = "<html><head><title>List</title></head><body><div class=tagline>Small. Fast. Reliable.</div>"
        + "<ul><li><a href=a.html>alpha</a><li><a href=b.html>beta</a></ul></body></html>";
    Metadata md = filtered("http://127.0.0.1/list.html", html);
    String shown = md.getFirstValue("dedup.body_digest");
    assertEquals(32, shown.length(), md.toString());
    var back = DedupMetadata.read(md, "http://127.0.0.1/list.html", FingerprintSettings.defaults()).orElseThrow();
    assertEquals(shown, back.page().bodyDigest());
    Metadata other = filtered("http://127.0.0.1/list2.html", html.replace("beta", "gamma"));
    assertFalse(shown.equals(other.getFirstValue("dedup.body_digest")), "another list, another digest");
    assertNull(filtered(URL, DemoSite.utf8("news-a/flood.html")).getFirstValue("dedup.body_digest"), "a long page");
  }

  @Test
  void pageWithoutTextHasStatusOnly() {
    Metadata md = filtered("http://127.0.0.1/x.html", "<html><body><nav><a href='/'>home</a></nav></body></html>");
    assertEquals("no_main_text", md.getFirstValue("dedup.page_status"));
    assertNull(md.getFirstValue("dedup.digest"));
    var back = DedupMetadata.read(md, "http://127.0.0.1/x.html", FingerprintSettings.defaults()).orElseThrow();
    assertNull(back.signature());
    assertFalse(back.page().status().hasText());
  }

  @Test
  void absentOrMalformedReadsEmpty() {
    FingerprintSettings s = FingerprintSettings.defaults();
    assertTrue(DedupMetadata.read(new Metadata(), URL, s).isEmpty(), "absent");

    assertTrue(DedupMetadata.read(tampered("dedup.version", "0"), URL, s).isEmpty(), "other version");
    assertTrue(DedupMetadata.read(tampered("dedup.digest", "zz"), URL, s).isEmpty(), "short digest");
    assertTrue(DedupMetadata.read(tampered("dedup.simhash", "xyz0000000000000"), URL, s).isEmpty(), "bad hex");
    assertTrue(DedupMetadata.read(tampered("dedup.sketch", "AQID"), URL, s).isEmpty(), "truncated sketch");
    assertTrue(DedupMetadata.read(tampered("dedup.sketch", "%%%"), URL, s).isEmpty(), "not base64");
    assertTrue(DedupMetadata.read(tampered("dedup.text_chars", "-1"), URL, s).isEmpty(), "negative size");
    assertTrue(DedupMetadata.read(tampered("dedup.language", "fr"), URL, s).isEmpty(), "unknown language");
    assertTrue(DedupMetadata.read(tampered("dedup.page_status", "bogus"), URL, s).isEmpty(), "unknown status");
    Metadata fewBands = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    fewBands.setValues("dedup.bands", new String[] {"0000000000000001"});
    assertTrue(DedupMetadata.read(fewBands, URL, s).isEmpty(), "band count differs from settings");
    Metadata noDigest = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    noDigest.remove("dedup.digest");
    assertTrue(DedupMetadata.read(noDigest, URL, s).isEmpty(), "missing key");
  }

  @Test
  void badConfigurationFailsInConfigure() {
    var e = assertThrows(IllegalArgumentException.class, () -> new FingerprintParseFilter()
        .configure(Map.of("neardup.shingle.chars", "five"), JsonNodeFactory.instance.objectNode()));
    assertTrue(e.getMessage().contains("neardup.shingle.chars"), e.getMessage());
  }

  private static Metadata tampered(String key, String value) {
    Metadata md = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    md.setValue(key, value);
    return md;
  }

  private static Fingerprints fingerprintsOfBytes(String url, byte[] bytes) {
    PageExtractor extractor = pipeline.extractor();
    return pipeline.fingerprinter().of(extractor.extract(url, bytes, null));
  }

  /** The canonical another filter put under StormCrawler's key wins, resolved against the page's url. */
  @Test
  void theCanonicalOfStormCrawlersKeyWins() {
    String url = "http://127.0.0.1/blog-c/subway.html";
    String html = DemoSite.utf8("blog-c/subway.html");
    Metadata md = new Metadata();
    md.setValue(FingerprintParseFilter.CHARSET_KEY, "UTF-8");
    md.setValue("canonical", "../news-b/subway.html");
    ParseResult parse = new ParseResult();
    parse.get(url).setMetadata(md);
    filter.filter(url, html.getBytes(StandardCharsets.UTF_8), Jsoup.parse(html, url), parse);
    assertEquals("http://127.0.0.1/news-b/subway.html", md.getFirstValue("dedup.canonical"));
    assertNull(FingerprintParseFilter.resolve(url, "  "));
    assertNull(FingerprintParseFilter.resolve(url, "nope://x"));
  }

  /**
   * With neardup.signature.key, the MD5 of the main text goes where StormCrawler's signature goes,
   * the previous one copied for AdaptiveScheduler: the same article in two templates and charsets
   * has one signature; without the key nothing is written.
   */
  @Test
  void theSignatureIsTheMainTextsDigestWhenAsked() {
    FingerprintParseFilter signing = new FingerprintParseFilter();
    signing.configure(Map.of("neardup.store", "memory", "neardup.signature.key", "signature"),
        JsonNodeFactory.instance.objectNode());
    String url = "http://127.0.0.1/news-b/flood-reprint.html";
    byte[] gbk = DemoSite.bytes("news-b/flood-reprint.html");
    Metadata md = new Metadata();
    md.setValue(FingerprintParseFilter.CHARSET_KEY, "GBK");
    md.setValue("signature", "0123");
    ParseResult parse = new ParseResult();
    parse.get(url).setMetadata(md);
    signing.filter(url, gbk, Jsoup.parse(new String(gbk, java.nio.charset.Charset.forName("GBK")), url), parse);

    Metadata original = filtered(URL, DemoSite.utf8("news-a/flood.html"));
    assertEquals(original.getFirstValue("dedup.digest"), md.getFirstValue("signature"));
    assertEquals("0123", md.getFirstValue("signatureOld"));
    assertNull(original.getFirstValue("signature"), "off by default");
  }
}
