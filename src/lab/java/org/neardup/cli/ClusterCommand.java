package org.neardup.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.TopologySummary;
import org.neardup.cluster.ClusterCrawl;
import org.neardup.cluster.LocalStormCluster;
import org.neardup.cluster.Records;
import org.neardup.cluster.RedisProcess;
import picocli.CommandLine;

@CommandLine.Command(name = "cluster",
    description = {"A Storm cluster on this machine, and the demo site crawled on it.",
        "Each daemon is a JVM of its own (ZooKeeper, Nimbus, a Supervisor that launches worker JVMs), "
            + "laid out from Maven's Storm jars, with a redis-server (append-only file on); 'submit' crawls the "
            + "demo site on it with the topology jar, as 'storm jar' submits it."},
    subcommands = {ClusterCommand.Up.class, ClusterCommand.Submit.class, ClusterCommand.KillWorker.class,
        ClusterCommand.Status.class, ClusterCommand.Down.class})
final class ClusterCommand extends BaseCommand {
  @Override
  public Integer call() {
    spec.commandLine().usage(out());
    return USAGE;
  }

  /** The options every subcommand has. */
  abstract static class Sub extends BaseCommand {
    @CommandLine.Option(names = "--dir", paramLabel = "DIR",
        description = "the cluster's folder: storm.home, logs, data (default: ${DEFAULT-VALUE})")
    Path dir = Path.of("target", "storm-cluster");

    LocalStormCluster cluster() {
      return LocalStormCluster.at(dir);
    }

    LocalStormCluster running() {
      LocalStormCluster c = cluster();
      if (!c.started()) throw new IllegalArgumentException("no cluster in " + c.dir() + "; start one with 'neardup cluster up'");
      List<String> dead = c.deadDaemons();
      if (!dead.isEmpty()) throw new IllegalStateException("the cluster in " + c.dir() + " has stopped daemons " + dead
          + "; see " + c.home().logs() + ", then 'neardup cluster down' and 'up'");
      return c;
    }
  }

  @CommandLine.Command(name = "up", description = {"Start ZooKeeper, Nimbus, a Supervisor and a redis-server.",
      "The first start copies Storm's jars with Maven into DIR/home (mvn dependency:copy-dependencies)."})
  static final class Up extends Sub {
    @CommandLine.Option(names = "--slots", paramLabel = "N", description = "worker slots of the Supervisor (default: ${DEFAULT-VALUE})")
    int slots = 2;

    @CommandLine.Option(names = "--no-redis", description = "start no redis-server (submit then needs --store)")
    boolean noRedis;

    @CommandLine.Option(names = "--mvn", paramLabel = "CMD", description = "Maven command (default: ${DEFAULT-VALUE})")
    String mvn = "mvn";

    @CommandLine.Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after (default: ${DEFAULT-VALUE})")
    long timeoutSeconds = 180;

    @Override
    public Integer call() throws Exception {
      if (slots < 1) throw new IllegalArgumentException("--slots must be at least 1, got " + slots);
      LocalStormCluster c = cluster();
      out().println("starting ZooKeeper, Nimbus and a Supervisor with " + slots + " worker slots in " + c.dir());
      out().flush();
      c.up(slots, mvn, Duration.ofSeconds(timeoutSeconds));
      out().println("Nimbus on 127.0.0.1:" + c.nimbusPort() + ", ZooKeeper on 127.0.0.1:" + c.zookeeperPort()
          + "; storm.yaml: " + c.home().stormYaml());
      if (!noRedis) {
        RedisProcess r = c.startRedis();
        out().println("redis-server " + r.url() + " (append-only file in " + r.dir() + ")");
      }
      out().println("logs: " + c.home().logs());
      return OK;
    }
  }

  @CommandLine.Command(name = "submit", description = {"Submit the crawl of the demo site (served by this process on loopback)",
      "and wait until every page has a verdict; print them against the demo's expected verdicts, then kill the topology."})
  static final class Submit extends Sub {
    @CommandLine.Option(names = "--jar", paramLabel = "JAR",
        description = "the topology jar (default: ${DEFAULT-VALUE}; build it with mvn -B -Ptopology -DskipTests package)")
    Path jar = Path.of("target", "neardup-topology.jar");

    @CommandLine.Option(names = "--conf", paramLabel = "FILE", description = "crawler-conf.yaml read before the demo's settings")
    Path conf;

