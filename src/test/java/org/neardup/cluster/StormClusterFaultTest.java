package org.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.neardup.storm.DemoRunner;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The demo crawl on a real Storm cluster (ZooKeeper, Nimbus, a Supervisor and two worker JVMs, each
 * a process of its own; four dedup executors sharing one redis-server with its append-only file
 * on, or a Redis Cluster), with a fault injected, most once a few pages are decided. Each run is
 * compared with a clean
 * single-process run of the same pages (the demo in a LocalCluster): every page gets a verdict, a
 * page's verdicts agree with each other (replays included), no page is its own duplicate, no copy
 * group has two pages in the index or none, no page is sent to the status stream as an error and
 * none is deleted. Pages of one copy group may be decided in another order than in the clean run
 * (several executors, replays): that is reported, not failed.
 *
 * <p>Runs with {@code mvn -B verify -Dcluster}, which builds the topology jar first.
 */
@Tag("cluster")
class StormClusterFaultTest {
  /** Pages decided before the fault: the rest, copies among them, come during and after it. */
  static final int DECIDED_BEFORE_FAULT = 6;
  static final double FETCH_DELAY_SECS = 1.0;
  /** Few pages in flight, so none waits in the fetcher's queue for as long as the message timeout. */
  static final int MAX_SPOUT_PENDING = 5;
  static final int MESSAGE_TIMEOUT_SECS = 30;

  static LocalStormCluster cluster;
  static RedisProcess redis;
  static Path jar;
  static Map<String, String> reference;
  static final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

  @BeforeAll
  static void up() throws Exception {
    jar = Path.of(System.getProperty("neardup.topology.jar", "target/neardup-topology.jar"));
    assertTrue(Files.isRegularFile(jar), "no topology jar " + jar + "; run mvn -B verify -Dcluster");
    cluster = LocalStormCluster.at(Path.of(System.getProperty("neardup.cluster.dir", "target/cluster-test")));
    if (cluster.started()) cluster.down(Duration.ofSeconds(10)); // left by an aborted run
    long start = System.nanoTime();
    cluster.up(2, "mvn", Duration.ofMinutes(4));
    redis = cluster.startRedis();
    out.printf("cluster up in %.1f s: %s, redis %s%n", (System.nanoTime() - start) / 1e9, cluster.dir(), redis.url());

    DemoRunner.Result clean = DemoRunner.run(new DemoRunner.Options(redis.url(), "reference-" + UUID.randomUUID(),
        true, null, Duration.ofMinutes(3), out, null));
    reference = new LinkedHashMap<>();
    for (DemoRunner.Row row : clean.rows()) {
      assertTrue(row.actual() != null, "the clean run gave " + row.path() + " no verdict");
      reference.put(row.path(), row.actual() + (row.actualOriginal() == null ? "" : " of " + row.actualOriginal()));
    }
  }

  @AfterAll
  static void down() throws Exception {
    if (cluster != null) cluster.down(Duration.ofSeconds(15));
    if (redis != null) redis.stop();
  }

  private static ClusterCrawl submit(String name) throws Exception {
    return submit(name, redis.url(), name + "-" + UUID.randomUUID());
  }

  private static ClusterCrawl submit(String name, String store, String namespace) throws Exception {
    ClusterCrawl.Options o = ClusterCrawl.Options.defaults(store, namespace)
        .withName(name).withWorkers(2).withDedup(4).withFetchDelay(FETCH_DELAY_SECS)
        .withMaxSpoutPending(MAX_SPOUT_PENDING).withMessageTimeout(MESSAGE_TIMEOUT_SECS);
    out.println("== " + name);
    return ClusterCrawl.submit(cluster, jar, o);
  }

  private static void awaitDecided(ClusterCrawl crawl, int n, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (crawl.records().verdicts().size() < n) {
      assertTrue(System.nanoTime() < deadline, crawl.name() + ": fewer than " + n + " verdicts in " + timeout);
      Thread.sleep(100);
    }
  }

