package org.neardup.text;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Cuts a run of Chinese text (no spaces) into words. Implementations are thread-safe. */
public interface Segmenter {
  List<String> segment(String hanRun);

  /**
   * A segmenter for one page that cuts each distinct run once and answers repeats from memory:
   * a page repeats about 5% of its Han runs, and its title, keywords and description repeat about
   * half of theirs from its text. Segmenters are pure, so the words are the same. Not
   * thread-safe; the returned lists must not be modified.
   */
  static Segmenter remembering(Segmenter segmenter) {
    Map<String, List<String>> cut = new HashMap<>(512); // a Chinese page has about 170 runs
    return run -> cut.computeIfAbsent(run, segmenter::segment);
  }

  /** The segmenters neardup ships, selectable with {@code neardup.text.segmenter}. */
  enum Kind {
    /**
     * jieba in SEARCH mode: dictionary DAG + HMM for unknown words. (In jieba-analysis SEARCH is the
     * plain cut; its INDEX mode is the one that also emits the 2- and 3-character words inside long ones.)
     */
    JIEBA,
    /** Forward maximum matching over jieba's dictionary. */
    FORWARD,
    /** Backward maximum matching over jieba's dictionary. */
    BACKWARD;

    public static Kind parse(String s) {
      for (Kind k : values()) {
        if (k.name().equalsIgnoreCase(s)) return k;
      }
      throw new IllegalArgumentException(
          "unknown segmenter '" + s + "', expected jieba, forward or backward");
    }
  }

  /** The shared instance of a kind; the dictionary loads once per JVM (about 3 s). */
  static Segmenter of(Kind kind) {
    return switch (kind) {
      case JIEBA -> JiebaSearchSegmenter.INSTANCE;
      case FORWARD -> MaxMatchSegmenter.FORWARD;
      case BACKWARD -> MaxMatchSegmenter.BACKWARD;
    };
  }
}
