package org.neardup.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BloomMathTest {

  @Test
  void goldenSizes() {
    // 10^9 pages at 1e-6: 28.76 G bits (3.35 GiB), 20 hash functions, 64 shards of 53.6 MiB
    assertEquals(28_755_175_132L, BloomMath.optimalNumOfBits(1_000_000_000L, 1e-6));
    assertEquals(20, BloomMath.optimalNumOfHashFunctions(1_000_000_000L, 28_755_175_132L));
    assertEquals(64, BloomMath.shards(28_755_175_132L, false));
    assertEquals(256, BloomMath.shards(28_755_175_132L, true));
    assertEquals(449_299_612L, BloomMath.cellsPerShard(28_755_175_132L, 64));
    // 10^8 pages: 343 MiB in 8 shards
    assertEquals(2_875_517_513L, BloomMath.optimalNumOfBits(100_000_000L, 1e-6));
    assertEquals(8, BloomMath.shards(2_875_517_513L, false));
    // 10^6 and 10^4: one shard
    assertEquals(28_755_175L, BloomMath.optimalNumOfBits(1_000_000L, 1e-6));
    assertEquals(1, BloomMath.shards(28_755_175L, false));
    assertEquals(287_551L, BloomMath.optimalNumOfBits(10_000L, 1e-6));
    // Guava's small case
    assertEquals(799, BloomMath.optimalNumOfBits(319, 0.3));
    assertEquals(2, BloomMath.optimalNumOfHashFunctions(319, 799));
  }

  @Test
  void sizedFilterMeetsItsTarget() {
    long m = BloomMath.optimalNumOfBits(1_000_000L, 1e-6);
    int k = BloomMath.optimalNumOfHashFunctions(1_000_000L, m);
    double p = BloomMath.expectedFpp(1_000_000L, m, k);
    assertTrue(p > 0.9e-6 && p < 1.1e-6, "p = " + p);
    assertEquals(9.5367431640625E-7, BloomMath.fppFromFill(0.5, 20), 1e-20); // 2^-20
  }

  @Test
  void goldenBlockedSizes() {
    // 512-cell blocks at 1e-6: 38.5 cells and 16 cells set per item (unblocked: 28.8 and 20)
    BloomMath.Blocked b = BloomMath.blockedSizing(1e-6, 512);
    assertEquals(38.513, b.cellsPerItem(), 1e-3);
    assertEquals(16, b.k());
    assertTrue(BloomMath.blockedFpp(b.cellsPerItem(), b.k(), 512) <= 1e-6);
    assertTrue(BloomMath.blockedFpp(b.cellsPerItem() - 0.05, b.k(), 512) > 1e-6);
    // the store's layout at 10^8 pages: 3.85 G bits (459 MiB, 4.8 bytes per page) in 8 shards
    IndexLayout l = new IndexLayout(IndexSettings.defaults("x"));
    assertEquals(3_851_341_824L, l.bloomCells());
    assertEquals(8, l.bloomShards());
    assertEquals(16, l.bloomK());
    assertEquals(0, l.bloomCellsPerShard() % 512);
    // at its expected load (fill 1 - e^(-k/c)) the estimate from fill is the target rate
    double fill = 1 - Math.exp(-b.k() / b.cellsPerItem());
    assertEquals(1e-6, BloomMath.blockedFppFromFill(fill, b.k(), 512), 1e-9);
    // a blocked filter is close to the unblocked one at high rates
    assertEquals(2, BloomMath.blockedSizing(0.3, 512).k());
  }

  @Test
  void blockedPositionsStayInOneBlockAndDiffer() {
    byte[] d = {0, 0, 0, 5, 0, 0, 0, 10, 0, 0, 0, 3, 0, 0, 0, 4};
    // block 10 of 100; cells 3 + i * 5 (h2 = 4, made odd)
    assertArrayEquals(new long[] {5123, 5128, 5133}, BloomMath.positions(d, 100 * 512, 3, 512));
    byte[] r = new byte[16];
    new java.util.Random(5).nextBytes(r);
    long[] p = BloomMath.positions(r, 1 << 20, 16, 512);
    assertEquals(16, java.util.Arrays.stream(p).distinct().count());
    for (long x : p) assertEquals(p[0] / 512, x / 512);
  }

  @Test
  void shardsNeverExceed64MiB() {
    for (long m = 1; m < 1L << 40; m = m * 3 + 1) {
      int s = BloomMath.shards(m, false);
      assertTrue(BloomMath.cellsPerShard(m, s) <= BloomMath.MAX_SHARD_BITS);
      int c = BloomMath.shards(m, true);
      assertTrue(BloomMath.cellsPerShard(m, c) * 4 <= BloomMath.MAX_SHARD_BITS);
    }
  }

  @Test
  void doubleHashingPositions() {
    byte[] d = {0, 0, 0, 5, 0, 0, 0, 10, 0, 0, 0, 3, 0, 0, 0, 0};
    assertArrayEquals(new int[] {3, 4, 5, 6}, BloomMath.cellsInBlock(d, 4, 512));
    assertEquals(1, BloomMath.shardOf(d, 4));
    byte[] high = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    int[] p = BloomMath.cellsInBlock(high, 3, 512);
    assertArrayEquals(new int[] {(int) (4294967295L % 512), (int) ((2 * 4294967295L) % 512),
        (int) ((3 * 4294967295L) % 512)}, p);
  }

  @Test
  void preconditionsNameTheBadValue() {
    var e = assertThrows(IllegalArgumentException.class, () -> BloomMath.optimalNumOfBits(0, 0.1));
    assertTrue(e.getMessage().contains("0"));
    e = assertThrows(IllegalArgumentException.class, () -> BloomMath.optimalNumOfBits(10, 1.5));
    assertTrue(e.getMessage().contains("1.5"));
    assertThrows(IllegalArgumentException.class, () -> BloomMath.optimalNumOfHashFunctions(10, 0));
  }
}
