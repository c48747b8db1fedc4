package org.neardup.index.redis;

import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/** Opens pooled Jedis clients from {@link RedisSettings}: TLS, ACL user and password, database, timeouts. */
public final class RedisConnections {
  private RedisConnections() {}

  /** A pooled client of at most {@code r.poolSize()} connections; the caller closes it. */
  public static JedisPooled pooled(RedisSettings r) {
    DefaultJedisClientConfig.Builder cfg = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(r.connectTimeoutMs())
        .socketTimeoutMillis(r.socketTimeoutMs())
        .database(r.database())
        .ssl(r.tls())
        .clientName("neardup");
    if (r.password() != null) cfg.user(r.user()).password(r.password());
    GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
    pool.setMaxTotal(r.poolSize());
    pool.setMaxIdle(r.poolSize());
    pool.setMinIdle(0);
    pool.setJmxEnabled(false);
    return new JedisPooled(new HostAndPort(r.host(), r.port()), cfg.build(), pool);
  }
}
