package org.neardup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.neardup.extract.Language;
import org.neardup.text.LanguageGuesser;

class SmokeTest {
  @Test
  void guessesScript() {
    assertEquals(Language.ZH, LanguageGuesser.guess("美国得克萨斯州西部一座油田发生爆炸"));
    assertEquals(Language.EN, LanguageGuesser.guess("An oil field exploded in west Texas"));
    assertEquals(Language.OTHER, LanguageGuesser.guess("，。！？ 123"));
  }
}
