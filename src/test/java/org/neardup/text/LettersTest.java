package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LettersTest {
  @Test
  void sameAnswersAsCharacterForEveryCodePoint() {
    for (int cp = -1; cp <= Character.MAX_CODE_POINT + 1; cp++) {
      assertEquals(Character.isLetterOrDigit(cp), Letters.isLetterOrDigit(cp), Integer.toHexString(cp));
      if (cp >= 0 && cp <= Character.MAX_VALUE) {
        assertEquals(Character.isLetterOrDigit((char) cp), Letters.isLetterOrDigit((char) cp), Integer.toHexString(cp));
      }
    }
  }

  @Test
  void countAndOnly() {
    assertEquals(6, Letters.count("a1 油田, Zz!"));
    assertEquals("a1油田Zz", Letters.only("a1 油田, Zz!"));
    assertEquals("", Letters.only(",.!"));
    assertEquals("abc", Letters.only("abc"));
    char[] chars = "xx a1, 油\ud83d\ude00b".toCharArray();
    assertEquals(5, Letters.keep(chars, 2, chars.length, 1));
    assertEquals("xa1油b", new String(chars, 0, 5));
  }
}
