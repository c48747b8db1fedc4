package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LanguageGuesserTest {
  @Test
  void guessesScript() {
    assertEquals(org.neardup.extract.Language.ZH, LanguageGuesser.guess("美国得克萨斯州西部一座油田发生爆炸"));
    assertEquals(org.neardup.extract.Language.EN, LanguageGuesser.guess("An oil field exploded in west Texas"));
    assertEquals(org.neardup.extract.Language.OTHER, LanguageGuesser.guess("，。！？ 123"));
  }

  /** The fast paths of isHan must not change a single answer of UnicodeScript.of. */
  @Test
  void isHanAgreesWithUnicodeScriptOnEveryCodePoint() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      boolean expected = Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
      if (LanguageGuesser.isHan(cp) != expected) {
        assertEquals(expected, LanguageGuesser.isHan(cp), "U+" + Integer.toHexString(cp));
      }
    }
  }

  /** The table behind guess() must give what the Character methods give, for every code point. */
  @Test
  void kindAgreesWithTheCharacterMethodsOnEveryCodePoint() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      byte expected = Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN ? LanguageGuesser.HAN
          : !Character.isLetter(cp) ? LanguageGuesser.NONE
          : Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN ? LanguageGuesser.LATIN_LETTER
          : LanguageGuesser.OTHER_LETTER;
      if (LanguageGuesser.kind(cp) != expected) {
        assertEquals(expected, LanguageGuesser.kind(cp), "U+" + Integer.toHexString(cp));
      }
    }
  }
}
