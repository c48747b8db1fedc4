package org.neardup.index.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.PageEntry;
import redis.clients.jedis.Jedis;

/**
 * SimHash lookup latency on a namespace that StoreBenchmark is loading (or has loaded): reads
 * fingerprints back from random table-0 groups, offers near copies of them (1-3 bits flipped) with
 * single {@code checkAndRecord} calls, and prints p50 / p99 of the calls that found the
 * neighbour, after as many unmeasured calls to warm the JIT up. Not a test: run it by hand while
 * the loader is paused (docs/STORE.md).
 *
 * <p>Arguments: {@code redis-url namespace expectedItems simhashBlocks lshBands calls}; the
 * settings must be StoreBenchmark's (lshRows 4, 32 candidates) or the store refuses the namespace.
 */
public final class StoreLookupProbe {

  public static void main(String[] args) throws Exception {
    RedisSettings rs = new RedisSettings(args[0], 2000, 30_000, 2);
    String ns = args[1];
    long expected = Long.parseLong(args[2]);
    int blocks = Integer.parseInt(args[3]);
    int bands = Integer.parseInt(args[4]);
    int calls = Integer.parseInt(args[5]);
    IndexSettings settings = new IndexSettings(ns, expected, 1e-6, false, true, 3, blocks, bands, 4, 32);
    IndexLayout l = new IndexLayout(settings);
    Random random = new Random(System.nanoTime());
    try (Jedis admin = new Jedis(rs.host(), rs.port(), 30_000);
        RedisFingerprintStore store = new RedisFingerprintStore(rs, settings)) {
      String live = admin.hget(RedisKeys.counters(ns), "seq");
      List<Long> fps = new ArrayList<>();
      while (fps.size() < 2 * calls) {
        long g = (long) (random.nextDouble() * l.simhashKeys());
        byte[] v = admin.get((RedisKeys.prefix(ns) + "s:0:" + g).getBytes(StandardCharsets.UTF_8));
        if (v == null) continue;
        int w = l.simhashEntryBytes(0);
        for (int i = 0; i + w <= v.length && fps.size() < 2 * calls; i += w) {
          fps.add(tableZeroFingerprint(l, g, Arrays.copyOfRange(v, i, i + w - 5)));
        }
      }
      long[] lat = new long[calls];
      int found = 0;
      for (int i = -calls; i < calls; i++) {
        long sh = fps.get(i + calls);
        long q = sh;
        for (int f = 1 + random.nextInt(3); f > 0; f--) q ^= 1L << random.nextInt(64);
        long[] b = new long[bands];
        for (int k = 0; k < bands; k++) b[k] = random.nextLong();
        String url = "https://probe.example/" + random.nextLong();
        PageEntry e = new PageEntry(url, "", System.currentTimeMillis(), "probe", "",
            MessageDigest.getInstance("MD5").digest(url.getBytes(StandardCharsets.UTF_8)), true, q,
            b, 0, new byte[64], "");
        long t0 = System.nanoTime();
        CheckResult r = store.checkAndRecord(e);
        long t = System.nanoTime() - t0;
        if (i >= 0 && r.candidates().stream().anyMatch(c -> c.page().simhash() == sh)) lat[found++] = t;
      }
      long[] ok = Arrays.copyOf(lat, found);
      Arrays.sort(ok);
      System.out.printf("%s pages recorded, %d blocks: %d of %d calls found the neighbour; "
              + "p50 %.0f us, p99 %.0f us, max %.0f us%n", live, blocks, found, calls,
          ok[found / 2] / 1e3, ok[(int) (found * 0.99)] / 1e3, ok[found - 1] / 1e3);
    }
    System.exit(0);
  }

  /** The fingerprint of a table-0 entry of group g: table 0's key is the first blocks, in order. */
  static long tableZeroFingerprint(IndexLayout l, long g, byte[] entry) {
    int kb = Long.bitCount(l.simhashMask(0));
    int gb = l.simhashGroupBits();
    int tagBits = kb - gb;
    int tb = l.simhashTagBytes(0);
    long tag = bits(entry, 0, tagBits);
    long rest = bits(entry, tb, 64 - kb);
    long key = (g << tagBits) | tag;
    return kb == 64 ? key : (key << (64 - kb)) | rest;
  }

  /** The first n bits (left-aligned) of b from byte at, as the low bits of a long. */
  private static long bits(byte[] b, int at, int n) {
    if (n == 0) return 0;
    ByteBuffer x = ByteBuffer.allocate(8).put(b, at, (n + 7) / 8);
    return x.getLong(0) >>> (64 - n);
  }
}
