package org.neardup.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits normalised text into sentences at Chinese and Latin sentence ends (。！？；… and .!?;) and
 * at paragraph breaks. A '.' ends a sentence only before white space or the end, so "3.5" and
 * "www.example.com" stay whole.
 */
public final class SentenceSplitter {
  private SentenceSplitter() {}

  public static List<Sentence> split(String text) {
    List<Sentence> out = new ArrayList<>();
    int start = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      boolean end;
      if (c == '\n') {
        end = true;
      } else if (c == '.') {
        end = i + 1 == n || Character.isWhitespace(text.charAt(i + 1));
      } else {
        end = isTerminator(c);
      }
      if (end) {
        add(out, text, start, i, c == '\n' ? 0 : c);
        start = i + 1;
      }
    }
    add(out, text, start, n, (char) 0);
    return out;
  }

  /** Sentence ends other than '.', which needs context. */
  public static boolean isTerminator(char c) {
    return c == '。' || c == '!' || c == '?' || c == ';' || c == '…' || c == '！' || c == '？'
        || c == '；';
  }

  private static void add(List<Sentence> out, String text, int from, int to, char terminator) {
    int s = from;
    int e = to;
    while (s < e && Character.isWhitespace(text.charAt(s))) s++;
    while (e > s && Character.isWhitespace(text.charAt(e - 1))) e--;
    if (e > s) {
      out.add(new Sentence(text.substring(s, e), s, terminator == 0 ? e : to + 1, terminator));
    }
  }
}
