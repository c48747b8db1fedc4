package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

class PageExtractorTest {

  private static final String URL = "http://news.example.com/world/story-1.html";

  private final PageExtractor extractor = new PageExtractor();

  @Test
  void extractsMetadataAndMainText() {
    String html = Fixtures.page("template-portal.html", "article-en-1.html", "Library vote", "1");
    Page page = extractor.extract(URL, html.getBytes(StandardCharsets.UTF_8), "UTF-8");

    assertEquals(PageStatus.OK, page.status(), page.message());
    assertEquals("", page.message());
    assertEquals("Library vote | Daily Portal", page.title());
    assertEquals("news, portal", page.keywords()); // <meta name="Keywords">: name is case-insensitive
    assertEquals("Daily Portal story", page.description());
    assertEquals("http://news.example.com/story/1", page.canonical());
    assertEquals(Language.EN, page.language());
    assertEquals("UTF-8", page.charset());
    assertEquals(4, page.text().split("\n").length);
    assertTrue(page.text().startsWith("The city council voted on Tuesday"));
  }

  /**
   * A page with little main text carries the digest of what it shows outside its site's frame:
   * the same page under another footer date, menu or sidebar has the same; a page listing other
   * things has another; a page with enough main text has none.
   */
  @Test
  void aShortPageHasTheDigestOfWhatItShowsOutsideItsFrame() {
    String page = "<html><head><title>vdst</title></head><body>"
        + "<div class=related><a href=/>Home</a> %s</div>"
        + "<div class=sphinxsidebar><a href=/a>A</a> <a href=/b>B</a> %s</div>"
        + "<div class=body><h1>vdst</h1><p>Instruction output. Size: 1 dword.</p><ul>%s</ul></div>"
        + "<div class=footer>Last updated on %s.</div></body></html>";
    String v14 = String.format(page, "LLVM 14", "Search", "<li>v</li>", "2022-03-01");
    String v16 = String.format(page, "LLVM 16", "Quick search", "<li>v</li>", "2023-10-16");
    String other = String.format(page, "LLVM 14", "Search", "<li>s</li><li>v</li>", "2022-03-01");
    Page a = extractor.extract(URL, v14);
    assertEquals(32, a.bodyDigest().length(), a.toString());
    assertEquals(a.bodyDigest(), extractor.extract(URL, v16).bodyDigest(), "another frame, the same page");
    assertFalse(a.bodyDigest().equals(extractor.extract(URL, other).bodyDigest()), "another list");
    String article = Fixtures.page("template-portal.html", "article-en-1.html", "Library vote", "1");
    assertEquals("", extractor.extract(URL, article).bodyDigest(), "enough main text: no digest");
    assertEquals("", Page.ofText(URL, "t", "short text", null).bodyDigest());

    // a header left open around the whole page: what it holds is what the page shows
    String open = "<html><head><title>%s</title></head><body><div class=header><div class=main>"
        + "<div class=navigationbar><a href=/>Docs</a></div><div class=content><h1>%s</h1>"
        + "<p>Instruction output.</p><ul>%s</ul></div></div></div>"
        + "<div class=footer>Last updated on 2023-10-16.</div></body></html>";
    Page vdst = extractor.extract(URL, String.format(open, "vdst", "vdst", "<li>v</li>"));
    Page sdst = extractor.extract(URL, String.format(open, "sdst", "sdst", "<li>s</li>"));
    assertEquals(32, vdst.bodyDigest().length(), vdst.toString());
    assertFalse(vdst.bodyDigest().equals(sdst.bodyDigest()), "another list inside the header");
  }

