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
    String[] sorted = terms.clone();
    Arrays.sort(sorted);
    byRank = new int[terms.length];
    rank = new int[terms.length];
    for (int r = 0; r < sorted.length; r++) {
      int id = id(sorted[r]);
      byRank[r] = id;
      rank[id] = r;
    }
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