    @CommandLine.Option(names = "--store", paramLabel = "URL", description = "the Redis (default: the cluster's redis-server)")
    String store;

    @CommandLine.Option(names = "--namespace", paramLabel = "N", description = "key namespace (default: cluster-<date-time>)")
    String namespace;

    @CommandLine.Option(names = "--workers", paramLabel = "N", description = "worker JVMs (default: ${DEFAULT-VALUE})")
    int workers = 2;

    @CommandLine.Option(names = "--dedup", paramLabel = "N", description = "executors of the dedup bolt (default: ${DEFAULT-VALUE})")
    int dedup = 4;

    @CommandLine.Option(names = "--parse", paramLabel = "N",
        description = "executors of the parser, which computes the fingerprints (default: ${DEFAULT-VALUE}; more reorder pages)")
    int parse = 1;

    @CommandLine.Option(names = "--fetch-threads", paramLabel = "N",
        description = "fetcher threads, one site each at most (default: ${DEFAULT-VALUE}: pages fetched in seed order)")
    int fetchThreads = 1;

    @CommandLine.Option(names = "--fetch-delay", paramLabel = "SECONDS",
        description = "pause between two fetches from one site (default: ${DEFAULT-VALUE})")
    double fetchDelay = 0;

    @CommandLine.Option(names = "--pages", paramLabel = "DIR", description = {"crawl the .html, .htm (.gz) and .txt files of",
        "this folder instead of the demo site, each subfolder a site of its own (a .txt becomes a page)"})
    Path pages;

    @CommandLine.Option(names = "--limit", paramLabel = "N", description = "at most N pages of --pages (default: all)")
    int limit;

    @CommandLine.Option(names = "--max-pending", paramLabel = "N",
        description = "tuples the spout keeps in flight (topology.max.spout.pending, default: ${DEFAULT-VALUE})")
    int maxPending = 100;

    @CommandLine.Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after (default: ${DEFAULT-VALUE})")
    long timeoutSeconds = 300;

