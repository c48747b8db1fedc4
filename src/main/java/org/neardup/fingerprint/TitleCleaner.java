package org.neardup.fingerprint;

/**
 * Strips what sites add to a title ("最高法:用人单位隐匿加班证据应该担责_新闻中心_新浪网",
 * "Floods hit the north | World D"): the title is cut at the usual separators and the longest
 * piece kept, since the headline is nearly always longer than a site or channel name.
 */
public final class TitleCleaner {
  private TitleCleaner() {}

  /** Separators sites put between headline, channel and site name. */
  private static final String SEPARATORS = "_|–—-·:>»";

  /** Expects normalised text (NFKC: full-width ｜ and － are already ASCII). */
  public static String clean(String normalizedTitle) {
    String best = "";
    int start = 0;
    String t = normalizedTitle.strip();
    for (int i = 0; i <= t.length(); i++) {
      boolean sep = i == t.length() || isSeparator(t, i);
      if (sep) {
        String piece = t.substring(start, i).strip();
        if (weight(piece) > weight(best)) best = piece;
        start = i + 1;
      }
    }
    return best;
  }

  /** A separator char; '-' and ':' only with a space around them, so "covid-19" and "a:b" stay. */
  private static boolean isSeparator(String t, int i) {
    char c = t.charAt(i);
    if (SEPARATORS.indexOf(c) < 0) return false;
    if (c == '-' || c == ':') {
      boolean spaced = (i > 0 && t.charAt(i - 1) == ' ') || (i + 1 < t.length() && t.charAt(i + 1) == ' ');
      return spaced;
    }
    return true;
  }

  private static int weight(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isLetterOrDigit(c)) n += Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN ? 2 : 1;
    }
    return n;
  }
}
