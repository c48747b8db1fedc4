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

  /** A run of Latin or other letters is one word; each Han character is one. */
  @Test
  void countsTheShareOfWordsInAnotherScriptThanLatin() {
    assertEquals(0, LanguageGuesser.nonLatinShare("Install the package with apt-get, then reboot."), 0);
    assertEquals(0, LanguageGuesser.nonLatinShare("，。 42 --"), 0);
    assertEquals(1, LanguageGuesser.nonLatinShare("安装软件包"), 0);
    // "apt" "get" against five Han characters
    assertEquals(5.0 / 7, LanguageGuesser.nonLatinShare("用apt-get安装软件"), 1e-9);
    // two Cyrillic words, three Latin ones
    assertEquals(2.0 / 5, LanguageGuesser.nonLatinShare("Установите пакет with apt get"), 1e-9);
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
