package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.neardup.index.Candidate;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreStats;
import org.neardup.index.StoredPage;

/**
 * The memory store and the Redis store answer the same calls alike: random streams of
 * checks (alone, in batches, rechecks), near decisions, removals, expiry, compaction and error counts over
 * a few urls, texts and fingerprints, so replays, re-crawls, exact copies, capped buckets,
 * canonicals and originals removed under their copies all happen. Every reply is compared field by field, then the
 * counters and the top originals. The contract tests pin each behaviour; this finds the
 * sequences nobody wrote down.
 */
class StoresAgreeTest {

  private static final int SEEDS = Integer.getInteger("agree.seeds", 12);
  private static final int STEPS = 250;

  @ParameterizedTest(name = "counting Bloom filter: {0}")
  @ValueSource(booleans = {false, true})
  void randomCallStreamsGetTheSameAnswers(boolean counting) {
    for (int seed = 0; seed < SEEDS; seed++) {
      IndexSettings settings = new IndexSettings(TestRedis.namespace("agree"), 2_000, 1e-6,
          counting, true, 3, 4, 4, 2, 3); // maxCandidates 3: caps are reached
      MemoryFingerprintStore memory = new MemoryFingerprintStore(settings);
      try (RedisFingerprintStore redis = new RedisFingerprintStore(TestRedis.settings(), settings)) {
        run(new Random(seed), memory, redis, "seed " + seed + ", counting " + counting);
        redis.reset();
      }
    }
  }

  private static void run(Random random, IndexStore memory, IndexStore redis, String what) {
    long[] simhashes = random.longs(6).toArray();
    long[] bandValues = random.longs(10).toArray();
    for (int step = 0; step < STEPS; step++) {
      String at = what + ", step " + step;
      int op = random.nextInt(10);
      if (op < 7) {
        List<PageEntry> batch = new ArrayList<>();
        // now and then more pages than one script call takes (RedisFingerprintStore.PAGES_PER_CALL)
        int n = random.nextInt(40) == 0 ? 1 + random.nextInt(80)
            : random.nextInt(3) == 0 ? 1 + random.nextInt(5) : 1;
        for (int j = 0; j < n; j++) batch.add(page(random, simhashes, bandValues, step));
        boolean recheck = n == 1 && random.nextInt(6) == 0; // as a batch deciding a page again
        List<CheckResult> m = recheck ? List.of(memory.recheck(batch.get(0))) : memory.checkAndRecordAll(batch);
        List<CheckResult> r = recheck ? List.of(redis.recheck(batch.get(0))) : redis.checkAndRecordAll(batch);
        for (int j = 0; j < n; j++) {
          assertEquals(describe(m.get(j)), describe(r.get(j)), at + ", check of " + batch.get(j).url());
        }
      } else if (op < 9) {
        long pages = memory.stats().counters().getOrDefault("pages", 0L);
        if (pages < 2) continue;
        long a = 1 + random.nextInt((int) pages);
        long b = 1 + random.nextInt((int) pages);
        if (a == b) continue;
        if (random.nextInt(6) == 0) {
          // a list of decisions, sometimes more than one script call takes, in one recordNearAll
          List<NearDecision> ds = new ArrayList<>();
          for (int k = 1 + random.nextInt(random.nextInt(4) == 0 ? 70 : 4); k > 0; k--) {
            long x = 1 + random.nextInt((int) pages);
            long y = 1 + random.nextInt((int) pages);
            if (random.nextInt(4) == 0) {
              ds.add(NearDecision.unique(x)); // recordUnique, among the near decisions
            } else if (x != y) {
              ds.add(new NearDecision(Math.max(x, y), Math.min(x, y), "simhash"));
            }
          }
          memory.recordNearAll(ds);
          redis.recordNearAll(ds);
          continue;
        }
        if (random.nextInt(5) == 0) {
          memory.recordUnique(a);
          redis.recordUnique(a);
          continue;
        }
        memory.recordNear(Math.max(a, b), Math.min(a, b), "minhash");
        redis.recordNear(Math.max(a, b), Math.min(a, b), "minhash");
      } else if (random.nextInt(8) == 0) {
        memory.countErrors(1);
        redis.countErrors(1);
      } else if (random.nextInt(5) == 0) {
        assertEquals(memory.compact(), redis.compact(), at + ", compact");
      } else if (random.nextInt(3) > 0) {
        String url = "http://u/" + random.nextInt(25);
        assertEquals(memory.remove(url), redis.remove(url), at + ", remove " + url);
      } else {
        long before = step - random.nextInt(60); // pages are fetched at their step
        assertEquals(memory.expire(before), redis.expire(before), at + ", expire before " + before);
      }
    }
    StoreStats m = memory.stats();
    StoreStats r = redis.stats();
    Map<String, Long> redisCounters = new TreeMap<>(r.counters());
    redisCounters.remove("seq"); // the Redis store's own counter, = pages
    assertEquals(new TreeMap<>(m.counters()), redisCounters, what + ": counters");
    assertEquals(m.topOriginals(), r.topOriginals(), what + ": top originals");
  }

  /** One of 25 urls, 12 texts, fingerprints near a few shared ones, sometimes a canonical. */
  private static PageEntry page(Random random, long[] simhashes, long[] bandValues, long fetchedAt) {
    String url = "http://u/" + random.nextInt(25);
    int text = random.nextInt(12);
    long simhash = simhashes[text % simhashes.length];
    for (int f = random.nextInt(3); f > 0; f--) simhash ^= 1L << random.nextInt(64);
    long[] bands = new long[4];
    for (int b = 0; b < bands.length; b++) bands[b] = bandValues[random.nextInt(bandValues.length)];
    boolean nearLookup = random.nextInt(8) != 0;
    String canonical = random.nextInt(4) == 0 ? "http://u/" + random.nextInt(25) : "";
    return new PageEntry(url, "", fetchedAt, "t", canonical, md5("text " + text), nearLookup, simhash,
        bands, random.nextInt(4), ("sketch " + text).getBytes(StandardCharsets.UTF_8), "");
  }

  private static String describe(CheckResult c) {
    StringBuilder b = new StringBuilder()
        .append("seq ").append(c.seq()).append(c.replay() ? " replay" : "")
        .append(", self ").append(describe(c.self())).append(" of ").append(describe(c.selfOriginal()))
        .append(", exact ").append(describe(c.exact())).append(" of ").append(describe(c.exactOriginal()))
        .append(", bloom ").append(c.bloomHit())
        .append(", canonical ").append(describe(c.canonical())).append(" of ").append(describe(c.canonicalOriginal()))
        .append(", candidates");
    for (Candidate k : c.candidates()) {
      b.append(' ').append(describe(k.page())).append(" of ").append(describe(k.original()))
          .append(" h").append(k.hamming()).append(" b").append(k.bandHits())
          .append(k.coreTermMatch() ? " core" : "");
    }
    return b.toString();
  }

  private static String describe(StoredPage p) {
    return p == null ? "-" : p.seq() + " " + p.verdict() + " " + p.originalSeq() + " " + p.url();
  }

  private static byte[] md5(String s) {
    try {
      return MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