  /** Waits for the end of the crawl (and late replays), compares it with the clean run, prints the outcome. */
  private static Records.Comparison finish(ClusterCrawl crawl, long faultEndMillis, Duration quiet) throws Exception {
    Records r = crawl.await(Duration.ofMinutes(4), quiet, null);
    Records.Comparison c = r.compare(reference);
    long next = Long.MAX_VALUE;
    long last = 0;
    for (List<Records.Verdict> vs : r.verdicts().values()) {
      for (Records.Verdict v : vs) {
        if (v.millis() >= faultEndMillis) next = Math.min(next, v.millis());
        last = Math.max(last, v.millis());
      }
    }
    out.printf("%s: crawl %.1f s; after the fault: next verdict %.1f s, last verdict %.1f s later%n", crawl.name(),
        crawl.elapsedSecs(), next == Long.MAX_VALUE ? Double.NaN : (next - faultEndMillis) / 1e3,
        (last - faultEndMillis) / 1e3);
    out.print(crawl.name() + ": " + c.report());
    return c;
  }

  @Test
  @Timeout(600)
  void aCrawlWithoutFaultsDecidesAsTheCleanRun() throws Exception {
    try (ClusterCrawl crawl = submit("no-fault")) {
      Records.Comparison c = finish(crawl, System.currentTimeMillis(), Duration.ofSeconds(3));
      assertTrue(c.clean(), c.report());
      assertEquals(0, c.repeats(), "no replays without a fault: " + c.report());
    }
  }

  @Test
  @Timeout(600)
  void aWorkerKilledMidCrawlIsRestartedAndItsTuplesReplayed() throws Exception {
    try (ClusterCrawl crawl = submit("kill-worker")) {
      awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
      List<ProcessHandle> before = cluster.workers();
      assertEquals(2, before.size(), "two worker JVMs: " + before);
      // the worker that records verdicts also runs some of the dedup executors
      long recorder = crawl.records().pids().iterator().next();
      ProcessHandle victim = before.stream().filter(p -> p.pid() == recorder).findFirst().orElse(before.get(0));
      int slot = LocalStormCluster.workerPort(victim);
      long killedAt = System.currentTimeMillis();
      victim.destroyForcibly();
      out.println("kill -9 worker " + victim.pid() + " (slot " + slot + ") after "
          + crawl.records().verdicts().size() + " verdicts");
      // late replays come after the message timeout: watch that long after the last verdict
      Records.Comparison c = finish(crawl, killedAt, Duration.ofSeconds(MESSAGE_TIMEOUT_SECS + 5));
      List<ProcessHandle> after = cluster.workers();
      assertEquals(2, after.size(), "the Supervisor restarted the worker: " + after);
      assertTrue(after.stream().noneMatch(p -> p.pid() == victim.pid()), "the killed worker is gone");
      assertNotEquals(List.of(recorder), List.copyOf(crawl.records().pids()), "a new worker recorded verdicts");
      assertTrue(c.clean(), c.report());
    }
  }

  @Test
  @Timeout(600)
  void redisStoppedAndStartedAgainMidCrawlLosesNothing() throws Exception {
    redisDownMidCrawl("redis-restart", "stopped (SHUTDOWN)", redis::stop);
  }

  /**
   * SIGKILL instead of SHUTDOWN: with {@code appendfsync everysec} Redis has written each command to
   * its append-only file (the kernel's cache) before it answers, so a killed process loses no
   * acknowledged write; only a crash of the machine could lose the last second.
   */
  @Test
  @Timeout(600)
  void redisKilledAndStartedAgainMidCrawlLosesNothing() throws Exception {
    redisDownMidCrawl("redis-kill", "killed (SIGKILL)", redis::kill);
  }

  private interface Fault {
    void inject() throws Exception;
  }

  /** Takes the redis-server down with {@code takeDown} mid-crawl, starts it again 8 s later (AOF loaded) and checks the crawl. */
  private void redisDownMidCrawl(String name, String how, Fault takeDown) throws Exception {
    try (ClusterCrawl crawl = submit(name)) {
      awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
      takeDown.inject();
      out.println("redis-server " + how + " after " + crawl.records().verdicts().size() + " verdicts");
      Thread.sleep(8_000);
      redis.start();
      long backAt = System.currentTimeMillis();
      out.println("redis-server started again (append-only file loaded)");
      Records.Comparison c = finish(crawl, backAt, Duration.ofSeconds(5));
      assertTrue(c.clean(), c.report());
    }
  }

