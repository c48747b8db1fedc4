package org.neardup.detect;

import java.util.Map;

/**
 * The detector's decision on one page and why.
 *
 * @param kind unique, exact, near, skipped or unchecked
 * @param seq the page's sequence number in the store (first-seen order), 0 when unchecked
 * @param originalId the id of the page this one copies (the first seen), null unless a duplicate
 * @param originalUrl its url
 * @param originalFetchedAt when the original was fetched (epoch ms), 0 unless a duplicate
 * @param detector the method that decided ("exact", "simhash", "minhash", "sentence_boundary",
 *     "longest_sentences", "canonical"), null for unique pages
 * @param scores every score computed for the decision (the explanation)
 * @param replay true when the url was already recorded with the same content: the earlier verdict
 * @param earlierVersionIndexed true when an earlier version of this url may be in the index: the
 *     store had the url recorded with other content as an original (or as a copy since such a
 *     version; {@link org.neardup.index.CheckResult#earlierVersionIndexed()}). With a duplicate
 *     verdict the url must leave the index ({@link #removesFromIndex()})
 * @param replacedUrl for a unique page fetched before the page that was the original of its
 *     content until now (an original, so in the index), that page's url: it is this page's copy
 *     from now on and must leave the index. Null otherwise
 */
public record Verdict(
    VerdictKind kind,
    long seq,
    String originalId,
    String originalUrl,
    long originalFetchedAt,
    String detector,
    Map<String, Object> scores,
    boolean replay,
    boolean earlierVersionIndexed,
    String replacedUrl) {

  public Verdict {
    scores = scores == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(scores));
    if (replacedUrl != null && kind != VerdictKind.UNIQUE) {
      throw new IllegalArgumentException("only a unique page replaces an original, not a " + kind);
    }
  }

  /** A verdict that replaces no original. */
  public Verdict(VerdictKind kind, long seq, String originalId, String originalUrl, long originalFetchedAt,
      String detector, Map<String, Object> scores, boolean replay, boolean earlierVersionIndexed) {
    this(kind, seq, originalId, originalUrl, originalFetchedAt, detector, scores, replay, earlierVersionIndexed, null);
  }

  /** A verdict about a url with no earlier version in the index. */
  public Verdict(VerdictKind kind, long seq, String originalId, String originalUrl, long originalFetchedAt,
      String detector, Map<String, Object> scores, boolean replay) {
    this(kind, seq, originalId, originalUrl, originalFetchedAt, detector, scores, replay, false);
  }

  /** This verdict, saying that an earlier version of the url may be in the index. */
  public Verdict withEarlierVersionIndexed() {
    return earlierVersionIndexed ? this
        : new Verdict(kind, seq, originalId, originalUrl, originalFetchedAt, detector, scores, replay, true, replacedUrl);
  }

  /**
   * True when this page, fetched first, took the place of the page that was the original of its
   * content ({@link #replacedUrl()}), which must leave the index.
   */
  public boolean replacesOriginal() {
    return replacedUrl != null;
  }

  /**
   * True when the page is a copy and an earlier version of its url may be in the index: a
   * re-crawl whose content became a copy of another page. The url must leave the index, or the
   * old version, an original no longer at that url, would stay there.
   */
  public boolean removesFromIndex() {
    return isDuplicate() && earlierVersionIndexed;
  }

  public boolean isDuplicate() {
    return kind.isDuplicate();
  }

  public static Verdict unchecked(String reason) {
    return new Verdict(VerdictKind.UNCHECKED, 0, null, null, 0, null, Map.of("error", reason), false);
  }
}
