package org.neardup.index.redis;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.neardup.config.NeardupConfig;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import redis.clients.jedis.Jedis;

/**
 * Redis CPU and client CPU per page of the bulk path ({@link RedisFingerprintStore#checkAndRecordAll}),
 * read from the server's own accounting: INFO cpu ({@code used_cpu_user + used_cpu_sys} of the
 * redis-server process) before and after, so the figure does not include the time the server
 * waited for a core on a loaded machine (which {@code evalsha usec_per_call} does). Not a test:
 * run it by hand (docs/STORE.md has the command).
 *
 * <p>Arguments: {@code expectedItems preload measure lshBands rounds [simhashBlocks] [redis-url]}.
 * Each round uses a fresh namespace sized for {@code expectedItems}, loads {@code preload}
 * StoreBenchmark pages unmeasured (so buckets hold what they would mid-crawl), then measures the
 * next {@code measure} pages. One line per round, so rounds of two builds can be interleaved.
 *
 * <p>With {@code -Dcallgrind.pid=<pid>} of a redis-server running under {@code valgrind
 * --tool=callgrind}, the measured pages are bracketed by {@code callgrind_control -z} and
 * {@code -d}: the dump then holds the server's instructions for exactly those pages, a figure
 * that does not move with the machine's load (docs/STORE.md). With {@code -Dcallgrind.phase=replay}
 * they bracket the replays instead (the measured pages offered a second time), with
 * {@code recrawl} the re-crawls (the same urls a third time, with other content), with
 * {@code batches} the pages sent as the bolt sends them (near decisions included).
 *
 * <p>{@code -Dbench.chance=N}: see {@link StoreBenchmark}; {@code -Dbench.candidates=N}: the
 * namespace's maxCandidates (neardup.candidates.max, default 32); {@code -Dbench.recrawl.keep=F}:
 * the re-crawls are small edits, keeping each band with probability F and the SimHash but one bit
 * (default 0: other content).
 */
public final class StoreCpuBenchmark {

  /** -Dbench.recrawl.keep: the share of its bands a re-crawl keeps (0: other content throughout). */
  static final double RECRAWL_KEEP = Double.parseDouble(System.getProperty("bench.recrawl.keep", "0"));

