package org.neardup.index.redis;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreStats;
import redis.clients.jedis.Jedis;

/**
 * Memory and latency of the Redis store on synthetic pages. Not a test: run it by hand (see
 * docs/STORE.md for the command). Arguments: {@code pages [lshBands] [simhashBlocks|auto]
 * [redis-url]}; the namespace is sized for {@code pages} (auto blocks: IndexLayout.
 * autoSimhashBlocks); without a url it starts the embedded test redis-server.
 *
 * <p>Pages: random 64-bit SimHashes; 15% are near copies (1-3 bits flipped, half the bands
 * shared) of an earlier page and 5% exact copies (same digest). A copy has its original's core
 * terms; other pages have their own, or none (one in five). (Core terms used to repeat every
 * 50,000 pages: at 10^7 pages every lookup then fetched 32 candidate records, which measured the
 * record fetches instead of the SimHash tables.) Bulk load runs through
 * {@link RedisFingerprintStore#checkAndRecordAll} in pipelines of 1000, then 20 000 single
 * {@code checkAndRecord} calls measure round-trip latency.
 *
 * <p>With {@code -Dbench.chance=N}, N bands of every new page and near copy (the first N odd
 * positions, so at most half of them) are copied from random earlier pages. Every page copies them, so their values all
 * go back to the first pages and each lands in a full bucket (scanCap pages): the worst case of
 * band values common to many pages, as boilerplate text gives at scale. Lookups then return
 * maxCandidates candidates, nearly all unrelated (docs/STORE.md, "Candidates at scale").
 *
 * <p>Every page has a title of its own, so it counts under a title key of its own; with
 * {@code -Dbench.patterns=true} also under a title pattern of its own (docs/STORE.md, "Memory").
 */
public final class StoreBenchmark {

  /** Bands a new page or near copy shares with random earlier pages (-Dbench.chance). */
  static final int CHANCE = Integer.getInteger("bench.chance", 0);

  /**
   * With -Dbench.patterns=true every title also gives a name in words no other title uses, so
   * every page counts under a title pattern of its own: the most the pattern counts can take.
   */
  static final boolean PATTERNS = Boolean.getBoolean("bench.patterns");

  public static void main(String[] args) throws Exception {
    int pages = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
    int bands = args.length > 1 ? Integer.parseInt(args[1]) : 32;
    int blocks = args.length > 2 && !args[2].equals("auto") ? Integer.parseInt(args[2])
        : IndexLayout.autoSimhashBlocks(pages, 3);
    String url = args.length > 3 ? args[3] : TestRedis.url();
    String ns = TestRedis.namespace("bench");
    IndexSettings settings = new IndexSettings(ns, pages, 1e-6, false, true, 3, blocks, Math.max(1, bands), 4, 32);
    RedisSettings rs = new RedisSettings(url, 2000, 30_000, 4);
    Jedis admin = new Jedis(rs.host(), rs.port(), 30_000);
    if (rs.password() != null) admin.auth(rs.password());
    Random random = new Random(1);
    long[] simhashes = new long[pages + 20_000];
    long[][] bandKeys = new long[pages + 20_000][];
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();

    System.out.printf("neardup StoreBenchmark: %,d pages, %d LSH bands, settings %s%n", pages, bands, settings);
    System.out.println("redis: " + admin.info("server").lines()
        .filter(l -> l.startsWith("redis_version")).findFirst().orElse("?"));
    long usedBefore = usedMemory(admin);
    try (RedisFingerprintStore store = new RedisFingerprintStore(rs, settings)) {
      admin.configResetStat();
      long cpu0 = mx.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      List<PageEntry> batch = new ArrayList<>();
      for (int i = 0; i < pages; i++) {
        batch.add(entry(i, random, simhashes, bandKeys, bands));
        if (batch.size() == 1000 || i == pages - 1) {
          store.checkAndRecordAll(batch);
          batch.clear();
        }
      }
      long t1 = System.nanoTime();
      long cpu1 = mx.getCurrentThreadCpuTime();
      System.out.printf("bulk load: %.1f s, %.0f pages/s; client CPU %.1f us/page; "
              + "Redis CPU (evalsha usec, %d pages per call) %.1f us/page%n",
          (t1 - t0) / 1e9, pages / ((t1 - t0) / 1e9), (cpu1 - cpu0) / 1e3 / pages,
          RedisFingerprintStore.PAGES_PER_CALL, evalshaMicros(admin) / pages);

      long usedAfter = usedMemory(admin);
      StoreStats st = store.stats(200_000);
      long live = st.counters().getOrDefault("live", 0L);
      System.out.printf("INFO used_memory grew %,d bytes = %.1f bytes/page (everything, incl. records)%n",
          usedAfter - usedBefore, (double) (usedAfter - usedBefore) / live);
      System.out.println("per structure (MEMORY USAGE, sampled scan; bytes/page over " + live + " live pages):");
      double core = 0;
      for (var e : st.structures().entrySet()) {
        double bpp = (double) e.getValue().bytes() / live;
        System.out.printf("  %-9s keys %,10d  fields %,11d  bytes %,13d  %7.1f B/page%n", e.getKey(),
            e.getValue().keys(), e.getValue().entries(), e.getValue().bytes(), bpp);
        if (List.of("bloom", "simhash", "registry").contains(e.getKey())) core += bpp;
      }
      System.out.printf("  Bloom + SimHash tables + registry: %.1f B/page (target <= 120)%n", core);
      System.out.printf("  Bloom fill %.4f, estimated false-positive rate %.2e%n", st.bloomFill(), st.bloomFalsePositiveRate());
      System.out.printf("  SimHash buckets (sampled): %s%n", st.simhashBuckets());
      System.out.println("  counters " + st.counters());

      // single-call latency
      admin.configResetStat();
      int n = 20_000;
      long[] lat = new long[n];
      long[] nearLat = new long[n];
      int nearCount = 0;
      long cpu2 = mx.getCurrentThreadCpuTime();
      for (int i = 0; i < n; i++) {
        PageEntry e = entry(pages + i, random, simhashes, bandKeys, bands);
        long a = System.nanoTime();
        CheckResult r = store.checkAndRecord(e);
        lat[i] = System.nanoTime() - a;
        if (r.candidates().stream().anyMatch(c -> c.hamming() >= 0)) nearLat[nearCount++] = lat[i];
      }
      long cpu3 = mx.getCurrentThreadCpuTime();
      Arrays.sort(lat);
      long[] nl = Arrays.copyOf(nearLat, nearCount);
      Arrays.sort(nl);
      System.out.printf("single checkAndRecord (loopback, one EVALSHA each): p50 %.0f us, p99 %.0f us; "
              + "client CPU %.1f us/call; Redis CPU %.1f us/call%n",
          lat[n / 2] / 1e3, lat[(int) (n * 0.99)] / 1e3, (cpu3 - cpu2) / 1e3 / n,
          evalshaMicros(admin) / n);
      if (nearCount > 0) {
        System.out.printf("  calls that found a SimHash neighbour (%d): p50 %.0f us, p99 %.0f us%n",
            nearCount, nl[nearCount / 2] / 1e3, nl[(int) (nearCount * 0.99)] / 1e3);
      }
      store.reset();
    }
    admin.close();
    System.exit(0);
  }

