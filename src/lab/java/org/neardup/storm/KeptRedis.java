package org.neardup.storm;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The redis-server a demo left running ({@code --keep-redis}), recorded in a small file so the next
 * demo uses it instead of starting another. The record holds the server's url and its {@code run_id}
 * (from {@code INFO server}, new for every redis-server process): a record whose server is gone, or
 * whose port now belongs to another server, is dropped.
 */
public final class KeptRedis {
  private KeptRedis() {}

  /** {@code $XDG_CACHE_HOME/neardup/demo-redis.properties}, by default under {@code ~/.cache}. */
  public static Path defaultFile() {
    String cache = System.getenv("XDG_CACHE_HOME");
    Path base = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("neardup").resolve("demo-redis.properties");
  }

  /** The url of the recorded server if that very server still answers, else null (the record is dropped). */
  public static String find(Path file) {
    if (file == null || !Files.isRegularFile(file)) return null;
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException | IllegalArgumentException e) {
      forget(file);
      return null;
    }
    String host = p.getProperty("host");
    String port = p.getProperty("port");
    String runId = p.getProperty("run_id");
    if (host != null && port != null && runId != null) {
      try {
        if (runId.equals(runId(host, Integer.parseInt(port)))) return url(host, Integer.parseInt(port));
      } catch (NumberFormatException e) {
        // a damaged record: dropped below
      }
    }
    forget(file);
    return null;
  }

  /** Records the server on {@code host:port} as the one the next demo uses. */
  public static void record(Path file, String host, int port) {
    if (file == null) return;
    String runId = runId(host, port);
    if (runId == null) throw new IllegalStateException("the redis-server on " + url(host, port) + " does not answer");
    Properties p = new Properties();
    p.setProperty("host", host);
    p.setProperty("port", String.valueOf(port));
    p.setProperty("run_id", runId);
    try {
      Files.createDirectories(file.getParent());
      Path tmp = Files.createTempFile(file.getParent(), "demo-redis", ".tmp");
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        p.store(w, "the redis-server a neardup demo left running");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record the kept redis-server in " + file, e);
    }
  }

  /** Drops the record. */
  public static void forget(Path file) {
    if (file == null) return;
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + file, e);
    }
  }

  public static String url(String host, int port) {
    return "redis://" + host + ":" + port;
  }

  /** The server's run_id, or null when nothing answers there. */
  private static String runId(String host, int port) {
    var config = DefaultJedisClientConfig.builder().connectionTimeoutMillis(1000).socketTimeoutMillis(2000).build();
    try (Jedis j = new Jedis(new HostAndPort(host, port), config)) {
      for (String line : j.info("server").split("\r?\n")) {
        if (line.startsWith("run_id:")) return line.substring("run_id:".length()).strip();
      }
      return null;
    } catch (JedisException e) {
      return null;
    }
  }
}
