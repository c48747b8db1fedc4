package org.neardup.eval;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The labelling oracle of a real-site evaluation: a page's main text as the site itself marks it
 * (its content container), and the exact Jaccard of two such texts' word 5-shingles. It shares no
 * code with neardup's extraction, text analysis or fingerprints, so labels made with it do not
 * inherit their mistakes.
 *
 * <p>The container is the first element matched by the site's selector (given with {@code
 * --container}) or, by default, the one element matched by the first of {@link
 * #DEFAULT_CONTAINERS} that matches exactly one: the
 * markers documentation generators and content management systems put on the main content
 * (Sphinx and HTML5 {@code role="main"}, {@code <main>}, {@code <article>}, MediaWiki's content
 * text, common content ids).
 * A marker on a bar of links ({@link #isLinkBar}) is passed over. When none matches (DocBook's
 * chunked HTML has no content marker), the container is the body.
 * Inside it, navigation, site headers and footers, and the navigation bars of documentation
 * generators are removed ({@link #NOISE}).
 *
 * <p>Tokens are lower-cased runs of letters and digits, each Han character a token of its own;
 * shingles are 5 consecutive tokens, hashed to 64 bits (a text of fewer than 5 tokens is one
 * shingle). Two empty texts have no Jaccard ({@code NaN}): the oracle cannot say.
 */
public final class SiteOracle {
  /** Content markers tried in order when no selector is given. */
  public static final List<String> DEFAULT_CONTAINERS = List.of("[role=main]", "main", "article",
      "#mw-content-text", "#content", "#main-content", "#main", "#DisplayArea", "div.body", "div.content", "#bodyContent");

  /**
   * Removed inside the container: never the page's own content. Besides the HTML5 and ARIA
   * markers, the navigation of common documentation generators: DocBook's header and footer bars,
   * Sphinx's sidebar and related bar, Publican's docnav and banner, MediaWiki's navigation boxes,
   * table of contents and edit links, fpdoc's unit bar ("[Overview][Constants][Types][Index]
   * Reference for unit 'BaseUnix'") over every entry of a Free Pascal or Lazarus reference, and
   * Texinfo's bar of the nodes around a node ("Next: …, Previous: …, Up: …"), a {@code div.header}
   * in Texinfo 6 and a {@code div.nav-panel} in Texinfo 7.
   */
  static final String NOISE = "script, style, noscript, template, nav, header, footer, "
      + "[role=navigation], [role=banner], [role=contentinfo], [role=search], "
      + ".navheader, .navfooter, .sphinxsidebar, .related, .headerlink, .docnav, #banner, "
      + ".navbox, .t-navbar, #toc, .mw-editsection, table.bar:has(.bartitle), "
      + "div.header:has(a[rel=next]), div.header:has(a[rel=prev]), div.header:has(a[rel=up]), div.nav-panel";

  /** Shingle length in tokens. */
  public static final int SHINGLE = 5;

  private final String selector;
  /** Pages the given selector matched nothing in (their body was read instead). */
  private final java.util.concurrent.atomic.AtomicInteger missed = new java.util.concurrent.atomic.AtomicInteger();

  /** @param selector CSS selector of the content container; null for {@link #DEFAULT_CONTAINERS} */
  public SiteOracle(String selector) {
    if (selector != null) {
      try {
        Jsoup.parse("<p></p>").select(selector);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("--container '" + selector + "': not a CSS selector: " + e.getMessage(), e);
      }
    }
    this.selector = selector;
  }

  /** The main text of a page's bytes (charset from its BOM or {@code <meta>}, else UTF-8). */
  public String text(byte[] html, String url) {
    try {
      return text(Jsoup.parse(new java.io.ByteArrayInputStream(html), null, url));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("oracle: cannot read " + url, e);
    }
  }

  /**
   * The whole text of a page's body, templates and all (what a page's text is to a script that
   * knows nothing of its layout), the charset read as jsoup reads it (BOM, {@code <meta>}, else
   * UTF-8).
   */
  public static String bodyText(byte[] html, String url) {
    try {
      return Jsoup.parse(new java.io.ByteArrayInputStream(html), null, url).text();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot read " + url, e);
    }
  }

  /** The page's {@code <title>}. */
  public static String title(byte[] html, String url) {
    try {
      return Jsoup.parse(new java.io.ByteArrayInputStream(html), null, url).title();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("oracle: cannot read " + url, e);
    }
  }

  String text(Document doc) {
    Element body = doc.body();
    if (body == null) return "";
    Element container = null;
    if (selector != null) {
      container = body.selectFirst(selector);
      if (container == null) missed.incrementAndGet();
    } else {
      for (String s : DEFAULT_CONTAINERS) {
        // a marker the page uses once: several <article>s are entries of a list, not the page
        Elements found = body.select(s);
        if (found.size() == 1 && !isLinkBar(found.first())) {
          container = found.first();
          break;
        }
      }
    }
    if (container == null) container = body;
    Element copy = container.clone();
    copy.select(NOISE).remove();
    return copy.text();
  }

  /**
   * Whether a marked element is a bar of links, not the content: it holds no heading, and it shows
   * letters (navigation removed), every one of them inside a link. SFML's Doxygen header puts the
   * tabs of the site's sections in a {@code div#content} that ends before the page's title and
   * text.
   */
  static boolean isLinkBar(Element marked) {
    Element copy = marked.clone();
    copy.select(NOISE).remove();
    if (!copy.select("h1, h2, h3, h4, h5, h6").isEmpty()) return false;
    // an empty marker is a page without text, no bar
    if (copy.text().codePoints().noneMatch(Character::isLetterOrDigit)) return false;
    copy.select("a").remove();
    return copy.text().codePoints().noneMatch(Character::isLetterOrDigit);
  }

  /** How many pages the given selector matched nothing in (their body was read instead). */
  public int missed() {
    return missed.get();
  }

  /** The tokens of a text: lower-cased letter/digit runs, a Han character each. */
  public static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
        flush(word, out);
        out.add(new String(Character.toChars(cp)));
      } else if (Character.isLetterOrDigit(cp)) {
        word.appendCodePoint(Character.toLowerCase(cp));
      } else {
        flush(word, out);
      }
    }
    flush(word, out);
    return out;
  }

  private static void flush(StringBuilder word, List<String> out) {
    if (word.length() > 0) {
      out.add(word.toString());
      word.setLength(0);
    }
  }

  /** Sorted distinct 64-bit hashes of the text's 5-token shingles. */
  public static long[] shingles(String text) {
    List<String> t = tokens(text);
    if (t.isEmpty()) return new long[0];
    int n = Math.max(1, t.size() - SHINGLE + 1);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      StringBuilder s = new StringBuilder();
      for (int j = i; j < Math.min(t.size(), i + SHINGLE); j++) s.append(t.get(j)).append(' ');
      out[i] = hash(s.toString());
    }
    Arrays.sort(out);
    int k = 0;
    for (int i = 0; i < out.length; i++) if (i == 0 || out[i] != out[i - 1]) out[k++] = out[i];
    return Arrays.copyOf(out, k);
  }

  /** FNV-1a 64 over UTF-8, then a murmur finaliser: independent of neardup's hashing. */
  static long hash(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return h;
  }

  /** Exact Jaccard of two sorted distinct arrays; NaN when both are empty. */
  public static double jaccard(long[] a, long[] b) {
    if (a.length == 0 && b.length == 0) return Double.NaN;
    int i = 0, j = 0, common = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        common++;
        i++;
        j++;
      } else if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    return (double) common / (a.length + b.length - common);
  }

  @Override
  public String toString() {
    return selector != null ? selector : String.join(" | ", DEFAULT_CONTAINERS) + " | body";
  }
}
