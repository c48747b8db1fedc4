package org.neardup.fingerprint;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A page's terms counted once: every distinct term gets an int id, in order of first occurrence,
 * with its count, its IDF, its UTF-8 bytes and murmur hash, and its rank in
 * {@link String#compareTo} order. TF-IDF, SimHash,
 * I-Match, the keywords and the frequent-terms fingerprint all read this one table, so a page
 * costs one hash lookup per term and one IDF lookup per distinct term, and their sorts compare
 * ints instead of strings. Immutable.
 */
public final class TermCounts {
  private final String[] terms;
  private final int[] hashes;
  private final int[] counts;
  private final double[] idf;
  private final long[] murmur;
  private final byte[][] utf8;
  private final int total;
  /** Open addressing by the term's hash code: id + 1, 0 for an empty slot. */
  private final int[] slots;
  /** byRank[r] is the id of the r-th term in lexicographic order; rank is its inverse. */
  private final int[] byRank;
  private final int[] rank;

  private TermCounts(Builder b) {
    terms = Arrays.copyOf(b.terms, b.size);
    hashes = b.hashes;
    counts = Arrays.copyOf(b.counts, b.size);
    idf = Arrays.copyOf(b.idf, b.size);
    murmur = Arrays.copyOf(b.murmur, b.size);
    utf8 = Arrays.copyOf(b.utf8, b.size);
    total = b.total;
    slots = b.slots;
    byRank = lexicographic(terms, b.prefixes);
    rank = new int[terms.length];
    for (int r = 0; r < byRank.length; r++) rank[byRank[r]] = r;
  }

  /** Counts terms given in text order. */
  public static TermCounts of(List<String> terms, IdfTable idf) {
    Builder b = new Builder(idf);
    terms.forEach(b);
    return b.build();
  }

  /**
   * Counts terms as a segmenter produces them. What is known of a new term is taken at once: its
   * chars are in the CPU cache, and jieba has just looked the word up in its dictionary too, so
   * the IDF prior's lookups hit the cache instead of missing it as they do once the whole text
   * is cut.
   */
  public static final class Builder implements Consumer<String> {
    private final IdfTable idfTable;
    private String[] terms = new String[256];
    private int[] hashes = new int[256];
    private int[] counts = new int[256];
    private double[] idf = new double[256];
    private long[] murmur = new long[256];
    private byte[][] utf8 = new byte[256][];
    private long[] prefixes = new long[256];
    private int[] slots = new int[512];
    private int size;
    private int total;

    public Builder(IdfTable idfTable) {
      this.idfTable = idfTable;
    }

    @Override
    public void accept(String term) {
      total++;
      int h = term.hashCode();
      int s = spread(h) & (slots.length - 1);
      for (int id; (id = slots[s] - 1) >= 0; s = (s + 1) & (slots.length - 1)) {
        if (hashes[id] == h && terms[id].equals(term)) {
          counts[id]++;
          return;
        }
      }
      if (size == terms.length) {
        terms = Arrays.copyOf(terms, size * 2);
        hashes = Arrays.copyOf(hashes, size * 2);
        counts = Arrays.copyOf(counts, size * 2);
        idf = Arrays.copyOf(idf, size * 2);
        murmur = Arrays.copyOf(murmur, size * 2);
        utf8 = Arrays.copyOf(utf8, size * 2);
        prefixes = Arrays.copyOf(prefixes, size * 2);
      }
      terms[size] = term;
      hashes[size] = h;
      counts[size] = 1;
      idf[size] = idfTable.idf(term);
      utf8[size] = term.getBytes(StandardCharsets.UTF_8);
      murmur[size] = Hashes.murmur64(utf8[size], 0L);
      prefixes[size] = prefix(term);
      slots[s] = ++size;
      // At most half full, so probe sequences stay short.
      if (size * 2 > slots.length) rehash();
    }

    private void rehash() {
      slots = new int[slots.length * 2];
      for (int id = 0; id < size; id++) {
        int s = spread(hashes[id]) & (slots.length - 1);
        while (slots[s] != 0) s = (s + 1) & (slots.length - 1);
        slots[s] = id + 1;
      }
    }

    /** The counts so far; the builder is done. */
    public TermCounts build() {
      return new TermCounts(this);
    }
  }

  private static int spread(int hash) {
    return hash ^ (hash >>> 16);
  }

  /**
   * Ids in {@link String#compareTo} order. Each term's first three chars and its id are packed
   * into one long and radix-sorted; only terms that share their first three chars are then
   * compared as strings (a comparison sort of all terms took most of this class's time).
   */
  static int[] lexicographic(String[] terms, long[] prefixes) {
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
    for (int id = 0; id < n; id++) keys[id] = (prefixes[id] << 16 | id) ^ Long.MIN_VALUE;
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

  /** The first three chars, 16 bits each; 0 for chars a shorter term lacks. */
  private static long prefix(String t) {
    long p = 0;
    for (int i = 0; i < 3; i++) p = p << 16 | (i < t.length() ? t.charAt(i) : 0);
    return p;
  }

  /** The id of a term, or -1 when the page does not have it. */
  public int id(String term) {
    int h = term.hashCode();
    for (int s = spread(h) & (slots.length - 1); ; s = (s + 1) & (slots.length - 1)) {
      int id = slots[s] - 1;
      if (id < 0 || hashes[id] == h && terms[id].equals(term)) return id;
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

  /** The term's 64-bit {@link Hashes#murmur64} hash (SimHash's vote). */
  public long murmur64(int id) {
    return murmur[id];
  }

  /**
   * The UTF-8 bytes of the terms {@code ids[0..n)} joined by an ASCII separator: the bytes of
   * the joined string, for hashing without building it.
   */
  public byte[] joinUtf8(int[] ids, int n, char separator) {
    if (separator >= 0x80) throw new IllegalArgumentException("separator must be ASCII, got " + (int) separator);
    int length = Math.max(0, n - 1);
    for (int i = 0; i < n; i++) length += utf8[ids[i]].length;
    byte[] out = new byte[length];
    int at = 0;
    for (int i = 0; i < n; i++) {
      if (i > 0) out[at++] = (byte) separator;
      byte[] term = utf8[ids[i]];
      System.arraycopy(term, 0, out, at, term.length);
      at += term.length;
    }
    return out;
  }

  /** The term's IDF, looked up once when the term first came. */
  public double idf(int id) {
    return idf[id];
  }
}
