package org.neardup.index.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.neardup.cluster.RedisClusterProcesses;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;
import redis.embedded.RedisServer;

/**
 * A private three-master Redis Cluster for tests: three embedded redis-server 6.2 processes
 * (com.github.codemonstur:embedded-redis) with {@code cluster-enabled yes}, on loopback ports p
 * whose cluster bus port p + 10000 is free too; master i owns the slots
 * {@code [i * 16384 / 3, (i + 1) * 16384 / 3)} (both as {@link RedisClusterProcesses}, the lab's
 * cluster of redis-server processes, chooses and assigns them). Then CLUSTER MEET, and {@link
 * #start()} returns once every node reports {@code cluster_state:ok} and knows all three masters.
 * {@link #startWithReplicas()} adds a replica to each master (six servers, a 2 s node timeout, so
 * a master that dies is failed over in a few seconds). Tests that only read and write share one
 * cluster per test JVM ({@link #shared()}, as {@link TestRedis} shares one Redis) and isolate
 * themselves by namespace; a test that stops or fails over nodes starts its own and {@link
 * #close()}s it afterwards.
 */
public final class TestRedisCluster implements AutoCloseable {

  public static final int MASTERS = 3;
  private static final String HOST = "127.0.0.1";
  private static TestRedisCluster shared;

  private final Path dir;
  private final boolean replicas;
  private final List<RedisServer> servers = new ArrayList<>();
  /** Ports of the servers: the masters first, then their replicas (replica of master i at MASTERS + i). */
  private final List<Integer> ports = new ArrayList<>();
  /** How many namespaces {@link #nextNamespace} handed out. */
  private final AtomicInteger namespaces = new AtomicInteger();
  private JedisCluster client;

  private TestRedisCluster(Path dir, boolean replicas) {
    this.dir = dir;
    this.replicas = replicas;
  }

