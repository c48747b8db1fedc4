package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CodeNamesTest {

  /** The marks of each word, as a string of its positions that are marks. */
  private static String marks(String word) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < word.length(); i++) out.append(CodeNames.isMark(word, i) ? '^' : '.');
    return out.toString();
  }

  @Test
  void anUnderscoreADigitAndACapitalAfterASmallLetterAreMarks() {
    assertEquals("..^....", marks("is_fifo"));
    assertEquals(".^^", marks("i16"));
    assertEquals("....^.....^......", marks("FontRenderContext"));
    assertEquals("...^", marks("IPv6"));
    assertEquals("....", marks("HTML"));
    assertEquals("......", marks("Colour"));
    assertEquals("^^^^", marks("2024"));
    assertEquals("....", marks("éÉtÉ"), "only ASCII letters make a capital mark");
  }
}
