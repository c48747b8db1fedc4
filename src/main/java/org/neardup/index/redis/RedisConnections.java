package org.neardup.index.redis;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * Opens Jedis clients from {@link RedisSettings}: TLS, ACL user and password, database, timeouts;
 * a {@link JedisCluster} for a {@code redis-cluster://} url.
 */
public final class RedisConnections {
  private RedisConnections() {}

  /** {@link #cluster} for a cluster url, else {@link #pooled}; the caller closes it. */
  public static UnifiedJedis open(RedisSettings r) {
    return r.cluster() ? cluster(r) : pooled(r);
  }

  /** A pooled client of at most {@code r.poolSize()} connections; the caller closes it. */
  public static JedisPooled pooled(RedisSettings r) {
    if (r.cluster()) {
      throw new IllegalArgumentException("a redis-cluster:// url needs a cluster client: "
          + r.maskedUrl());
    }
    return new JedisPooled(new HostAndPort(r.host(), r.port()), config(r, r.database()), pool(r));
  }

  /**
   * A cluster client seeded with the url's nodes (it discovers the others and follows MOVED and
   * ASK), with a pool of at most {@code r.poolSize()} connections per node; the caller closes it.
   */
  public static JedisCluster cluster(RedisSettings r) {
    Set<HostAndPort> nodes = new LinkedHashSet<>();
    for (String n : r.nodes()) nodes.add(HostAndPort.from(n));
    return new JedisCluster(nodes, config(r, 0), 5, pool(r));
  }

  private static DefaultJedisClientConfig config(RedisSettings r, int database) {
    DefaultJedisClientConfig.Builder cfg = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(r.connectTimeoutMs())
        .socketTimeoutMillis(r.socketTimeoutMs())
        .database(database)
        .ssl(r.tls())
        .clientName("neardup");
    if (r.password() != null) cfg.user(r.user()).password(r.password());
    return cfg.build();
  }

  private static GenericObjectPoolConfig<Connection> pool(RedisSettings r) {
    GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
    pool.setMaxTotal(r.poolSize());
    pool.setMaxIdle(r.poolSize());
    pool.setMinIdle(0);
    pool.setJmxEnabled(false);
    return pool;
  }
}
