package org.neardup.text;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Normalised text to index terms. The chain, in order:
 *
 * <ol>
 *   <li>the text is expected already normalised ({@link TextNormalizer}), so full-width letters are
 *       ASCII and case is folded before anything is cut;
 *   <li>runs of Han characters go to the {@link Segmenter} (jieba, or maximum matching), runs of
 *       letters and digits become one word each, everything else separates;
 *   <li>stop words and tokens without a letter or digit are dropped.
 * </ol>
 *
 * Thread-safe: it holds only immutable parts and the shared segmenter; an analyzer from
 * {@link #forOnePage} is not.
 */
public final class TextAnalyzer {
  private final Segmenter segmenter;
  private final StopWords stopWords;

  public TextAnalyzer(Segmenter segmenter, StopWords stopWords) {
    this.segmenter = segmenter;
    this.stopWords = stopWords;
  }

  /** jieba SEARCH mode with the bundled stop words. */
  public static TextAnalyzer standard() {
    return new TextAnalyzer(Segmenter.of(Segmenter.Kind.JIEBA), StopWords.standard());
  }

  public static TextAnalyzer of(Segmenter.Kind kind) {
    return new TextAnalyzer(Segmenter.of(kind), StopWords.standard());
  }

  /**
   * An analyzer for the texts of one page (main text, title, keywords, description) that
   * segments each distinct Han run once ({@link Segmenter#remembering}). Not thread-safe.
   */
  public TextAnalyzer forOnePage() {
    return new TextAnalyzer(Segmenter.remembering(segmenter), stopWords);
  }

  /** Terms of normalised text, in text order, stop words removed. */
  public List<String> terms(String normalized) {
    List<String> out = new ArrayList<>();
    terms(normalized, out::add);
    return out;
  }

  /** The same terms, handed to {@code out} one by one as they are cut. */
  public void terms(String normalized, Consumer<String> out) {
    int n = normalized.length();
    int i = 0;
    while (i < n) {
      int cp = normalized.codePointAt(i);
      if (LanguageGuesser.isHan(cp)) {
        int j = i;
        while (j < n && LanguageGuesser.isHan(normalized.codePointAt(j))) {
          j += Character.charCount(normalized.codePointAt(j));
        }
        for (String w : segmenter.segment(normalized.substring(i, j))) keep(out, w);
        i = j;
      } else if (Letters.isLetterOrDigit(cp)) {
        int j = i;
        while (j < n) {
          int c = normalized.codePointAt(j);
          if (LanguageGuesser.isHan(c) || !(Letters.isLetterOrDigit(c) || isWordJoiner(normalized, j))) {
            break;
          }
          j += Character.charCount(c);
        }
        keep(out, normalized.substring(i, j));
        i = j;
      } else {
        i += Character.charCount(cp);
      }
    }
  }

  /** An apostrophe between letters joins a word ("don't"), so it can match the stop list. */
  private static boolean isWordJoiner(String s, int j) {
    return s.charAt(j) == '\'' && j > 0 && j + 1 < s.length()
        && Character.isLetter(s.charAt(j - 1)) && Character.isLetter(s.charAt(j + 1));
  }

  private void keep(Consumer<String> out, String token) {
    if (token.isEmpty() || stopWords.contains(token)) return;
    for (int k = 0; k < token.length(); k++) {
      if (Letters.isLetterOrDigit(token.charAt(k))) {
        out.accept(token);
        return;
      }
    }
  }
}
