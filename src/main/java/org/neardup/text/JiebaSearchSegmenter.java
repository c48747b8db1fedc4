package org.neardup.text;

import com.huaban.analysis.jieba.JiebaSegmenter;
import com.huaban.analysis.jieba.SegToken;
import java.util.ArrayList;
import java.util.List;

/**
 * jieba in SEARCH mode. jieba's dictionary is a JVM-wide singleton that takes seconds to load, so
 * there is exactly one instance, created on first use. {@code JiebaSegmenter.process} keeps no
 * per-call state in the instance, so the one instance is shared by all threads.
 */
final class JiebaSearchSegmenter implements Segmenter {
  static final JiebaSearchSegmenter INSTANCE = new JiebaSearchSegmenter();

  private final JiebaSegmenter jieba;

  private JiebaSearchSegmenter() {
    Dictionary.preload(); // loads jieba's dictionary and model with their stdout chatter redirected
    jieba = new JiebaSegmenter();
  }

  @Override
  public List<String> segment(String hanRun) {
    List<SegToken> tokens = jieba.process(hanRun, JiebaSegmenter.SegMode.SEARCH);
    List<String> words = new ArrayList<>(tokens.size());
    for (SegToken t : tokens) {
      // A word starting with a letter is not blank: decided by a table bit instead of isBlank's
      // Unicode white-space lookups, for nearly every word.
      String w = t.word;
      if (!w.isEmpty() && (Letters.isLetterOrDigit(w.charAt(0)) || !w.isBlank())) words.add(w);
    }
    return words;
  }
}
