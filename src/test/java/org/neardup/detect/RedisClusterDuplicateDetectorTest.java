package org.neardup.detect;

import org.neardup.index.IndexStore;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.TestRedisCluster;

/**
 * The detector's contract over a {@code JedisCluster} on the tests' shared three-master cluster
 * ({@link TestRedisCluster#shared()}); each test's namespace lands on the next master.
 */
class RedisClusterDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  IndexStore newStore() {
    TestRedisCluster cluster = TestRedisCluster.shared();
    String ns = cluster.nextNamespace("detect");
    return new RedisFingerprintStore(cluster.client(), testSettings(ns), "test cluster");
  }
}
