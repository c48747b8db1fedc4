package org.neardup.text;

/**
 * Letters and digits: what counts as text in sentence weights, signatures and the "too little
 * text" test. Every page's text runs through these tests several times, so ASCII and the CJK
 * Unified Ideographs U+4E00..U+9FEA (all assigned letters) are answered without the Unicode
 * tables. The answers are {@link Character#isLetterOrDigit}'s; {@code LettersTest} checks every
 * code point.
 */
public final class Letters {
  private Letters() {}

  private static final boolean[] ASCII = new boolean[0x80];

  static {
    for (char c = 0; c < 0x80; c++) ASCII[c] = Character.isLetterOrDigit(c);
  }

  public static boolean isLetterOrDigit(char c) {
    if (c < 0x80) return ASCII[c];
    if (c >= 0x4E00 && c <= 0x9FEA) return true;
    return Character.isLetterOrDigit(c);
  }

  public static boolean isLetterOrDigit(int codePoint) {
    if (codePoint < 0x80) return codePoint >= 0 && ASCII[codePoint];
    if (codePoint >= 0x4E00 && codePoint <= 0x9FEA) return true;
    return Character.isLetterOrDigit(codePoint);
  }

  /** Number of letter and digit chars. */
  public static int count(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) if (isLetterOrDigit(s.charAt(i))) n++;
    return n;
  }

  /** The letter and digit chars of s, in order. */
  public static String only(String s) {
    char[] out = new char[s.length()];
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isLetterOrDigit(c)) out[n++] = c;
    }
    return n == s.length() ? s : new String(out, 0, n);
  }
}
