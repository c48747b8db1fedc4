package org.neardup.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class IndexLayoutTest {

  @Test
  void mankuTablesForFourBlocks() {
    IndexLayout l = new IndexLayout(IndexSettings.defaults("x"));
    assertEquals(4, l.simhashTables());
    assertEquals(0xFFFF_0000_0000_0000L, l.simhashMask(0));
    assertEquals(0x0000_0000_0000_FFFFL, l.simhashMask(3));
    assertEquals(16, l.bloomK());
    assertEquals(8, l.bloomShards());
    assertEquals(2_083_334, l.registryKeys());
  }

  @Test
  void sixBlocksGiveTwentyTablesOfUnevenBlocks() {
    IndexLayout l = new IndexLayout(new IndexSettings("x", 1000, 1e-6, false, true, 3, 6, 8, 2, 32));
    assertEquals(20, l.simhashTables());
    assertEquals(0xFFFF_FFFF_8000_0000L, l.simhashMask(0)); // blocks of 11, 11, 11
    assertEquals(0x0000_0000_7FFF_FFFFL, l.simhashMask(19)); // blocks of 11, 10, 10
  }

  @Test
  void everyNeighbourWithinKSharesABucket() {
    Random r = new Random(7);
    for (int blocks = 2; blocks <= 8; blocks++) {
      for (int k = 0; k < blocks; k++) {
        IndexLayout l = new IndexLayout(new IndexSettings("x", 1000, 1e-3, false, true, k, blocks, 1, 1, 1));
        for (int i = 0; i < 200; i++) {
          long a = r.nextLong();
          long b = a;
          for (int j = 0; j < k; j++) b ^= 1L << r.nextInt(64);
          boolean shared = false;
          for (int t = 0; t < l.simhashTables(); t++) {
            shared |= l.simhashBucket(t, a) == l.simhashBucket(t, b);
          }
          assertTrue(shared, blocks + " blocks, k " + k);
        }
      }
    }
  }

  @Test
  void descriptionNamesEverySettingAndFingerprintChangesWithIt() {
    IndexLayout a = new IndexLayout(IndexSettings.defaults("x"));
    IndexLayout b = new IndexLayout(new IndexSettings("x", 100_000_000L, 1e-6, false, true, 3, 4, 32, 4, 33));
    assertTrue(a.description().contains("maxCandidates=32"));
    assertNotEquals(a.fingerprint(), b.fingerprint());
    assertEquals(a.fingerprint(), new IndexLayout(IndexSettings.defaults("y")).fingerprint());
  }

  @org.junit.jupiter.api.Test
  void descriptionParsesBackToTheSettings() {
    IndexSettings s = new IndexSettings("ns", 12_345, 1e-4, true, false, 2, 5, 16, 3, 40);
    org.junit.jupiter.api.Assertions.assertEquals(s,
        IndexLayout.parseDescription("ns", new IndexLayout(s).description()));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> IndexLayout.parseDescription("ns", "format=9,x=1"));
  }
}
