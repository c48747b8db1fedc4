package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.extract.Language;
import org.neardup.text.LanguageGuesser;

/**
 * Shingles (seed 001, Broder): the set of n-grams of a text, each hashed to 64 bits, compared by
 * Jaccard |A∩B| / |A∪B|. Chinese is shingled by characters (seed 001 uses 5), with punctuation
 * and white space removed so re-punctuated copies shingle the same; other text by words.
 */
public final class Shingles {
  private Shingles() {}

  /**
   * Sorted distinct shingle hashes of normalised text. Shingles do not span paragraph breaks, so a
   * copy with its paragraphs reordered has the same set; a paragraph shorter than n units is one
   * shingle. Empty for a text without letters or digits.
   */
  public static long[] of(String normalizedText, Language language, int charN, int wordN) {
    int n = language == Language.ZH ? charN : wordN;
    long[] out = new long[Math.max(16, normalizedText.length())];
    int size = 0;
    StringBuilder sb = new StringBuilder();
    for (String paragraph : normalizedText.split("\n")) {
      List<String> units = language == Language.ZH ? characters(paragraph) : words(paragraph);
      if (units.isEmpty()) continue;
      int count = Math.max(1, units.size() - n + 1);
      if (size + count > out.length) out = Arrays.copyOf(out, Math.max(out.length * 2, size + count));
      for (int i = 0; i < count; i++) {
        sb.setLength(0);
        for (int j = i; j < Math.min(i + n, units.size()); j++) sb.append(units.get(j)).append(' ');
        out[size++] = Hashes.murmur64(sb.toString());
      }
    }
    return Arrays.stream(out, 0, size).sorted().distinct().toArray();
  }

  /** Letters and digits one by one, Latin words kept whole (a mixed text's English stays words). */
  static List<String> characters(String text) {
    List<String> out = new ArrayList<>(text.length());
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (LanguageGuesser.isHan(cp) || (Character.isLetterOrDigit(cp) && !isLatinOrDigit(cp))) {
        out.add(new String(Character.toChars(cp)));
        i += Character.charCount(cp);
      } else if (isLatinOrDigit(cp)) {
        int j = i;
        while (j < text.length() && isLatinOrDigit(text.codePointAt(j))) j += Character.charCount(text.codePointAt(j));
        out.add(text.substring(i, j));
        i = j;
      } else {
        i += Character.charCount(cp);
      }
    }
    return out;
  }

  static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (Character.isLetterOrDigit(cp)) {
        int j = i;
        while (j < text.length() && Character.isLetterOrDigit(text.codePointAt(j))) j += Character.charCount(text.codePointAt(j));
        out.add(text.substring(i, j));
        i = j;
      } else {
        i += Character.charCount(cp);
      }
    }
    return out;
  }

  private static boolean isLatinOrDigit(int cp) {
    return (cp < 0x3000 && Character.isLetterOrDigit(cp) && !LanguageGuesser.isHan(cp));
  }

  /** Exact Jaccard of two sorted distinct hash arrays; 1 for two empty sets. */
  public static double jaccard(long[] a, long[] b) {
    if (a.length == 0 && b.length == 0) return 1.0;
    int i = 0;
    int j = 0;
    int common = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) { common++; i++; j++; }
      else if (a[i] < b[j]) i++;
      else j++;
    }
    return (double) common / (a.length + b.length - common);
  }
}
