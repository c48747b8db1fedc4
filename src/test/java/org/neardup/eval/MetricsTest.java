package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.Method;

class MetricsTest {
  @Test
  void precisionRecallF1() {
    Counts c = new Counts(8, 2, 4, 6);
    assertEquals(0.8, c.precision(), 1e-12);
    assertEquals(8.0 / 12, c.recall(), 1e-12);
    assertEquals(2 * 0.8 * (8.0 / 12) / (0.8 + 8.0 / 12), c.f1(), 1e-12);
    assertEquals(0.25, c.fpRate(), 1e-12);
    assertEquals(1.0, new Counts(0, 0, 5, 5).precision()); // nothing called: no false alarm
    assertEquals(0.0, new Counts(0, 0, 5, 5).f1());
    assertEquals(new Counts(1, 1, 1, 1), Counts.of(new boolean[] {true, true, false, false}, new boolean[] {true, false, true, false}));
  }

  static final Sweep.Spec JACCARD = new Sweep.Spec(Method.SHINGLES, false, new double[] {0.2, 0.4, 0.6, 0.8}, 0.4, "Jaccard ≥");
  static final Sweep.Spec HAMMING = new Sweep.Spec(Method.SIMHASH, true, new double[] {0, 1, 2, 3, 4}, 3, "Hamming ≤");

  @Test
  void sweepAndBestThresholdOnHandMadeScores() {
    double[] scores = {0.9, 0.7, 0.65, 0.5, 0.45, 0.3, 0.1};
    boolean[] truth = {true, true, true, false, true, false, false};
    List<Sweep.Point> pts = Sweep.grid(JACCARD, scores, truth);
    assertEquals(new Counts(4, 2, 0, 1), pts.get(0).counts()); // >= 0.2
    assertEquals(new Counts(4, 1, 0, 2), pts.get(1).counts()); // >= 0.4
    assertEquals(new Counts(3, 0, 1, 3), pts.get(2).counts()); // >= 0.6
    assertEquals(new Counts(1, 0, 3, 3), pts.get(3).counts()); // >= 0.8
    // F1: 0.8, 0.889, 0.857, 0.4
    assertEquals(0.4, Sweep.best(pts, 0.4).threshold());
  }

  @Test
  void distancesAreDuplicatesAtOrBelowTheThreshold() {
    double[] d = {0, 1, 2, 5, 9};
    boolean[] truth = {true, true, false, false, false};
    List<Sweep.Point> pts = Sweep.grid(HAMMING, d, truth);
    assertEquals(new Counts(2, 0, 0, 3), pts.get(1).counts());
    assertEquals(1.0, Sweep.best(pts, 3).threshold());
  }

  @Test
  void tiesGoToHigherPrecisionThenNearestTheDefault() {
    // same F1 at both: (tp 2, fp 0, fn 2) P=1 R=.5 F1=.667 ; (tp 4, fp 4, fn 0) P=.5 R=1 F1=.667
    List<Sweep.Point> pts = List.of(new Sweep.Point(0.2, new Counts(4, 4, 0, 0)), new Sweep.Point(0.8, new Counts(2, 0, 2, 4)));
    assertEquals(0.8, Sweep.best(pts, 0.2).threshold());
    List<Sweep.Point> same = List.of(new Sweep.Point(0.2, new Counts(2, 0, 0, 2)), new Sweep.Point(0.4, new Counts(2, 0, 0, 2)),
        new Sweep.Point(0.6, new Counts(2, 0, 0, 2)));
    assertEquals(0.6, Sweep.best(same, 0.7).threshold());
    assertEquals(0.2, Sweep.best(same, 0.1).threshold());
  }

  @Test
  void prCurveGoesFromStrictToLoose() {
    double[] scores = {0.9, 0.7, 0.5, 0.3};
    boolean[] truth = {true, false, true, false};
    List<double[]> pr = Sweep.prCurve(JACCARD, scores, truth);
    assertEquals(4, pr.size());
    assertEquals(0.5, pr.get(0)[0], 1e-12); // recall after the first
    assertEquals(1.0, pr.get(0)[1], 1e-12);
    assertEquals(1.0, pr.get(3)[0], 1e-12);
    assertEquals(0.5, pr.get(3)[1], 1e-12);
  }

  @Test
  void specsCarryTheConfiguredDefaults() {
    MatchThresholds d = MatchThresholds.defaults();
    for (Sweep.Spec s : Sweep.specs(d)) {
      if (s.method() == Method.SIMHASH) assertEquals(d.simhashDistance(), s.defaultThreshold());
      if (s.method() == Method.MINHASH) assertEquals(d.jaccard(), s.defaultThreshold());
    }
  }
}
