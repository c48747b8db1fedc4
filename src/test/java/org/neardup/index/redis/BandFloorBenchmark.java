package org.neardup.index.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * What the LSH bands cost at the least, whatever else a check-and-record does: a Lua script that
 * does nothing but what every band needs, for 32 pages per EVALSHA as check_and_record.lua runs
 * them in bulk. Per page: one MGET of its {@code bands} group keys (strings of 48 entries of 9
 * bytes, as a namespace at its planned size holds), one plain {@code string.find} of the page's
 * entry in each (the cheapest lookup there is), the entry appended, and one MSET of the groups.
 * No registry, seq, Bloom filter, record, SimHash, ranking or reply. Prints the Redis CPU per
 * page (INFO cpu) and, with {@code -Dcallgrind.pid} of a server under callgrind, leaves the
 * measured pages' instructions in the dump. Not a test: run it by hand (docs/STORE.md,
 * "The per-band floor").
 *
 * <p>Arguments: {@code pages bands [redis-url]}; {@code -Dfloor.layout=slots} for {@link #SLOTS}.
 */
public final class BandFloorBenchmark {

  static final String SCRIPT = String.join("\n",
      "local b = tonumber(ARGV[1])",
      "local a = 2",
      "while a <= #ARGV do",
      "  if b > 0 then",
      "    local vals = redis.call('MGET', unpack(ARGV, a, a + b - 1))",
      "    local entry = ARGV[a + b]",
      "    local set = {}",
      "    for i = 1, b do",
      "      local v = vals[i] or ''",
      "      string.find(v, entry, 1, true)",
      "      set[2 * i - 1] = ARGV[a + i - 1]",
      "      set[2 * i] = v .. entry",
      "    end",
      "    redis.call('MSET', unpack(set))",
      "  end",
      "  a = a + b + 1",
      "end",
      "return 0");

  /**
   * The other layout (docs/STORE.md "The per-band floor", not built): each bucket a fixed slot of 4
   * entries in one large string, read with GETRANGE and written with one SETRANGE of the page's
   * entry, so no group string goes through Lua. Per band: its slot's offset (sent by the client),
   * the two calls and a find.
   */
  static final String SLOTS = String.join("\n",
      "local b = tonumber(ARGV[1])",
      "local key = ARGV[2]",
      "local a = 3",
      "while a <= #ARGV do",
      "  local entry = ARGV[a + b]",
      "  for i = 0, b - 1 do",
      "    local off = tonumber(ARGV[a + i])",
      "    local slot = redis.call('GETRANGE', key, off, off + 35)",
      "    string.find(slot, entry, 1, true)",
      "    redis.call('SETRANGE', key, off + 27, entry)",
      "  end",
      "  a = a + b + 1",
      "end",
      "return 0");

  public static void main(String[] args) throws Exception {
    int pages = Integer.parseInt(args[0]);
    int bands = Integer.parseInt(args[1]);
    String url = args.length > 2 ? args[2] : TestRedis.url();
    // the groups of a namespace planned for 4 times the pages measured, each at its planned 48 entries
    int groups = Math.max(1, 4 * pages * Math.max(1, bands) / 48);
    String prefix = "{floor-" + System.nanoTime() + "}:b:";
    Random random = new Random(1);
    try (Jedis j = new Jedis(java.net.URI.create(url)); Jedis admin = new Jedis(java.net.URI.create(url))) {
      Pipeline fill = j.pipelined();
      for (int g = 0; g < groups; g++) {
        byte[] v = new byte[48 * 9];
        random.nextBytes(v);
        fill.set((prefix + g).getBytes(StandardCharsets.UTF_8), v);
        if (g % 1000 == 999) fill.sync();
      }
      fill.sync();
      boolean slots = "slots".equals(System.getProperty("floor.layout"));
      String slotKey = prefix + "slots";
      int slotCount = groups * 12; // as many entries as the groups hold, 4 a slot
      if (slots) {
        byte[] v = new byte[36 * 1024];
        for (long off = 0; off < 36L * slotCount; off += v.length) {
          random.nextBytes(v);
          j.setrange(slotKey.getBytes(StandardCharsets.UTF_8), off, v);
        }
      }
      String sha = j.scriptLoad(slots ? SLOTS : SCRIPT);
      StoreCpuBenchmark.callgrind("-z");
      double cpu0 = StoreCpuBenchmark.redisCpu(admin);
      Pipeline p = j.pipelined();
      for (int from = 0; from < pages; from += 32) {
        List<byte[]> a = new ArrayList<>();
        a.add(Integer.toString(bands).getBytes(StandardCharsets.UTF_8));
        if (slots) a.add(slotKey.getBytes(StandardCharsets.UTF_8));
        for (int page = from; page < Math.min(pages, from + 32); page++) {
          for (int i = 0; i < bands; i++) {
            String arg = slots ? Long.toString(36L * random.nextInt(slotCount)) : prefix + random.nextInt(groups);
            a.add(arg.getBytes(StandardCharsets.UTF_8));
          }
          byte[] entry = new byte[9];
          random.nextBytes(entry);
          a.add(entry);
        }
        p.evalsha(sha.getBytes(StandardCharsets.UTF_8), List.of(), a);
        if ((from / 32) % 16 == 15) p.sync();
      }
      p.sync();
      double cpu = StoreCpuBenchmark.redisCpu(admin) - cpu0;
      StoreCpuBenchmark.callgrind("-d");
      System.out.printf("band floor%s: %,d pages x %d bands (32 pages per EVALSHA, %,d groups of 48 entries): "
          + "Redis CPU %.1f us per page%n", slots ? " (fixed slots)" : "", pages, bands, groups, cpu * 1e6 / pages);
      Pipeline clean = j.pipelined();
      for (int g = 0; g < groups; g++) clean.unlink(prefix + g);
      clean.unlink(slotKey);
      clean.sync();
    }
    System.exit(0);
  }
}
