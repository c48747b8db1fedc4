package org.neardup.eval;

import java.util.List;
import org.neardup.extract.Language;

/**
 * One source article: the main text of a real page, as the extractor saw it, and where it came from.
 *
 * @param id stable id (the file path relative to the folder it was loaded from)
 * @param group the site or folder it came from (neighbour negatives are drawn within a group)
 * @param title the page title
 * @param paragraphs the main text, one paragraph an element
 * @param language the language the extractor guessed
 * @param raw the page as crawled (HTML or text), used as the original in streams
 */
public record Article(String id, String group, String title, List<String> paragraphs, Language language, PageSpec raw) {
  public Article {
    paragraphs = List.copyOf(paragraphs);
  }

  public int chars() {
    int n = 0;
    for (String p : paragraphs) n += p.length();
    return n;
  }

  public boolean chinese() {
    return language == Language.ZH;
  }
}
