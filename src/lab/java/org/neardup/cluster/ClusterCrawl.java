package org.neardup.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.neardup.storm.DemoSiteServer;

/**
 * A crawl by {@link ClusterTopology} on a {@link LocalStormCluster} of pages this process serves on
 * loopback (the demo site, or a folder of pages): the topology is submitted as {@code storm jar}
 * does, and the crawl followed through its {@link Records} file until every page has a verdict.
 */
public final class ClusterCrawl implements AutoCloseable {
  /** How a crawl is run. */
  public record Options(String name, String store, String namespace, int workers, int dedup, int parse,
      int fetchThreads, double fetchDelaySecs, int maxSpoutPending, int messageTimeoutSecs, Path crawlerConf) {
    public static Options defaults(String store, String namespace) {
      return new Options("neardup-cluster", store, namespace, 2, 4, 1, 1, 0.0, 100, 30, null);
    }

    /** Fetcher threads (one per site at most); more than one fetches pages out of seed order. */
    public Options withFetchThreads(int t) {
      return new Options(name, store, namespace, workers, dedup, parse, t, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withParse(int p) {
      return new Options(name, store, namespace, workers, dedup, p, fetchThreads, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withName(String n) {
      return new Options(n, store, namespace, workers, dedup, parse, fetchThreads, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withWorkers(int w) {
      return new Options(name, store, namespace, w, dedup, parse, fetchThreads, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withDedup(int d) {
      return new Options(name, store, namespace, workers, d, parse, fetchThreads, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withFetchDelay(double secs) {
      return new Options(name, store, namespace, workers, dedup, parse, fetchThreads, secs, maxSpoutPending, messageTimeoutSecs, crawlerConf);
    }

    public Options withMaxSpoutPending(int n) {
      return new Options(name, store, namespace, workers, dedup, parse, fetchThreads, fetchDelaySecs, n, messageTimeoutSecs, crawlerConf);
    }

    public Options withMessageTimeout(int secs) {
      return new Options(name, store, namespace, workers, dedup, parse, fetchThreads, fetchDelaySecs, maxSpoutPending, secs, crawlerConf);
    }

    public Options withCrawlerConf(Path p) {
      return new Options(name, store, namespace, workers, dedup, parse, fetchThreads, fetchDelaySecs, maxSpoutPending, messageTimeoutSecs, p);
    }
  }

  private final LocalStormCluster cluster;
  private final Options options;
  private final CrawlSite site;
  private final List<String> pages;
  private final Path work;
  private final Path records;
  private long submittedNanos;
  private boolean killed;

  private ClusterCrawl(LocalStormCluster cluster, Options options, CrawlSite site, List<String> pages, Path work) {
    this.cluster = cluster;
    this.options = options;
    this.site = site;
    this.pages = pages;
    this.work = work;
    this.records = work.resolve("records.tsv");
  }

  /** The demo's pages, in seed order (site/page.html). */
  public static List<String> demoPages() {
    return lines("seeds.txt");
  }

  /**
   * The verdicts demo-site/expected.tsv gives each page, as {@link Records#compare} takes them
   * ("unique", "near of news-a/subway.html").
   */
  public static Map<String, String> expected() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String l : lines("expected.tsv")) {
      String[] f = l.split("\t");
      m.put(f[0], f[2].equals("-") ? f[1] : f[1] + " of " + f[2]);
    }
    return m;
  }

  private static List<String> lines(String name) {
    try {
      byte[] b = DemoSiteServer.resource(name);
      if (b == null) throw new IllegalStateException("missing demo-site/" + name + " on the class path");
      List<String> out = new ArrayList<>();
      for (String l : new String(b, StandardCharsets.UTF_8).split("\n")) if (!l.isBlank()) out.add(l.strip());
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Serves the demo site and submits the crawl of its pages with {@code jar}. The site stays up until
   * {@link #close}; the submitter's output goes to {@code submit.log} in the crawl's folder.
   */
  public static ClusterCrawl submit(LocalStormCluster cluster, Path jar, Options o) throws IOException, InterruptedException {
    return submit(cluster, jar, o, new DemoSite(demoPages()));
  }

  /** Serves the pages of {@code folder} (at most {@code limit}, 0: all) and submits their crawl. */
  public static ClusterCrawl submit(LocalStormCluster cluster, Path jar, Options o, Path folder, int limit)
      throws IOException, InterruptedException {
    return submit(cluster, jar, o, FolderSite.start(folder, limit));
  }

  private static ClusterCrawl submit(LocalStormCluster cluster, Path jar, Options o, CrawlSite site)
      throws IOException, InterruptedException {
    try {
      Path work = cluster.dir().resolve("crawls").resolve(o.name() + "-" + System.currentTimeMillis());
      Files.createDirectories(work);
      ClusterCrawl crawl = new ClusterCrawl(cluster, o, site, site.pages(), work);
      crawl.submit(jar);
      return crawl;
    } catch (IOException | InterruptedException | RuntimeException e) {
      site.close();
      throw e;
    }
  }

  private void submit(Path jar) throws IOException, InterruptedException {
    Path seeds = work.resolve("seeds.txt");
    List<String> urls = new ArrayList<>();
    for (String p : pages) urls.add(site.url(p));
    Files.write(seeds, urls, StandardCharsets.UTF_8);
    Path overlay = work.resolve("cluster-conf.yaml");
    Files.writeString(overlay, overlay(), StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>();
    if (options.crawlerConf() != null) args.addAll(List.of("-conf", options.crawlerConf().toAbsolutePath().toString()));
    args.addAll(List.of("-conf", overlay.toString(), "--name", options.name(), "--workers",
        String.valueOf(options.workers()), "--dedup", String.valueOf(options.dedup()), "--parse",
        String.valueOf(options.parse()), "--record", records.toString()));
    for (String origin : site.origins()) args.addAll(List.of("--base", origin));
    args.add(seeds.toString());
    // the recording bolts are lab code: when the topology jar does not hold them, extlib does
    cluster.extlibJar("neardup-cluster", ClusterTopology.class);
    // and the demo's verdict printer they extend (lab code of the storm package)
    cluster.extlibJar("neardup-verdict-printer", org.neardup.storm.VerdictPrinterBolt.class, "VerdictPrinterBolt");
    submittedNanos = System.nanoTime();
    int code = cluster.submit(jar, ClusterTopology.class.getName(), args, work.resolve("submit.log"));
    if (code != 0) throw new IOException("submitting " + options.name() + " failed (exit " + code + "), see " + work.resolve("submit.log"));
  }

  /** The demo's settings over crawler-conf.yaml: fetch threads (one: seed order), the store, the timeouts. */
  String overlay() {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("http.agent.name", "neardup-cluster");
    c.put("fetcher.threads.number", options.fetchThreads());
    c.put("fetcher.threads.per.queue", 1);
    c.put("fetcher.queue.mode", "byHost");
    c.put("fetcher.server.delay", options.fetchDelaySecs());
    c.put("fetcher.server.min.delay", 0.0);
    c.put("http.robots.file.skip", true);
    c.put("parser.emitOutlinks", false);
    c.put("jsoup.filters.config.file", "org/neardup/storm/jsoupfilters.json");
    c.put("parsefilters.config.file", "org/neardup/storm/parsefilters.json");
    c.put("neardup.store", options.store());
    c.put("neardup.store.namespace", options.namespace());
    c.put("neardup.bloom.expected_items", 100_000);
    c.put("topology.message.timeout.secs", options.messageTimeoutSecs());
    c.put("topology.max.spout.pending", options.maxSpoutPending());
    c.put("topology.debug", false);
    StringBuilder b = new StringBuilder("config:\n");
    for (Map.Entry<String, Object> e : c.entrySet()) {
      b.append("  ").append(e.getKey()).append(": ");
      b.append(e.getValue() instanceof String s ? '"' + s.replace("\"", "\\\"") + '"' : String.valueOf(e.getValue()));
      b.append('\n');
    }
    return b.toString();
  }

  public String name() {
    return options.name();
  }

  public List<String> pages() {
    return pages;
  }

  public Path work() {
    return work;
  }

  /** What the crawl recorded so far, by page path. */
  public Records records() {
    return Records.read(records, site::path);
  }

  /** Seconds since the topology was submitted. */
  public double elapsedSecs() {
    return (System.nanoTime() - submittedNanos) / 1e9;
  }

  /**
   * Waits until every page has a verdict (or an error) and nothing new was recorded for {@code quiet}
   * (late replays), or {@code timeout} passed; prints progress lines to {@code out} when not null.
   */
  public Records await(Duration timeout, Duration quiet, PrintStream out) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long lastLines = -1;
    long lastChange = System.nanoTime();
    int reported = -1;
    while (true) {
      Records r = records();
      if (r.lines() != lastLines) {
        lastLines = r.lines();
        lastChange = System.nanoTime();
      }
      int decided = (int) pages.stream().filter(p -> r.verdicts().containsKey(p) || r.errors().containsKey(p)).count();
      if (out != null && decided != reported) {
        out.printf("  %5.1f s  %d of %d pages decided%n", elapsedSecs(), decided, pages.size());
        reported = decided;
      }
      boolean done = r.allDecided(pages) && System.nanoTime() - lastChange >= quiet.toNanos();
      if (done || System.nanoTime() > deadline) return r;
      Thread.sleep(250);
    }
  }

  /** Kills the topology (its workers stop, their slots are free again) and stops serving the site. */
  public void kill(Duration timeout) throws Exception {
    try {
      if (!killed) cluster.killTopology(options.name(), timeout);
      killed = true;
    } finally {
      site.close();
    }
  }

  /** {@link #kill} unless done: a crawl that ended in an exception leaves no topology holding the slots. */
  @Override
  public void close() {
    try {
      kill(Duration.ofSeconds(60));
    } catch (Exception e) {
      System.err.println("could not kill topology " + options.name() + ": " + e);
    }
  }
}
