package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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

  /** The fast path for plain characters must agree with the full classification. */
  @Test
  void plainCharactersAreNeitherDroppedNorFolded() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (!TextNormalizer.isPlain(cp)) continue;
      String where = Integer.toHexString(cp);
      assertFalse(cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029, where);
      assertFalse(TextNormalizer.isInvisible(cp), where);
      assertFalse(Character.isWhitespace(cp) || Character.isSpaceChar(cp), where);
      assertEquals(cp, TextNormalizer.foldPunctuation(cp), where);
    }
  }

  @Test
  void emptyAndNull() {
    assertEquals("", TextNormalizer.normalize(""));
    assertEquals("", TextNormalizer.normalize(null));
    assertEquals("", TextNormalizer.normalize(" \n\t "));
  }

  @Test
  void everyLetterOrDigitCharIsNoneOfTheCasesTheFastPathSkips() {
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      if (!Letters.isLetterOrDigit((char) c)) continue;
      String at = "U+" + Integer.toHexString(c);
      assertFalse(c == ' ' || c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029, at);
      assertFalse(TextNormalizer.isInvisible(c), at);
      assertFalse(Character.isWhitespace(c) || Character.isSpaceChar(c), at);
      assertEquals(c, TextNormalizer.foldPunctuation(c), at);
    }
  }
}
