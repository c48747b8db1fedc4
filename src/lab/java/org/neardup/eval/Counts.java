package org.neardup.eval;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A confusion matrix. Precision is 1 when nothing was called a duplicate (no false alarm was
 * raised); F1 is 0 when there is no true positive.
 */
public record Counts(long tp, long fp, long fn, long tn) {
  public static final Counts ZERO = new Counts(0, 0, 0, 0);

  public static Counts of(boolean[] truth, boolean[] predicted) {
    long tp = 0, fp = 0, fn = 0, tn = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i]) {
        if (predicted[i]) tp++; else fn++;
      } else {
        if (predicted[i]) fp++; else tn++;
      }
    }
    return new Counts(tp, fp, fn, tn);
  }

  public Counts add(boolean truth, boolean predicted) {
    return truth ? (predicted ? new Counts(tp + 1, fp, fn, tn) : new Counts(tp, fp, fn + 1, tn))
        : (predicted ? new Counts(tp, fp + 1, fn, tn) : new Counts(tp, fp, fn, tn + 1));
  }

  public Counts plus(Counts o) {
    return new Counts(tp + o.tp, fp + o.fp, fn + o.fn, tn + o.tn);
  }

  public long positives() {
    return tp + fn;
  }

  public long negatives() {
    return fp + tn;
  }

  public long total() {
    return tp + fp + fn + tn;
  }

  public double precision() {
    return tp + fp == 0 ? 1.0 : (double) tp / (tp + fp);
  }

  public double recall() {
    return tp + fn == 0 ? 0.0 : (double) tp / (tp + fn);
  }

  public double f1() {
    if (tp == 0) return 0.0;
    double p = precision();
    double r = recall();
    return 2 * p * r / (p + r);
  }

  /** False-positive rate: share of the negatives called duplicates. */
  public double fpRate() {
    return fp + tn == 0 ? 0.0 : (double) fp / (fp + tn);
  }

  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tp", tp);
    m.put("fp", fp);
    m.put("fn", fn);
    m.put("tn", tn);
    m.put("precision", round(precision()));
    m.put("recall", round(recall()));
    m.put("f1", round(f1()));
    m.put("fp_rate", round(fpRate()));
    return m;
  }

  static double round(double v) {
    return Math.round(v * 10000) / 10000.0;
  }
}
