package org.neardup.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The article-body metric of the scrapinghub article-extraction-benchmark (its {@code
 * evaluate.py}), so our figures compare with the published ones: 4-token shingles of {@code \w+}
 * tokens, true/false positives and negatives counted per page over shingle multisets and
 * normalised per page (long pages must not weigh more), precision and recall averaged over pages,
 * F1 from the two means.
 *
 * <p>One deliberate difference: each CJK character is a token of its own. Python's {@code \w+}
 * would make a whole Chinese sentence one token, which turns the metric into all-or-nothing per
 * sentence. Pure functions only.
 */
public final class ExtractionEval {

  /** Shingle length used by the benchmark. */
  public static final int SHINGLE = 4;

  private static final Pattern WORD = Pattern.compile("\\w+", Pattern.UNICODE_CHARACTER_CLASS);

  /** Normalised per-page counts; they sum to 1 unless both texts are empty (then all 0). */
  public record Counts(double tp, double fp, double fn) {
    /** Precision as in evaluate.py: 1 when nothing is wrong, 0 when nothing is right. */
    public double precision() {
      if (fp == 0 && fn == 0) return 1;
      if (tp == 0 && fp == 0) return 0;
      return tp / (tp + fp);
    }

    public double recall() {
      if (fp == 0 && fn == 0) return 1;
      if (tp == 0 && fn == 0) return 0;
      return tp / (tp + fn);
    }
  }

  /** Corpus-level figures. */
  public record Scores(double precision, double recall, double f1) {}

  private ExtractionEval() {}

  /** {@code \w+} tokens, with every CJK character split off as a token of its own. */
  public static List<String> tokens(String text) {
    List<String> tokens = new ArrayList<>();
    if (text == null) return tokens;
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      String word = m.group();
      int start = 0;
      for (int i = 0; i < word.length(); ) {
        int cp = word.codePointAt(i);
        int next = i + Character.charCount(cp);
        if (isCjk(cp)) {
          if (start < i) tokens.add(word.substring(start, i));
          tokens.add(word.substring(i, next));
          start = next;
        }
        i = next;
      }
      if (start < word.length()) tokens.add(word.substring(start));
    }
    return tokens;
  }

  /**
   * Multiset of {@code n}-token shingles. As in evaluate.py, a text of fewer than n tokens yields
   * one shorter shingle, and an empty text none.
   */
  public static Map<List<String>, Integer> shingles(String text, int n) {
    List<String> tokens = tokens(text);
    Map<List<String>, Integer> counts = new HashMap<>();
    for (int i = 0; i < Math.max(1, tokens.size() - n + 1); i++) {
      List<String> shingle = tokens.subList(i, Math.min(tokens.size(), i + n));
      if (!shingle.isEmpty()) counts.merge(List.copyOf(shingle), 1, Integer::sum);
    }
    return counts;
  }

  /** Compares a prediction with the gold text of one page. */
  public static Counts match(String gold, String predicted) {
    Map<List<String>, Integer> g = shingles(gold, SHINGLE);
    Map<List<String>, Integer> p = shingles(predicted, SHINGLE);
    Set<List<String>> keys = new HashSet<>(g.keySet());
    keys.addAll(p.keySet());
    double tp = 0;
    double fp = 0;
    double fn = 0;
    for (List<String> key : keys) {
      int gc = g.getOrDefault(key, 0);
      int pc = p.getOrDefault(key, 0);
      tp += Math.min(gc, pc);
      fp += Math.max(0, pc - gc);
      fn += Math.max(0, gc - pc);
    }
    double sum = tp + fp + fn;
    return sum > 0 ? new Counts(tp / sum, fp / sum, fn / sum) : new Counts(0, 0, 0);
  }

  /**
   * Mean precision over pages with a prediction (tp + fp > 0), mean recall over pages with gold
   * text (tp + fn > 0), F1 of the two means; exactly evaluate.py's {@code metrics_from_tp_fp_fns}.
   */
  public static Scores aggregate(List<Counts> pages) {
    double p = 0;
    int pn = 0;
    double r = 0;
    int rn = 0;
    for (Counts c : pages) {
      if (c.tp() + c.fp() > 0) {
        p += c.precision();
        pn++;
      }
      if (c.tp() + c.fn() > 0) {
        r += c.recall();
        rn++;
      }
    }
    double precision = pn == 0 ? 0 : p / pn;
    double recall = rn == 0 ? 0 : r / rn;
    double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    return new Scores(precision, recall, f1);
  }

  private static boolean isCjk(int cp) {
    Character.UnicodeScript s = Character.UnicodeScript.of(cp);
    return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
        || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL;
  }
}
