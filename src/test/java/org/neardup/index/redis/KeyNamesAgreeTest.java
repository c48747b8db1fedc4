package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.index.BloomMath;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.PageEntry;

/**
 * The scripts build some key names themselves (a record and live bit by seq, a removed page's keys
 * from its record) and recompute a removed page's SimHash entries and counting-filter cells. All
 * must be what the client names and sends when it checks the page: here {@code _common.lua}'s
 * functions, run in Redis on a page's record, give the same names as {@link RedisKeys} and the
 * same keys, SimHash entries and Bloom cells as the check's arguments
 * ({@link RedisCodec#checkArgs}).
 */
class KeyNamesAgreeTest {

  private static final RedisScript KEY_NAMES = new RedisScript("key_names.lua");

  @ParameterizedTest
  @CsvSource({"4, false", "5, true", "6, false"})
  void theScriptsNameWhatTheClientNames(int blocks, boolean counting) {
    String ns = TestRedis.namespace("keys");
    IndexLayout layout = new IndexLayout(new IndexSettings(ns, 1_000_000, 1e-6, counting, true, 3,
        blocks, 8, 2, 32));
    RedisCodec codec = new RedisCodec(layout);
    int nt = layout.simhashTables();
    Random random = new Random(blocks);
    for (int i = 0; i < 50; i++) {
      long seq = i == 0 ? (1L << 32) + 5 : 1 + random.nextInt(1 << 30);
      byte[] digest = new byte[16];
      random.nextBytes(digest);
      long[] bands = random.longs(8).toArray();
      PageEntry e = new PageEntry("http://k/" + i, "", 1L, "Title " + i, "", digest, true, random.nextLong(),
          bands, 1 + random.nextInt(1000), new byte[0], "k" + i + ".example");
      List<byte[]> check = codec.checkArgs(List.of(e), false);
      List<byte[]> args = codec.args(2);
      args.add(RedisCodec.num(seq));
      args.add(RedisRecord.encode(e, false));
      List<?> lua = (List<?>) KEY_NAMES.run(TestRedis.client(),
          List.of(RedisCodec.bytes(RedisKeys.config(ns))), args);

      assertEquals(RedisKeys.counters(ns), str(lua.get(0)));
      assertEquals(RedisKeys.topOriginals(ns), str(lua.get(1)));
      assertEquals(RedisKeys.records(ns, seq), str(lua.get(2)));
      assertEquals(RedisKeys.liveSeqs(ns, seq >>> 32), str(lua.get(3)));
      // the check's arguments (RedisCodec.addPageArgs): 3 layout, count, registry key, url hash,
      // record, 3 canonical, digest map, Bloom shard, block first and last, cells, site hash,
      // titles key, the pattern's titles key and the pattern key (none here: "Title 7" gives no
      // name), group keys
      assertEquals(str(check.get(11)), str(lua.get(4)), "Bloom shard");
      assertEquals(str(check.get(10)), str(lua.get(5)), "digest map");
      assertEquals(str(check.get(19 + nt + bands.length)), str(lua.get(6)), "core-term group");
      byte[] cells = (byte[]) lua.get(8);
      int[] expected = BloomMath.cellsInBlock(digest, layout.bloomK(), layout.bloomBlockCells());
      assertEquals(2 * expected.length, cells.length);
      for (int c = 0; c < expected.length; c++) {
        assertEquals(expected[c], (cells[2 * c] & 0xFF) << 8 | (cells[2 * c + 1] & 0xFF), "Bloom cell " + c);
      }
      if (counting) assertEquals(str(check.get(12)), Long.toString((Long) lua.get(7)), "Bloom block");
      byte[] tags = check.get(19 + nt + bands.length + 1);
      int at = 0;
      for (int t = 0; t < nt; t++) {
        assertEquals(str(check.get(19 + t)), str(lua.get(9 + 2 * t)), "SimHash table " + t);
        byte[] entry = (byte[]) lua.get(10 + 2 * t);
        assertArrayEquals(Arrays.copyOfRange(tags, at, at + entry.length), entry, "entry, table " + t);
        assertArrayEquals(layout.simhashEntry(t, e.simhash()), entry);
        at += entry.length;
      }
      assertEquals(RedisKeys.mirrors(ns), str(lua.get(9 + 2 * nt)), "mirrors");
      assertEquals(str(check.get(16)), str(lua.get(10 + 2 * nt)), "titles");
      assertEquals(codec.titlesKey(e.titleKey()), str(check.get(16)));
      assertEquals(0, check.get(17).length + check.get(18).length, "no pattern");
    }
  }

  private static String str(Object o) {
    return new String((byte[]) o, StandardCharsets.UTF_8);
  }
}
