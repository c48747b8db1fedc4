package org.neardup.text;

import java.text.Normalizer;
import java.util.Arrays;

/**
 * Brings text into the one form every fingerprint is computed on, so that copies differing only in
 * presentation (full-width digits, ，vs ,, a zero-width space, upper case, re-wrapped lines) get
 * identical fingerprints. Paragraph breaks ({@code '\n'}) survive; everything else is folded.
 *
 * <p>Order matters: NFKC first (it turns full-width forms into ASCII and may produce new
 * punctuation), then punctuation variants, then case, then white space.
 */
public final class TextNormalizer {
  private TextNormalizer() {}

  public static String normalize(CharSequence input) {
    if (input == null || input.length() == 0) return "";
    String s = compatible(input);
    // Written to a char[]: each code point adds at most one separator and itself, and a
    // separator only stands for a dropped white-space char, so the text's length is nearly
    // always enough (grown otherwise).
    char[] out = new char[s.length() + 2];
    int n = 0;
    boolean pendingSpace = false;
    boolean pendingBreak = false;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      int c;
      if (isPlain(cp) || cp <= Character.MAX_VALUE && Letters.isLetterOrDigit((char) cp)) {
        // Letters and digits of every script (Cyrillic, kana, Hangul, …) are none of the cases
        // below, so they skip the Unicode property lookups too (TextNormalizerTest, every char).
        c = cp;
      } else if (cp == ' ') {
        pendingSpace = n > 0;
        continue;
      } else {
        if (cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029) {
          pendingBreak = n > 0;
          pendingSpace = false;
          continue;
        }
        if (isInvisible(cp)) continue;
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
          pendingSpace = n > 0;
          continue;
        }
        c = foldPunctuation(cp);
      }
      if (n + 3 > out.length) out = Arrays.copyOf(out, out.length * 2 + 3);
      if (pendingBreak) {
        out[n++] = '\n';
      } else if (pendingSpace && needsSpace(out, n, c)) {
        out[n++] = ' ';
      }
      pendingBreak = false;
      pendingSpace = false;
      if (c < 0x80) out[n++] = (char) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
      else n += Character.toChars(Character.toLowerCase(c), out, n);
    }
    return new String(out, 0, n);
  }

  /**
   * {@code input} in NFKC, its case and everything else kept: the form in which names are read
   * ({@code TitleNames}, {@code TextNames}), which need capitals and underscores as code writes
   * them, while a repost that writes {@code ＷｅＷｏｒｋ} in full-width letters still names
   * {@code WeWork}. "" for null.
   */
  public static String compatible(CharSequence input) {
    if (input == null || input.length() == 0) return "";
    // Most Latin texts are already in NFKC, and the check is a quarter of the cost of normalising.
    return Normalizer.isNormalized(input, Normalizer.Form.NFKC)
        ? input.toString() : Normalizer.normalize(input, Normalizer.Form.NFKC);
  }

  /**
   * Printable ASCII and the CJK Unified Ideographs U+4E00..U+9FEA (all assigned letters), most
   * characters of every page: not a break, invisible, white space or a punctuation variant, so
   * the per-character Unicode property lookups below are skipped for them.
   */
  static boolean isPlain(int cp) {
    return (cp > ' ' && cp < 0x7F) || (cp >= 0x4E00 && cp <= 0x9FEA);
  }

  /**
   * One form per punctuation class. NFKC already maps ，！？；： to ASCII; these are the variants
   * it leaves alone. The ideographic full stop 。 stays itself: mapping it to '.' would make
   * "3.5" look like a sentence end.
   */
  static int foldPunctuation(int cp) {
    switch (cp) {
      case 0x3001: // 、 ideographic comma (enumerations)
      case 0xFF64: // ､ halfwidth ideographic comma
        return 0x3001;
      case 0xFF61: // ｡ halfwidth ideographic full stop
        return 0x3002;
      case 0x201C: case 0x201D: case 0x201E: case 0x201F: case 0x300C: case 0x300D:
      case 0x300E: case 0x300F: case 0x00AB: case 0x00BB: case 0x2033:
        return '"';
      case 0x2018: case 0x2019: case 0x201A: case 0x201B: case 0x2032:
        return '\'';
      case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212:
        return '-';
      case 0x2026: // … keeps its meaning as one sentence end
        return 0x2026;
      case 0x3010: case 0x3014: case 0x3016: // 【 〔 〖
        return '[';
      case 0x3011: case 0x3015: case 0x3017:
        return ']';
      case 0x300A: case 0x3008: // 《 〈
        return '<';
      case 0x300B: case 0x3009:
        return '>';
      default:
        return cp;
    }
  }

  /** Zero-width characters, BOMs, soft hyphens and control characters carry no text. */
  static boolean isInvisible(int cp) {
    if (cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF
        || cp == 0x00AD || cp == 0x180E) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.CONTROL || type == Character.FORMAT || type == Character.UNASSIGNED
        || type == Character.PRIVATE_USE;
  }

  /** A space between two Han characters is layout, not text; between words it separates them. */
  private static boolean needsSpace(char[] out, int length, int next) {
    int prev = Character.codePointBefore(out, length);
    return !(LanguageGuesser.isHan(prev) || LanguageGuesser.isHan(next)
        || isCjkPunctuation(prev) || isCjkPunctuation(next));
  }

  static boolean isCjkPunctuation(int cp) {
    return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFF65);
  }
}
