package org.neardup.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import redis.embedded.RedisServer;

/**
 * A redis-server child process on a free loopback port (codemonstur embedded-redis), for the demo,
 * tests and benchmarks. Nothing is written to disk ({@code save ""}); the data lives as long as the process.
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
      if (!stopWithJvm) return startDetached(port);
      RedisServer server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
          .setting("save \"\"").setting("appendonly no").setting("dbfilename redis-" + port + ".rdb")
          .onShutdownForceStop(stopWithJvm)
          .soutListener(line -> {}).serrListener(line -> {})
          .build();
      server.start();
      return new EmbeddedRedis(server, port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded redis-server on port " + port, e);
    }
  }

  /**
   * A server that outlives this JVM: the bundled binary, copied out of the jar's temporary folder
   * (which goes with the JVM), started with {@code --daemonize yes} and a log file. A child that
   * logged to this JVM's pipes would die of SIGPIPE once the JVM is gone.
   */
  private static EmbeddedRedis startDetached(int port) throws IOException {
    java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "neardup-redis");
    java.nio.file.Files.createDirectories(dir);
    java.nio.file.Path binary = dir.resolve("redis-server");
    if (!java.nio.file.Files.isExecutable(binary)) {
      java.nio.file.Path tmp = java.nio.file.Files.createTempFile(dir, "redis-server", ".tmp");
      java.nio.file.Files.copy(redis.embedded.core.ExecutableProvider.newJarResourceProvider().get().toPath(),
          tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      tmp.toFile().setExecutable(true);
      java.nio.file.Files.move(tmp, binary, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
    java.nio.file.Path log = dir.resolve("redis-" + port + ".log");
    // its own dir and file name: a redis-server loads the dump.rdb of its working directory at start,
    // whichever server wrote it (another version's refuses to load, and the server exits)
    Process p = new ProcessBuilder(binary.toString(), "--port", String.valueOf(port), "--bind", "127.0.0.1",
        "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--dbfilename", "redis-" + port + ".rdb",
        "--daemonize", "yes", "--logfile", log.toString(),
        "--pidfile", dir.resolve("redis-" + port + ".pid").toString())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      if (p.waitFor() != 0) throw new IOException("redis-server exited with " + p.exitValue() + ", see " + log);
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (true) {
        try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis("127.0.0.1", port)) {
          if ("PONG".equals(j.ping())) return new EmbeddedRedis(null, port);
        } catch (redis.clients.jedis.exceptions.JedisConnectionException notYet) {
          if (System.nanoTime() > deadline) throw new IOException("redis-server did not answer on port " + port + ", see " + log);
          Thread.sleep(50);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting redis-server", e);
    }
  }

  public int port() {
    return port;
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  /** Stops a server this JVM owns; a detached one is left running (stop it with SHUTDOWN). */
  public void stop() {
    if (server == null) return;
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

  public static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }
}
