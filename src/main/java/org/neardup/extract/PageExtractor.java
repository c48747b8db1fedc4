package org.neardup.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.neardup.text.LanguageGuesser;

/**
 * Turns a fetched page (raw bytes and an optional charset hint) into a {@link Page}: metadata,
 * main text and language.
 *
 * <p>Never throws for bad input, because one odd page must not stop a crawl: every problem becomes
 * a {@link PageStatus} and a message naming the url. Empty input is {@link PageStatus#EMPTY};
 * binary data (NUL bytes, image/PDF/archive signatures, many control characters) is {@link
 * PageStatus#NOT_TEXT}; input beyond {@link ExtractionSettings#maxBytes()} is cut and marked
 * {@link PageStatus#TRUNCATED}; a page without main text (only boilerplate, or only punctuation
 * and emoji) is {@link PageStatus#NO_MAIN_TEXT}. Bytes that do not decode are decoded with
 * replacement characters; broken HTML is parsed as browsers do (jsoup). Input without any tag is
 * taken as plain text.
 */
public final class PageExtractor {

  /** Looks like markup: a tag, comment or doctype. */
  private static final Pattern TAG = Pattern.compile("<[A-Za-z!/?]");

  /** A page's heading is cut to this many characters. */
  static final int MAX_HEADING_CHARS = 200;

