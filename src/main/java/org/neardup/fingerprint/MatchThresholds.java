package org.neardup.fingerprint;

/**
 * When each method calls a pair a duplicate. One record, read from {@code neardup.match.*}, used by
 * {@link PairComparison} and by the detector alike, so a threshold has one source of truth.
 *
 * @param simhashDistance SimHash: duplicate at Hamming distance ≤ this (Manku: 3 of 64 bits)
 * @param jaccard shingles and MinHash: duplicate at (estimated) Jaccard ≥ this
 * @param supportJaccard the shingle overlap that SimHash and longest-sentence matches must also
 *     show in the combined rule (they alone misfire on short or formulaic texts)
 * @param sentenceScore sentence-boundary: duplicate at weighted score ≥ this (seed 002 §8: 3)
 * @param titleWeight sentence-boundary: weight of an equal title (seed 002 §8: 1.5)
 * @param longestOverlap longest sentences: duplicate when this share of the smaller signature matches
 * @param keywordWeightDistance the a of seed 002 §3 rules 4 and 5
 * @param segmentsToMatch M of seed 002 §2: segments that must match
 */
public record MatchThresholds(
    int simhashDistance,
    double jaccard,
    double supportJaccard,
    double sentenceScore,
    double titleWeight,
    double longestOverlap,
    double keywordWeightDistance,
    int segmentsToMatch) {

  public MatchThresholds {
    if (simhashDistance < 0 || simhashDistance > 64) {
      throw new IllegalArgumentException("simhash distance must be in [0, 64], got " + simhashDistance);
    }
    unit("jaccard", jaccard);
    unit("supportJaccard", supportJaccard);
    unit("longestOverlap", longestOverlap);
    unit("keywordWeightDistance", keywordWeightDistance);
    if (sentenceScore <= 0) throw new IllegalArgumentException("sentence score must be > 0, got " + sentenceScore);
    if (titleWeight < 0) throw new IllegalArgumentException("title weight must be >= 0, got " + titleWeight);
    if (segmentsToMatch < 1) throw new IllegalArgumentException("segments to match must be >= 1, got " + segmentsToMatch);
  }

  private static void unit(String name, double v) {
    if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException(name + " must be in [0, 1], got " + v);
  }

  public static MatchThresholds defaults() {
    return new MatchThresholds(3, 0.3, 0.15, SentenceBoundary.DUPLICATE_SCORE,
        SentenceBoundary.TITLE_WEIGHT, 0.6, 0.1, 3);
  }
}
