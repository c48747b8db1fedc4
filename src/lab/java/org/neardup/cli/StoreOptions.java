package org.neardup.cli;

import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.redis.RedisConnections;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;

/** --store and --namespace, for the commands that work on a store. */
final class StoreOptions {
  @CommandLine.Option(names = "--store", required = true, paramLabel = "URL",
      description = "redis://[user:password@]host:port[/db], rediss://..., or redis-cluster://host:port[,host:port...] (the password is never printed)")
  String store;

  @CommandLine.Option(names = "--namespace", paramLabel = "N", description = "key namespace (default: neardup.store.namespace, 'neardup')")
  String namespace;

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  /** How the commands connect: the configured connect timeout, and a minute to read a reply (long operator calls). */
  static RedisSettings redis(NeardupConfig cfg, int poolSize) {
    return new RedisSettings(cfg.store(), cfg.storeTimeoutMillis(), 60_000, poolSize);
  }

  /**
   * The index layout to open the namespace with: --conf's, or without --conf the one the
   * namespace was created with (so an operator needs no copy of the crawl's configuration).
   */
  IndexSettings layout(NeardupConfig cfg, RedisSettings redis) {
    if (config.conf != null) return cfg.index();
    try (var jedis = RedisConnections.open(redis)) {
      return RedisFingerprintStore.storedSettings(jedis, cfg.index().namespace()).orElseThrow(() ->
          new IllegalArgumentException("namespace '" + cfg.index().namespace() + "' holds no pages at " + redis.maskedUrl()));
    }
  }

  /** The configuration with these options applied; the index layout comes from --conf. */
  NeardupConfig load() {
    if (!(store.startsWith("redis://") || store.startsWith("rediss://")
        || store.startsWith("redis-cluster://") || store.startsWith("rediss-cluster://"))) {
      throw new IllegalArgumentException("--store must be a redis://, rediss:// or redis-cluster:// url");
    }
    return config.load().withStore(store, namespace);
  }
}
