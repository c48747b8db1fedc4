package org.neardup.extract;

/**
 * The character classes extraction counts with, answered without Unicode tables for the ranges
 * that hold nearly every character of a page (they run on every character):
 * {@code MainContentExtractorTest} checks each against the JDK's answer for every char or code
 * point.
 */
final class Chars {
  private Chars() {}

  static boolean isComma(int c) {
    return c == ',' || c == '，' || c == '。' || c == '、' || c == '；' || c == '：' || c == '！'
        || c == '？' || c == '“' || c == '”' || c == '\u060C' || c == '\uFE50' || c == '\uFF64';
  }

  static int countNonBlank(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if (!isBlank(s.charAt(i))) n++;
    }
    return n;
  }

  /**
   * {@code Character.isWhitespace(c)}, answered without the Unicode tables for ASCII and for
   * everything above U+3000 (the last white-space character): this runs on every character of the
   * page. {@code MainContentExtractorTest} checks all 65,536 chars.
   */
  static boolean isBlank(char c) {
    if (c < 0x80) return c <= ' ' && Character.isWhitespace(c);
    return c <= 0x3000 && Character.isWhitespace(c);
  }

  static boolean hasLetterOrDigit(CharSequence s) {
    for (int i = 0; i < s.length(); ) {
      int cp = Character.codePointAt(s, i);
      if (Character.isLetterOrDigit(cp)) return true;
      i += Character.charCount(cp);
    }
    return false;
  }

  /**
   * {@code Character.isWhitespace(c) || Character.isSpaceChar(c)}, answered without the Unicode
   * tables for printable ASCII and everything above U+3000 (checked for all chars by a test).
   */
  static boolean isSpace(char c) {
    if (c > ' ' && (c < 0x80 || c > 0x3000)) return false;
    return Character.isWhitespace(c) || Character.isSpaceChar(c);
  }

  /** Non-blank characters, a Han character counting twice (it carries about a word). */
  static int weightedLength(CharSequence s) {
    return weightedLength(s, Integer.MAX_VALUE);
  }

  /**
   * {@link #weightedLength(CharSequence)}, but counting stops once it reaches {@code cap}: enough
   * to compare a text with a threshold without reading all of a long one.
   */
  static int weightedLength(CharSequence s, int cap) {
    int n = 0;
    for (int i = 0; i < s.length() && n < cap; ) {
      int cp = Character.codePointAt(s, i);
      i += Character.charCount(cp);
      // no white space outside the BMP
      if (cp < Character.MIN_SUPPLEMENTARY_CODE_POINT && isBlank((char) cp)) continue;
      n += isHan(cp) ? 2 : 1;
    }
    return n;
  }

  /** Whether the weighted length of {@code s} reaches {@code length}, read only as far as that. */
  static boolean reaches(CharSequence s, int length) {
    return weightedLength(s, length) >= length;
  }

  /**
   * Whether {@code cp} is in the Han script, without the binary search of {@code UnicodeScript.of}
   * for the ranges that hold nearly every character of a page: nothing below U+2E80 is Han,
   * U+4E00..U+9FEA all are, and Chinese punctuation is not. {@code MainContentExtractorTest} checks
   * every code point.
   */
  static boolean isHan(int cp) {
    if (cp < 0x2E80) return false;
    if (cp >= 0x4E00 && cp <= 0x9FEA) return true;
    // Chinese punctuation: 、。〈〉《》「」『』【】〔〕 ... and the full-width forms (，！？：；（）)
    if ((cp >= 0x3000 && cp <= 0x3004) || (cp >= 0x3008 && cp <= 0x3020)
        || (cp >= 0xFF00 && cp <= 0xFFEF)) {
      return false;
    }
    return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
  }

  static boolean hasDigit(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= '0' && c <= '9') return true;
    }
    return false;
  }

  /**
   * Whether every line of {@code text} is a name or two: at most two words, each at most
   * {@value ElementTree#MAX_NAME_CHARS} characters and without Han (a Chinese sentence is one
   * word). Such a text has no line of writing: what extraction kept of an index are its entries'
   * plain words ("cattr", "cattr.gen"), its links being the rest of it.
   */
  static boolean namesOnly(String text) {
    int words = 0;
    int wordChars = 0;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : '\n';
      if (c == '\n') {
        words = 0;
        wordChars = 0;
      } else if (isSpace(c)) {
        wordChars = 0;
      } else {
        if (wordChars == 0 && ++words > 2) return false;
        if (++wordChars > ElementTree.MAX_NAME_CHARS || isHan(c)) return false;
      }
    }
    return true;
  }
}
