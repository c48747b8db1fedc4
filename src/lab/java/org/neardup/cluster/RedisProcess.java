package org.neardup.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A redis-server of a local cluster, run as operators are told to run one: append-only file on
 * ({@code appendfsync everysec}), data in its own folder, loopback only. It runs detached (its own
 * log and pid file), so it outlives the JVM that started it, and can be stopped and started again
 * on the same port and data. The binary is the one embedded-redis bundles (the tests' Redis).
 */
public final class RedisProcess {
  private final Path dir;
  private final int port;

  public RedisProcess(Path dir, int port) {
    this.dir = dir.toAbsolutePath().normalize();
    this.port = port;
  }

  public int port() {
    return port;
  }

  public String url() {
    return "redis://127.0.0.1:" + port;
  }

  public Path dir() {
    return dir;
  }

  public Path log() {
    return dir.resolve("redis.log");
  }

  private Path pidFile() {
    return dir.resolve("redis.pid");
  }

  /** The redis-server binary, copied out of embedded-redis's jar into this folder once. */
  Path binary() throws IOException {
    Path binary = dir.resolve("redis-server");
    if (!Files.isExecutable(binary)) {
      Path tmp = Files.createTempFile(dir, "redis-server", ".tmp");
      Files.copy(redis.embedded.core.ExecutableProvider.newJarResourceProvider().get().toPath(), tmp,
          StandardCopyOption.REPLACE_EXISTING);
      if (!tmp.toFile().setExecutable(true)) throw new IOException("cannot make " + tmp + " executable");
      Files.move(tmp, binary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
    return binary;
  }

  /** Starts the server (its append-only file, if any, is loaded) and waits until it answers PING. */
  public void start(String... extra) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    List<String> cmd = new ArrayList<>(List.of(binary().toString(), "--port", String.valueOf(port),
        "--bind", "127.0.0.1", "--dir", dir.toString(), "--appendonly", "yes", "--appendfsync", "everysec",
        "--save", "", "--dbfilename", "dump.rdb", "--daemonize", "yes", "--logfile", log().toString(),
        "--pidfile", pidFile().toString()));
    cmd.addAll(List.of(extra));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    if (p.waitFor() != 0) throw new IOException("redis-server exited with " + p.exitValue() + ", see " + log());
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!ping()) {
      if (System.nanoTime() > deadline) throw new IOException("redis-server did not answer on port " + port + ", see " + log());
      Thread.sleep(50);
    }
  }

  /** True when the server answers PING (a server still loading its data answers LOADING: false). */
  public boolean ping() {
    try (Jedis j = new Jedis("127.0.0.1", port, 1000)) {
      return "PONG".equals(j.ping());
    } catch (JedisConnectionException | JedisDataException e) {
      return false;
    }
  }

  /** The server's process, from its pid file. */
  public Optional<ProcessHandle> process() {
    try {
      if (!Files.isRegularFile(pidFile())) return Optional.empty();
      return ProcessHandle.of(Long.parseLong(Files.readString(pidFile()).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** SHUTDOWN: the server writes its append-only file out and exits; waits until it is gone. */
  public void stop() throws InterruptedException {
    Optional<ProcessHandle> p = process();
    try (Jedis j = new Jedis("127.0.0.1", port, 2000)) {
      j.shutdown();
    } catch (JedisConnectionException | JedisDataException e) {
      // closed as it shuts down, or not running
    }
    if (p.isPresent()) {
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (p.get().isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
      if (p.get().isAlive()) p.get().destroyForcibly();
    }
  }

  /** SIGKILL: what the last second of writes (appendfsync everysec) holds may be lost. */
  public void kill() throws InterruptedException {
    Optional<ProcessHandle> p = process();
    if (p.isEmpty()) return;
    p.get().destroyForcibly();
    while (p.get().isAlive()) Thread.sleep(20);
  }
}
