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

  /** Loads the dictionary now (about 3 s), instead of on the first Chinese page. */
  public static void preload() {
    words();
  }

  /**
   * An IDF prior for a Chinese word from the dictionary's word probability: −log P(word). jieba
   * stores log P for every entry; an unknown word is rarer than any known one.
   */
  public static double inverseFrequency(String word) {
    // One probe of jieba's map ({@code containsWord} then {@code getFreq} would be three).
    Double logP = words().freqs.get(word);
    return logP == null ? MAX_INVERSE_FREQUENCY : Math.min(-logP, MAX_INVERSE_FREQUENCY);
  }

  /** −log of a probability one step below the rarest dictionary words. */
  static final double MAX_INVERSE_FREQUENCY = 20.0;
}
