package org.neardup.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.Method;

/**
 * Threshold sweeps over one method's pair scores: the confusion matrix at each threshold of a grid,
 * the best threshold (highest F1; ties go to the higher precision, then to the threshold nearest the
 * default), and the precision-recall curve over every distinct score.
 */
public final class Sweep {
  private Sweep() {}

  /** A threshold and what it gives. */
  public record Point(double threshold, Counts counts) {}

  /**
   * How a method is swept: a pair is a duplicate at threshold t when score ≤ t (distances) or
   * score ≥ t (similarities).
   */
  public record Spec(Method method, boolean lowerIsDuplicate, double[] grid, double defaultThreshold, String unit) {
    public boolean duplicate(double score, double t) {
      return lowerIsDuplicate ? score <= t + 1e-9 : score >= t - 1e-9;
    }
  }

  static double[] range(double from, double to, double step) {
    int n = (int) Math.round((to - from) / step) + 1;
    double[] out = new double[n];
    for (int i = 0; i < n; i++) out[i] = Math.round((from + i * step) * 1000) / 1000.0;
    return out;
  }

  /** The swept methods with their grids and the defaults they are compared with. */
  public static List<Spec> specs(MatchThresholds d) {
    return List.of(
        new Spec(Method.SIMHASH, true, range(0, 10, 1), d.simhashDistance(), "Hamming distance ≤"),
        new Spec(Method.SHINGLES, false, range(0.1, 0.95, 0.05), d.jaccard(), "Jaccard ≥"),
        new Spec(Method.MINHASH, false, range(0.1, 0.95, 0.05), d.jaccard(), "estimated Jaccard ≥"),
        new Spec(Method.CONTAINMENT, false, range(0.5, 1.0, 0.05), d.containment(), "containment ≥"),
        new Spec(Method.SENTENCE_BOUNDARY, false, range(1, 4.5, 0.5), d.sentenceScore(), "weighted score ≥"),
        new Spec(Method.LONGEST_SENTENCES, false, range(0.1, 1.0, 0.1), d.longestOverlap(), "overlap share ≥"),
        new Spec(Method.SEGMENTS, false, range(1, 6, 1), d.segmentsToMatch(), "matching segments ≥"));
  }

  public static Counts at(Spec spec, double[] scores, boolean[] truth, double t) {
    long tp = 0, fp = 0, fn = 0, tn = 0;
    for (int i = 0; i < scores.length; i++) {
      boolean p = spec.duplicate(scores[i], t);
      if (truth[i]) {
        if (p) tp++; else fn++;
      } else {
        if (p) fp++; else tn++;
      }
    }
    return new Counts(tp, fp, fn, tn);
  }

  public static List<Point> grid(Spec spec, double[] scores, boolean[] truth) {
    List<Point> out = new ArrayList<>();
    for (double t : spec.grid()) out.add(new Point(t, at(spec, scores, truth, t)));
    return out;
  }

  public static Point best(List<Point> points, double defaultThreshold) {
    Point best = null;
    for (Point p : points) {
      if (best == null) {
        best = p;
        continue;
      }
      int c = Double.compare(p.counts().f1(), best.counts().f1());
      if (Math.abs(p.counts().f1() - best.counts().f1()) < 1e-12) c = 0;
      if (c == 0) c = Double.compare(p.counts().precision(), best.counts().precision());
      if (c == 0) c = Double.compare(Math.abs(best.threshold() - defaultThreshold), Math.abs(p.threshold() - defaultThreshold));
      if (c > 0) best = p;
    }
    return best;
  }

  /** Precision-recall points (recall, precision) over every distinct score, from strictest to loosest. */
  public static List<double[]> prCurve(Spec spec, double[] scores, boolean[] truth) {
    Integer[] idx = new Integer[scores.length];
    for (int i = 0; i < idx.length; i++) idx[i] = i;
    Arrays.sort(idx, (x, y) -> spec.lowerIsDuplicate() ? Double.compare(scores[x], scores[y]) : Double.compare(scores[y], scores[x]));
    long positives = 0;
    for (boolean b : truth) if (b) positives++;
    List<double[]> out = new ArrayList<>();
    long tp = 0, fp = 0;
    for (int k = 0; k < idx.length; k++) {
      if (truth[idx[k]]) tp++; else fp++;
      boolean last = k == idx.length - 1 || scores[idx[k + 1]] != scores[idx[k]];
      if (last) out.add(new double[] {positives == 0 ? 0 : (double) tp / positives, (double) tp / (tp + fp), scores[idx[k]]});
    }
    return out;
  }
}
