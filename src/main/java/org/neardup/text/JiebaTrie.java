package org.neardup.text;

import java.util.Map;

/**
 * jieba's word dictionary as a flat character trie: every (node, char) edge in one open-addressing
 * table of longs, each node's log-probability in an array.
 *
 * <p>Why not jieba's own {@code DictSegment}: jieba finds the words starting at a position by
 * matching every prefix from the root again ({@code match(chars, i, length)} for each length, a
 * binary search or a {@code HashMap<Character, …>} lookup per character), and keeps the results
 * in maps of boxed integers. Here one walk from a position visits each character once with one
 * probe. The words and their probabilities are jieba's: the trie is built from
 * {@code WordDictionary.freqs}, the map jieba's own trie is built alongside.
 *
 * <p>About 500,000 nodes for jieba's 349,040 words: 12 MB of table (2^20 slots) and 4 MB of
 * probabilities, built once per JVM.
 */
final class JiebaTrie {
  static final int ROOT = 0;
  static final int NONE = -1;

  private long[] edgeKeys; // (parent << 16 | char) + 1; 0 marks an empty slot
  private int[] edgeChild;
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
          child = nodes++;
          put(edgeKey(node, w.charAt(i)), child);
          if (nodes * 2L > edgeKeys.length) grow(); // load stays under 1/2: short probe runs
        }
        node = child;
      }
      freq[node] = e.getValue();
    }
    logFreq = java.util.Arrays.copyOf(freq, nodes);
  }

  private void allocate(int slots) {
    edgeKeys = new long[slots];
    edgeChild = new int[slots];
    shift = 64 - Integer.numberOfTrailingZeros(slots);
  }

  private void put(long key, int child) {
    int mask = edgeKeys.length - 1;
    int slot = slot(key);
    while (edgeKeys[slot] != 0) slot = (slot + 1) & mask;
    edgeKeys[slot] = key;
    edgeChild[slot] = child;
  }

  private void grow() {
    long[] keys = edgeKeys;
    int[] children = edgeChild;
    allocate(keys.length * 2);
    for (int i = 0; i < keys.length; i++) if (keys[i] != 0) put(keys[i], children[i]);
  }

  /** The node reached from {@code node} by {@code c}, or {@link #NONE}. */
  int child(int node, char c) {
    long key = edgeKey(node, c);
    int mask = edgeKeys.length - 1;
    for (int slot = slot(key); ; slot = (slot + 1) & mask) {
      long k = edgeKeys[slot];
      if (k == key) return edgeChild[slot];
      if (k == 0) return NONE;
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
  int find(CharSequence s, int from, int to) {
    int node = ROOT;
    for (int i = from; i < to && node != NONE; i++) node = child(node, s.charAt(i));
    return node;
  }

  /** Whether {@code s[from..to)} is a dictionary word. */
  boolean isWord(CharSequence s, int from, int to) {
    int node = find(s, from, to);
    return node != NONE && node != ROOT && isWord(node);
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
