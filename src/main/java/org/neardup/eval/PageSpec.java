package org.neardup.eval;

import java.nio.charset.StandardCharsets;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;

/**
 * A page of an evaluation: either markup (bytes of a file, or HTML the generator wrote) that goes
 * through the extractor as a crawled page would, or plain text with a title (text corpora, pairs).
 */
public record PageSpec(String id, byte[] html, String title, String text, Page extracted) {
  public static PageSpec html(String id, byte[] bytes) {
    return new PageSpec(id, bytes, null, null, null);
  }

  public static PageSpec html(String id, String html) {
    return new PageSpec(id, html.getBytes(StandardCharsets.UTF_8), null, null, null);
  }

  public static PageSpec text(String id, String title, String text) {
    return new PageSpec(id, null, title == null ? "" : title, text == null ? "" : text, null);
  }

  /** The same page with its extraction kept, so it is not extracted twice. */
  public PageSpec withExtracted(Page page) {
    return new PageSpec(id, html, title, text, page);
  }

  public String url() {
    return "https://eval.neardup.invalid/" + id;
  }

  /** Extracts (HTML) or wraps (text) the page. */
  public Page toPage(PageExtractor extractor) {
    if (extracted != null) return extracted;
    if (html != null) return extractor.extract(url(), html, null);
    return Page.ofText(url(), title, text, null);
  }
}
