package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neardup.fingerprint.MatchThresholds;

/** The sweepable thresholds have one home, MatchThresholds.SWEEPABLE; eval's grids and defaults follow it. */
class SweepKeysTest {
  @Test
  void everySweepableThresholdHasAGridThatHoldsItsDefault() {
    Map<String, double[]> grids = Evaluator.sweepGrids();
    assertEquals(MatchThresholds.SWEEPABLE, new ArrayList<>(grids.keySet()));
    MatchThresholds d = MatchThresholds.defaults();
    for (String k : MatchThresholds.SWEEPABLE) {
      double v = d.get(k);
      assertTrue(Arrays.stream(grids.get(k)).anyMatch(g -> Math.abs(g - v) < 1e-9),
          k + ": the grid " + Arrays.toString(grids.get(k)) + " misses the default " + v);
    }
  }

  @Test
  void getReadsWhatWithChangesAndNothingElse() {
    MatchThresholds d = MatchThresholds.defaults();
    for (String k : MatchThresholds.SWEEPABLE) {
      MatchThresholds changed = d.with(k, 0.123);
      for (String other : MatchThresholds.SWEEPABLE) {
        assertEquals(other.equals(k) ? 0.123 : d.get(other), changed.get(other), k + " -> " + other);
      }
      assertEquals(d, d.with(k, d.get(k)));
    }
    assertThrows(IllegalArgumentException.class, () -> d.get("simhash_distance"));
  }
}
