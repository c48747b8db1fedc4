package org.neardup.text;

import java.util.Map;

/**
 * jieba's word dictionary as a flat character trie: every (node, char) edge in one open-addressing
 * table of longs (the edge and the child it leads to packed in one long, so a probe reads one
 * cache line), each node's log-probability in an array.
 *
 * <p>Why not jieba's own {@code DictSegment}: jieba finds the words starting at a position by
 * matching every prefix from the root again ({@code match(chars, i, length)} for each length, a
 * binary search or a {@code HashMap<Character, …>} lookup per character), and keeps the results
 * in maps of boxed integers. Here one walk from a position visits each character once with one
 * probe. The words and their probabilities are jieba's: the trie is built from
 * {@code WordDictionary.freqs}, the map jieba's own trie is built alongside.
 *
 * <p>About 500,000 nodes for jieba's 349,040 words: 8 MB of table (2^20 slots) and 4 MB of
 * probabilities, built once per JVM.
 */
final class JiebaTrie {
  static final int ROOT = 0;
  static final int NONE = -1;

  /** Bits of a slot that hold the child; the edge key (parent << 16 | char, plus 1) is above them. */
  private static final int CHILD_BITS = 21;
  private static final long CHILD_MASK = (1L << CHILD_BITS) - 1;

  private long[] slots; // edge key << CHILD_BITS | child; 0 marks an empty slot (keys start at 1)
  private int shift; // slot = top (64 - shift) bits of the key's multiplicative hash
  private final double[] logFreq; // NaN: the node is a prefix, not a word
  /** jieba's probability of a string that is not a word: the rarest word's. */
  final double minLogFreq;

  JiebaTrie(Map<String, Double> logFreqs, double minLogFreq) {
    this.minLogFreq = minLogFreq;
    int chars = 0;
    for (String w : logFreqs.keySet()) chars += w.length();
    allocate(1 << 16);
    double[] freq = new double[chars + 1];
    java.util.Arrays.fill(freq, Double.NaN);
    int nodes = 1;
    for (Map.Entry<String, Double> e : logFreqs.entrySet()) {
      String w = e.getKey();
      if (w.isEmpty()) continue;
      int node = ROOT;
      for (int i = 0; i < w.length(); i++) {
        int child = child(node, w.charAt(i));
        if (child == NONE) {
          if (nodes > CHILD_MASK) throw new IllegalStateException("dictionary too large for JiebaTrie: over 2^21 nodes");
          child = nodes++;
          put(edgeKey(node, w.charAt(i)) << CHILD_BITS | child);
          if (nodes * 2L > slots.length) grow(); // load stays under 1/2: short probe runs
        }
        node = child;
      }
      freq[node] = e.getValue();
    }
    logFreq = java.util.Arrays.copyOf(freq, nodes);
  }

  private void allocate(int size) {
    slots = new long[size];
    shift = 64 - Integer.numberOfTrailingZeros(size);
  }

  private void put(long slotValue) {
    int mask = slots.length - 1;
    int slot = slot(slotValue >>> CHILD_BITS);
    while (slots[slot] != 0) slot = (slot + 1) & mask;
    slots[slot] = slotValue;
  }

  private void grow() {
    long[] old = slots;
    allocate(old.length * 2);
    for (long v : old) if (v != 0) put(v);
  }

  /** The node reached from {@code node} by {@code c}, or {@link #NONE}. */
  int child(int node, char c) {
    long key = edgeKey(node, c);
    int mask = slots.length - 1;
    for (int slot = slot(key); ; slot = (slot + 1) & mask) {
      long v = slots[slot];
      if (v >>> CHILD_BITS == key) return (int) (v & CHILD_MASK);
      if (v == 0) return NONE;
    }
  }

  boolean isWord(int node) {
    return !Double.isNaN(logFreq[node]);
  }

  /** The word's log-probability; only for nodes where {@link #isWord} holds. */
  double logFreq(int node) {
    return logFreq[node];
  }

  /** The node of {@code s[from..to)}, or {@link #NONE} when no dictionary word starts with it. */
  private int find(CharSequence s, int from, int to) {
    int node = ROOT;
    for (int i = from; i < to && node != NONE; i++) node = child(node, s.charAt(i));
    return node;
  }

  /** The node of the dictionary word {@code s[from..to)}, or {@link #NONE} when it is no word. */
  int wordNode(CharSequence s, int from, int to) {
    int node = find(s, from, to);
    return node != NONE && node != ROOT && isWord(node) ? node : NONE;
  }

  /** Whether {@code s[from..to)} is a dictionary word. */
  boolean isWord(CharSequence s, int from, int to) {
    return wordNode(s, from, to) != NONE;
  }

  int nodes() {
    return logFreq.length;
  }

  private static long edgeKey(int parent, char c) {
    return (((long) parent << 16) | c) + 1;
  }

  private int slot(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
  }
}
