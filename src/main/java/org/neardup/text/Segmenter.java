package org.neardup.text;

import java.util.List;

/** Cuts a run of Chinese text (no spaces) into words. Implementations are thread-safe. */
public interface Segmenter {
  List<String> segment(String hanRun);

  /** The segmenters neardup ships, selectable with {@code neardup.text.segmenter}. */
  enum Kind {
    /** jieba in SEARCH mode: dictionary DAG + HMM for unknown words; long words also cut into parts. */
    JIEBA,
    /** Forward maximum matching over jieba's dictionary (seed 003 §1, method 1). */
    FORWARD,
    /** Backward maximum matching over jieba's dictionary (seed 003 §1, method 2). */
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