  public static void main(String[] args) throws Exception {
    long expected = Long.parseLong(args[0]);
    int preload = Integer.parseInt(args[1]);
    int measure = Integer.parseInt(args[2]);
    int bands = Integer.parseInt(args[3]);
    int rounds = Integer.parseInt(args[4]);
    int blocks = args.length > 5 ? Integer.parseInt(args[5]) : 4;
    String url = args.length > 6 ? args[6] : TestRedis.url();
    RedisSettings rs = new RedisSettings(url, 2000, 60_000, 4);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    try (Jedis admin = new Jedis(rs.host(), rs.port(), 60_000)) {
      if (rs.password() != null) admin.auth(rs.password());
      for (int round = 0; round < rounds; round++) {
        IndexSettings settings = new IndexSettings(TestRedis.namespace("cpu"), expected, 1e-6,
            false, true, 3, blocks, bands, 2, Integer.getInteger("bench.candidates", 32));
        Random random = new Random(1);
        int total = preload + measure;
        long[] simhashes = new long[total];
        long[][] bandKeys = new long[total][];
        try (RedisFingerprintStore store = new RedisFingerprintStore(rs, settings)) {
          long mem0 = StoreBenchmark.usedMemory(admin);
          load(store, 0, preload, random, simhashes, bandKeys, bands);
          admin.configResetStat();
          callgrind(PHASE.equals("pages") ? "-z" : "");
          double cpu0 = redisCpu(admin);
          long client0 = mx.getCurrentThreadCpuTime();
          long t0 = System.nanoTime();
          List<PageEntry> measured = new ArrayList<>(measure);
          Lookups lookups = new Lookups();
          load(store, preload, total, random, simhashes, bandKeys, bands, measured, lookups);
          long t1 = System.nanoTime();
          long client1 = mx.getCurrentThreadCpuTime();
          callgrind(PHASE.equals("pages") ? "-d" : "");
          double cpu1 = redisCpu(admin);
          long mem1 = StoreBenchmark.usedMemory(admin);
          System.out.printf("round %d: bands %d blocks %d, pages %,d..%,d of %,d expected: "
                  + "Redis CPU %.1f us/page, client CPU %.1f us/page, %.0f pages/s, "
                  + "used_memory %.0f B/page%n",
              round, bands, blocks, preload, total, expected, (cpu1 - cpu0) * 1e6 / measure,
              (client1 - client0) / 1e3 / measure, measure / ((t1 - t0) / 1e9),
              (double) (mem1 - mem0) / total);
          System.out.println("  commands per page (inside the scripts too): "
              + commandsPerPage(admin, measure));
          // the decisions a detector would send (unmeasured), so the replays below are those of a
          // crawl: near copies recorded near, pages whose lookup found candidates recorded unique
          store.recordNearAll(lookups.decisions);
          System.out.println("  lookups of the measured pages: " + lookups
              + (StoreBenchmark.CHANCE > 0 ? " (-Dbench.chance=" + StoreBenchmark.CHANCE + ")" : ""));
          // the measured pages offered again, as a re-fetch of unchanged pages (or Storm
          // replays) sends them: the registry names each, so no page is recorded again
          System.out.println("  the same pages again (replays): " + offer(store, measured, admin, "replay"));
          // and once more with other content (a re-crawl of a changed page): the old fingerprints
          // go everywhere (remove_page), then the page is checked and recorded as a new one
          List<PageEntry> changed = new ArrayList<>(measure);
          for (PageEntry e : measured) {
            long[] b = new long[bands];
            // -Dbench.recrawl.keep: a small edit keeps most bands and the SimHash but one bit
            for (int k = 0; k < bands; k++) {
              b[k] = RECRAWL_KEEP > 0 && random.nextDouble() < RECRAWL_KEEP ? e.bands()[k] : random.nextLong();
            }
            long sh = RECRAWL_KEEP > 0 ? e.simhash() ^ (1L << random.nextInt(64)) : random.nextLong();
            changed.add(new PageEntry(e.url(), e.id(), e.fetchedAt(), e.title(), e.canonical(),
                java.security.MessageDigest.getInstance("MD5").digest((e.url() + " changed").getBytes()),
                true, sh, b, e.coreTerms(), e.sketch(), e.site()));
          }
          System.out.println("  the same urls with other content (re-crawls"
              + (RECRAWL_KEEP > 0 ? ", small edits: -Dbench.recrawl.keep=" + RECRAWL_KEEP : "") + "): "
              + offer(store, changed, admin, "recrawl"));
          // the same pages' successors as a bolt sends them: one call each (neardup.bolt.batch_size
          // 1), in batches of the default size and larger. The modes take turns in chunks, so the
          // machine's drift and the growing data set weigh on each alike.
          int[] sizes = {1, NeardupConfig.defaults().boltBatchSize(), 64, 512};
          int chunk = 512;
          int chunks = Math.max(1, measure / 10 / chunk);
          int end = total + sizes.length * chunks * chunk;
          long[] more = Arrays.copyOf(simhashes, end);
          long[][] moreBands = Arrays.copyOf(bandKeys, end);
          double[] redis = new double[sizes.length];
          long[] client = new long[sizes.length];
          long[] waits = new long[sizes.length];
          int[] nears = new int[sizes.length];
          int next = total;
          callgrind(PHASE.equals("batches") ? "-z" : "");
          for (int c = 0; c < chunks; c++) {
            for (int k = 0; k < sizes.length; k++) {
              double r0 = redisCpu(admin);
              long c0 = mx.getCurrentThreadCpuTime();
              long w0 = waits();
              nears[k] += boltBatches(store, next, next + chunk, sizes[k], random, more, moreBands, bands);
              client[k] += mx.getCurrentThreadCpuTime() - c0;
              waits[k] += waits() - w0;
              redis[k] += redisCpu(admin) - r0;
              next += chunk;
            }
          }
          callgrind(PHASE.equals("batches") ? "-d" : "");
          for (int k = 0; k < sizes.length; k++) {
            int pages = chunks * chunk;
            System.out.printf("  as the bolt sends them, batches of %d (%,d pages, %,d near decisions): "
                    + "Redis CPU %.1f us/page, client CPU %.1f us/page, %.1f waits per batch%n", sizes[k],
                pages, nears[k], redis[k] * 1e6 / pages, client[k] / 1e3 / pages,
                waits[k] / (double) (pages / sizes[k]));
          }
          store.reset();
        }
      }
    }
    System.exit(0);
  }

