package org.neardup.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A throw-away redis-server (the binary bundled with com.github.codemonstur:embedded-redis) on a
 * free loopback port, nothing persisted, for {@code neardup bench --embedded-redis}.
 */
public final class EmbeddedRedis implements AutoCloseable {
  private final RedisServer server;
  private final int port;

  private EmbeddedRedis(RedisServer server, int port) {
    this.server = server;
    this.port = port;
  }

  public static EmbeddedRedis start() {
    int port = freePort();
    try {
      RedisServer s = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
          .setting("save \"\"").setting("appendonly no").build();
      s.start();
      return new EmbeddedRedis(s, port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded redis-server", e);
    }
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  @Override
  public void close() {
    try {
      if (server.isActive()) server.stop();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop the embedded redis-server", e);
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
