package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RadixSortTest {
  @Test
  void sortsLikeArraysSort() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 400; trial++) {
      int n = rnd.nextInt(3000);
      long[] a = new long[n + rnd.nextInt(5)]; // slack past n stays untouched
      int kind = trial % 4;
      for (int i = 0; i < a.length; i++) {
        a[i] = switch (kind) {
          case 0 -> rnd.nextLong();                                  // hashes
          case 1 -> (long) rnd.nextInt(40) << 32 | rnd.nextInt(500); // packed keys
          case 2 -> rnd.nextInt(7) - 3;                              // few values, negatives
          default -> trial % 8 == 3 ? Long.MIN_VALUE : Long.MAX_VALUE; // all equal
        };
      }
      long[] expected = a.clone();
      Arrays.sort(expected, 0, n);
      long[] spread = a.clone();
      RadixSort.sort(a, n);
      assertArrayEquals(expected, a, "trial " + trial + ", n " + n);
      RadixSort.sortSpread(spread, n);
      assertArrayEquals(expected, spread, "spread, trial " + trial + ", n " + n);
    }
  }

  @Test
  void carriesValuesStably() {
    Random rnd = new Random(11);
    for (int trial = 0; trial < 200; trial++) {
      int n = rnd.nextInt(700);
      long[] keys = new long[n];
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        keys[i] = trial % 2 == 0 ? rnd.nextLong() : rnd.nextInt(9) - 4; // many equal keys
        order[i] = i;
      }
      long[] original = keys.clone();
      Arrays.sort(order, (a, b) -> Long.compare(original[a], original[b])); // stable
      int[] values = new int[n];
      for (int i = 0; i < n; i++) values[i] = i;
      RadixSort.sort(keys, values, n);
      for (int i = 0; i < n; i++) {
        assertEquals(order[i], values[i], "trial " + trial);
        assertEquals(original[order[i]], keys[i]);
      }
    }
  }

  @Test
  void sortableDoublesOrderLikeDoubleCompare() {
    double[] d = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, -0.0, 0.0,
        Double.MIN_VALUE, 1e-300, 1, 8, 20, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN};
    for (double a : d) {
      for (double b : d) {
        assertEquals(Integer.signum(Double.compare(a, b)),
            Long.signum(Long.compare(RadixSort.sortable(a), RadixSort.sortable(b))), a + " vs " + b);
      }
    }
  }
}