  /**
   * Pages from..to as the bolt sends them: batches of {@code size} through checkAndRecordAll, then the batch's near decisions through recordNearAll (here every
   * page with a candidate copies its first one; the detector would verify them first). Returns
   * the number of near decisions.
   */
  private static int boltBatches(RedisFingerprintStore store, int from, int to, int size, Random random,
      long[] simhashes, long[][] bandKeys, int bands) {
    int nears = 0;
    for (int start = from; start < to; start += size) {
      List<PageEntry> batch = new ArrayList<>(size);
      for (int i = start; i < Math.min(to, start + size); i++) {
        batch.add(StoreBenchmark.entry(i, random, simhashes, bandKeys, bands));
      }
      List<CheckResult> results = store.checkAndRecordAll(batch);
      List<NearDecision> decisions = new ArrayList<>();
      for (CheckResult r : results) {
        if (!r.replay() && r.exact() == null && !r.candidates().isEmpty()) {
          decisions.add(new NearDecision(r.seq(), r.candidates().get(0).effectiveOriginal().seq(), "simhash"));
        }
      }
      if (!decisions.isEmpty()) store.recordNearAll(decisions);
      nears += decisions.size();
    }
    return nears;
  }

  private static void load(RedisFingerprintStore store, int from, int to, Random random,
      long[] simhashes, long[][] bandKeys, int bands) {
    load(store, from, to, random, simhashes, bandKeys, bands, new ArrayList<>(), new Lookups());
  }

  /** As above, adding the pages to {@code sent} and what their lookups returned to {@code lookups}. */
  private static void load(RedisFingerprintStore store, int from, int to, Random random,
      long[] simhashes, long[][] bandKeys, int bands, List<PageEntry> sent, Lookups lookups) {
    List<PageEntry> batch = new ArrayList<>(1000);
    for (int i = from; i < to; i++) {
      batch.add(StoreBenchmark.entry(i, random, simhashes, bandKeys, bands));
      sent.add(batch.get(batch.size() - 1));
      if (batch.size() == 1000 || i == to - 1) {
        List<CheckResult> results = store.checkAndRecordAll(batch);
        for (int k = 0; k < batch.size(); k++) lookups.add(batch.get(k), results.get(k));
        batch.clear();
      }
    }
  }

  /** What the lookups of the loaded pages returned (seq = page index + 1 in a fresh namespace). */
  private static final class Lookups {
    long pages;
    long candidates;
    long nearCopies;
    long sourcesFound;

    /** What a detector would tell the store: near copies found, the other pages that stay unique. */
    final List<NearDecision> decisions = new ArrayList<>();

    void add(PageEntry e, CheckResult r) {
      pages++;
      candidates += r.candidates().size();
      int source = StoreBenchmark.sourceOf(e);
      boolean found = source >= 0 && r.candidates().stream().anyMatch(c -> c.page().seq() == source + 1L);
      if (found) {
        decisions.add(new NearDecision(r.seq(), source + 1L, "simhash"));
      } else if (!r.candidates().isEmpty() || r.canonical() != null) {
        decisions.add(NearDecision.unique(r.seq()));
      }
      if (source < 0) return;
      nearCopies++;
      if (found) sourcesFound++;
    }

