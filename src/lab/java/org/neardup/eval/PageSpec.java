package org.neardup.eval;

import java.nio.charset.StandardCharsets;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;

/**
 * A page of an evaluation: either markup (bytes of a file, or HTML the generator wrote) that goes
 * through the extractor as a crawled page would, or plain text with a title (text corpora, pairs).
 *
 * @param url where the page is crawled from: its host is the site the detector sees it on
 */
public record PageSpec(String id, String url, byte[] html, String title, String text, Page extracted) {
  /** The host of pages that name none. */
  static final String DEFAULT_HOST = "eval.neardup.invalid";

  public static PageSpec html(String id, byte[] bytes) {
    return html(id, defaultUrl(id), bytes);
  }

  public static PageSpec html(String id, String url, byte[] bytes) {
    return new PageSpec(id, url, bytes, null, null, null);
  }

  public static PageSpec html(String id, String html) {
    return html(id, defaultUrl(id), html.getBytes(StandardCharsets.UTF_8));
  }

  public static PageSpec text(String id, String title, String text) {
    return new PageSpec(id, defaultUrl(id), null, title == null ? "" : title, text == null ? "" : text, null);
  }

  /** The same page with its extraction kept, so it is not extracted twice. */
  public PageSpec withExtracted(Page page) {
    return new PageSpec(id, url, html, title, text, page);
  }

  /** The same page crawled from another url. */
  public PageSpec at(String newUrl) {
    return new PageSpec(id, newUrl, html, title, text, extracted);
  }

  private static String defaultUrl(String id) {
    return "https://" + DEFAULT_HOST + "/" + id;
  }

  /** Extracts (HTML) or wraps (text) the page. */
  public Page toPage(PageExtractor extractor) {
    if (extracted != null) return extracted;
    if (html != null) return extractor.extract(url(), html, null);
    return Page.ofText(url(), title, text, null);
  }
}
