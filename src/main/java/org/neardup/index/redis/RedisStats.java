package org.neardup.index.redis;

import static org.neardup.index.redis.RedisCodec.bandEntrySeq;
import static org.neardup.index.redis.RedisCodec.bytes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.neardup.index.BloomMath;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.StoreStats;
import org.neardup.index.StoredPage;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

/** The statistics of a Redis namespace: counters exactly, sizes and fills by sampling. */
final class RedisStats {

  /** The bucket structures stored as strings of fixed-width entries (see _common.lua). */
  private static final Set<String> GROUPS = Set.of("simhash", "bands", "cores");

  private final RedisCalls calls;
  private final IndexLayout layout;
  private final IndexSettings settings;
  private final UnifiedJedis jedis;
  private final String ns;
  /** The records of seqs, in order (null where there is none): get_pages.lua. */
  private final Function<List<Long>, List<StoredPage>> pages;

  RedisStats(RedisCalls calls, IndexLayout layout, Function<List<Long>, List<StoredPage>> pages) {
    this.calls = calls;
    this.layout = layout;
    this.settings = layout.settings();
    this.jedis = calls.jedis;
    this.ns = calls.ns;
    this.pages = pages;
  }

  /**
   * Counters exactly; sizes by sampling. SCAN MATCH {@code {ns}:*} runs until it has seen
   * {@code maxScanKeys} keys (or the whole namespace); every key seen is measured with MEMORY
   * USAGE (itself sampling large hashes) and HLEN. When the scan stopped early the figures are
   * extrapolated by the share of live pages whose registry entries it saw, so they are estimates
   * (the single keys config, counters, top and mirrors are not extrapolated; mirrors' entries
   * are the sites with mirrors).
   * Bloom shards are measured exactly (BITCOUNT); a counting filter's fill is sampled (GETRANGE
   * of evenly spaced ranges). The SimHash bucket distribution is over the fields of at most 500
   * scanned table keys.
   */
  StoreStats stats(int maxScanKeys) {
    return calls.call("stats", () -> {
      Map<String, Long> counters = counters(jedis.hgetAll(RedisKeys.counters(ns)));
      Map<String, List<String>> byStructure = new TreeMap<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      int seen = 0;
      do {
        ScanResult<String> sr = RedisCalls.scanNamespace(jedis, ns, cursor);
        cursor = sr.getCursor();
        for (String k : sr.getResult()) {
          String s = RedisKeys.structureOf(ns, k);
          if (s == null || s.equals("bloom") || s.equals("live_seqs")) continue; // strings, measured below
          byStructure.computeIfAbsent(s, x -> new ArrayList<>()).add(k);
          seen++;
        }
      } while (!cursor.equals("0") && seen < maxScanKeys);
      boolean complete = cursor.equals("0");

      Map<String, long[]> sums = new TreeMap<>(); // keys, entries(fields), bytes
      try (AbstractPipeline p = jedis.pipelined()) {
        Map<String, List<Response<Long>[]>> rs = new TreeMap<>();
        for (var en : byStructure.entrySet()) {
          String st = en.getKey();
          boolean group = GROUPS.contains(st);
          boolean hash = !group && !st.equals("top");
          List<Response<Long>[]> l = new ArrayList<>();
          for (String k : en.getValue()) {
            @SuppressWarnings("unchecked")
            Response<Long>[] pair = new Response[] {p.memoryUsage(k),
                group ? p.strlen(k) : hash ? p.hlen(k) : p.zcard(k)};
            l.add(pair);
          }
          rs.put(en.getKey(), l);
        }
        p.sync();
        for (var en : rs.entrySet()) {
          long[] s = sums.computeIfAbsent(en.getKey(), x -> new long[3]);
          List<String> ks = byStructure.get(en.getKey());
          for (int i = 0; i < en.getValue().size(); i++) {
            Response<Long>[] pair = en.getValue().get(i);
            s[0]++;
            long n = orZero(pair[1]);
            s[1] += GROUPS.contains(en.getKey()) ? n / entryWidth(en.getKey(), ks.get(i)) : n;
            s[2] += orZero(pair[0]);
          }
        }
      }
      long live = counters.getOrDefault("live", 0L);
      long seenRegistry = sums.containsKey("registry") ? sums.get("registry")[1] : 0;
      double factor = complete ? 1.0 : (seenRegistry > 0 ? (double) live / seenRegistry : -1);

      Map<String, StoreStats.StructureSize> structures = new LinkedHashMap<>();
      for (var en : sums.entrySet()) {
        long[] s = en.getValue();
        double f = List.of("config", "counters", "top", "mirrors").contains(en.getKey()) ? 1.0 : factor;
        structures.put(en.getKey(), f < 0
            ? new StoreStats.StructureSize(-1, -1, -1)
            : new StoreStats.StructureSize(Math.round(s[1] * f), Math.round(s[0] * f),
                Math.round(s[2] * f)));
      }

      // Bloom: exact sizes, fill and its false-positive rate
      long bloomBytes = 0;
      double setCells = 0;
      long bloomKeys = 0;
      for (int i = 0; i < layout.bloomShards(); i++) {
        String k = RedisKeys.bloomShard(ns, i);
        Long mem = jedis.memoryUsage(k);
        if (mem == null) continue;
        bloomKeys++;
        bloomBytes += mem;
        setCells += settings.countingBloom() ? sampledCounterFill(k) * layout.bloomCellsPerShard()
            : jedis.bitcount(k);
      }
      structures.put("bloom", new StoreStats.StructureSize(-1, bloomKeys, bloomBytes));
      long liveBytes = 0;
      long liveKeys = 0;
      for (long i = 0; i <= counters.getOrDefault("seq", 0L) >>> 32; i++) {
        Long mem = jedis.memoryUsage(RedisKeys.liveSeqs(ns, i));
        if (mem == null) continue;
        liveKeys++;
        liveBytes += mem;
      }
      structures.put("live_seqs", new StoreStats.StructureSize(-1, liveKeys, liveBytes));
      double fill = setCells / ((double) layout.bloomShards() * layout.bloomCellsPerShard());

      // SimHash bucket (field) sizes, sampled
      List<Integer> sizes = new ArrayList<>();
      List<String> simKeys = byStructure.getOrDefault("simhash", List.of());
      long sampledEntries = 0;
      for (String k : simKeys.subList(0, Math.min(500, simKeys.size()))) {
        byte[] v = jedis.get(bytes(k));
        if (v == null) continue;
        int w = entryWidth("simhash", k);
        int tag = layout.simhashTagBytes(simhashTable(k));
        Map<ByteBuffer, Integer> perTag = new HashMap<>();
        for (int i = 0; i + w <= v.length; i += w) {
          perTag.merge(ByteBuffer.wrap(Arrays.copyOfRange(v, i, i + tag)), 1, Integer::sum);
          sampledEntries++;
        }
        sizes.addAll(perTag.values());
      }
      Collections.sort(sizes);
      long simEntries = structures.containsKey("simhash") ? structures.get("simhash").entries() : 0;
      long buckets = sampledEntries == 0 ? 0 : Math.round((double) simEntries * sizes.size() / sampledEntries);
      StoreStats.BucketStats bs = new StoreStats.BucketStats(buckets,
          sizes.isEmpty() ? 0 : sizes.get(sizes.size() - 1),
          sizes.isEmpty() ? 0 : sizes.get((int) Math.min(sizes.size() - 1, Math.ceil(sizes.size() * 0.99) - 1)),
          sizes.stream().mapToInt(Integer::intValue).average().orElse(0));

      // top originals
      List<Tuple> top = jedis.zrevrangeWithScores(RedisKeys.topOriginals(ns), 0, 9);
      List<Long> seqs = new ArrayList<>();
      for (Tuple t : top) seqs.add(Long.parseLong(t.getElement()));
      List<StoredPage> records = pages.apply(seqs);
      List<StoreStats.OriginalCount> originals = new ArrayList<>();
      for (int i = 0; i < top.size(); i++) {
        StoredPage sp = records.get(i);
        originals.add(new StoreStats.OriginalCount(sp == null ? "" : sp.id(),
            sp == null ? "" : sp.url(), (long) top.get(i).getScore()));
      }
      return new StoreStats(ns, counters, structures, fill,
          BloomMath.blockedFppFromFill(fill, layout.bloomK(), layout.bloomBlockCells()), bs, originals,
          settings, sampledBandEntriesGone(byStructure.getOrDefault("bands", List.of())));
    });
  }

