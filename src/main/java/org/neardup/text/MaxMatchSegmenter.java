package org.neardup.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Maximum matching over jieba's dictionary: forward takes the longest dictionary word
 * starting at the left edge, backward the longest ending at the right edge; a character that
 * starts (ends) no word is a word by itself. Without jieba's HMM, unknown names come out as single
 * characters. Words are looked up in jieba's dictionary through {@link JiebaTrie}.
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
    JiebaTrie trie = Dictionary.trie();
    List<String> out = new ArrayList<>();
    if (forward) {
      int i = 0;
      while (i < run.length()) {
        // One walk from i: the last word end passed within MAX_WORD_LENGTH is the longest word.
        int len = 1;
        int node = JiebaTrie.ROOT;
        for (int k = 0; k < MAX_WORD_LENGTH && i + k < run.length(); k++) {
          node = trie.child(node, run.charAt(i + k));
          if (node == JiebaTrie.NONE) break;
          if (k > 0 && trie.isWord(node)) len = k + 1;
        }
        out.add(run.substring(i, i + len));
        i += len;
      }
    } else {
      int j = run.length();
      while (j > 0) {
        int len = Math.min(MAX_WORD_LENGTH, j);
        while (len > 1 && !trie.isWord(run, j - len, j)) len--;
        out.add(run.substring(j - len, j));
        j -= len;
      }
      Collections.reverse(out);
    }
    return out;
  }
}
