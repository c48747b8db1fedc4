package org.neardup.fingerprint;

/**
 * The I-Match fingerprint (Chowdhury, Frieder, Grossman and McCabe 2002): drop the page's least
 * informative terms — keep the distinct terms with the highest IDF, the top {@code keep} share
 * (70%) — sort them by IDF descending and hash the resulting feature string. Equal hashes are
 * duplicates; a second, independent hash tells a hash collision from a copy without storing the
 * feature string.
 *
 * @param hash 64-bit hash of the feature string, 0 for a page without terms
 * @param check an independent hash of the same string, to tell collisions from copies
 * @param features number of terms kept
 */
public record IMatch(long hash, long check, int features) {
  public static IMatch of(TermCounts terms, double keep) {
    if (!(keep > 0 && keep <= 1)) throw new IllegalArgumentException("imatch keep share must be in (0, 1], got " + keep);
    int size = terms.size();
    if (size == 0) return new IMatch(0, 0, 0);
    // Order: IDF descending, then the term. The ids in the terms' order, stably radix-sorted by
    // IDF descending (the complement of a sortable form of the double).
    long[] keys = new long[size];
    int[] ids = new int[size];
    for (int r = 0; r < size; r++) {
      ids[r] = terms.byRank(r);
      keys[r] = ~RadixSort.sortable(terms.idf(ids[r]));
    }
    RadixSort.sort(keys, ids, size);
    int n = Math.max(1, (int) Math.ceil(size * keep));
    byte[] features = terms.joinUtf8(ids, n, '\u0001');
    return new IMatch(Hashes.murmur64(features, 0L), Hashes.md5Long(features), n);
  }

  public boolean matches(IMatch o) {
    return hash != 0 && hash == o.hash && check == o.check;
  }
}