  /**
   * The share of band entries in (up to 200 of) these band groups whose page has no record: what
   * compact would drop. One pipeline of GETs, one of HEXISTS per distinct seq.
   */
  private double sampledBandEntriesGone(List<String> bandKeys) {
    List<Response<byte[]>> values = new ArrayList<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (String k : bandKeys.subList(0, Math.min(200, bandKeys.size()))) values.add(p.get(bytes(k)));
      p.sync();
    }
    Map<Long, Integer> entries = new HashMap<>(); // seq -> entries
    for (Response<byte[]> r : values) {
      byte[] v;
      try {
        v = r.get();
      } catch (JedisDataException e) {
        continue; // not a string: not a group this store wrote (the sizes above skip it too)
      }
      if (v == null || v.length % 9 != 0) continue;
      for (int i = 0; i + 9 <= v.length; i += 9) entries.merge(bandEntrySeq(v, i), 1, Integer::sum);
    }
    if (entries.isEmpty()) return -1;
    Map<Long, Boolean> has = hasRecords(jedis, ns, entries.keySet());
    long all = 0;
    long gone = 0;
    for (var e : entries.entrySet()) {
      all += e.getValue();
      if (!has.get(e.getKey())) gone += e.getValue();
    }
    return (double) gone / all;
  }

  /** Whether each of these seqs has a record in namespace {@code ns}: one pipeline of HEXISTS. */
  private static Map<Long, Boolean> hasRecords(UnifiedJedis jedis, String ns, Collection<Long> seqs) {
    Map<Long, Response<Boolean>> answers = new LinkedHashMap<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (long s : seqs) answers.put(s, p.hexists(RedisKeys.records(ns, s), Long.toString(s)));
      p.sync();
    }
    Map<Long, Boolean> out = new HashMap<>();
    answers.forEach((s, r) -> out.put(s, r.get())); // an error reply throws here
    return out;
  }

  /**
   * The counters as stats reports them. The scripts keep only seq and one counter per event;
   * every recorded page takes one seq, and leaves by a re-crawl, by being decided again as an
   * orphan, by a remove or by expiry, so {@code pages = seq} and
   * {@code live = seq - recrawls - orphans - removed - expired} (two fewer HINCRBYs per page).
   */
  static Map<String, Long> counters(Map<String, String> stored) {
    Map<String, Long> c = new TreeMap<>();
    stored.forEach((k, v) -> c.put(k, Long.parseLong(v)));
    long seq = c.getOrDefault("seq", 0L);
    if (seq > 0) {
      c.put("pages", seq);
      c.put("live", seq - c.getOrDefault("recrawls", 0L) - c.getOrDefault("orphans", 0L)
          - c.getOrDefault("removed", 0L) - c.getOrDefault("expired", 0L));
    }
    return c;
  }

  /** Entry width of a bucket group key: tag + payload (SimHash: IndexLayout.simhashEntryBytes). */
  private int entryWidth(String structure, String key) {
    switch (structure) {
      case "bands": return 9;
      case "cores": return 13;
      default: return layout.simhashEntryBytes(simhashTable(key));
    }
  }

  private static int simhashTable(String key) {
    return RedisKeys.simhashTableOf(key);
  }

  private double sampledCounterFill(String key) {
    long len = (layout.bloomCellsPerShard() + 1) / 2;
    int ranges = 16;
    int span = 4096;
    long nonZero = 0;
    long sampled = 0;
    for (int r = 0; r < ranges; r++) {
      long from = len <= span ? 0 : (len - span) * r / (ranges - 1);
      long to = Math.min(len, from + span) - 1;
      byte[] b = jedis.getrange(bytes(key), from, to);
      for (byte x : b) {
        if ((x & 0xF0) != 0) nonZero++;
        if ((x & 0x0F) != 0) nonZero++;
      }
      sampled += 2 * (to - from + 1);
      if (len <= span) break;
    }
    return sampled == 0 ? 0 : (double) nonZero / sampled;
  }

  private static long orZero(Response<Long> r) {
    try {
      Long v = r.get();
      return v == null ? 0 : v;
    } catch (JedisDataException e) {
      return 0;
    }
  }
}