  /**
   * A generator that gives every page its site's title and names the page only in a heading inside
   * its header (Doxygen's {@code div.title} in {@code div.header}): two pages that list the same
   * one class under two headings show two different things, and their digests differ.
   */
  @Test
  void aShortPageNamedOnlyInItsHeaderHasADigestOfItsHeadingToo() {
    String page = "<html><head><title>Physics Library Reference</title></head><body>"
        + "<table><tr><td>Physics Library Reference</td><td><a href=/>Home Page</a></td></tr></table>"
        + "<div class=navpath><ul><li class=navelem><a class=el href=namespaceGenfun.html>Genfun</a></li></ul></div>"
        + "<div class=header><div class=summary><a href=#nested-classes>Classes</a></div>"
        + "<div class=headertitle><div class=title>Genfun::%s Namespace Reference</div></div></div>"
        + "<div class=contents><table class=memberdecls><tr class=heading><td colspan=2>"
        + "<h2 class=groupheader>Classes</h2></td></tr><tr><td class=memItemLeft>class</td>"
        + "<td class=memItemRight><a class=el href=classBessel.html>Bessel</a></td></tr></table></div>"
        + "<hr class=footer><address class=footer><small>Generated by Doxygen</small></address></body></html>";
    Page fractional = extractor.extract(URL, String.format(page, "FractionalOrder"));
    Page integral = extractor.extract(URL, String.format(page, "IntegralOrder"));
    assertEquals("Genfun::FractionalOrder Namespace Reference", fractional.heading());
    assertEquals("class\nBessel", fractional.text());
    assertEquals(fractional.text(), integral.text());
    assertEquals(32, fractional.bodyDigest().length(), fractional.toString());
    assertFalse(fractional.bodyDigest().equals(integral.bodyDigest()), "another heading");
  }

  /**
   * Doxygen's page of an undocumented struct: its text was the line Doxygen writes on every page
   * ("The documentation for this struct was generated from the following file:") and the header's
   * path, long enough for a near check and the same for every struct of that header. Without the
   * generator's line the text is short, and two such pages under two headings are two pages.
   */
  @Test
  void theLineADocumentationGeneratorWritesOnEveryPageIsNoText() {
    String page = "<html><head><title>imaging: %1$s Struct Reference</title></head><body>"
        + "<div class=header><div class=headertitle><div class=title>%1$s Struct Reference</div></div></div>"
        + "<div class=contents><table class=memberdecls><tr class=heading><td colspan=2>"
        + "<h2 class=groupheader>Public Attributes</h2></td></tr><tr><td class=memItemLeft>float</td>"
        + "<td class=memItemRight><a class=el href='#a1'>m</a> [%2$s]</td></tr></table>"
        + "<h2 class=groupheader>Member Data Documentation</h2><h2 class=memtitle>"
        + "<span class=permalink><a href='#a1'>&#9670;&nbsp;</a></span>m</h2>"
        + "<div class=memitem><div class=memproto><table class=memname><tr><td class=memname>float %1$s::m[%2$s]</td>"
        + "</tr></table></div><div class=memdoc><p>A matrix.</p></div></div>"
        + "<hr/>The documentation for this struct was generated from the following file:<ul>"
        + "<li>/build/imaging-3.0.1/lib/<a class=el href='imaging_8h_source.html'>imaging.h</a></li></ul></div>"
        + "<hr class=footer><address class=footer><small>Generated by Doxygen</small></address></body></html>";
    Page four = extractor.extract(URL, String.format(page, "mat44", "4][4"));
    Page three = extractor.extract(URL, String.format(page, "mat33", "3][3"));
    assertFalse(four.text().contains("generated from"), four.text());
    assertEquals(32, four.bodyDigest().length(), four.toString());
    assertFalse(four.bodyDigest().equals(three.bodyDigest()), "another struct");
  }

  /**
   * The same for a theme that wraps the whole page, its marked content too, in elements whose
   * class reads like furniture (Read the Docs' {@code div.wy-nav-content}): what the marked
   * content shows counts, so a page listing other things has another digest.
   */
  @Test
  void aShortPageInsideAFurnitureNamedWrapperHasTheDigestOfItsMarkedContent() {
    String page = "<html><head><title>Index</title></head><body><div class='wy-grid-for-nav'>"
        + "<nav class='wy-nav-side'><a href='/'>Home</a></nav><section class='wy-nav-content-wrap'>"
        + "<div class='wy-nav-content'><div role='main'><h1>Index</h1>"
        + "<p>The pages of this part, by subject.</p><ul>%s</ul></div></div></section></div>"
        + "</body></html>";
    Page a = extractor.extract(URL, String.format(page, "<li>Power supplies</li>"));
    Page b = extractor.extract(URL, String.format(page, "<li>Serial lines</li>"));
    assertEquals(a.text(), b.text().replace("Serial lines", "Power supplies"), a + " " + b);
    assertEquals(32, a.bodyDigest().length(), a.toString());
    assertFalse(a.bodyDigest().equals(b.bodyDigest()), "another list");
  }

