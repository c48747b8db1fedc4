package org.neardup.text;

import com.huaban.analysis.jieba.WordDictionary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Maximum matching over jieba's dictionary (seed 003 §1): forward takes the longest dictionary word
 * starting at the left edge, backward the longest ending at the right edge; a character that
 * starts (ends) no word is a word by itself. Faster than jieba and without its HMM, so unknown
 * names come out as single characters.
 */
final class MaxMatchSegmenter implements Segmenter {
  /** Longer dictionary entries exist, but matching beyond this finds almost nothing more. */
  static final int MAX_WORD_LENGTH = 8;

  static final MaxMatchSegmenter FORWARD = new MaxMatchSegmenter(true);
  static final MaxMatchSegmenter BACKWARD = new MaxMatchSegmenter(false);

  private final boolean forward;

  private MaxMatchSegmenter(boolean forward) {
    this.forward = forward;
  }

  @Override
  public List<String> segment(String run) {
    WordDictionary dict = Dictionary.words();
    List<String> out = new ArrayList<>();
    if (forward) {
      int i = 0;
      while (i < run.length()) {
        int len = Math.min(MAX_WORD_LENGTH, run.length() - i);
        while (len > 1 && !dict.containsWord(run.substring(i, i + len))) len--;
        out.add(run.substring(i, i + len));
        i += len;
      }
    } else {
      int j = run.length();
      while (j > 0) {
        int len = Math.min(MAX_WORD_LENGTH, j);
        while (len > 1 && !dict.containsWord(run.substring(j - len, j))) len--;
        out.add(run.substring(j - len, j));
        j -= len;
      }
      Collections.reverse(out);
    }
    return out;
  }
}
