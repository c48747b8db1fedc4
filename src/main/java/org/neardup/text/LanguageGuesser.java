package org.neardup.text;

import org.neardup.extract.Language;

/**
 * Guesses a text's language family from its script: Chinese when Han characters make up a fair
 * share of the letters, English when Latin letters dominate. Script is all the tokeniser needs to
 * know, so no statistical language model is involved.
 */
public final class LanguageGuesser {
  /** Han characters carry about two Latin letters' worth of text, hence a low share suffices. */
  static final double MIN_HAN_SHARE = 0.2;

  private LanguageGuesser() {}

  // What guess() needs to know of a BMP char, from the same Character methods it would call,
  // computed once (a few ms): a text in Cyrillic, kana or Hangul then costs one array read a char
  // instead of two binary searches of the script table (UnicodeScript.of, isHan's slow path).
  static final byte NONE = 0, HAN = 1, LATIN_LETTER = 2, OTHER_LETTER = 3;
  private static final byte[] BMP_CLASS = new byte[Character.MAX_VALUE + 1];

  static {
    for (int c = 0; c <= Character.MAX_VALUE; c++) BMP_CLASS[c] = kindSlow(c);
  }

  /** What a code point counts as in {@link #guess}: Han, a Latin letter, another letter, or none. */
  static byte kind(int cp) {
    return cp <= Character.MAX_VALUE ? BMP_CLASS[cp] : kindSlow(cp);
  }

  private static byte kindSlow(int cp) {
    if (isHanSlow(cp)) return HAN;
    if (!Character.isLetter(cp)) return NONE;
    return Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN ? LATIN_LETTER : OTHER_LETTER;
  }

  public static Language guess(CharSequence text) {
    long han = 0;
    long latin = 0;
    long otherLetters = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      switch (kind(cp)) {
        case HAN -> han++;
        case LATIN_LETTER -> latin++;
        case OTHER_LETTER -> otherLetters++;
        default -> { }
      }
    }
    long letters = han + latin + otherLetters;
    if (letters == 0) return Language.OTHER;
    if (han >= MIN_HAN_SHARE * letters) return Language.ZH;
    if (latin >= otherLetters) return Language.EN;
    return Language.OTHER;
  }

  /**
   * The share of the text's words written in a script other than Latin: a run of letters of one
   * kind (Latin, or another script) is one word, and each Han character is a word of its own, as
   * Chinese and Japanese write no spaces and a Han character carries about what a short word does.
   * Two texts of one language have about the same share; a translation of part of a text into
   * Chinese, Japanese or Russian moves it by the part translated. 0 for a text without letters.
   */
  public static double nonLatinShare(CharSequence text) {
    long latin = 0;
    long other = 0;
    byte run = NONE;
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      byte k = kind(cp);
      if (k == HAN) other++;
      else if (k != run && k == LATIN_LETTER) latin++;
      else if (k != run && k == OTHER_LETTER) other++;
      run = k;
    }
    return latin + other == 0 ? 0 : (double) other / (latin + other);
  }

  /**
   * Whether the code point is in the Han script. Called for nearly every character of every page
   * (language guess, shingling, normalisation), and {@code UnicodeScript.of} is a binary search
   * over ~2,000 ranges; so the two cases that decide most characters are answered first: nothing
   * below U+2E80 (CJK Radicals Supplement, the first Han character) is Han, and the CJK Unified
   * Ideographs U+4E00..U+9FEA (all assigned since Unicode 10) are; other BMP chars are read from
   * the table above. {@code LanguageGuesserTest} checks every code point against
   * {@code UnicodeScript.of}.
   */
  public static boolean isHan(int codePoint) {
    if (codePoint < 0x2E80) return false;
    if (codePoint >= 0x4E00 && codePoint <= 0x9FEA) return true;
    return codePoint <= Character.MAX_VALUE ? BMP_CLASS[codePoint] == HAN : isHanSlow(codePoint);
  }

  private static boolean isHanSlow(int codePoint) {
    return codePoint >= 0x2E80 && Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN;
  }
}