  static PageEntry entry(int i, Random random, long[] simhashes, long[][] bandKeys, int bands) {
    double roll = random.nextDouble();
    int original = i; // whose core terms the page has: its own, or its original's for a copy
    long sh;
    long[] b = new long[bands];
    String text = "page " + i;
    boolean nearCopy = false;
    boolean exactCopy = false;
    if (i > 10 && roll < 0.15) {
      nearCopy = true;
      int j = random.nextInt(i);
      sh = simhashes[j];
      int flips = 1 + random.nextInt(3);
      for (int f = 0; f < flips; f++) sh ^= 1L << random.nextInt(64);
      for (int k = 0; k < bands; k++) b[k] = k % 2 == 0 ? bandKeys[j][k] : random.nextLong();
      original = j;
    } else if (i > 10 && roll < 0.20) {
      exactCopy = true;
      int j = random.nextInt(i);
      sh = simhashes[j];
      b = bandKeys[j].clone();
      text = "page " + j;
      original = j;
    } else {
      sh = random.nextLong();
      for (int k = 0; k < bands; k++) b[k] = random.nextLong();
    }
    if (CHANCE > 0 && i > 10 && !exactCopy) {
      for (int c = 0; c < CHANCE && 2 * c + 1 < bands; c++) {
        b[2 * c + 1] = bandKeys[random.nextInt(i)][2 * c + 1];
      }
    }
    simhashes[i] = sh;
    bandKeys[i] = b;
    byte[] sketch = new byte[64];
    // sourceOf reads the original back
    ByteBuffer.wrap(sketch).putLong(sh).putInt(i).putInt(original).put((byte) (nearCopy ? 1 : 0));
    return new PageEntry("https://www.example" + (i % 997) + ".com/news/2024/article-" + i + ".html",
        "", 1_700_000_000_000L + i, title(i), "", md5(text), true, sh,
        bands == 0 ? new long[0] : b, original % 5 == 0 ? 0 : original + 1L, sketch, "example" + (i % 997) + ".com");
  }

  /** Page i's title: its number, and with {@link #PATTERNS} a name in words of its own. */
  static String title(int i) {
    if (!PATTERNS) return "Synthetic article number " + i;
    StringBuilder word = new StringBuilder();
    for (int n = i; ; n = n / 26 - 1) {
      word.append((char) ('a' + n % 26));
      if (n < 26) break;
    }
    return "Synthetic article number " + i + ": the " + word + " of read_config";
  }

  /** The page a near copy made by {@link #entry} copies (its index), or -1 for other pages. */
  static int sourceOf(PageEntry e) {
    ByteBuffer b = ByteBuffer.wrap(e.sketch());
    return b.get(16) == 1 ? b.getInt(12) : -1;
  }

  private static byte[] md5(String s) {
    try {
      return java.security.MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static long usedMemory(Jedis j) {
    return j.info("memory").lines().filter(l -> l.startsWith("used_memory:"))
        .map(l -> Long.parseLong(l.substring(12).trim())).findFirst().orElse(-1L);
  }

  /**
   * Microseconds the server spent in EVALSHA since the last CONFIG RESETSTAT (INFO commandstats
   * {@code usec}; a call checks up to PAGES_PER_CALL pages, so divide by pages, not calls).
   */
  private static double evalshaMicros(Jedis j) {
    for (String l : j.info("commandstats").split("\r?\n")) {
      if (!l.startsWith("cmdstat_evalsha:")) continue;
      for (String kv : l.substring(l.indexOf(':') + 1).split(",")) {
        if (kv.startsWith("usec=")) return Double.parseDouble(kv.substring(5));
      }
    }
    return Double.NaN;
  }
}
