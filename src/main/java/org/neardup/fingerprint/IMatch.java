package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The I-Match style fingerprint of seed 002 §6 (Chowdhury et al.): drop the page's least
 * informative terms — keep the distinct terms with the highest IDF, the top {@code keep} share
 * (70%) — sort them by IDF descending and hash the resulting feature string. Equal hashes are
 * duplicates; the seed confirms a hash collision by comparing feature strings, which a second,
 * independent hash does here without storing the string.
 *
 * @param hash 64-bit hash of the feature string, 0 for a page without terms
 * @param check an independent hash of the same string, to tell collisions from copies
 * @param features number of terms kept
 */
public record IMatch(long hash, long check, int features) {
  public static IMatch of(List<String> terms, IdfTable idf, double keep) {
    if (!(keep > 0 && keep <= 1)) throw new IllegalArgumentException("imatch keep share must be in (0, 1], got " + keep);
    List<String> distinct = new ArrayList<>(new LinkedHashSet<>(terms));
    if (distinct.isEmpty()) return new IMatch(0, 0, 0);
    // Look every term's IDF up once, not on every comparison (n log n dictionary lookups).
    java.util.Map<String, Double> idfs = new java.util.HashMap<>(distinct.size() * 2);
    for (String t : distinct) idfs.put(t, idf.idf(t));
    distinct.sort(Comparator.comparingDouble((String t) -> idfs.get(t)).reversed().thenComparing(t -> t));
    int n = Math.max(1, (int) Math.ceil(distinct.size() * keep));
    String features = String.join("\u0001", distinct.subList(0, n));
    return new IMatch(Hashes.murmur64(features), Hashes.md5Long(features), n);
  }

  public boolean matches(IMatch o) {
    return hash != 0 && hash == o.hash && check == o.check;
  }
}
