package org.neardup.text;

/**
 * Letters and digits: what counts as text in sentence weights, signatures and the "too little
 * text" test. Every page's text runs through these tests several times, so each char's answer is
 * one bit of an 8 KB table (it stays in the CPU's first-level cache) and the loops below add that
 * bit instead of branching on it: whether the next char is a letter is a coin toss the branch
 * predictor loses about once a word. The answers are {@link Character#isLetterOrDigit}'s;
 * {@code LettersTest} checks every code point.
 */
public final class Letters {
  private Letters() {}

  /** Bit c of the table: whether char c is a letter or digit. */
  private static final long[] BITS = new long[(Character.MAX_VALUE + 1) / 64];

  static {
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      if (Character.isLetterOrDigit((char) c)) BITS[c >>> 6] |= 1L << c;
    }
  }

  /** 1 for a letter or digit, else 0. */
  private static int bit(char c) {
    return (int) (BITS[c >>> 6] >>> c) & 1;
  }

  public static boolean isLetterOrDigit(char c) {
    return bit(c) != 0;
  }

  public static boolean isLetterOrDigit(int codePoint) {
    if (codePoint >= 0 && codePoint <= Character.MAX_VALUE) return bit((char) codePoint) != 0;
    return Character.isLetterOrDigit(codePoint);
  }

  /** Number of letter and digit chars. */
  public static int count(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) n += bit(s.charAt(i));
    return n;
  }

  /** The letter and digit chars of s, in order. */
  public static String only(String s) {
    char[] chars = s.toCharArray();
    int n = keep(chars, 0, chars.length, 0);
    return n == chars.length ? s : new String(chars, 0, n);
  }

  /**
   * Moves the letters and digits of {@code chars[from..to)} to {@code chars[at..)}, in order, and
   * returns the end of them; {@code at <= from}, so a text is filtered in place.
   */
  public static int keep(char[] chars, int from, int to, int at) {
    for (int i = from; i < to; i++) {
      char c = chars[i];
      chars[at] = c;
      at += bit(c);
    }
    return at;
  }
}
