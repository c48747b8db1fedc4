package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The near-duplicate page fingerprint of seed 002 §5. With sum1 distinct terms (stop words gone):
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
  public static FrequentTermsFingerprint of(Map<String, Integer> counts, double percentage, int sumInterval) {
    if (!(percentage > 0 && percentage <= 1)) {
      throw new IllegalArgumentException("percentage must be in (0, 1], got " + percentage);
    }
    if (sumInterval < 1) throw new IllegalArgumentException("sum_interval must be >= 1, got " + sumInterval);
    List<Map.Entry<String, Integer>> byFreq = new ArrayList<>(counts.entrySet());
    byFreq.sort(Comparator.comparing((Map.Entry<String, Integer> e) -> e.getValue()).reversed()
        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()));
    int sum2 = (int) (byFreq.size() * percentage);
    int sum3 = sum2 / sumInterval * sumInterval;
    if (sum3 == 0) return new FrequentTermsFingerprint(0, 0);
    List<String> kept = new ArrayList<>(sum3);
    for (int i = 0; i < sum3; i++) kept.add(byFreq.get(i).getKey());
    kept.sort(Comparator.reverseOrder());
    return new FrequentTermsFingerprint(Hashes.md5Long(String.join(",", kept)), sum3);
  }

  public boolean matches(FrequentTermsFingerprint o) {
    return hash != 0 && hash == o.hash;
  }
}
