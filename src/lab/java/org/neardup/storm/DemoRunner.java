package org.neardup.storm;

import org.neardup.runtime.EmbeddedRedis;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.utils.Utils;

/**
 * Crawls the bundled demo site through {@code topology/crawler.flux} ({@link CrawlFlux}) in a local Storm cluster and compares
 * every verdict with {@code demo-site/expected.tsv}.
 *
 * <ol>
 *   <li>serves the site from a loopback HTTP server, bytes as they are ({@link DemoSiteServer});
 *   <li>uses the store url given, else the redis-server a previous demo kept ({@link KeptRedis}),
 *       else starts an embedded redis-server on a free loopback port;
 *   <li>fetches the pages in {@code seeds.txt} order (one spout, one fetcher thread, one queue),
 *       printing each verdict as it is decided;
 *   <li>stops once every seed has a verdict (or the timeout passed) and prints a summary table.
 * </ol>
 * The store keeps its data (a fresh namespace per run unless one is given). An embedded Redis
 * this demo starts stops with the process, its data with it, unless {@link Options#keepRedis()}:
 * then it keeps running and is recorded for the next demo.
 *
 * <p>{@code neardup demo} calls {@link #run}; {@link #main} does the same and exits with 0 when
 * every verdict matched, 1 otherwise.
 */
public final class DemoRunner {
  private DemoRunner() {}

  /**
   * @param store a store url (redis://…) or null to start an embedded Redis
   * @param namespace the store namespace, or null for a fresh "demo-yyyyMMdd-HHmmss"
   * @param keepRedis leave the embedded Redis running after the demo, recorded in {@code keptRedis}
   * @param conf a crawler-conf.yaml read before the demo's own settings, or null
   * @param timeout how long to wait for all verdicts
   * @param out where verdicts and the summary are printed
   * @param keptRedis the record of a kept redis-server, used when no store is given; null: none is
   *     read or written
   */
  public record Options(String store, String namespace, boolean keepRedis, Path conf, Duration timeout,
      PrintStream out, Path keptRedis) {
    public static Options defaults() {
      return new Options(null, null, false, null, Duration.ofMinutes(3), System.out, KeptRedis.defaultFile());
    }
  }

  /** One article: what expected.tsv says and what the topology decided (null: no verdict). */
  public record Row(String path, String kind, String expected, String expectedOriginal,
      String actual, String actualOriginal, String detector) {
    public boolean matches() {
      return expected.equals(actual) && expectedOriginal.equals(actualOriginal == null ? "-" : actualOriginal);
    }
  }

  /** The outcome: one row per expected page, and where the data is. */
  public record Result(List<Row> rows, String store, String namespace) {
    public boolean allMatch() {
      return rows.stream().allMatch(Row::matches);
    }

    public long matched() {
      return rows.stream().filter(Row::matches).count();
    }
  }