    @Override
    public Integer call() throws Exception {
      LocalStormCluster c = running();
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("no topology jar " + jar + "; build it with: mvn -B -Ptopology -DskipTests package");
      }
      if (workers < 1 || dedup < 1 || parse < 1 || fetchThreads < 1) {
        throw new IllegalArgumentException("--workers, --dedup, --parse and --fetch-threads must be at least 1");
      }
      String url = store != null ? store : c.redis().filter(RedisProcess::ping).map(RedisProcess::url).orElseThrow(
          () -> new IllegalArgumentException("the cluster has no running redis-server; give --store redis://HOST:PORT"));
      String ns = namespace != null ? namespace
          : "cluster-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      ClusterCrawl.Options o = ClusterCrawl.Options.defaults(url, ns).withWorkers(workers).withDedup(dedup).withParse(parse).withFetchThreads(fetchThreads)
          .withFetchDelay(fetchDelay).withMaxSpoutPending(maxPending).withCrawlerConf(conf);
      PrintStream stdout = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
      out().flush();
      stdout.println("submitting " + o.name() + ": " + workers + " workers, " + dedup + " dedup and " + parse
          + " parse executors, store " + url
          + ", namespace " + ns);
      try (ClusterCrawl crawl = pages == null ? ClusterCrawl.submit(c, jar, o) : ClusterCrawl.submit(c, jar, o, pages, limit)) {
        Records r = crawl.await(Duration.ofSeconds(timeoutSeconds), Duration.ofSeconds(2), stdout);
        double secs = crawl.elapsedSecs();
        Records.Comparison cmp = r.compare(ClusterCrawl.expected());
        stdout.println();
        if (pages == null) {
          for (String p : crawl.pages()) {
            Records.Verdict v = r.last(p);
            stdout.printf("  %-34s %s%s%n", p, v == null ? "(none)" : v.verdict() + (v.original() == null ? "" : " of " + v.original()),
                v == null || v.detector() == null ? "" : "  [" + v.detector() + "]");
          }
          stdout.println();
        }
        long[] span = r.span();
        int decided = (int) crawl.pages().stream().filter(p -> r.verdicts().containsKey(p) || r.errors().containsKey(p)).count();
        stdout.printf("%d of %d pages decided in %.1f s from submit (workers started, pages fetched and decided)%n",
            decided, crawl.pages().size(), secs);
        stdout.printf("first to last verdict: %.1f s, %.1f pages/s; verdicts %s%n", (span[1] - span[0]) / 1e3,
            span[1] > span[0] ? (r.verdicts().size() - 1) * 1e3 / (span[1] - span[0]) : Double.NaN, r.counts());
        stdout.println("verdicts recorded by worker JVMs " + r.pids());
        if (pages == null) stdout.print("against the expected verdicts: " + cmp.report());
        else stdout.println("errors " + r.errors().size() + ", deleted " + r.deleted().size() + ", verdicts repeated by replays " + r.repeats());
        stdout.println("records: " + crawl.work().resolve("records.tsv") + "; worker logs: "
            + c.home().logs().resolve("workers-artifacts"));
        stdout.println("killing the topology");
        crawl.kill(Duration.ofSeconds(60));
        if (pages != null) return decided == crawl.pages().size() && r.errors().isEmpty() && r.deleted().isEmpty() ? OK : FAILED;
        return cmp.clean() && cmp.reordered().isEmpty() ? OK : FAILED;
      }
    }
  }

  @CommandLine.Command(name = "kill-worker", description = "kill -9 one worker JVM of the cluster (the newest, or --port's)")
  static final class KillWorker extends Sub {
    @CommandLine.Option(names = "--port", paramLabel = "PORT", description = "the worker of this slot")
    Integer port;

    @Override
    public Integer call() throws Exception {
      LocalStormCluster c = running();
      List<ProcessHandle> workers = c.workers();
      Optional<ProcessHandle> w = port == null ? workers.stream().reduce((a, b) -> b)
          : workers.stream().filter(p -> LocalStormCluster.workerPort(p) == port).findFirst();
      if (w.isEmpty()) {
        err().println("no worker" + (port == null ? "" : " on port " + port) + " runs (" + workers.size() + " workers)");
        return FAILED;
      }
      int slot = LocalStormCluster.workerPort(w.get());
      w.get().destroyForcibly();
      out().println("killed worker pid " + w.get().pid() + " (slot " + slot + "); the Supervisor restarts it");
      return OK;
    }
  }

  @CommandLine.Command(name = "status", description = "the daemons, workers, topologies and redis-server of the cluster")
  static final class Status extends Sub {
    @Override
    public Integer call() throws Exception {
      LocalStormCluster c = cluster();
      if (!c.started()) {
        out().println("no cluster in " + c.dir());
        return FAILED;
      }
      for (String d : List.of("zookeeper", "nimbus", "supervisor")) {
        out().println(d + ": " + c.daemon(d).filter(ProcessHandle::isAlive).map(p -> "pid " + p.pid()).orElse("not running"));
      }
      for (ProcessHandle w : c.workers()) {
        out().println("worker: pid " + w.pid() + ", slot " + LocalStormCluster.workerPort(w));
      }
      try {
        ClusterSummary s = c.clusterInfo();
        out().println("supervisors registered: " + s.get_supervisors_size());
        for (TopologySummary t : s.get_topologies()) {
          out().println("topology " + t.get_name() + ": " + t.get_status() + ", " + t.get_num_workers() + " workers, "
              + t.get_num_executors() + " executors, up " + t.get_uptime_secs() + " s");
        }
      } catch (Exception e) {
        out().println("Nimbus does not answer: " + e.getMessage());
      }
      c.redis().ifPresent(r -> out().println("redis-server " + r.url() + ": " + (r.ping() ? "running" : "not running")));
      return c.deadDaemons().isEmpty() ? OK : FAILED;
    }
  }

  @CommandLine.Command(name = "down", description = "stop the workers, Supervisor, Nimbus, ZooKeeper and redis-server")
  static final class Down extends Sub {
    @Override
    public Integer call() throws Exception {
      LocalStormCluster c = cluster();
      List<Long> stopped = c.down(Duration.ofSeconds(15));
      Optional<RedisProcess> r = c.redis();
      if (r.isPresent() && r.get().process().map(ProcessHandle::isAlive).orElse(false)) {
        r.get().stop();
        out().println("stopped redis-server " + r.get().url());
      }
      out().println("stopped " + stopped.size() + " JVMs of the cluster in " + c.dir());
      return OK;
    }
  }
}
