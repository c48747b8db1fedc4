package org.neardup.extract;

/**
 * Copyright lines and disclaimers: never main text, however prose-like.
 *
 * <p>Hand-written equivalents of two case-insensitive (ASCII) regular expressions, which {@code
 * MainContentExtractorTest} fuzzes them against:
 *
 * <pre>
 * DISCLAIMER, at the start: [【\[(（]?(免责声明|特别声明|郑重声明|本站郑重声明|声明：|违法和不良信息举报|disclaimer:)
 * COPYRIGHT, anywhere:      ©|\(c\)\s*\d{4}|copyright|all rights reserved|版权所有|版权声明|未经授权|ICP备|ICP证
 * </pre>
 *
 * This runs on every short paragraph and every output line. The regular expressions cost about a
 * microsecond per English line (every 'c', 'a' and 'i' starts a trial of the alternatives); one
 * pass with a switch on each character costs a fraction of that.
 */
final class SmallPrint {

  private static final String[] DISCLAIMERS = {"免责声明", "特别声明", "郑重声明", "本站郑重声明",
      "声明：", "违法和不良信息举报", "disclaimer:"};

  private SmallPrint() {}

  /** Whether the stripped {@code text} is a disclaimer, or a copyright line of at most 200 chars. */
  static boolean is(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && Character.isWhitespace(text.charAt(start))) start++;
    while (end > start && Character.isWhitespace(text.charAt(end - 1))) end--;
    return isDisclaimer(text, start, end) || (end - start <= 200 && hasCopyright(text, start, end));
  }

  private static boolean isDisclaimer(String s, int start, int end) {
    if (start == end) return false;
    char first = s.charAt(start);
    int at = first == '【' || first == '[' || first == '(' || first == '（' ? start + 1 : start;
    for (String word : DISCLAIMERS) {
      if (matchesAt(s, at, end, word)) return true;
    }
    return false;
  }

  private static boolean hasCopyright(String s, int start, int end) {
    for (int i = start; i < end; i++) {
      switch (s.charAt(i)) {
        case '©':
          return true;
        case '(':
          if (isYearNotice(s, i, end)) return true;
          break;
        case 'c', 'C':
          if (matchesAt(s, i, end, "copyright")) return true;
          break;
        case 'a', 'A':
          if (matchesAt(s, i, end, "all rights reserved")) return true;
          break;
        case '版':
          if (matchesAt(s, i, end, "版权所有") || matchesAt(s, i, end, "版权声明")) return true;
          break;
        case '未':
          if (matchesAt(s, i, end, "未经授权")) return true;
          break;
        case 'i', 'I':
          if (matchesAt(s, i, end, "icp备") || matchesAt(s, i, end, "icp证")) return true;
          break;
        default:
          break;
      }
    }
    return false;
  }

  /** {@code \(c\)\s*\d{4}} at {@code i}. */
  private static boolean isYearNotice(String s, int i, int end) {
    if (!matchesAt(s, i, end, "(c)")) return false;
    int k = i + 3;
    while (k < end && isRegexSpace(s.charAt(k))) k++;
    if (k + 4 > end) return false;
    for (int d = k; d < k + 4; d++) {
      char c = s.charAt(d);
      if (c < '0' || c > '9') return false;
    }
    return true;
  }

  /** {@code word} (lower case) at {@code at}, ASCII letters compared case-insensitively. */
  private static boolean matchesAt(String s, int at, int end, String word) {
    if (at + word.length() > end) return false;
    for (int k = 0; k < word.length(); k++) {
      char c = s.charAt(at + k);
      if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
      if (c != word.charAt(k)) return false;
    }
    return true;
  }

  /** The regular expressions' {@code \s}: space, tab, line feed, vertical tab, form feed, CR. */
  private static boolean isRegexSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }
}