  /** The three-master cluster shared by the tests of this JVM, started on first use, stopped at exit. */
  public static synchronized TestRedisCluster shared() {
    if (shared == null) {
      shared = start();
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "test-redis-cluster-stop"));
    }
    return shared;
  }

  /** Starts three masters, assigns every slot, joins them; about a second or two. */
  public static TestRedisCluster start() {
    return start(false);
  }

  /** Three masters, each with a replica in sync. */
  public static TestRedisCluster startWithReplicas() {
    return start(true);
  }

  private static TestRedisCluster start(boolean replicas) {
    TestRedisCluster c;
    try {
      c = new TestRedisCluster(Files.createTempDirectory("neardup-cluster"), replicas);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      c.boot();
      if (replicas) c.addReplicas();
      return c;
    } catch (RuntimeException | Error e) {
      c.close();
      throw e;
    }
  }

  private void boot() {
    for (int i = 0; i < MASTERS; i++) startServer();
    for (int i = 0; i < MASTERS; i++) {
      try (Jedis j = node(i)) {
        RedisClusterProcesses.addSlots(j, i, MASTERS);
      }
    }
    try (Jedis j = node(0)) {
      for (int i = 1; i < MASTERS; i++) j.clusterMeet(HOST, ports.get(i));
    }
    awaitReady();
  }

  /** A replica for each master: CLUSTER MEET, CLUSTER REPLICATE, then in sync. */
  private void addReplicas() {
    List<String> masterIds = new ArrayList<>();
    for (int i = 0; i < MASTERS; i++) {
      try (Jedis j = node(i)) {
        masterIds.add(j.clusterMyId());
      }
    }
    for (int i = 0; i < MASTERS; i++) {
      startServer();
      try (Jedis r = node(MASTERS + i)) {
        r.clusterMeet(HOST, ports.get(0));
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
          try {
            r.clusterReplicate(masterIds.get(i));
            break;
          } catch (redis.clients.jedis.exceptions.JedisDataException unknownYet) {
            if (System.nanoTime() > deadline) throw unknownYet;
            sleep(50);
          }
        }
      }
    }
    long deadline = System.nanoTime() + 30_000_000_000L;
    for (int i = 0; i < MASTERS; i++) {
      while (true) {
        try (Jedis m = node(i)) {
          String info = m.info("replication");
          if (info.contains("connected_slaves:1") && info.contains("state=online")) break;
        }
        if (System.nanoTime() > deadline) throw new IllegalStateException("replica of master " + i + " not in sync after 30 s");
        sleep(50);
      }
    }
    awaitReady();
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!ready()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("test cluster on ports " + ports + " not ok after 30 s");
      }
      sleep(50);
    }
  }

  private void startServer() {
    RuntimeException last = null;
    for (int attempt = 0; attempt < 5; attempt++) { // a port can be taken between check and bind
      int p = RedisClusterProcesses.portWithFreeBus();
      try {
        RedisServer s = RedisServer.newRedisServer().port(p).bind(HOST)
            .setting("cluster-enabled yes")
            .setting("cluster-config-file nodes-" + p + ".conf")
            .setting("cluster-node-timeout " + (replicas ? 2000 : 5000))
            .setting("dir " + dir.toAbsolutePath())
            .setting("save \"\"").setting("appendonly no")
            .build();
        s.start();
        servers.add(s);
        ports.add(p);
        return;
      } catch (IOException | RuntimeException e) {
        last = e instanceof RuntimeException r ? r : new UncheckedIOException((IOException) e);
      }
    }
    throw last;
  }

  /**
   * Kills the server holding {@code ns}'s slots with SIGKILL, as a crash would, and returns at
   * once: its replica takes over after the node timeout, with no one waiting for it.
   */
  public void killMasterOf(String ns) {
    int slot = JedisClusterCRC16.getSlot(RedisKeys.config(ns));
    int master = serverOwning(slot);
    long pid;
    try (Jedis j = node(master)) {
      pid = Long.parseLong(j.info("server").lines().filter(l -> l.startsWith("process_id:"))
          .findFirst().orElseThrow().substring("process_id:".length()).trim());
    }
    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    dead.add(master);
  }

  /**
   * A manual failover of {@code ns}'s master to its replica (CLUSTER FAILOVER on the replica: the
   * replica catches up first, so no write is lost). Returns the index of the new master.
   */
  public int failOver(String ns) {
    int slot = JedisClusterCRC16.getSlot(RedisKeys.config(ns));
    int master = serverOwning(slot);
    int replica = master < MASTERS ? MASTERS + master : master - MASTERS;
    try (Jedis r = node(replica)) {
      r.clusterFailover();
    }
    return awaitOwner(slot, master);
  }

  private final Set<Integer> dead = new java.util.HashSet<>();

  /** The server (0..2 masters, 3..5 replicas as started) that serves {@code slot} now. */
  private int serverOwning(int slot) {
    for (int i = 0; i < ports.size(); i++) {
      if (dead.contains(i)) continue;
      try (Jedis j = node(i)) {
        String role = j.info("replication").lines().filter(l -> l.startsWith("role:")).findFirst().orElse("");
        if (!role.contains("master")) continue;
        for (Object range : j.clusterSlots()) {
          List<?> r = (List<?>) range;
          long from = (Long) r.get(0);
          long to = (Long) r.get(1);
          List<?> owner = (List<?>) r.get(2);
          if (slot >= from && slot <= to && ((Long) owner.get(1)).intValue() == ports.get(i)) return i;
        }
      }
    }
    throw new IllegalStateException("no live master serves slot " + slot);
  }

  private int awaitOwner(int slot, int before) {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      try {
        int now = serverOwning(slot);
        if (now != before && clusterOk()) return now;
      } catch (RuntimeException notYet) {
        // the cluster is still electing
      }
      sleep(100);
    }
    throw new IllegalStateException("slot " + slot + " not failed over after 60 s");
  }

  private boolean clusterOk() {
    for (int i = 0; i < ports.size(); i++) {
      if (dead.contains(i)) continue;
      try (Jedis j = node(i)) {
        if (!j.clusterInfo().contains("cluster_state:ok")) return false;
      }
    }
    return true;
  }

  private boolean ready() {
    for (int i = 0; i < MASTERS; i++) {
      try (Jedis j = node(i)) {
        if (!j.clusterInfo().contains("cluster_state:ok")) return false;
        if (j.clusterNodes().lines().filter(l -> l.contains("master")).count() != MASTERS) {
          return false;
        }
      }
    }
    return true;
  }

  /** First slot of master {@code i}; {@code slotFrom(MASTERS)} is 16384. */
  public static int slotFrom(int i) {
    return RedisClusterProcesses.slotFrom(i, MASTERS);
  }

  /** The index of the master that owns {@code slot}. */
  public static int masterOfSlot(int slot) {
    for (int i = MASTERS - 1; i >= 0; i--) if (slot >= slotFrom(i)) return i;
    throw new IllegalArgumentException("slot " + slot);
  }

  /** The index of the master that holds namespace {@code ns}. */
  public static int masterOf(String ns) {
    return masterOfSlot(JedisClusterCRC16.getSlot(RedisKeys.config(ns)));
  }

  /**
   * A fresh namespace on the next master in turn, so that the tests of a class spread over all
   * {@value #MASTERS}.
   */
  public String nextNamespace(String prefix) {
    return namespaceOn(namespaces.getAndIncrement() % MASTERS, prefix);
  }

  /** A fresh namespace whose hash tag falls in master {@code i}'s slots. */
  public static String namespaceOn(int i, String prefix) {
    while (true) {
      String ns = TestRedis.namespace(prefix);
      if (masterOf(ns) == i) return ns;
    }
  }

  public int port(int i) {
    return ports.get(i);
  }

  /** {@code redis-cluster://127.0.0.1:p0,127.0.0.1:p1,127.0.0.1:p2}. */
  public String url() {
    return "redis-cluster://" + ports.stream().map(p -> HOST + ":" + p)
        .collect(Collectors.joining(","));
  }

  /** A plain connection to master {@code i} (close it). */
  public Jedis node(int i) {
    return new Jedis(HOST, ports.get(i), 5000);
  }

  /** The shared cluster client (do not close it). */
  public synchronized JedisCluster client() {
    if (client == null) {
      GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
      pool.setMaxTotal(16);
      pool.setJmxEnabled(false);
      client = new JedisCluster(Set.of(new HostAndPort(HOST, ports.get(0))),
          DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000)
              .socketTimeoutMillis(5000).build(), 5, pool);
    }
    return client;
  }

  @Override
  public synchronized void close() {
    if (client != null) client.close();
    client = null;
    for (RedisServer s : servers) {
      try {
        if (s.isActive()) s.stop();
      } catch (IOException | RuntimeException e) {
        // best effort: the other servers still have to stop
      }
    }
    try (Stream<Path> w = Files.walk(dir)) {
      w.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temp dir is harmless
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