  public static void main(String[] args) {
    Options o = Options.defaults();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--store" -> o = new Options(args[++i], o.namespace(), o.keepRedis(), o.conf(), o.timeout(), o.out(), o.keptRedis());
        case "--namespace" -> o = new Options(o.store(), args[++i], o.keepRedis(), o.conf(), o.timeout(), o.out(), o.keptRedis());
        case "--keep-redis" -> o = new Options(o.store(), o.namespace(), true, o.conf(), o.timeout(), o.out(), o.keptRedis());
        case "--conf" -> o = new Options(o.store(), o.namespace(), o.keepRedis(), Path.of(args[++i]), o.timeout(), o.out(),
            o.keptRedis());
        case "--timeout" -> o = new Options(o.store(), o.namespace(), o.keepRedis(), o.conf(),
            Duration.ofSeconds(Long.parseLong(args[++i])), o.out(), o.keptRedis());
        default -> {
          System.err.println("usage: DemoRunner [--store redis://host:port] [--namespace NS] [--keep-redis]"
              + " [--conf crawler-conf.yaml] [--timeout SECONDS]");
          System.exit(2);
        }
      }
    }
    int code;
    try {
      code = run(o).allMatch() ? 0 : 1;
    } catch (Exception e) {
      e.printStackTrace();
      code = 3;
    }
    System.out.flush();
    // LocalCluster leaves non-daemon threads behind; with --keep-redis the redis-server outlives us
    System.exit(code);
  }

  public static Result run(Options o) throws Exception {
    PrintStream out = o.out();
    List<String> seeds = lines("seeds.txt");
    DemoStore demoStore = null;
    try (DemoSiteServer site = DemoSiteServer.start(seeds)) {
      demoStore = DemoStore.open(o);
      String store = demoStore.url();
      String kept = demoStore.kept();
      EmbeddedRedis redis = demoStore.redis();
      String namespace = o.namespace() != null ? o.namespace()
          : "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      out.println("neardup demo: " + seeds.size() + " pages of " + site.origins().size() + " sites, "
          + String.join(" ", site.origins()) + " (served from the class path)");
      out.println("topology " + CrawlFlux.file().normalize() + " (Storm's Flux)");
      out.println("store " + demoStore.describe() + ", namespace " + namespace);
      out.println();

      Path seedDir = Files.createTempDirectory("neardup-demo");
      Path seedFile = seedDir.resolve("seeds.txt");
      List<String> urls = new ArrayList<>();
      for (String s : seeds) urls.add(site.url(s));
      Files.write(seedFile, urls, StandardCharsets.UTF_8);

      Config conf = config(o.conf(), store, namespace);
      Map<String, VerdictPrinterBolt.Decided> decided;
      try {
        decided = crawl(conf, seedFile, site.origins(), urls, o.timeout(), out);
      } finally {
        Files.deleteIfExists(seedFile);
        Files.deleteIfExists(seedDir);
      }

      Result result = compare(decided, site);
      printSummary(result, out);
      out.println();
      demoStore.printClosing(out, o, namespace);
      return new Result(result.rows(), store, namespace);
    } finally {
      if (demoStore != null) demoStore.close(o);
    }
  }

  /**
   * The demo's Redis: the one given, else the one a previous demo kept, else an embedded
   * redis-server started here (recorded to be reused when kept).
   */
  private record DemoStore(String url, String kept, EmbeddedRedis redis) {
    static DemoStore open(Options o) throws IOException {
      if (o.store() != null) return new DemoStore(o.store(), null, null);
      String kept = KeptRedis.find(o.keptRedis());
      if (kept != null) return new DemoStore(kept, kept, null);
      EmbeddedRedis redis = EmbeddedRedis.start(!o.keepRedis());
      if (o.keepRedis()) KeptRedis.record(o.keptRedis(), "127.0.0.1", redis.port());
      return new DemoStore(redis.url(), null, redis);
    }

    String describe() {
      return url + (kept != null ? " (the redis-server a previous demo kept)" : redis != null ? " (embedded redis-server)" : "");
    }

    void printClosing(PrintStream out, Options o, String namespace) {
      String stats = "bin/neardup stats --store " + url + " --namespace " + namespace;
      if (redis != null && !o.keepRedis()) {
        out.println("The embedded redis-server stops with this process, and the fingerprints with it.");
        out.println("To inspect them, run bin/neardup demo --keep-redis: its redis-server keeps running (the next");
        out.println("demo uses it, bin/neardup demo --stop-redis stops it) and it prints the line to use, such as");
        out.println("  " + stats);
      } else {
        out.println("The fingerprints stay in the store. Inspect them with:");
        out.println("  " + stats);
        if (kept != null || redis != null) {
          out.println("The redis-server keeps running and the next demo uses it; stop it with: bin/neardup demo --stop-redis");
        }
      }
    }

    void close(Options o) {
      if (redis != null && !o.keepRedis()) redis.stop();
    }
  }

  /** One page of an archive: its verdict from {@code dedup} and from the topology (null: none). */
  public record ArchivePage(String url, String expected, String actual) {
    public boolean matches() {
      return expected.equals(actual);
    }
  }

  /**
   * Runs crawl archives through the topology ({@link WarcSpout} → parse → dedup → index) in a
   * local cluster and compares each page's verdict with the one {@code dedup} gives the same
   * archives with a memory store. Verdicts read "unique", "exact of URL", "near of URL"; a url
   * captured twice is compared capture by capture.
   */
  public static List<ArchivePage> runArchive(Options o, List<Path> warcs) throws Exception {
    PrintStream out = o.out();
    List<Map.Entry<String, String>> expected = archiveVerdicts(warcs, o.conf());
    DemoStore demoStore = DemoStore.open(o);
    try {
      String store = demoStore.url();
      String namespace = o.namespace() != null ? o.namespace()
          : "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      out.println("neardup demo: " + expected.size() + " pages in " + warcs.size() + " WARC file(s), through"
          + " WarcSpout → parse → dedup → index");
      out.println("store " + demoStore.describe() + ", namespace " + namespace);
      out.println();
      Config conf = config(o.conf(), store, namespace);
      VerdictPrinterBolt.DECIDED.clear();
      Map<String, Integer> seen = new LinkedHashMap<>();
      Map<String, String> decided = new LinkedHashMap<>();
      LocalCluster cluster = new LocalCluster();
      try {
        String[] files = warcs.stream().map(Path::toString).toArray(String[]::new);
        cluster.submitTopology("neardup-demo", conf, CrawlTopology.buildFromArchives(new WarcSpout(files),
            new NearDuplicateBolt(), new VerdictPrinterBolt()).createTopology());
        long deadline = System.nanoTime() + o.timeout().toNanos();
        while (decided.size() < expected.size() && System.nanoTime() < deadline) {
          VerdictPrinterBolt.Decided d = VerdictPrinterBolt.DECIDED.poll();
          if (d == null) {
            Thread.sleep(50);
          } else {
            int k = seen.merge(d.url(), 1, Integer::sum);
            decided.put(d.url() + "#" + k, verdict(d.verdict(), d.duplicateOf()));
          }
        }
      } finally {
        shutdown(cluster);
      }
      List<ArchivePage> pages = new ArrayList<>();
      Map<String, Integer> counted = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : expected) {
        int k = counted.merge(e.getKey(), 1, Integer::sum);
        pages.add(new ArchivePage(e.getKey(), e.getValue(), decided.get(e.getKey() + "#" + k)));
      }
      long matched = pages.stream().filter(ArchivePage::matches).count();
      out.println();
      for (ArchivePage p : pages) {
        if (!p.matches()) out.println("MISMATCH " + p.url() + ": dedup " + p.expected() + ", topology " + p.actual());
      }
      out.println(matched + " of " + pages.size() + " verdicts as dedup gives them");
      out.println();
      demoStore.printClosing(out, o, namespace);
      return pages;
    } finally {
      demoStore.close(o);
    }
  }

  private static String verdict(String kind, String original) {
    return original == null ? kind : kind + " of " + original;
  }

  /** url → verdict, in archive order, as {@code dedup} decides the archives with a memory store. */
  static List<Map.Entry<String, String>> archiveVerdicts(List<Path> warcs, Path crawlerConf) throws Exception {
    org.neardup.config.NeardupConfig cfg = (crawlerConf == null ? org.neardup.config.NeardupConfig.defaults()
        : org.neardup.config.NeardupConfig.fromYaml(crawlerConf)).withStore("memory", null);
    org.neardup.runtime.Pipeline pipeline = org.neardup.runtime.Pipeline.of(cfg);
    List<Map.Entry<String, String>> verdicts = new ArrayList<>();
    try (org.neardup.index.FingerprintStore store = org.neardup.runtime.Stores.open(cfg);
        org.neardup.runtime.WarcSource source = new org.neardup.runtime.WarcSource(warcs, cfg.extraction().maxBytes())) {
      new org.neardup.runtime.BatchDeduplicator(pipeline,
          new org.neardup.detect.DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), 1)
          .run(source, java.io.Writer.nullWriter(), n -> {}, (input, v, error) -> {
            if (v != null && input.source() instanceof org.neardup.warc.WarcItem.Page p) {
              verdicts.add(Map.entry(p.url(), verdict(v.kind().key(), v.originalUrl())));
            }
          });
    }
    return verdicts;
  }

  /** SC's defaults, then the given crawler-conf.yaml, then what the demo needs. */
  static Config config(Path crawlerConf, String store, String namespace) throws IOException {
    Config conf = new Config();
    conf.putAll(ConfUtils.extractConfigElement(Utils.findAndReadConfigFile("crawler-default.yaml", false)));
    if (crawlerConf != null) ConfUtils.loadConf(crawlerConf.toString(), conf);
    conf.put("http.agent.name", "neardup-demo");
    conf.put("fetcher.threads.number", 1);        // one thread, one queue: seeds.txt order
    conf.put("fetcher.threads.per.queue", 1);
    conf.put("fetcher.queue.mode", "byHost");
    conf.put("fetcher.server.delay", 0.0);
    conf.put("fetcher.server.min.delay", 0.0);
    conf.put("http.robots.file.skip", true);
    conf.put("parser.emitOutlinks", false);      // the seeds are the whole crawl
    conf.put("jsoup.filters.config.file", "org/neardup/storm/jsoupfilters.json");
    conf.put("parsefilters.config.file", "org/neardup/storm/parsefilters.json");
    conf.put("neardup.store", store);
    conf.put("neardup.store.namespace", namespace);
    // The Bloom filter is allocated for its expected size (about 360 MB at the default 10^8 pages);
    // a 25-page demo namespace needs a small one, unless the given configuration says otherwise.
    conf.putIfAbsent("neardup.bloom.expected_items", 100_000);
    conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 120);
    conf.put(Config.TOPOLOGY_DEBUG, false);
    CrawlTopology.register(conf);
    return conf;
  }

  /**
   * Runs {@code topology/crawler.flux} on the seed file until every url has a verdict or the
   * timeout passed; verdicts by url.
   */
  static Map<String, VerdictPrinterBolt.Decided> crawl(Config conf, Path seedFile, List<String> origins,
      List<String> urls, Duration timeout, PrintStream out) throws Exception {
    VerdictPrinterBolt.DECIDED.clear();
    Map<String, VerdictPrinterBolt.Decided> decided = new LinkedHashMap<>();
    LocalCluster cluster = new LocalCluster();
    try {
      cluster.submitTopology("neardup-demo", conf, CrawlFlux.build(CrawlFlux.file(), conf, seedFile, origins));
      long deadline = System.nanoTime() + timeout.toNanos();
      while (decided.size() < urls.size() && System.nanoTime() < deadline) {
        VerdictPrinterBolt.Decided d = VerdictPrinterBolt.DECIDED.poll();
        if (d == null) {
          Thread.sleep(50);
        } else if (urls.contains(d.url())) {
          decided.putIfAbsent(d.url(), d);
        }
      }
      if (decided.size() < urls.size()) {
        out.println("timed out after " + timeout.toSeconds() + " s with " + decided.size() + " of "
            + urls.size() + " verdicts");
      }
    } finally {
      shutdown(cluster);
    }
    return decided;
  }

  /** Kills the topology and closes the cluster, giving up after a few seconds (the process exits anyway). */
  private static void shutdown(LocalCluster cluster) {
    Thread closer = new Thread(() -> {
      try {
        cluster.killTopology("neardup-demo");
        cluster.close();
      } catch (Exception e) {
        // the process is ending; nothing to recover
      }
    }, "neardup-demo-shutdown");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(15_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Result compare(Map<String, VerdictPrinterBolt.Decided> decided, DemoSiteServer site) {
    List<Row> rows = new ArrayList<>();
    for (String line : lines("expected.tsv")) {
      String[] f = line.split("\t");
      VerdictPrinterBolt.Decided d = decided.get(site.url(f[0]));
      String original = d == null || d.duplicateOf() == null ? null : site.path(d.duplicateOf());
      rows.add(new Row(f[0], f[3], f[1], f[2], d == null ? null : d.verdict(), original,
          d == null ? null : d.detector()));
    }
    return new Result(rows, null, null);
  }

  static void printSummary(Result result, PrintStream out) {
    out.println();
    out.printf("%-34s %-24s %-8s %-8s %-26s %s%n", "page", "kind", "expected", "actual", "original", "");
    for (Row r : result.rows()) {
      String original = r.actualOriginal() == null ? "-" : r.actualOriginal();
      String note = r.matches() ? "ok" : "MISMATCH (expected " + r.expected() + " of " + r.expectedOriginal() + ")";
      out.printf("%-34s %-24s %-8s %-8s %-26s %s%n", r.path(), r.kind(), r.expected(),
          r.actual() == null ? "(none)" : r.actual(),
          original + (r.detector() != null && r.actualOriginal() != null ? " [" + r.detector() + "]" : ""), note);
    }
    out.println();
    out.println(result.matched() + " of " + result.rows().size() + " verdicts as expected");
  }

  private static List<String> lines(String name) {
    try {
      byte[] b = DemoSiteServer.resource(name);
      if (b == null) throw new IllegalStateException("missing " + DemoSiteServer.ROOT + name + " on the class path");
      List<String> out = new ArrayList<>();
      for (String l : new String(b, StandardCharsets.UTF_8).split("\n")) {
        if (!l.isBlank()) out.add(l.strip());
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
