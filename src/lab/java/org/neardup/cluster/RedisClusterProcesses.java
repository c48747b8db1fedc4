package org.neardup.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster of {@code masters} masters with one replica each, every node a {@link RedisProcess}
 * (append-only file on) with {@code cluster-enabled yes} and a 2 s node timeout, so a master that
 * dies is failed over to its replica within seconds. Master {@code i} owns the slots
 * {@code [i * 16384 / masters, (i + 1) * 16384 / masters)}; node {@code masters + i} is its replica.
 */
public final class RedisClusterProcesses implements AutoCloseable {
  static final int NODE_TIMEOUT_MS = 2000;

  private final int masters;
  private final List<RedisProcess> nodes = new ArrayList<>();

  private RedisClusterProcesses(int masters) {
    this.masters = masters;
  }

  /** Starts {@code 2 * masters} nodes in folders under {@code dir}, and waits until the cluster is ok. */
  public static RedisClusterProcesses start(Path dir, int masters) throws IOException, InterruptedException {
    RedisClusterProcesses c = new RedisClusterProcesses(masters);
    try {
      c.boot(dir);
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  private void boot(Path dir) throws IOException, InterruptedException {
    for (int i = 0; i < 2 * masters; i++) {
      int port = portWithFreeBus();
      RedisProcess node = new RedisProcess(dir.resolve("node-" + port), port);
      node.start("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
          "--cluster-node-timeout", String.valueOf(NODE_TIMEOUT_MS));
      nodes.add(node);
    }
    for (int i = 0; i < masters; i++) {
      try (Jedis j = jedis(i)) {
        addSlots(j, i, masters);
      }
    }
    try (Jedis j = jedis(0)) {
      for (int i = 1; i < nodes.size(); i++) j.clusterMeet("127.0.0.1", nodes.get(i).port());
    }
    await("every node to know the others", () -> {
      for (int i = 0; i < nodes.size(); i++) {
        try (Jedis j = jedis(i)) {
          if (j.clusterNodes().lines().count() != nodes.size()) return false;
        }
      }
      return true;
    });
    for (int i = 0; i < masters; i++) {
      String id;
      try (Jedis m = jedis(i)) {
        id = m.clusterMyId();
      }
      try (Jedis r = jedis(masters + i)) {
        r.clusterReplicate(id);
      }
    }
    await("cluster_state:ok and every replica in sync", () -> {
      for (int i = 0; i < nodes.size(); i++) {
        try (Jedis j = jedis(i)) {
          if (!j.clusterInfo().contains("cluster_state:ok")) return false;
          if (i >= masters && !j.info("replication").contains("master_link_status:up")) return false;
        }
      }
      return true;
    });
  }

  /** The store url naming every node. */
  public String url() {
    List<String> hosts = new ArrayList<>();
    for (RedisProcess n : nodes) hosts.add("127.0.0.1:" + n.port());
    return "redis-cluster://" + String.join(",", hosts);
  }

  public List<RedisProcess> nodes() {
    return nodes;
  }

  /**
   * The node that is master of {@code key}'s slot now, as the nodes that answer see it; null while
   * none is (a failed master not yet replaced).
   */
  public RedisProcess masterOf(String key) {
    int slot = JedisClusterCRC16.getSlot(key);
    for (RedisProcess n : nodes) {
      if (!n.ping()) continue;
      try (Jedis j = new Jedis("127.0.0.1", n.port(), 2000)) {
        for (String line : j.clusterNodes().split("\n")) {
          String[] f = line.split(" ");
          if (f.length < 9 || !f[2].contains("master") || f[2].contains("fail")) continue;
          for (int k = 8; k < f.length; k++) {
            String[] range = f[k].split("-");
            if (range[0].startsWith("[")) continue;
            int from = Integer.parseInt(range[0]);
            int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
            if (slot >= from && slot <= to) {
              int port = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1, f[1].indexOf('@')));
              for (RedisProcess p : nodes) if (p.port() == port) return p;
            }
          }
        }
      }
    }
    return null;
  }

  /** The replication offset a node reports (master_repl_offset / slave_repl_offset). */
  public static long replicationOffset(RedisProcess node, boolean master) {
    try (Jedis j = new Jedis("127.0.0.1", node.port(), 2000)) {
      String key = master ? "master_repl_offset:" : "slave_repl_offset:";
      for (String line : j.info("replication").split("\r?\n")) {
        if (line.startsWith(key)) return Long.parseLong(line.substring(key.length()).trim());
      }
      return -1;
    }
  }

  private Jedis jedis(int i) {
    return new Jedis("127.0.0.1", nodes.get(i).port(), 2000);
  }

  /** The first slot of master {@code i} of {@code masters}; {@code slotFrom(masters, masters)} is 16384. */
  public static int slotFrom(int i, int masters) {
    return (int) ((long) i * 16384 / masters);
  }

  /**
   * Gives the node {@code j} the slots of master {@code i} of {@code masters}, 1,000 per CLUSTER
   * ADDSLOTS (Redis 6.2 has no ADDSLOTSRANGE).
   */
  public static void addSlots(Jedis j, int i, int masters) {
    int from = slotFrom(i, masters);
    int to = slotFrom(i + 1, masters);
    for (int s = from; s < to; s += 1000) {
      int[] chunk = new int[Math.min(1000, to - s)];
      for (int k = 0; k < chunk.length; k++) chunk[k] = s + k;
      j.clusterAddSlots(chunk);
    }
  }

  /** A port p free on loopback whose cluster bus port p + 10000 is free too. */
  public static int portWithFreeBus() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int p = FreePorts.take(1).get(0);
      if (p + 10000 < 65536 && !FreePorts.listening(p + 10000)) return p;
    }
    throw new IllegalStateException("no free port with a free cluster bus port");
  }

  private interface Check {
    boolean ok() throws Exception;
  }

  private static void await(String what, Check check) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      try {
        if (check.ok()) return;
      } catch (Exception notYet) {
        // a node still starting
      }
      if (System.nanoTime() > deadline) throw new IllegalStateException("Redis Cluster: no " + what + " after 60 s");
      Thread.sleep(100);
    }
  }

  /** Stops every node (SHUTDOWN, SIGKILL after 20 s). */
  @Override
  public void close() {
    for (RedisProcess n : nodes) {
      try {
        n.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