  /** Leading byte signatures of formats that are certainly not text. */
  private static final byte[][] BINARY_MAGIC = {
    {(byte) 0x89, 'P', 'N', 'G'}, {'%', 'P', 'D', 'F'}, {'P', 'K', 3, 4}, {'G', 'I', 'F', '8'},
    {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF}, {0x1F, (byte) 0x8B}, {'R', 'I', 'F', 'F'},
    {'B', 'Z', 'h'}, {0x7F, 'E', 'L', 'F'}, {'O', 'g', 'g', 'S'}, {0x00, 0x00, 0x01, 0x00},
    {(byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0}, {'7', 'z', (byte) 0xBC, (byte) 0xAF},
    {'I', 'D', '3'}, {'w', 'O', 'F', 'F'}, {'w', 'O', 'F', '2'}
  };

  private final ExtractionSettings settings;
  private final CharsetDetector charsets;
  private final MainContentExtractor content;

  public PageExtractor(ExtractionSettings settings) {
    this.settings = settings;
    this.charsets = new CharsetDetector(settings);
    this.content = new MainContentExtractor(settings);
  }

  public PageExtractor() {
    this(ExtractionSettings.defaults());
  }

  /**
   * Extracts a page from its raw bytes.
   *
   * @param charsetHint the charset from the HTTP Content-Type header, or null
   */
  public Page extract(String url, byte[] body, String charsetHint) {
    try {
      if (body == null || body.length == 0) {
        return Page.failed(url, PageStatus.EMPTY, "page " + url + ": no bytes");
      }
      boolean truncated = body.length > settings.maxBytes();
      int length = Math.min(body.length, settings.maxBytes());
      // The binary check is cheap and needs only the BOM; detection decodes the page.
      String binary = binaryReason(body, length, CharsetDetector.bomLength(body, length) > 0);
      if (binary != null) {
        return Page.failed(url, PageStatus.NOT_TEXT, "page " + url + ": not text, " + binary);
      }
      CharsetDetector.Decoded decoded = charsets.decode(body, length, charsetHint);
      CharsetDetector.Detection detection = decoded.detection();
      String html = decoded.text();
      if (truncated) html = stripTrailingReplacement(html);
      Page page = extract(url, html, detection.charset().name());
      if (truncated && page.status() == PageStatus.OK) {
        return withStatus(page, PageStatus.TRUNCATED, "page " + url + ": " + body.length
            + " bytes, only the first " + settings.maxBytes() + " used");
      }
      return page;
    } catch (RuntimeException | StackOverflowError e) {
      return failure(url, e);
    }
  }

  /** Extracts a page from already decoded HTML (or plain text); its charset is reported as "". */
  public Page extract(String url, String html) {
    return extract(url, html, "");
  }

  /**
   * Extracts a page from an already parsed document, so a StormCrawler parse filter need not parse
   * twice. {@code charset} is only reported.
   */
  public Page extract(String url, Document doc, String charset) {
    try {
      if (doc == null) return Page.failed(url, PageStatus.EMPTY, "page " + url + ": no document");
      return fromDocument(url, doc, charset);
    } catch (RuntimeException | StackOverflowError e) {
      return failure(url, e);
    }
  }

  private Page extract(String url, String html, String charset) {
    try {
      if (html == null || html.isBlank()) {
        return Page.failed(url, PageStatus.EMPTY, "page " + url + ": only white space");
      }
      int fullLength = html.length();
      if (fullLength > settings.maxBytes()) {
        // A String caller has already paid for the memory; still cap the parse (same limit, in chars).
        html = html.substring(0, settings.maxBytes());
      }
      Page page = TAG.matcher(html).find()
          ? fromDocument(url, Jsoup.parse(html, url == null ? "" : url), charset)
          : fromPlainText(url, html, charset);
      if (fullLength > settings.maxBytes() && page.status() == PageStatus.OK) {
        return withStatus(page, PageStatus.TRUNCATED, "page " + url + ": " + fullLength
            + " characters, only the first " + settings.maxBytes() + " used");
      }
      return page;
    } catch (RuntimeException | StackOverflowError e) {
      return failure(url, e);
    }
  }

  private Page fromPlainText(String url, String text, String charset) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\\R")) {
      String l = line.strip().replaceAll("\\s+", " ");
      if (l.isEmpty()) continue;
      if (out.length() > 0) out.append('\n');
      out.append(l);
    }
    return finish(url, "", "", "", "", "", charset, out.toString(), () -> "", () -> "");
  }

  private Page fromDocument(String url, Document doc, String charset) {
    // One numbering of the whole document serves the metadata lookups (instead of one select()
    // walk of the DOM per field) and main-content extraction (instead of its own walk).
    Element body = doc.body();
    ElementTree tree = MainContentExtractor.index(doc, body);
    List<Element> metas = new ArrayList<>();
    List<Element> links = new ArrayList<>();
    for (int i = 0; i < tree.size(); i++) {
      String tag = tree.tag(i);
      if (tag.equals("meta")) metas.add(tree.element(i));
      else if (tag.equals("link")) links.add(tree.element(i));
    }
    MainContentExtractor.Reading reading =
        body == null ? null : MainContentExtractor.read(tree, tree.indexOf(body));
    int headingAt = reading == null ? -1 : reading.heading();
    String headingText = headingAt < 0 ? "" : tree.element(headingAt).text().strip();
    String title = doc.title().strip();
    if (title.isEmpty()) title = metaProperty(metas, "og:title");
    if (title.isEmpty() && headingAt >= 0 && tree.tag(headingAt).equals("h1")) title = headingText;
    String heading = shortened(headingText);
    String keywords = metaName(metas, "keywords");
    String description = metaName(metas, "description");
    if (description.isEmpty()) description = metaProperty(metas, "og:description");
    String text = reading == null ? "" : content.text(reading);
    // The whole body's text is only needed to word the message of a page without main text; a
    // full text() walk of a large DOM is too dear to pay on every page for that.
    Supplier<String> bodyText = () -> doc.body() == null ? "" : doc.body().text();
    Supplier<String> shown = () -> reading == null ? "" : shownText(reading);
    return finish(url, title, heading, keywords, description, canonical(links), charset, text, bodyText, shown);
  }

  /** At most {@value #MAX_HEADING_CHARS} characters of {@code heading}, never half a character. */
  private static String shortened(String heading) {
    if (heading.length() <= MAX_HEADING_CHARS) return heading;
    int end = MAX_HEADING_CHARS;
    if (Character.isHighSurrogate(heading.charAt(end - 1))) end--;
    return heading.substring(0, end);
  }

  private Page finish(String url, String title, String heading, String keywords, String description,
      String canonical, String charset, String text, Supplier<String> body, Supplier<String> shown) {
    PageStatus status = PageStatus.OK;
    String message = "";
    if (text.isBlank() || !Chars.hasLetterOrDigit(text)) {
      status = PageStatus.NO_MAIN_TEXT;
      String bodyText = body.get();
      boolean symbolsOnly = !(bodyText.isBlank() && text.isBlank())
          && !Chars.hasLetterOrDigit(bodyText)
          && !Chars.hasLetterOrDigit(text);
      message = symbolsOnly
          ? "page " + url + ": text has only punctuation, symbols or emoji, no letters or digits"
          : "page " + url + ": no main text, only boilerplate (menus, links, footers)";
      text = "";
    }
    // A page with little main text: what extraction kept may be a few lines every page of the site
    // shows; the exact check then also compares everything the page shows, its heading included
    // (a generator's heading may stand in an element named like furniture: Doxygen's div.header).
    String bodyDigest = "";
    if (status == PageStatus.OK && !Chars.reaches(text, settings.retryBelowChars())) {
      String own = shown.get();
      // plain text: the text is all it shows
      if (!own.isEmpty() || !heading.isEmpty()) bodyDigest = md5Hex(heading + "\n" + own);
    }
    return new Page(url, title, heading, keywords, description, canonical, LanguageGuesser.guess(text),
        charset, text, status, message, bodyDigest);
  }

  /**
   * The text a page's body shows outside never-content elements and outside elements whose class
   * or id reads like site furniture (menus, footers, sidebars, related links), but for those that
   * hold the content the page marks ({@link ContentRoot#marker}: Read the Docs' theme wraps the
   * whole page in {@code div.wy-nav-content}) or wrap the content around its heading ({@link
   * MainContentExtractor#keepWrappers}: Qt's {@code div.header} left open), read once with the
   * main text ({@link MainContentExtractor.Reading}), one element's own text after another: what
   * a page shows besides its site's frame. The exact check of a page with little main text
   * compares it ({@link Page#bodyDigest}), since the few lines extraction kept of such a page may
   * be lines every page of the site shows.
   */
  static String shownText(MainContentExtractor.Reading page) {
    StringBuilder shown = new StringBuilder();
    page.facts().forEachShown(page.body(), page.marker(), k -> {
      String own = page.tree().element(k).ownText();
      if (!own.isBlank()) shown.append(own.strip()).append('\n');
    });
    return shown.toString();
  }

  private static String md5Hex(String text) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("MD5").digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(d);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is missing from this JVM", e);
    }
  }

  /** Like {@code select("meta[name]")}: the first meta element named {@code name}. */
  private static String metaName(List<Element> metas, String name) {
    for (Element meta : metas) {
      if (meta.hasAttr("name") && meta.attr("name").strip().equalsIgnoreCase(name)) {
        return meta.attr("content").strip();
      }
    }
    return "";
  }

  /** Like {@code select("meta[property], meta[name]")}, in document order. */
  private static String metaProperty(List<Element> metas, String property) {
    for (Element meta : metas) {
      if (!meta.hasAttr("property") && !meta.hasAttr("name")) continue;
      String p = meta.hasAttr("property") ? meta.attr("property") : meta.attr("name");
      if (p.strip().equalsIgnoreCase(property)) return meta.attr("content").strip();
    }
    return "";
  }

  /** From the {@code link[rel][href]} elements. */
  private static String canonical(List<Element> links) {
    for (Element link : links) {
      if (!link.hasAttr("rel") || !link.hasAttr("href")) continue;
      for (String rel : link.attr("rel").toLowerCase(Locale.ROOT).split("\\s+")) {
        if (!rel.equals("canonical")) continue;
        String abs = link.absUrl("href");
        if (!abs.isEmpty()) return abs;
        String raw = link.attr("href").strip();
        return raw.matches("(?i)https?://.*") ? raw : "";
      }
    }
    return "";
  }

  /** Why {@code bytes} are not text, or null when they may be. */
  private String binaryReason(byte[] bytes, int length, boolean hasBom) {
    for (byte[] magic : BINARY_MAGIC) {
      if (startsWith(bytes, length, magic)) return "binary signature " + hex(magic);
    }
    if (hasBom) return null; // UTF-16 text has NUL bytes by design
    int n = Math.min(length, 8192);
    int controls = 0;
    for (int i = 0; i < n; i++) {
      int b = bytes[i] & 0xFF;
      if (b == 0) return "NUL byte at offset " + i;
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1B) controls++;
    }
    if (controls > settings.maxControlShare() * n) {
      return controls + " control characters in the first " + n + " bytes";
    }
    return null;
  }

  private static boolean startsWith(byte[] bytes, int length, byte[] magic) {
    if (length < magic.length) return false;
    for (int i = 0; i < magic.length; i++) {
      if (bytes[i] != magic[i]) return false;
    }
    return true;
  }

  private static String hex(byte[] magic) {
    StringBuilder sb = new StringBuilder();
    for (byte b : magic) sb.append(String.format("%02X", b & 0xFF));
    return sb.toString();
  }

  /** A cut in the middle of a multi-byte character leaves a replacement character at the end. */
  private static String stripTrailingReplacement(String s) {
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == '\uFFFD') end--;
    return s.substring(0, end);
  }

  private static Page withStatus(Page p, PageStatus status, String message) {
    return new Page(p.url(), p.title(), p.heading(), p.keywords(), p.description(), p.canonical(),
        p.language(), p.charset(), p.text(), status, message, p.bodyDigest());
  }

  private static Page failure(String url, Throwable e) {
    return Page.failed(url, PageStatus.NO_MAIN_TEXT,
        "page " + url + ": extraction failed: " + e.getClass().getSimpleName() + ": "
            + e.getMessage());
  }
}