  @Test
  void chinesePageIsZh() {
    String html = Fixtures.page("template-blog.html", "article-zh-2.html", "面包", "2");
    Page page = extractor.extract("http://blog.example.cn/2", html);
    assertEquals(PageStatus.OK, page.status());
    assertEquals(Language.ZH, page.language());
    assertEquals("", page.charset()); // a String was given: no charset was used
  }

  @Test
  void titleFallsBackToOgTitleThenH1AndDescriptionToOgDescription() {
    String body = "<body><h1>The heading</h1><p>Some paragraph of text, long enough to matter here."
        + "</p></body>";
    Page og = extractor.extract(URL, "<html><head><meta property='og:title' content='OG title'>"
        + "<meta property='og:description' content='OG description'></head>" + body + "</html>");
    assertEquals("OG title", og.title());
    assertEquals("OG description", og.description());

    Page h1 = extractor.extract(URL, "<html><head></head>" + body + "</html>");
    assertEquals("The heading", h1.title());
    assertEquals("Some paragraph of text, long enough to matter here.", h1.text());
  }

  /**
   * The heading a page shows over its text is its first {@code h1}; a generated reference page
   * without one (Doxygen) heads its text with an element of class {@code title}. It stays out of
   * the text, and a page with neither has none.
   */
  @Test
  void theHeadingIsTheFirstH1OrElseTheFirstElementOfClassTitle() {
    String prose = "<p>Some paragraph of text, long enough to matter here.</p>";
    Page h1 = extractor.extract(URL, "<html><head><title>Site: Page</title></head><body>"
        + "<p class='title'>A caption</p><h1> The <b>heading</b> </h1>" + prose + "<h1>A second one</h1></body></html>");
    assertEquals("Site: Page", h1.title());
    assertEquals("The heading", h1.heading());
    assertFalse(h1.text().contains("The heading"), h1.text());

    Page doxygen = extractor.extract(URL, "<html><head><title>lib: Member List</title></head><body>"
        + "<div class='header'><div class='headertitle'><div class='title'>ns::reader_u16 Member List</div></div></div>"
        + "<div class='contents'>" + prose + "</div></body></html>");
    assertEquals("lib: Member List", doxygen.title());
    assertEquals("ns::reader_u16 Member List", doxygen.heading());

    Page none = extractor.extract(URL, "<html><head><title>Plain</title></head><body>" + prose + "</body></html>");
    assertEquals("", none.heading());
    assertEquals("", extractor.extract(URL, "plain text, no tags at all").heading());

    String longText = "word ".repeat(39) + "abcd\uD83D\uDE00 and more";
    Page longHeading = extractor.extract(URL, "<html><body><h1>" + longText + "</h1>" + prose + "</body></html>");
    assertEquals(longText.substring(0, PageExtractor.MAX_HEADING_CHARS - 1), longHeading.heading(),
        "cut before a character it would split");
    assertEquals(longText, longHeading.title(), "a missing <title> is the whole h1");
  }

  /**
   * A site's logo in its header or menu, and a hidden {@code h1}, are no heading the page shows;
   * nor is an element of class {@code title} a page's title when it lacks one.
   */
  @Test
  void theHeadingIsNeverTheSitesLogoNorAHiddenH1() {
    String prose = "<p>Some paragraph of text, long enough to matter here.</p>";
    Page page = extractor.extract(URL, "<html><head><title>Story</title></head><body>"
        + "<header><h1 class='logo'>TechCrunch</h1></header><nav><h1>SiteMenu2</h1></nav>"
        + "<h1 style='display: none'>hidden_name</h1><h1 hidden>other_name</h1>"
        + "<article><h1>Apple to unveil iPhone16</h1>" + prose + "</article></body></html>");
    assertEquals("Apple to unveil iPhone16", page.heading());

    Page untitled = extractor.extract(URL, "<html><body><div class='content'>" + prose
        + "</div><div class='sidebar'><h3 class='title'>Related posts</h3></div></body></html>");
    assertEquals("Related posts", untitled.heading());
    assertEquals("", untitled.title(), "only an h1 stands in for a missing <title>");
  }

