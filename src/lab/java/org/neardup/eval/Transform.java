package org.neardup.eval;

import java.util.Locale;

/**
 * What a page of an evaluation stream is: an original, a repost made one way, or a negative. The
 * keys are the stable names of reports and of {@code --kinds}.
 */
public enum Transform {
  ORIGINAL("original", false, "the article's own page, as crawled"),
  TEMPLATE("template", true, "same title and text inside another site's template"),
  TITLE_SOURCE("title_source", true, "changed title with a site suffix, a source line and an editor line"),
  PUNCTUATION("punctuation", true, "full-width/half-width and punctuation changes (，↔, 。↔. “”↔\"\")"),
  SENTENCE_REORDER("sentence_reorder", true, "sentences shuffled inside each paragraph"),
  PARAGRAPH_REORDER("paragraph_reorder", true, "paragraphs shuffled"),
  SYNONYMS("synonyms", true, "synonym swaps at --synonym-rate of the eligible words"),
  TRUNCATE("truncate", true, "the first --truncate-share of the text"),
  EXCERPT("excerpt", true, "a contiguous excerpt of --excerpt-min..--excerpt-max of the text"),
  REWRITE("rewrite", true, "伪原创: title+source, punctuation, paragraph reorder and synonyms together"),
  NEG_TEMPLATE("neg_template", false, "a different article inside one of the same templates"),
  NEG_NEIGHBOUR("neg_neighbour", false, "a different article from the same site/folder, as crawled"),
  // labelled corpora
  POSITIVE("positive", true, "labelled duplicate"),
  NEGATIVE("negative", false, "labelled non-duplicate");

  private final String key;
  private final boolean positive;
  private final String description;

  Transform(String key, boolean positive, String description) {
    this.key = key;
    this.positive = positive;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public boolean positive() {
    return positive;
  }

  public String description() {
    return description;
  }

  /** The repost kinds the generator makes. */
  public static final java.util.List<Transform> REPOSTS = java.util.List.of(TEMPLATE, TITLE_SOURCE,
      PUNCTUATION, SENTENCE_REORDER, PARAGRAPH_REORDER, SYNONYMS, TRUNCATE, EXCERPT, REWRITE);

  public static Transform parse(String key) {
    for (Transform t : values()) {
      if (t.key.equals(key.trim().toLowerCase(Locale.ROOT))) return t;
    }
    throw new IllegalArgumentException("unknown kind '" + key + "', expected one of " + REPOSTS.stream().map(Transform::key).toList());
  }
}