  @Test
  @Timeout(600)
  void redisRefusingWritesWithMisconfReplaysPagesAndDeletesNone() throws Exception {
    try (ClusterCrawl crawl = submit("redis-misconf"); Jedis j = new Jedis("127.0.0.1", redis.port())) {
      awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
      String dir = refuseWrites(j);
      out.println("redis-server refuses writes (MISCONF) after " + crawl.records().verdicts().size() + " verdicts");
      Thread.sleep(8_000);
      takeWrites(j, dir);
      long backAt = System.currentTimeMillis();
      j.set("neardup-test-probe", "1");
      j.del("neardup-test-probe");
      Records.Comparison c = finish(crawl, backAt, Duration.ofSeconds(5));
      assertTrue(c.clean(), c.report());
    }
  }

  @Test
  @Timeout(600)
  void aWorkerStartingWhileRedisRefusesWritesComesUpOnceRedisTakesThemAgain() throws Exception {
    try (ClusterCrawl crawl = submit("misconf-restart"); Jedis j = new Jedis("127.0.0.1", redis.port())) {
      awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
      String dir = refuseWrites(j);
      List<ProcessHandle> before = cluster.workers();
      ProcessHandle victim = before.get(before.size() - 1);
      victim.destroyForcibly();
      out.println("redis-server refuses writes (MISCONF) and worker " + victim.pid() + " was killed after "
          + crawl.records().verdicts().size() + " verdicts");
      // the Supervisor starts the worker again while Redis still refuses writes
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (cluster.workers().stream().filter(p -> p.pid() != victim.pid()).count() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      Thread.sleep(15_000);
      takeWrites(j, dir);
      long backAt = System.currentTimeMillis();
      out.println("redis-server takes writes again");
      Records.Comparison c = finish(crawl, backAt, Duration.ofSeconds(MESSAGE_TIMEOUT_SECS + 5));
      assertEquals(2, cluster.workers().size(), "two workers run: " + cluster.workers());
      assertTrue(c.clean(), c.report());
    }
  }

  /**
   * The crawl starts while Redis refuses writes: its namespace cannot be created, so the dedup
   * bolts cannot open the store until Redis takes writes again. They start anyway and fail their
   * tuples for replay meanwhile: no executor dies, and the crawl is checked once Redis is back.
   */
  @Test
  @Timeout(600)
  void aCrawlSubmittedWhileRedisRefusesWritesStartsOnceRedisTakesThem() throws Exception {
    try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
      String dir = refuseWrites(j);
      try (ClusterCrawl crawl = submit("misconf-start")) {
        Thread.sleep(30_000);
        int before = crawl.records().verdicts().size();
        takeWrites(j, dir);
        long backAt = System.currentTimeMillis();
        out.println("redis-server refused writes for the first 30 s of the crawl (" + before + " verdicts then)");
        Records.Comparison c = finish(crawl, backAt, Duration.ofSeconds(MESSAGE_TIMEOUT_SECS + 5));
        long died = logLines(crawl.name(), "Async loop died");
        out.println("misconf-start: executors died " + died + " times, store not open yet at start "
            + logLines(crawl.name(), "Cannot open the fingerprint store yet") + " times");
        assertEquals(0, before, "no verdict while the namespace cannot be created");
        assertEquals(0, died, "the bolts wait for the store instead of dying");
        assertTrue(c.clean(), c.report());
      }
    } finally {
      try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
        j.configSet("save", "");
      }
    }
  }

  /** Lines of this topology's worker logs that contain {@code text}. */
  private static long logLines(String topology, String text) throws java.io.IOException {
    Path artifacts = cluster.home().logs().resolve("workers-artifacts");
    long n = 0;
    try (java.util.stream.Stream<Path> dirs = Files.list(artifacts)) {
      for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith(topology + "-")).toList()) {
        try (java.util.stream.Stream<Path> logs = Files.walk(d)) {
          for (Path log : logs.filter(f -> f.getFileName().toString().equals("worker.log")).toList()) {
            n += Files.readAllLines(log).stream().filter(l -> l.contains(text)).count();
          }
        }
      }
    }
    return n;
  }

  @Test
  @Timeout(600)
  void redisAtMaxmemoryReplaysPagesAndDeletesNone() throws Exception {
    try (ClusterCrawl crawl = submit("redis-maxmemory"); Jedis j = new Jedis("127.0.0.1", redis.port())) {
      awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
      long used = Long.parseLong(info(j, "memory", "used_memory"));
      j.configSet("maxmemory-policy", "noeviction");
      j.configSet("maxmemory", String.valueOf(Math.max(1, used / 2)));
      awaitRefusal(j, "OOM");
      out.println("redis-server at maxmemory (" + used / 2 + " bytes) after " + crawl.records().verdicts().size() + " verdicts");
      Thread.sleep(8_000);
      j.configSet("maxmemory", "0");
      long backAt = System.currentTimeMillis();
      Records.Comparison c = finish(crawl, backAt, Duration.ofSeconds(5));
      assertTrue(c.clean(), c.report());
    }
  }

  /**
   * Redis Cluster (3 masters, 3 replicas): the master holding the namespace's slot is killed with
   * SIGKILL, its replica takes over after the node timeout (2 s). Replication is asynchronous: what
   * the master acknowledged but had not sent yet is lost; the replication offsets at the kill bound it.
   */
  @Test
  @Timeout(600)
  void aRedisClusterMasterFailedOverToItsReplicaMidCrawl() throws Exception {
    try (RedisClusterProcesses rc = RedisClusterProcesses.start(
        cluster.dir().resolve("redis-cluster-" + System.currentTimeMillis()), 3)) {
      String ns = "failover-" + UUID.randomUUID();
      try (ClusterCrawl crawl = submit("redis-failover", rc.url(), ns)) {
        awaitDecided(crawl, DECIDED_BEFORE_FAULT, Duration.ofMinutes(4));
        String key = "{" + ns + "}:config";
        RedisProcess master = java.util.Objects.requireNonNull(rc.masterOf(key), "a master of " + key);
        RedisProcess replica = rc.nodes().stream().filter(n -> n != master && replicaOf(n, master)).findFirst().orElseThrow();
        long masterOffset = RedisClusterProcesses.replicationOffset(master, true);
        long replicaOffset = RedisClusterProcesses.replicationOffset(replica, false);
        master.kill();
        long killedAt = System.currentTimeMillis();
        out.println("master " + master.port() + " killed after " + crawl.records().verdicts().size()
            + " verdicts; replication offsets just before: master " + masterOffset + ", replica " + replicaOffset);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (rc.masterOf(key) != replica) {
          assertTrue(System.nanoTime() < deadline, "the replica did not take over");
          Thread.sleep(100);
        }
        out.printf("replica %d is master %.1f s after the kill%n", replica.port(), (System.currentTimeMillis() - killedAt) / 1e3);
        Records.Comparison c = finish(crawl, killedAt, Duration.ofSeconds(MESSAGE_TIMEOUT_SECS + 5));
        assertTrue(c.clean(), c.report());
      }
    }
  }

  private static boolean replicaOf(RedisProcess node, RedisProcess master) {
    try (Jedis j = new Jedis("127.0.0.1", node.port(), 2000)) {
      return j.info("replication").contains("master_port:" + master.port());
    }
  }

  /**
   * Makes Redis refuse writes with MISCONF: an RDB save that fails (a folder no file can be
   * created in), with save points on. Returns the folder to give back to {@link #takeWrites}.
   */
  private static String refuseWrites(Jedis j) throws InterruptedException {
    String dir = j.configGet("dir").get("dir");
    j.configSet("save", "3600 1");
    j.configSet("dir", "/proc");
    j.bgsave();
    awaitRefusal(j, "MISCONF");
    return dir;
  }

  /** Ends {@link #refuseWrites}: the folder back, no save points, so Redis takes writes again. */
  private static void takeWrites(Jedis j, String dir) {
    j.configSet("dir", dir);
    j.configSet("save", "");
  }

  /** Waits until a write is refused with {@code error}. */
  private static void awaitRefusal(Jedis j, String error) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      try {
        j.set("neardup-test-probe", "1");
        j.del("neardup-test-probe");
      } catch (JedisDataException e) {
        if (String.valueOf(e.getMessage()).startsWith(error)) return;
        throw e;
      }
      assertTrue(System.nanoTime() < deadline, "Redis did not start refusing writes with " + error);
      Thread.sleep(100);
    }
  }

  private static String info(Jedis j, String section, String key) {
    for (String line : j.info(section).split("\r?\n")) {
      if (line.startsWith(key + ":")) return line.substring(key.length() + 1).trim();
    }
    throw new IllegalStateException("no " + key + " in INFO " + section);
  }
}