  /**
   * A site's bar heads every page with the site's name as an {@code h1}, beside the links to the
   * previous and next entry; the content the page marks heads itself with its entry's name. The
   * entry's heading is the page's, and the bar stays furniture: a constant's page of two cells
   * would otherwise have the bar's links as its text, the same on every such page.
   */
  @Test
  void theHeadingOfTheMarkedContentIsThePagesHeading() {
    String page = "<html><head><title>%1$s - Bytepack Documentation</title></head><body>"
        + "<div class='header'><h1><a href='../index.html'>Bytepack Documentation</a></h1>"
        + "<div class='rel'><a href='index.html'>Contents</a> | <a href='prev.html'>previous</a> |"
        + " <a href='next.html'>next</a> | <a href='genindex.html'>index</a></div></div>"
        + "<div class='content'><div class='body' role='main'><h1>%1$s</h1>"
        + "<table><tr><td><code>%1$s</code></td><td><code>%2$s</code></td></tr></table></div></div>"
        + "</body></html>";
    Page le = extractor.extract(URL, page.formatted("BP_ORDER_LE", "0x0001"));
    Page be = extractor.extract(URL, page.formatted("BP_ORDER_BE", "0x0002"));

    assertEquals("BP_ORDER_LE", le.heading());
    assertFalse(le.text().contains("previous"), le.text());
    assertTrue(le.text().contains("0x0001"), le.text());
    assertNotEquals(le.text(), be.text());
  }

  @Test
  void reusesAParsedDocument() {
    String html = Fixtures.page("template-portal.html", "article-zh-1.html", "图书馆", "1");
    Page fromDoc = extractor.extract(URL, Jsoup.parse(html, URL), "UTF-8");
    Page fromBytes = extractor.extract(URL, html.getBytes(StandardCharsets.UTF_8), null);
    assertEquals(fromBytes.text(), fromDoc.text());
    assertEquals(fromBytes.title(), fromDoc.title());
    assertEquals("UTF-8", fromDoc.charset());
  }

  @Test
  void emptyInputIsEmpty() {
    assertStatus(extractor.extract(URL, new byte[0], null), PageStatus.EMPTY);
    assertStatus(extractor.extract(URL, (byte[]) null, null), PageStatus.EMPTY);
    assertStatus(extractor.extract(URL, " \n\t ".getBytes(StandardCharsets.UTF_8), null),
        PageStatus.EMPTY);
    assertStatus(extractor.extract(URL, ""), PageStatus.EMPTY);
    assertStatus(extractor.extract(URL, (org.jsoup.nodes.Document) null, null), PageStatus.EMPTY);
  }

  @Test
  void binaryInputIsNotText() {
    byte[] png = new byte[4096];
    new Random(42).nextBytes(png);
    System.arraycopy(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, 0, png, 0, 8);
    Page page = extractor.extract(URL, png, "text/html");
    assertStatus(page, PageStatus.NOT_TEXT);
    assertTrue(page.message().contains("binary signature"), page.message());

    byte[] random = new byte[4096];
    new Random(7).nextBytes(random);
    random[0] = 'x'; // no known signature: caught by NUL or control characters
    assertStatus(extractor.extract(URL, random, null), PageStatus.NOT_TEXT);

    byte[] withNul = "<html><body><p>text</p>\0\0</body></html>".getBytes(StandardCharsets.UTF_8);
    assertStatus(extractor.extract(URL, withNul, null), PageStatus.NOT_TEXT);
  }

  @Test
  void hugePageIsTruncatedNotLoadedWhole() {
    String paragraph = "<p>This paragraph is repeated, again and again, to make the page big.</p>\n";
    StringBuilder sb = new StringBuilder(21 * 1024 * 1024);
    sb.append("<html><head><title>Huge</title></head><body><div class='article'>");
    while (sb.length() < 20 * 1024 * 1024) sb.append(paragraph);
    sb.append("</div></body></html>");
    byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
    sb = null;

    Page page = extractor.extract(URL, bytes, null);
    assertStatus(page, PageStatus.TRUNCATED);
    assertTrue(page.message().contains("only the first " + ExtractionSettings.DEFAULT_MAX_BYTES),
        page.message());
    assertEquals("Huge", page.title());
    assertTrue(page.text().length() <= ExtractionSettings.DEFAULT_MAX_BYTES);
    assertTrue(page.text().startsWith("This paragraph is repeated"));
  }

