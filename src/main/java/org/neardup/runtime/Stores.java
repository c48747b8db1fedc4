package org.neardup.runtime;

import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexStore;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;

/**
 * Opens the store a configuration names: "memory", a redis:// / rediss:// url, or a
 * redis-cluster://host:port[,host:port...] url (a JedisCluster; see docs/STORE.md "Redis Cluster").
 */
public final class Stores {
  private Stores() {}

  public static IndexStore open(NeardupConfig config) {
    if (config.store().equals("memory")) return new MemoryFingerprintStore(config.index());
    RedisSettings redis = new RedisSettings(config.store(), config.storeTimeoutMillis(),
        config.storeTimeoutMillis(), config.storePoolSize());
    return new RedisFingerprintStore(redis, config.index());
  }
}
