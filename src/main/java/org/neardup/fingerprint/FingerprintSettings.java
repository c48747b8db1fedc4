package org.neardup.fingerprint;

/**
 * How fingerprints are computed. Every process of one crawl must use the same values: they change
 * the stored fingerprints. The defaults are the values docs/METHODS.md gives for each method.
 *
 * @param charShingle Chinese shingle length in characters (default 5)
 * @param wordShingle shingle length in words for other text
 * @param minhashPermutations MinHash size k
 * @param minhashSeed seed of the MinHash functions
 * @param lshBands LSH bands b (b × r ≤ k)
 * @param lshRows LSH rows per band r
 * @param simhashWeighting TF or TF-IDF term weights for SimHash
 * @param sentenceParts parts of the sentence-boundary string (default 3)
 * @param longestSentences sentences in the longest-sentence signature (default 5)
 * @param coreTerms terms in the core-term fingerprint (default 3)
 * @param keywords keywords in the keyword fingerprints (default 10)
 * @param imatchKeep share of highest-IDF terms kept by I-Match (default 0.7)
 * @param frequentPercentage share of a page's distinct terms the frequent-terms fingerprint considers
 * @param frequentInterval the frequent-terms fingerprint keeps a multiple of this many terms
 * @param segments N, the number of segments signed (default 6)
 * @param segmentMinChars small paragraphs are merged until a segment has this many letters
 */
public record FingerprintSettings(
    int charShingle,
    int wordShingle,
    int minhashPermutations,
    long minhashSeed,
    int lshBands,
    int lshRows,
    TermWeights.Scheme simhashWeighting,
    int sentenceParts,
    int longestSentences,
    int coreTerms,
    int keywords,
    double imatchKeep,
    double frequentPercentage,
    int frequentInterval,
    int segments,
    int segmentMinChars) {

  public FingerprintSettings {
    positive("charShingle", charShingle);
    positive("wordShingle", wordShingle);
    positive("minhashPermutations", minhashPermutations);
    positive("lshBands", lshBands);
    positive("lshRows", lshRows);
    if (lshBands * lshRows > minhashPermutations) {
      throw new IllegalArgumentException("lsh bands x rows must be <= minhash permutations, got "
          + lshBands + " x " + lshRows + " > " + minhashPermutations);
    }
    positive("sentenceParts", sentenceParts);
    positive("longestSentences", longestSentences);
    positive("coreTerms", coreTerms);
    positive("keywords", keywords);
    positive("frequentInterval", frequentInterval);
    positive("segments", segments);
    positive("segmentMinChars", segmentMinChars);
  }

  private static void positive(String name, int v) {
    if (v < 1) throw new IllegalArgumentException(name + " must be >= 1, got " + v);
  }

  public static FingerprintSettings defaults() {
    return new FingerprintSettings(5, 3, 128, 0x5eed_d00dL, 32, 2, TermWeights.Scheme.TFIDF,
        3, 5, 3, 10, 0.7, 0.8, 4, 6, 50);
  }
}
