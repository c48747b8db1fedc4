package org.neardup.text;

import com.huaban.analysis.jieba.WordDictionary;

/**
 * jieba's dictionary, loaded once per JVM. jieba loads it lazily inside {@code getInstance}; this
 * holder makes the load explicit so callers (a bolt's {@code prepare}) can pay for it up front.
 */
public final class Dictionary {
  private Dictionary() {}

  private static final class Holder {
    static final WordDictionary WORDS = loadQuietly();
    // getFreq of a string that is no word is jieba's minimum log-probability.
    static final JiebaTrie TRIE = new JiebaTrie(WORDS.freqs, WORDS.getFreq("\u0000\u0000"));
  }

  /**
   * jieba announces its load times with System.out.println, which would corrupt a command's JSON
   * output or a worker's stdout protocol; the messages go to stderr instead. Runs once per JVM.
   */
  private static WordDictionary loadQuietly() {
    synchronized (System.class) {
      java.io.PrintStream stdout = System.out;
      System.setOut(System.err);
      try {
        WordDictionary d = WordDictionary.getInstance();
        new com.huaban.analysis.jieba.JiebaSegmenter().process("预热", com.huaban.analysis.jieba.JiebaSegmenter.SegMode.SEARCH);
        return d;
      } finally {
        System.setOut(stdout);
      }
    }
  }

  public static WordDictionary words() {
    return Holder.WORDS;
  }

  /** jieba's words and probabilities as a flat trie, built once from {@link #words()}. */
  static JiebaTrie trie() {
    return Holder.TRIE;
  }

  /** Loads the dictionary now (about 3 s), instead of on the first Chinese page. */
  public static void preload() {
    trie();
  }

  /**
   * An IDF prior for a Chinese word from the dictionary's word probability: −log P(word). jieba
   * stores log P for every entry; an unknown word is rarer than any known one.
   */
  public static double inverseFrequency(String word) {
    // The trie, not jieba's HashMap: segmentation has just walked the same nodes for this word,
    // so they are in the CPU cache, where the map's entry usually is not. Same probabilities.
    JiebaTrie trie = trie();
    int node = trie.wordNode(word, 0, word.length());
    return node == JiebaTrie.NONE ? MAX_INVERSE_FREQUENCY : Math.min(-trie.logFreq(node), MAX_INVERSE_FREQUENCY);
  }

  /** −log of a probability one step below the rarest dictionary words. */
  static final double MAX_INVERSE_FREQUENCY = 20.0;
}
