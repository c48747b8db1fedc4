package org.neardup.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code neardup bench} measured: one row per stage and page kind, the two speed targets
 * as ratios, heap and Redis memory figures, and (with --profile) the hot methods. Rendered
 * as a table for people or as JSON for machines.
 */
public record BenchReport(
    Machine machine,
    Settings settings,
    Map<String, Integer> pagesByKind,
    List<Row> rows,
    List<FloorTarget> floor,
    List<DedupTarget> dedup,
    Heap heap,
    List<RedisMemory> redis,
    List<Profile> profiles,
    List<PeerRatio> peers) {
  /** The median of pass times (the mean of the two middle ones for an even count). */
  static double median(long[] passNanos) {
    long[] s = passNanos.clone();
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }

  /** Where it ran. */
  public record Machine(int cores, String java, String vm, String os, long maxHeapBytes, String loadBefore,
      String loadAfter) {}

  /** How it ran. */
  public record Settings(String corpus, int pages, int warmup, int iterations, int threads, String redis) {}

  /**
   * One stage over the pages of one kind.
   *
   * @param kind zh, en or other (by the extracted text's language)
   * @param group floor, extract, text, fingerprint, store, pipeline, e2e
   * @param stage what was timed
   * @param threads threads running it (wall-clock time when more than one)
   * @param pages pages per pass
   * @param passNanos the time of each timed pass over the pages (after warm-up)
   * @param chars characters of main text per pass (for µs per character), 0 when not meaningful
   */
  public record Row(String kind, String group, String stage, int threads, int pages, long[] passNanos, long chars) {
    public int iterations() {
      return passNanos.length;
    }

    /** All timed passes together. */
    public long nanos() {
      long n = 0;
      for (long x : passNanos) n += x;
      return n;
    }

    /**
     * The fastest pass: what the figures below are computed from. On a shared machine other
     * processes only ever add time, so the best of N passes is the closest to the stage's own cost
     * (the median is in the JSON for comparison).
     */
    public double bestNanos() {
      long m = Long.MAX_VALUE;
      for (long x : passNanos) m = Math.min(m, x);
      return m;
    }

    public double medianNanos() {
      return median(passNanos);
    }

    public double msPerPage() {
      return bestNanos() / 1e6 / pages;
    }

    public double pagesPerSecond() {
      return pages / (bestNanos() / 1e9);
    }

    /** Microseconds per character of main text; NaN when not meaningful. */
    public double usPerChar() {
      return chars <= 0 ? Double.NaN : bestNanos() / 1e3 / chars;
    }
  }

  /**
   * The speed target for one page of a kind: the floor is jsoup parse + text plus jieba
   * SEARCH over the page's main text; everything else neardup does (charset, extraction,
   * normalisation, segmentation bookkeeping, all fingerprints) must cost at most 30% on top.
   *
   * @param htmlKb mean page size, KB
   * @param textChars mean main-text length, characters
   * @param jsoupMs jsoup parse + text, ms/page
   * @param jsoupMsPer51Kb the same scaled to a 51 KB page
   * @param jiebaMs jieba SEARCH over the main text, ms/page
   * @param jiebaUsPerChar the same per character
   * @param floorMs jsoupMs + jiebaMs
   * @param pipelineMs neardup's extraction + fingerprinting of a page (bytes in, Fingerprints out)
   * @param overheadMs pipelineMs − floorMs
   * @param overheadPercent overheadMs as a share of floorMs, in %
   * @param met overheadPercent ≤ 30
   * @param segmentationMs neardup's own segmentation of the page (jieba's words, not stock jieba's code)
   * @param restMs everything of neardup but its segmentation, on top of the floor's jsoup part
   * @param restPercent restMs as a share of floorMs, in %: the target read without crediting
   *     neardup's faster segmentation against the rest
   */
  public record FloorTarget(String kind, int pages, double htmlKb, double textChars, double jsoupMs,
      double jsoupMsPer51Kb, double jiebaMs, double jiebaUsPerChar, double floorMs, double pipelineMs,
      double overheadMs, double overheadPercent, boolean met, double segmentationMs, double restMs,
      double restPercent) {}

  /**
   * The throughput target: {@code dedup} throughput (JSON lines in, verdicts out, with a store) as a
   * share of the floor's throughput on the same pages with the same threads; at least 70%.
   */
  public record DedupTarget(String kind, String store, int threads, double dedupPagesPerSecond,
      double floorPagesPerSecond, double ratio, boolean met) {}

  /**
   * @param peakUsedBytes peak heap in use, sampled every 5 ms
   * @param poolPeakBytes sum of the heap pools' peak counters (an upper bound: pools peak at different times)
   * @param maxBytes -Xmx
   */
  public record Heap(long peakUsedBytes, long poolPeakBytes, long maxBytes, long gcCount, long gcMillis) {}

  /**
   * Redis memory for one run of one kind's pages into a fresh namespace whose Bloom filter shards
   * were already allocated (a crawl's steady state; the Bloom filter is a fixed cost).
   *
   * @param usedMemoryDelta INFO memory used_memory after − before
   * @param bytesPerPage usedMemoryDelta / pages
   * @param statsBytesPerPage growth of the store's measured structures except the Bloom filter
   *     ({@code stats()}, MEMORY USAGE per key) / pages
   * @param structures growth per structure, bytes
   * @param bloomBytes the Bloom filter's fixed size, bytes
   */
  public record RedisMemory(String kind, int pages, long usedMemoryDelta, double bytesPerPage,
      double statsBytesPerPage, Map<String, Long> structures, long bloomBytes) {}

  /**
   * A peer baseline's speed next to neardup's on the same pages, one thread each ({@code --peers}).
   *
   * @param peer the peer's key, e.g. nutch_text_profile
   * @param signatureMs the peer's signature alone, its input given, ms/page
   * @param peerMs bytes in, signature out: the signature plus making its input (nothing for the
   *     content MD5s, jsoup body text for page-text peers, neardup's extraction for main-text peers)
   * @param neardupMs neardup's pipeline, bytes in, Fingerprints out (extraction + every fingerprint)
   * @param speedRatio neardupMs / peerMs: how many times faster the peer is (its pages/s ÷ neardup's)
   */
  public record PeerRatio(String kind, String peer, String reads, double signatureMs, double peerMs,
      double peerPagesPerSecond, double neardupMs, double neardupPagesPerSecond, double speedRatio) {}

  public record Hot(String method, int samples, double percent) {}

  public record Profile(String label, int samples, List<Hot> inclusive, List<Hot> selfInNeardup, List<Hot> leaf) {}

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public String toJson() {
    try {
      return JSON.writeValueAsString(JsonView.of(this));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The human-readable table. */
  public String toTable() {
    StringBuilder sb = new StringBuilder();
    f(sb, "neardup bench: %s, %d pages (%s), warm-up %d, %d iterations (figures: best pass), %d threads; %d cores, %s, -Xmx %d MB%n",
        settings.corpus(), settings.pages(), pagesByKind, settings.warmup(), settings.iterations(),
        settings.threads(), machine.cores(), machine.java(), machine.maxHeapBytes() >> 20);
    if (settings.redis() != null) f(sb, "redis: %s%n", settings.redis());
    f(sb, "load average before: %s; after: %s (other processes on the machine blur the figures)%n",
        machine.loadBefore(), machine.loadAfter());
    f(sb, "%n%-5s %-11s %-44s %3s %10s %10s %9s%n", "kind", "group", "stage", "thr", "ms/page", "pages/s", "µs/char");
    String lastKind = null;
    for (Row r : rows) {
      if (lastKind != null && !lastKind.equals(r.kind())) sb.append('\n');
      lastKind = r.kind();
      f(sb, "%-5s %-11s %-44s %3d %10.4f %10.1f %9s%n", r.kind(), r.group(), r.stage(), r.threads(),
          r.msPerPage(), r.pagesPerSecond(), Double.isNaN(r.usPerChar()) ? "" : String.format(Locale.ROOT, "%.3f", r.usPerChar()));
    }
    if (!floor.isEmpty()) {
      f(sb, "%nSpeed target, one page: everything else ≤ 30%% on top of the floor (plain decode with the charset known + jsoup parse + text, jieba SEARCH over the main text), 1 thread; floor and neardup in alternating passes%n");
      f(sb, "%-5s %5s %8s %8s %9s %10s %9s %9s %9s %10s %10s %9s %-7s %7s %8s %7s%n", "kind", "pages", "html KB", "chars",
          "jsoup ms", "(@51KB ms)", "jieba ms", "(µs/chr)", "floor ms", "neardup ms", "other ms", "overhead", "",
          "seg ms", "rest ms", "rest");
      for (FloorTarget t : floor) {
        f(sb, "%-5s %5d %8.1f %8.0f %9.3f %10.3f %9.3f %9.3f %9.3f %10.3f %10.3f %8.0f%% %-7s %7.3f %8.3f %6.0f%%%n", t.kind(), t.pages(),
            t.htmlKb(), t.textChars(), t.jsoupMs(), t.jsoupMsPer51Kb(), t.jiebaMs(), t.jiebaUsPerChar(), t.floorMs(),
            t.pipelineMs(), t.overheadMs(), t.overheadPercent(), t.met() ? "MET" : "NOT MET", t.segmentationMs(),
            t.restMs(), t.restPercent());
      }
      f(sb, "(seg: neardup's own segmentation, jieba's words with its own code; rest: neardup minus seg minus the floor's jsoup part,%n"
          + " i.e. extraction, normalisation and fingerprints as if segmentation cost nothing; rest %% of the floor is the target read strictly)%n");
    }
    if (!dedup.isEmpty()) {
      f(sb, "%nSpeed target, throughput: dedup throughput ≥ 70%% of the floor's throughput, same pages, same threads, passes alternating%n");
      f(sb, "%-5s %-7s %3s %12s %12s %7s%n", "kind", "store", "thr", "dedup p/s", "floor p/s", "ratio");
      for (DedupTarget t : dedup) {
        f(sb, "%-5s %-7s %3d %12.1f %12.1f %6.0f%% %s%n", t.kind(), t.store(), t.threads(),
            t.dedupPagesPerSecond(), t.floorPagesPerSecond(), 100 * t.ratio(), t.met() ? "MET" : "NOT MET");
      }
    }
    if (!peers.isEmpty()) {
      f(sb, "%nPeers: bytes -> signature vs neardup's bytes -> Fingerprints, 1 thread each, same pages%n");
      f(sb, "%-5s %-24s %-10s %10s %10s %10s %12s %12s %9s%n", "kind", "peer", "reads", "sig ms", "peer ms", "peer p/s",
          "neardup ms", "neardup p/s", "speed x");
      for (PeerRatio p : peers) {
        f(sb, "%-5s %-24s %-10s %10.4f %10.4f %10.1f %12.4f %12.1f %9.2f%n", p.kind(), p.peer(), p.reads(), p.signatureMs(),
            p.peerMs(), p.peerPagesPerSecond(), p.neardupMs(), p.neardupPagesPerSecond(), p.speedRatio());
      }
    }
    f(sb, "%nHeap: peak used %.0f MB (sampled; pool peaks sum %.0f MB), max %.0f MB, %d GCs taking %d ms%n",
        heap.peakUsedBytes() / 1048576.0, heap.poolPeakBytes() / 1048576.0, heap.maxBytes() / 1048576.0,
        heap.gcCount(), heap.gcMillis());
    for (RedisMemory m : redis) {
      f(sb, "Redis %s: %d pages, used_memory +%d bytes = %.0f bytes/page; store stats %.0f bytes/page"
          + " (growth by structure %s); Bloom filter fixed %.0f MB%n",
          m.kind(), m.pages(), m.usedMemoryDelta(), m.bytesPerPage(), m.statsBytesPerPage(), m.structures(),
          m.bloomBytes() / 1048576.0);
    }
    for (Profile p : profiles) {
      f(sb, "%nProfile of %s: %d stack samples%n  inclusive (neardup methods on the stack):%n", p.label(), p.samples());
      for (Hot h : p.inclusive()) f(sb, "    %5.1f%%  %s%n", h.percent(), h.method());
      f(sb, "  self in neardup (innermost neardup frame):%n");
      for (Hot h : p.selfInNeardup()) f(sb, "    %5.1f%%  %s%n", h.percent(), h.method());
      f(sb, "  leaf frames:%n");
      for (Hot h : p.leaf()) f(sb, "    %5.1f%%  %s%n", h.percent(), h.method());
    }
    return sb.toString();
  }

  private static void f(StringBuilder sb, String fmt, Object... args) {
    sb.append(String.format(Locale.ROOT, fmt, args));
  }

  /** The JSON form: rows with their derived figures spelled out. */
  record JsonView(Machine machine, Settings settings, Map<String, Integer> pagesByKind, List<JsonRow> rows,
      List<FloorTarget> floor, List<DedupTarget> dedup, Heap heap, List<RedisMemory> redis, List<Profile> profiles,
      List<PeerRatio> peers) {
    static JsonView of(BenchReport r) {
      return new JsonView(r.machine, r.settings, r.pagesByKind,
          r.rows.stream().map(JsonRow::of).toList(), r.floor, r.dedup, r.heap, r.redis, r.profiles, r.peers);
    }
  }

  record JsonRow(String kind, String group, String stage, int threads, int pages, long[] passNanos,
      double medianMsPerPage, double msPerPage, double pagesPerSecond, Double usPerChar) {
    static JsonRow of(Row r) {
      return new JsonRow(r.kind(), r.group(), r.stage(), r.threads(), r.pages(), r.passNanos(),
          r.medianNanos() / 1e6 / r.pages(),
          r.msPerPage(), r.pagesPerSecond(), Double.isNaN(r.usPerChar()) ? null : r.usPerChar());
    }
  }
}
