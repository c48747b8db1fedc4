package org.neardup.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.neardup.index.redis.RedisConnections;
import org.neardup.index.redis.RedisSettings;
import org.neardup.storm.DemoRunner;
import picocli.CommandLine;
import redis.clients.jedis.JedisPooled;

@CommandLine.Command(name = "demo",
    description = {"Crawl the bundled demo site (5 sites, 25 articles: originals, reposts, rewrites, look-alikes)",
        "through the real StormCrawler topology in a local Storm cluster, print each page's verdict as it is",
        "decided, and end with a summary against the expected verdicts. Starts an embedded redis-server unless",
        "--store names one, and leaves it running with the data so 'neardup stats' can inspect it."})
final class DemoCommand extends BaseCommand {
  @CommandLine.Option(names = "--store", paramLabel = "URL", description = "use this Redis instead of starting one")
  String store;

  @CommandLine.Option(names = "--namespace", paramLabel = "N", description = "key namespace (default: demo-<date-time>)")
  String namespace;

  @CommandLine.Option(names = "--conf", paramLabel = "FILE", description = "crawler-conf.yaml (default: the bundled settings)")
  Path conf;

  @CommandLine.Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after (default: ${DEFAULT-VALUE})")
  long timeoutSeconds = 180;

  @CommandLine.Option(names = "--stop-redis-at-exit", description = "stop the embedded redis-server when the demo ends")
  boolean stopRedisAtExit;

  @CommandLine.Option(names = "--stop-redis", paramLabel = "URL",
      description = "only stop a redis-server a demo left running (SHUTDOWN NOSAVE), then exit")
  String stopRedis;

  @Override
  public Integer call() throws Exception {
    if (stopRedis != null) {
      RedisSettings r = RedisSettings.of(stopRedis);
      if (!r.host().equals("127.0.0.1") && !r.host().equals("localhost")) {
        throw new IllegalArgumentException("--stop-redis only stops a loopback server the demo started, got " + r.maskedUrl());
      }
      try (JedisPooled jedis = RedisConnections.pooled(r)) {
        jedis.sendCommand(redis.clients.jedis.Protocol.Command.SHUTDOWN, "NOSAVE");
      } catch (redis.clients.jedis.exceptions.JedisConnectionException expected) {
        // the server closes the connection as it shuts down
      }
      out().println("stopped " + r.maskedUrl());
      return OK;
    }
    out().flush();
    PrintStream stdout = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    DemoRunner.Options o = new DemoRunner.Options(store, namespace, !stopRedisAtExit, conf,
        Duration.ofSeconds(timeoutSeconds), stdout);
    DemoRunner.Result r = DemoRunner.run(o);
    return r.allMatch() ? OK : FAILED;
  }
}
