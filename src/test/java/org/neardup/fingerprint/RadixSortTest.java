package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
      RadixSort.sort(a, n);
      assertArrayEquals(expected, a, "trial " + trial + ", n " + n);
    }
  }
}
