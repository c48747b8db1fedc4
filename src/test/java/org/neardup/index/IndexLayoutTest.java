package org.neardup.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class IndexLayoutTest {

  @Test
  void mankuTablesForFourBlocks() {
    IndexLayout l = new IndexLayout(new IndexSettings("x", 100_000_000L, 1e-6, false, true, 3, 4, 32, 2, 32));
    assertEquals(4, l.simhashTables());
    assertEquals(0xFFFF_0000_0000_0000L, l.simhashMask(0));
    assertEquals(0x0000_0000_0000_FFFFL, l.simhashMask(3));
    assertEquals(16, l.bloomK());
    assertEquals(8, l.bloomShards());
    assertEquals(2_083_334, l.registryKeys());
  }

  @Test
  void blocksAreChosenFromTheExpectedCorpusSize() {
    assertEquals(4, IndexLayout.autoSimhashBlocks(1_000_000L, 3)); // 2^20 / 2^16 = 16 per bucket
    assertEquals(5, IndexLayout.autoSimhashBlocks(1L << 20, 3));
    assertEquals(5, IndexLayout.autoSimhashBlocks(100_000_000L, 3));
    assertEquals(6, IndexLayout.autoSimhashBlocks(1_000_000_000L, 3));
    assertEquals(2, IndexLayout.autoSimhashBlocks(1_000_000_000L, 1));
    assertEquals(10, IndexLayout.autoSimhashBlocks(1_000_000_000L, 8)); // C(10, 8) = 45 tables; C(11, 8) > 64
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new IndexLayout(new IndexSettings("x", 1000, 1e-3, false, true, 8, 16, 1, 1, 1)));
    IndexLayout d = new IndexLayout(IndexSettings.defaults("x"));
    assertEquals(10, d.simhashTables());
    assertEquals(20, d.simhashGroupBits()); // 2^20 groups of ~95 entries per table at 10^8
    // 26-bit keys: 6 tag bits (1 byte), 38 other bits (5 bytes); table 0 adds the seq
    assertEquals(1, d.simhashTagBytes(0));
    assertEquals(5, d.simhashRestBytes(0));
    assertEquals(11, d.simhashEntryBytes(0));
    assertEquals(6, d.simhashEntryBytes(9));
  }

  @Test
  void entriesKeepEveryBitTheGroupDoesNotImply() {
    // 4 blocks of 16 bits, k = 3: table t's key is block t; 10^5 pages: G = 10
    IndexLayout l = new IndexLayout(new IndexSettings("x", 100_000, 1e-6, false, true, 3, 4, 1, 1, 1));
    assertEquals(10, l.simhashGroupBits());
    long sh = 0x0123_4567_89AB_CDEFL;
    assertEquals(0x0123 >>> 6, l.simhashGroup(0, sh));
    // tag: the key's last 6 bits, left-aligned; then the other 48 bits
    assertEquals("8c456789abcdef", java.util.HexFormat.of().formatHex(l.simhashEntry(0, sh)));
    assertEquals(0x89AB >>> 6, l.simhashGroup(2, sh));
    assertEquals("ac01234567cdef", java.util.HexFormat.of().formatHex(l.simhashEntry(2, sh)));
    // group and entry together are the fingerprint: distinct fingerprints, distinct addresses
    Random r = new Random(3);
    for (int i = 0; i < 1000; i++) {
      long a = r.nextLong();
      long b = a ^ (1L << r.nextInt(64));
      for (int t = 0; t < l.simhashTables(); t++) {
        assertTrue(l.simhashGroup(t, a) != l.simhashGroup(t, b)
            || !java.util.Arrays.equals(l.simhashEntry(t, a), l.simhashEntry(t, b)));
      }
    }
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
    IndexSettings v = s.withValueSettings(java.util.Map.of("shingle.chars", "5", "idf.table", "sha256:00ff"));
    assertEquals(v, IndexLayout.parseDescription("ns", new IndexLayout(v).description()));
    assertTrue(new IndexLayout(v).description().endsWith(",idf.table=sha256:00ff,shingle.chars=5"),
        "value settings follow the index settings, by name");
    assertNotEquals(new IndexLayout(s).fingerprint(), new IndexLayout(v).fingerprint());
  }

  /** A value setting cannot take an index setting's name or break the description. */
  @Test
  void valueSettingsAreCheckedNames() {
    for (java.util.Map<String, String> bad : java.util.List.of(java.util.Map.of("maxCandidates", "3"),
        java.util.Map.of("format", "3"), java.util.Map.of("a.b", "x,y=1"), java.util.Map.of("a b", "1"))) {
      org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> IndexSettings.defaults("ns").withValueSettings(bad), bad.toString());
    }
  }

  @Test
  void differencesNameTheSettingsTwoDescriptionsDisagreeOn() {
    IndexSettings a = IndexSettings.defaults("x").withValueSettings(java.util.Map.of("shingle.chars", "5"));
    IndexSettings b = a.withValueSettings(java.util.Map.of("shingle.chars", "4", "idf.table", "prior"))
        .withBloomExpectedItems(7);
    assertEquals("bloomExpectedItems: 100000000 → 7; idf.table: (none) → prior; shingle.chars: 5 → 4",
        IndexLayout.differences(new IndexLayout(a).description(), new IndexLayout(b).description()));
    assertEquals("", IndexLayout.differences(new IndexLayout(a).description(), new IndexLayout(a).description()));
  }

  /** The Redis layout holds maxCandidates and 4x it in 16 bits: more is refused, not wrapped. */
  @Test
  void maxCandidatesIsBounded() {
    assertEquals(IndexSettings.MAX_CANDIDATES, new IndexSettings("ns", 1000, 1e-6, false, true, 3, 4,
        8, 2, IndexSettings.MAX_CANDIDATES).maxCandidates());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> new IndexSettings("ns", 1000, 1e-6, false, true, 3, 4, 8, 2, 65_536));
    assertTrue(e.getMessage().contains("maxCandidates must be in [1, 1000], got 65536"), e.getMessage());
  }
}
