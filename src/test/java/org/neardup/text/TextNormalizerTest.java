package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TextNormalizerTest {
  @Test
  void foldsWidthCaseAndPunctuationVariants() {
    assertEquals("abc123,!?;:", TextNormalizer.normalize("ＡＢＣ１２３，！？；："));
    assertEquals("hello world", TextNormalizer.normalize("Hello   WORLD"));
    assertEquals("\"引号\"'单'", TextNormalizer.normalize("“引号”‘单’"));
    assertEquals("a-b", TextNormalizer.normalize("a—b"));
  }

  @Test
  void dropsInvisibleAndControlCharacters() {
    assertEquals("zerowidth", TextNormalizer.normalize("zero\u200bwidth\u00ad\ufeff"));
    assertEquals("ab", TextNormalizer.normalize("a\u0007b"));
  }

  @Test
  void keepsParagraphsAndDropsLayoutSpacesBetweenHan() {
    assertEquals("第一段。\n第二段english words", TextNormalizer.normalize("  第一段。 \r\n\n  第二 段   English words  "));
    assertEquals("中文", TextNormalizer.normalize("中 文"));
  }

  @Test
  void keepsIdeographicFullStopDistinctFromDot() {
    assertEquals("3.5亿。", TextNormalizer.normalize("3.5亿。"));
  }

  @Test
  void emptyAndNull() {
    assertEquals("", TextNormalizer.normalize(""));
    assertEquals("", TextNormalizer.normalize(null));
    assertEquals("", TextNormalizer.normalize(" \n\t "));
  }
}
