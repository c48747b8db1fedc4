package org.neardup.fingerprint;

/**
 * The detector's fine verification of a candidate, over what the index keeps per page
 * ({@link FineSignature}). A pair is a near duplicate when any of these holds, tried in this order
 * (the first that holds names the deciding method):
 *
 * <ol>
 *   <li>{@code sentence_boundary}: weighted score ≥ sentenceScore (seed 002 §8: equal title and two
 *       parts, or three parts) — ordered evidence, precise when it fires;
 *   <li>{@code minhash}: Jaccard estimate ≥ jaccard — most of the shingles are shared;
 *   <li>{@code longest_sentences}: overlap ≥ longestOverlap and Jaccard estimate ≥ supportJaccard —
 *       the distinctive long sentences were kept;
 *   <li>{@code simhash}: Hamming distance ≤ simhashDistance and Jaccard estimate ≥ supportJaccard.
 * </ol>
 *
 * The support condition on 3 and 4 is there because a near SimHash or a few shared sentences alone
 * also happen between different short articles on one topic; rewritten copies ("伪原创") keep at
 * least a fifth of their 5-character shingles, unrelated articles almost none.
 */
public final class CombinedRule {
  private CombinedRule() {}

  /**
   * @param hamming SimHash distance
   * @param jaccard estimated Jaccard from the 8-bit MinHash sketches
   * @param boundaryScore sentence-boundary weighted score
   * @param longest longest-sentence overlap share
   * @param duplicate whether the rule calls the pair a duplicate
   * @param decidedBy the method that decided, or null when not a duplicate
   */
  public record Outcome(int hamming, double jaccard, double boundaryScore, double longest,
      boolean duplicate, Method decidedBy) {}

  public static Outcome evaluate(FineSignature a, FineSignature b, MatchThresholds t) {
    int hamming = SimHash.distance(a.simhash(), b.simhash());
    double jaccard = a.jaccardEstimate(b);
    double boundary = a.boundaryScore(b, t.titleWeight());
    double longest = a.longestScore(b);
    Method by = null;
    if (boundary >= t.sentenceScore()) by = Method.SENTENCE_BOUNDARY;
    else if (jaccard >= t.jaccard()) by = Method.MINHASH;
    else if (longest >= t.longestOverlap() && jaccard >= t.supportJaccard()) by = Method.LONGEST_SENTENCES;
    else if (hamming <= t.simhashDistance() && jaccard >= t.supportJaccard()) by = Method.SIMHASH;
    return new Outcome(hamming, jaccard, boundary, longest, by != null, by);
  }
}
