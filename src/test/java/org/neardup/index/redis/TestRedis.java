package org.neardup.index.redis;

import org.neardup.runtime.EmbeddedRedis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.embedded.RedisServer;

/**
 * The Redis the tests use, for any test package: the one named by env {@code NEARDUP_TEST_REDIS}
 * (a redis:// url) or else an embedded redis-server (6.2, from com.github.codemonstur:embedded-redis)
 * started once per test JVM on a free loopback port and stopped by a shutdown hook. Tests isolate
 * themselves with {@link #namespace(String)}, never by flushing.
 */
public final class TestRedis {

  private static String url;
  private static JedisPooled client;

  private TestRedis() {}

  /** The shared test Redis url. */
  public static synchronized String url() {
    if (url == null) {
      String env = System.getenv("NEARDUP_TEST_REDIS");
      if (env != null && !env.isBlank()) {
        url = env.trim();
      } else {
        Server s = Server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(s::stop, "test-redis-stop"));
        url = s.url();
      }
    }
    return url;
  }

  public static RedisSettings settings() {
    return new RedisSettings(url(), 2000, 5000, 16);
  }

  /** A client on the shared test Redis (do not close it). */
  public static synchronized UnifiedJedis client() {
    if (client == null) {
      RedisSettings s = settings();
      client = new JedisPooled(s.host(), s.port(), s.user(), s.password());
    }
    return client;
  }

  /** A fresh namespace nobody else uses. */
  public static String namespace(String prefix) {
    return "test-" + prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  public static int freePort() {
    return EmbeddedRedis.freePort();
  }


  /** A private embedded redis-server (for tests that stop or reconfigure it). */
  public static final class Server implements AutoCloseable {
    private final RedisServer server;
    private final int port;

    private Server(int port, String... settings) {
      this.port = port;
      try {
        var b = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
            .setting("save \"\"").setting("appendonly no");
        for (String s : settings) b.setting(s);
        this.server = b.build();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Starts a server on a free loopback port with extra redis.conf lines. */
    public static Server start(String... settings) {
      Server s = new Server(freePort(), settings);
      s.restart();
      return s;
    }

    public int port() {
      return port;
    }

    public String url() {
      return "redis://127.0.0.1:" + port;
    }

    /** Starts it again on the same port (empty: nothing is persisted). */
    public void restart() {
      try {
        server.start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    public void stop() {
      try {
        if (server.isActive()) server.stop();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      stop();
    }
  }
}
