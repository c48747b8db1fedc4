package org.neardup.cli;

import java.nio.file.Path;
import org.neardup.bench.BenchCorpus;
import org.neardup.bench.BenchOptions;
import org.neardup.bench.BenchReport;
import org.neardup.bench.Benchmark;
import org.neardup.bench.BuildComparison;
import org.neardup.peers.Peers;
import picocli.CommandLine;

@CommandLine.Command(name = "bench",
    description = {"Time every stage of neardup on real pages, or this build against another.",
        "Per stage: ms/page and pages/s after warm-up, the floor (jsoup parse + jieba) and neardup's "
            + "overhead on top of it, dedup throughput with the memory and Redis stores, peak heap and Redis "
            + "bytes per page. Without --pages: the bundled demo site. Redis: only fresh neardup-bench-* "
            + "namespaces are written, and deleted again. With --against: only bytes -> verdict of this build "
            + "against another build's, in alternating passes in one JVM."})
final class BenchCommand extends BaseCommand {
  @CommandLine.Option(names = "--pages", paramLabel = "DIR",
      description = "folder of .html/.htm/.html.gz pages, searched recursively (default: the bundled demo site)")
  Path pages;

  @CommandLine.Option(names = "--max-pages", paramLabel = "N", description = "use only the first N files (default: all)")
  int maxPages;

  @CommandLine.Option(names = "--warmup", paramLabel = "N", description = "untimed passes before each stage (default: ${DEFAULT-VALUE})")
  int warmup = 3;

  @CommandLine.Option(names = "--iterations", paramLabel = "N", description = "timed passes per stage (default: ${DEFAULT-VALUE})")
  int iterations = 5;

  @CommandLine.Option(names = "--threads", paramLabel = "N", description = "threads for the multi-threaded rows (default: cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  @CommandLine.Option(names = "--store", paramLabel = "redis://...", description = "also measure this Redis")
  String store;

  @CommandLine.Option(names = "--embedded-redis", description = "start a throw-away redis-server and measure it")
  boolean embeddedRedis;

  @CommandLine.Option(names = "--profile", description = "sample stacks of extract + fingerprint and list the hot methods")
  boolean profile;

  @CommandLine.Option(names = "--peers", description = {"also time the peer baselines on the same pages (Nutch MD5Signature,",
      "TextProfileSignature, StormCrawler MD5SignatureParseFilter) and give their speed as a ratio to neardup's pipeline",
      "(needs the Maven profile 'peers': NEARDUP_MAVEN_PROFILES=peers)"})
  boolean peers;

  @CommandLine.Option(names = "--against", paramLabel = "CLASSES", description = {"compare with another build instead:",
      "the folder of its compiled classes (its target/classes), run with each build's defaults and this build's",
      "dependency jars; prints the time of each and their ratio pass by pass"})
  Path against;

  @CommandLine.Option(names = "--passes", paramLabel = "N", description = "timed passes of each build with --against (default: ${DEFAULT-VALUE})")
  int passes = 40;

  @CommandLine.Option(names = "--json", description = "print the report as JSON instead of a table")
  boolean json;

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  /** Options of the stage benchmark that a comparison of two builds does not read. */
  private static final java.util.List<String> NOT_WITH_AGAINST = java.util.List.of("--conf", "--warmup",
      "--iterations", "--threads", "--store", "--embedded-redis", "--profile", "--peers", "--json");

  @Override
  public Integer call() {
    var parsed = spec.commandLine().getParseResult();
    if (against == null && parsed.hasMatchedOption("--passes")) {
      err().println("neardup bench: --passes counts the passes of --against; give --against CLASSES or "
          + "--iterations N");
      return USAGE;
    }
    if (against != null) {
      var ignored = NOT_WITH_AGAINST.stream().filter(parsed::hasMatchedOption).toList();
      if (!ignored.isEmpty()) {
        err().println("neardup bench: --against runs both builds with their defaults, the memory store and one "
            + "thread; it does not take " + String.join(", ", ignored));
        return USAGE;
      }
      var report = BuildComparison.run(against, pages == null ? BenchCorpus.demoSite(maxPages)
          : BenchCorpus.load(pages, maxPages), passes, line -> {
            err().println("bench: " + line);
            err().flush();
          });
      out().print(report.toTable());
      out().flush();
      return OK;
    }
    BenchOptions opt = new BenchOptions(config.load(), pages, maxPages, warmup, iterations, threads, store,
        embeddedRedis, profile, peers ? Peers.all() : java.util.List.of());
    BenchReport report = Benchmark.run(opt, line -> {
      err().println("bench: " + line);
      err().flush();
    });
    out().print(json ? report.toJson() + System.lineSeparator() : report.toTable());
    out().flush();
    return OK;
  }
}