  @Test
  void smallLimitCutsInsideAMultiByteCharacter() {
    String html = "<html><body><p>" + "中文内容，".repeat(200) + "</p></body></html>";
    PageExtractor small = new PageExtractor(ExtractionSettings.defaults().withMaxBytes(1001));
    Page page = small.extract(URL, html.getBytes(StandardCharsets.UTF_8), "utf-8");
    assertStatus(page, PageStatus.TRUNCATED);
    assertFalse(page.text().contains("\uFFFD"), page.text());
  }

  @Test
  void brokenHtmlStillParses() {
    String html = "<html><body><div class='content'><p>First paragraph of a broken page, with"
        + " unclosed tags.<p>Second paragraph <b>bold <i>and italic, never closed, to the end."
        + "<table><tr><td>cell";
    Page page = extractor.extract(URL, html.getBytes(StandardCharsets.UTF_8), null);
    assertStatus(page, PageStatus.OK);
    assertTrue(page.text().startsWith("First paragraph of a broken page"), page.text());
    assertTrue(page.text().contains("Second paragraph bold and italic"), page.text());
  }

  @Test
  void allBoilerplatePageHasNoMainText() {
    String html = "<html><head><title>Links</title></head><body><nav><a href='/'>Home</a></nav>"
        + "<ul class='menu'><li><a href='/x'>Products and services</a></li>"
        + "<li><a href='/y'>Contact our friendly team</a></li></ul>"
        + "<footer>Copyright © 2024 Foo Inc. All rights reserved.</footer></body></html>";
    Page page = extractor.extract(URL, html);
    assertStatus(page, PageStatus.NO_MAIN_TEXT);
    assertEquals("Links", page.title());
    assertTrue(page.message().contains("boilerplate"), page.message());
  }

  @Test
  void punctuationAndEmojiOnlyHasNoMainText() {
    String html = "<html><body><p>!!! ... ??? 😀😀😀 🎉🎉 —— ，。！</p><div>*** ### ***</div></body></html>";
    Page page = extractor.extract(URL, html.getBytes(StandardCharsets.UTF_8), null);
    assertStatus(page, PageStatus.NO_MAIN_TEXT);
    assertTrue(page.message().contains("only punctuation"), page.message());
    assertEquals("", page.text());
  }

  @Test
  void undecodableBytesAreReplacedNotFatal() {
    byte[] good = "<html><body><p>Valid text first, then some bytes that are no UTF-8 at all: "
        .getBytes(StandardCharsets.UTF_8);
    byte[] bad = {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xFE, (byte) 0xE2, (byte) 0x82};
    byte[] tail = " and the end of the sentence.</p></body></html>".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = Arrays.copyOf(good, good.length + bad.length + tail.length);
    System.arraycopy(bad, 0, bytes, good.length, bad.length);
    System.arraycopy(tail, 0, bytes, good.length + bad.length, tail.length);

    Page page = extractor.extract(URL, bytes, "utf-8");
    assertStatus(page, PageStatus.OK);
    assertTrue(page.text().startsWith("Valid text first"), page.text());
    assertTrue(page.text().endsWith("and the end of the sentence."), page.text());
  }

  @Test
  void plainTextIsAcceptedAsText() {
    byte[] text = "First line of a plain text file.\n\n  Second   line.\n"
        .getBytes(StandardCharsets.UTF_8);
    Page page = extractor.extract("file:///a.txt", text, null);
    assertStatus(page, PageStatus.OK);
    assertEquals("First line of a plain text file.\nSecond line.", page.text());
    assertEquals(Language.EN, page.language());
  }

  @Test
  void nullUrlIsTolerated() {
    Page page = extractor.extract(null, "<p>Some text, enough of it to count as text.</p>");
    assertStatus(page, PageStatus.OK);
    assertEquals("", page.url());
  }

  private static void assertStatus(Page page, PageStatus expected) {
    assertEquals(expected, page.status(), page.message());
    if (expected != PageStatus.OK) {
      assertFalse(page.message().isEmpty(), "a non-OK page must say why");
    }
  }
}
