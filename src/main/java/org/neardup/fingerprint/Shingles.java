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

  /** Sorted distinct shingle hashes of normalised text; empty when the text has fewer than n units. */
  public static long[] of(String normalizedText, Language language, int charN, int wordN) {
    List<String> units = language == Language.ZH ? characters(normalizedText) : words(normalizedText);
    int n = language == Language.ZH ? charN : wordN;
    if (units.size() < n) {
      return units.isEmpty() ? new long[0] : new long[] {Hashes.murmur64(String.join(" ", units))};
    }
    long[] out = new long[units.size() - n + 1];
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i + n <= units.size(); i++) {
      sb.setLength(0);
      for (int j = i; j < i + n; j++) sb.append(units.get(j)).append(' ');
      out[i] = Hashes.murmur64(sb.toString());
    }
    return Arrays.stream(out).sorted().distinct().toArray();
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
