package org.neardup.storm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A redis-server child process on a free loopback port (codemonstur embedded-redis), for the demo
 * and tests. Nothing is written to disk ({@code save ""}); the data lives as long as the process.
 */
public final class EmbeddedRedis implements AutoCloseable {
  private final RedisServer server;
  private final int port;

  private EmbeddedRedis(RedisServer server, int port) {
    this.server = server;
    this.port = port;
  }

  /**
   * Starts a server.
   *
   * @param stopWithJvm stop the server when this JVM exits; false leaves it running
   */
  public static EmbeddedRedis start(boolean stopWithJvm) {
    int port = freePort();
    try {
      RedisServer server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
          .setting("save \"\"").setting("appendonly no")
          .onShutdownForceStop(stopWithJvm)
          .soutListener(line -> {}).serrListener(line -> {})
          .build();
      server.start();
      return new EmbeddedRedis(server, port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded redis-server on port " + port, e);
    }
  }

  public int port() {
    return port;
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  public void stop() {
    try {
      server.stop();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop the embedded redis-server on port " + port, e);
    }
  }

  @Override
  public void close() {
    stop();
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }
}
