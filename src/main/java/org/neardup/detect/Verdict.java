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
 */
public record Verdict(
    VerdictKind kind,
    long seq,
    String originalId,
    String originalUrl,
    long originalFetchedAt,
    String detector,
    Map<String, Object> scores,
    boolean replay) {

  public Verdict {
    scores = scores == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(scores));
  }

  public boolean isDuplicate() {
    return kind.isDuplicate();
  }

  public static Verdict unchecked(String reason) {
    return new Verdict(VerdictKind.UNCHECKED, 0, null, null, 0, null, Map.of("error", reason), false);
  }
}