    @Override
    public String toString() {
      return String.format("%.1f candidates per page; near copies with their source among them: %,d of %,d",
          (double) candidates / pages, sourcesFound, nearCopies);
    }
  }

  /**
   * Offers the pages again in pipelines of 1,000 (callgrind brackets them when -Dcallgrind.phase
   * is {@code phase}); their Redis CPU per page and commands per page.
   */
  private static String offer(RedisFingerprintStore store, List<PageEntry> pages, Jedis admin, String phase)
      throws Exception {
    admin.configResetStat();
    callgrind(PHASE.equals(phase) ? "-z" : "");
    double cpu0 = redisCpu(admin);
    for (int from = 0; from < pages.size(); from += 1000) {
      store.checkAndRecordAll(pages.subList(from, Math.min(pages.size(), from + 1000)));
    }
    double cpu1 = redisCpu(admin);
    callgrind(PHASE.equals(phase) ? "-d" : "");
    return String.format("Redis CPU %.1f us/page; commands per page: %s",
        (cpu1 - cpu0) * 1e6 / pages.size(), commandsPerPage(admin, pages.size()));
  }

  /**
   * -Dcallgrind.phase: the phase the callgrind dump holds: pages (the default), replay, recrawl
   * or batches.
   */
  private static final String PHASE = System.getProperty("callgrind.phase", "pages");

  /**
   * callgrind_control -z (zero) or -d (dump) for the server of -Dcallgrind.pid, if given, for
   * the phase -Dcallgrind.phase names; "" does nothing.
   */
  static void callgrind(String op) throws Exception {
    String pid = System.getProperty("callgrind.pid");
    if (pid == null || op.isEmpty()) return;
    Thread.sleep(1500); // the server takes the request between two commands
    new ProcessBuilder("callgrind_control", op, pid).inheritIO().start().waitFor();
    Thread.sleep(1500);
  }

  /** INFO commandstats calls per page, most frequent first. */
  static String commandsPerPage(Jedis admin, int pages) {
    List<String> out = new ArrayList<>();
    List<Map.Entry<String, Long>> rows = new ArrayList<>(commandCalls(admin.info("commandstats")).entrySet());
    rows.sort(Map.Entry.<String, Long>comparingByValue().reversed());
    for (Map.Entry<String, Long> r : rows) {
      if (!r.getKey().equals("info") && !r.getKey().equals("config")) {
        out.add(String.format("%s %.2f", r.getKey(), r.getValue() / (double) pages));
      }
    }
    return String.join(", ", out);
  }

  /** command -> calls, from the text of INFO commandstats (calls from scripts included). */
  static Map<String, Long> commandCalls(String commandstats) {
    Map<String, Long> out = new HashMap<>();
    for (String l : commandstats.split("\r?\n")) {
      if (!l.startsWith("cmdstat_")) continue;
      int c = l.indexOf("calls=") + 6;
      out.put(l.substring(8, l.indexOf(':')), Long.parseLong(l.substring(c, l.indexOf(',', c))));
    }
    return out;
  }

  /**
   * Times this thread blocked so far (voluntary context switches, Linux; 0 elsewhere): each is a
   * wait for Redis's reply and a wakeup, which cost this VM ≈ 33 us of client CPU apiece.
   */
  static long waits() {
    try {
      for (String l : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
        if (l.startsWith("voluntary_ctxt_switches:")) return Long.parseLong(l.substring(24).trim());
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return 0;
  }

  /** Seconds of CPU the redis-server process has used (INFO cpu, user + system). */
  static double redisCpu(Jedis admin) {
    double s = 0;
    for (String l : admin.info("cpu").split("\r?\n")) {
      if (l.startsWith("used_cpu_user:") || l.startsWith("used_cpu_sys:")) {
        s += Double.parseDouble(l.substring(l.indexOf(':') + 1).trim());
      }
    }
    return s;
  }
}
