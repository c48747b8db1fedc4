package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextAnalyzerTest {
  @Test
  void jiebaSegmentsChineseAndDropsStopWords() {
    List<String> terms = TextAnalyzer.standard().terms(TextNormalizer.normalize("美国得克萨斯州西部的一座油田发生爆炸"));
    assertTrue(terms.contains("得克萨斯州"), terms.toString());
    assertTrue(terms.contains("油田"), terms.toString());
    assertFalse(terms.contains("的"), terms.toString());
  }

  @Test
  void latinWordsAreWholeAndStopWordsGo() {
    assertEquals(List.of("oil", "field", "exploded", "texas"),
        TextAnalyzer.standard().terms(TextNormalizer.normalize("The oil field exploded in Texas, didn't it?")));
  }

  @Test
  void mixedScriptsSplitIntoRuns() {
    assertEquals(List.of("iphone", "15", "发布"), TextAnalyzer.standard().terms(TextNormalizer.normalize("iPhone 15发布了")));
  }

  /** Forward and backward maximum matching over the dictionary. */
  @Test
  void maximumMatchingBothDirections() {
    Segmenter fmm = Segmenter.of(Segmenter.Kind.FORWARD);
    Segmenter bmm = Segmenter.of(Segmenter.Kind.BACKWARD);
    assertEquals(List.of("研究生", "命", "起源"), fmm.segment("研究生命起源"));
    assertEquals(List.of("研究", "生命", "起源"), bmm.segment("研究生命起源"));
    assertEquals("我在小明家吃饭", String.join("", bmm.segment("我在小明家吃饭")));
  }

  @Test
  void emptyAndPunctuationOnly() {
    assertEquals(List.of(), TextAnalyzer.standard().terms(""));
    assertEquals(List.of(), TextAnalyzer.standard().terms(",。!?…😀"));
  }
}
