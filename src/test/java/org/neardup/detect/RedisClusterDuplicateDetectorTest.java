package org.neardup.detect;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.neardup.index.IndexStore;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.TestRedisCluster;

/**
 * The detector's contract over a {@code JedisCluster} on a private three-master cluster
 * ({@link TestRedisCluster}); each test's namespace lands on the next master.
 */
class RedisClusterDuplicateDetectorTest extends DuplicateDetectorContract {
  private static TestRedisCluster cluster;

  @BeforeAll
  static void startCluster() {
    cluster = TestRedisCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) cluster.close();
  }

  @Override
  IndexStore newStore() {
    String ns = cluster.nextNamespace("detect");
    return new RedisFingerprintStore(cluster.client(), testSettings(ns), "test cluster");
  }
}
