package org.neardup.fingerprint;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.neardup.text.Letters;

/**
 * Keyword fingerprints (docs/METHODS.md). T = the page's n heaviest terms by TF-IDF (about 10 is
 * best, by the Tianwang search engine's experience) with weights W, normalised to sum 1 so long
 * and short copies compare. Five rules call two pages copies:
 *
 * <ol>
 *   <li>MD5(Des) equal: the description (meta description, else the text's first 512 bytes) is the same;
 *   <li>MD5(Con) equal: the n keywords in the same weight order;
 *   <li>MD5(Sort) equal: the same n keywords, weights aside;
 *   <li>rule 2 and Σ(wi − wj)² / (Σwi² + Σwj²) &lt; a;
 *   <li>rule 3 and the same weight test, with weights aligned by term.
 * </ol>
 */
public record KeywordFingerprint(
    long desHash, long conHash, long sortHash, String[] terms, double[] weights) {

  /** Bytes of text taken as the description when a page has none (Baidu is said to take 512). */
  public static final int DESCRIPTION_BYTES = 512;

  public static KeywordFingerprint of(List<TermWeights.Weighted> top, String description, String normalizedText) {
    String des = description.isBlank() ? firstBytes(normalizedText, DESCRIPTION_BYTES) : description;
    String[] terms = new String[top.size()];
    double[] weights = new double[top.size()];
    double sum = 0;
    for (TermWeights.Weighted w : top) sum += w.weight();
    for (int i = 0; i < top.size(); i++) {
      terms[i] = top.get(i).term();
      weights[i] = sum == 0 ? 0 : top.get(i).weight() / sum;
    }
    String[] sorted = terms.clone();
    Arrays.sort(sorted);
    return new KeywordFingerprint(
        des.isBlank() ? 0 : Hashes.md5Long(Letters.only(des)),
        terms.length == 0 ? 0 : Hashes.md5Long(String.join(",", terms)),
        terms.length == 0 ? 0 : Hashes.md5Long(String.join(",", sorted)),
        terms, weights);
  }

  /** Which of the five rules hold for a pair. */
  public record Rules(boolean des, boolean con, boolean sort, boolean conWeighted,
      boolean sortWeighted, double conDistance, double sortDistance) {
    public int count() {
      return (des ? 1 : 0) + (con ? 1 : 0) + (sort ? 1 : 0) + (conWeighted ? 1 : 0) + (sortWeighted ? 1 : 0);
    }
  }

  public Rules compare(KeywordFingerprint o, double a) {
    boolean des = desHash != 0 && desHash == o.desHash;
    boolean con = conHash != 0 && conHash == o.conHash;
    boolean sort = sortHash != 0 && sortHash == o.sortHash;
    double conD = con ? distance(weights, o.weights) : Double.NaN;
    double sortD = sort ? distance(byTerm(), o.byTerm()) : Double.NaN;
    return new Rules(des, con, sort, con && conD < a, sort && sortD < a, conD, sortD);
  }

  /** Σ(wi − wj)² / (Σwi² + Σwj²): 0 for equal weights, at most 1. */
  static double distance(double[] wi, double[] wj) {
    double num = 0;
    double den = 0;
    for (int k = 0; k < Math.min(wi.length, wj.length); k++) {
      num += (wi[k] - wj[k]) * (wi[k] - wj[k]);
      den += wi[k] * wi[k] + wj[k] * wj[k];
    }
    return den == 0 ? 0 : num / den;
  }

  private double[] byTerm() {
    Integer[] idx = new Integer[terms.length];
    for (int i = 0; i < idx.length; i++) idx[i] = i;
    Arrays.sort(idx, Comparator.comparing(i -> terms[i]));
    double[] out = new double[idx.length];
    for (int i = 0; i < idx.length; i++) out[i] = weights[idx[i]];
    return out;
  }

  /** The longest prefix of s whose UTF-8 encoding fits in maxBytes. */
  static String firstBytes(String s, int maxBytes) {
    int bytes = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + n > maxBytes) break;
      bytes += n;
      i += Character.charCount(cp);
    }
    return s.substring(0, i);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeywordFingerprint k && desHash == k.desHash && conHash == k.conHash
        && sortHash == k.sortHash && Arrays.equals(terms, k.terms) && Arrays.equals(weights, k.weights);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(conHash) * 31 + Long.hashCode(sortHash);
  }
}
