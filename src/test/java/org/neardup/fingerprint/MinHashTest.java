package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MinHashTest {
  @Test
  void branchFreeMinIsMathMin() {
    long[] edge = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -2, -1, 0, 1, 2, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    for (long a : edge) for (long b : edge) assertEquals(Math.min(a, b), MinHash.min(a, b), a + " " + b);
    Random rnd = new Random(3);
    for (int i = 0; i < 1_000_000; i++) {
      long a = rnd.nextLong();
      long b = i % 2 == 0 ? rnd.nextLong() : a + rnd.nextInt(5) - 2;
      assertEquals(Math.min(a, b), MinHash.min(a, b));
    }
  }

  /** The signature is, per seed, the smallest fmix64(shingle XOR seed). */
  @Test
  void signatureIsTheMinimumPerSeed() {
    MinHash mh = new MinHash(128, 0x5eed_d00dL);
    long[] shingles = new Random(9).longs(500).sorted().toArray();
    long[] expected = new long[128];
    long x = 0x5eed_d00dL;
    for (int i = 0; i < 128; i++) {
      x += 0x9e3779b97f4a7c15L;
      long seed = Hashes.fmix64(x);
      expected[i] = Long.MAX_VALUE;
      for (long s : shingles) expected[i] = Math.min(expected[i], Hashes.fmix64(s ^ seed));
    }
    assertArrayEquals(expected, mh.signature(shingles));
  }
}
