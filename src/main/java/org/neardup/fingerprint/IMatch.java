package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.StringJoiner;

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
    // Look every term's IDF up once, not on every comparison, and sort (term, idf) pairs: the
    // comparator then reads a field instead of a map lookup and an unboxing per comparison.
    // Order: IDF descending, then the term.
    Scored[] scored = new Scored[distinct.size()];
    for (int i = 0; i < scored.length; i++) {
      String t = distinct.get(i);
      scored[i] = new Scored(t, idf.idf(t));
    }
    Arrays.sort(scored, BY_IDF_DESCENDING);
    int n = Math.max(1, (int) Math.ceil(distinct.size() * keep));
    StringJoiner joiner = new StringJoiner("\u0001");
    for (int i = 0; i < n; i++) joiner.add(scored[i].term());
    String features = joiner.toString();
    return new IMatch(Hashes.murmur64(features), Hashes.md5Long(features), n);
  }

  private record Scored(String term, double idf) {}

  private static final Comparator<Scored> BY_IDF_DESCENDING = (a, b) -> {
    int c = Double.compare(b.idf(), a.idf());
    return c != 0 ? c : a.term().compareTo(b.term());
  };

  public boolean matches(IMatch o) {
    return hash != 0 && hash == o.hash && check == o.check;
  }
}
