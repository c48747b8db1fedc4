package org.neardup.fingerprint;

import java.util.Arrays;

/**
 * The frequent-terms fingerprint, a near-duplicate page fingerprint of Chinese web-crawler
 * engineering practice (docs/METHODS.md). With sum1 distinct terms (stop words gone):
 *
 * <ol>
 *   <li>sort the terms by frequency, equal frequencies by the term descending;
 *   <li>keep the first sum2 = sum1 × Percentage;
 *   <li>of those, keep the first sum3 = sum2 DIV Sum_interval × Sum_interval, so a copy that adds or
 *       drops a few rare words usually keeps the same count;
 *   <li>sort the kept terms descending and MD5 the string.
 * </ol>
 *
 * Equal fingerprints are duplicates; sorting fingerprints groups them.
 *
 * @param hash the first 8 bytes of the MD5, 0 when sum3 is 0 (too few terms)
 * @param terms sum3, the number of terms in the fingerprint
 */
public record FrequentTermsFingerprint(long hash, int terms) {
  public static FrequentTermsFingerprint of(TermCounts terms, double percentage, int sumInterval) {
    if (!(percentage > 0 && percentage <= 1)) {
      throw new IllegalArgumentException("percentage must be in (0, 1], got " + percentage);
    }
    if (sumInterval < 1) throw new IllegalArgumentException("sum_interval must be >= 1, got " + sumInterval);
    int size = terms.size();
    int sum2 = (int) (size * percentage);
    int sum3 = sum2 / sumInterval * sumInterval;
    if (sum3 == 0) return new FrequentTermsFingerprint(0, 0);
    // Frequency descending, then the term descending, as one long per term: the count's
    // complement above the complement of the term's lexicographic rank.
    long[] keys = new long[size];
    for (int id = 0; id < size; id++) {
      keys[id] = (long) (Integer.MAX_VALUE - terms.count(id)) << 32 | (size - 1 - terms.rank(id));
    }
    RadixSort.sort(keys, size);
    // The kept terms, descending: marked by rank, read from the last rank down.
    boolean[] kept = new boolean[size];
    for (int i = 0; i < sum3; i++) kept[size - 1 - (int) keys[i]] = true;
    int[] descending = new int[sum3];
    int n = 0;
    for (int r = size - 1; r >= 0; r--) if (kept[r]) descending[n++] = terms.byRank(r);
    return new FrequentTermsFingerprint(Hashes.md5Long(terms.joinUtf8(descending, n, ',')), sum3);
  }

  public boolean matches(FrequentTermsFingerprint o) {
    return hash != 0 && hash == o.hash;
  }
}
