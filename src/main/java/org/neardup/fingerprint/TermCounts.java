package org.neardup.fingerprint;

import java.util.Arrays;
import java.util.List;

/**
 * A page's terms counted once: every distinct term gets an int id, in order of first occurrence,
 * with its count and its rank in {@link String#compareTo} order. TF-IDF, SimHash, I-Match, the
 * keywords and the frequent-terms fingerprint all read this one table, so a page costs one hash
 * lookup per term, and their sorts compare ints instead of strings. Immutable.
 */
public final class TermCounts {
  private final String[] terms;
  private final int[] counts;
  private final int total;
  /** Open addressing by the term's hash code: id + 1, 0 for an empty slot. */
  private final int[] slots;
  /** byRank[r] is the id of the r-th term in lexicographic order; rank is its inverse. */
  private final int[] byRank;
  private final int[] rank;

  private TermCounts(String[] terms, int[] counts, int total, int[] slots) {
    this.terms = terms;
    this.counts = counts;
    this.total = total;
    this.slots = slots;
    byRank = lexicographic(terms);
    rank = new int[terms.length];
    for (int r = 0; r < byRank.length; r++) rank[byRank[r]] = r;
  }

  /**
   * Ids in {@link String#compareTo} order. Each term's first three chars and its id are packed
   * into one long and radix-sorted; only terms that share their first three chars are then
   * compared as strings (a comparison sort of all terms took most of this class's time).
   */
  static int[] lexicographic(String[] terms) {
    int n = terms.length;
    if (n > 0xFFFF) {
      Integer[] ids = new Integer[n];
      for (int i = 0; i < n; i++) ids[i] = i;
      Arrays.sort(ids, (a, b) -> terms[a].compareTo(terms[b]));
      return Arrays.stream(ids).mapToInt(Integer::intValue).toArray();
    }
    long[] keys = new long[n];
    // Chars are unsigned and the prefix fills the top 48 bits: flipping the sign bit makes the
    // signed sort order the prefixes' unsigned order. A shorter term's missing chars are 0.
    for (int id = 0; id < n; id++) keys[id] = (prefix(terms[id]) << 16 | id) ^ Long.MIN_VALUE;
    RadixSort.sort(keys, n);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) out[i] = (int) (keys[i] & 0xFFFF);
    for (int from = 0; from < n; ) {
      int to = from + 1;
      while (to < n && keys[to] >>> 16 == keys[from] >>> 16) to++;
      // Insertion sort of a run with one prefix: such runs are short.
      for (int i = from + 1; i < to; i++) {
        int id = out[i];
        int j = i;
        for (; j > from && terms[out[j - 1]].compareTo(terms[id]) > 0; j--) out[j] = out[j - 1];
        out[j] = id;
      }
      from = to;
    }
    return out;
  }

  private static long prefix(String t) {
    long p = 0;
    for (int i = 0; i < 3; i++) p = p << 16 | (i < t.length() ? t.charAt(i) : 0);
    return p;
  }

  /** Counts terms given in text order. */
  public static TermCounts of(List<String> terms) {
    // Twice as many slots as terms: the table never fills beyond half, so it never grows.
    int[] slots = new int[Math.max(16, Integer.highestOneBit(Math.max(1, terms.size())) << 2)];
    String[] distinct = new String[Math.min(terms.size(), 1024)];
    int[] counts = new int[distinct.length];
    int size = 0;
    for (String t : terms) {
      int s = slot(slots, t);
      int id = slots[s] - 1;
      while (id >= 0 && !distinct[id].equals(t)) {
        s = (s + 1) & (slots.length - 1);
        id = slots[s] - 1;
      }
      if (id < 0) {
        if (size == distinct.length) {
          distinct = Arrays.copyOf(distinct, size * 2);
          counts = Arrays.copyOf(counts, size * 2);
        }
        id = size++;
        distinct[id] = t;
        slots[s] = id + 1;
      }
      counts[id]++;
    }
    return new TermCounts(Arrays.copyOf(distinct, size), Arrays.copyOf(counts, size), terms.size(), slots);
  }

  private static int slot(int[] slots, String term) {
    int h = term.hashCode();
    return (h ^ (h >>> 16)) & (slots.length - 1);
  }

  /** The id of a term, or -1 when the page does not have it. */
  public int id(String term) {
    for (int s = slot(slots, term); ; s = (s + 1) & (slots.length - 1)) {
      int id = slots[s] - 1;
      if (id < 0 || terms[id].equals(term)) return id;
    }
  }

  /** Distinct terms. */
  public int size() {
    return terms.length;
  }

  /** All terms, repeats included. */
  public int total() {
    return total;
  }

  public String term(int id) {
    return terms[id];
  }

  public int count(int id) {
    return counts[id];
  }

  /** Position of the term among all distinct terms in {@link String#compareTo} order. */
  public int rank(int id) {
    return rank[id];
  }

  /** The id of the term at a lexicographic position. */
  public int byRank(int rank) {
    return byRank[rank];
  }

  /** Every term's IDF, by id: one lookup per distinct term. */
  public double[] idf(IdfTable table) {
    double[] out = new double[terms.length];
    for (int id = 0; id < out.length; id++) out[id] = table.idf(terms[id]);
    return out;
  }
}
