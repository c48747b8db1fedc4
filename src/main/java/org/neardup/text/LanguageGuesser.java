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

  public static Language guess(CharSequence text) {
    long han = 0;
    long latin = 0;
    long otherLetters = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = Character.codePointAt(text, i);
      i += Character.charCount(cp);
      if (cp < 0x80) {
        // ASCII letters are Latin: no Unicode table lookups for most characters of a Latin text.
        if ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') latin++;
      } else if (isHan(cp)) {
        han++;
      } else if (Character.isLetter(cp)) {
        if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN) latin++;
        else otherLetters++;
      }
    }
    long letters = han + latin + otherLetters;
    if (letters == 0) return Language.OTHER;
    if (han >= MIN_HAN_SHARE * letters) return Language.ZH;
    if (latin >= otherLetters) return Language.EN;
    return Language.OTHER;
  }

  /**
   * Whether the code point is in the Han script. Called for nearly every character of every page
   * (language guess, shingling, normalisation), and {@code UnicodeScript.of} is a binary search
   * over ~2,000 ranges; so the two cases that decide most characters are answered first: nothing
   * below U+2E80 (CJK Radicals Supplement, the first Han character) is Han, and the CJK Unified
   * Ideographs U+4E00..U+9FEA (all assigned since Unicode 10) are. {@code LanguageGuesserTest}
   * checks every code point against {@code UnicodeScript.of}.
   */
  public static boolean isHan(int codePoint) {
    if (codePoint < 0x2E80) return false;
    if (codePoint >= 0x4E00 && codePoint <= 0x9FEA) return true;
    return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN;
  }
}
