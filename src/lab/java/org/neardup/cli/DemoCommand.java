package org.neardup.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.neardup.index.redis.RedisConnections;
import org.neardup.index.redis.RedisSettings;
import org.neardup.storm.DemoRunner;
import org.neardup.storm.KeptRedis;
import picocli.CommandLine;
import redis.clients.jedis.JedisPooled;

@CommandLine.Command(name = "demo",
    description = {"Crawl the bundled demo site through the topology and print every page's verdict.",
        "The site: 5 sites, 25 articles (originals, reposts, rewrites, look-alikes), crawled through the "
            + "real StormCrawler topology in a local Storm cluster; each verdict is printed as it is decided, "
            + "and a summary against the expected verdicts ends the run. Uses the redis-server --store names, "
            + "else the one a previous demo kept, else starts an embedded one that stops at the end unless "
            + "--keep-redis."})
final class DemoCommand extends BaseCommand {
  @CommandLine.Option(names = "--store", paramLabel = "URL", description = "use this Redis instead of starting one")
  String store;

  @CommandLine.Option(names = "--namespace", paramLabel = "N", description = "key namespace (default: demo-<date-time>)")
  String namespace;

  @CommandLine.Option(names = "--conf", paramLabel = "FILE", description = "crawler-conf.yaml (default: the bundled settings)")
  Path conf;

  @CommandLine.Option(names = "--timeout", paramLabel = "SECONDS", description = "give up after (default: ${DEFAULT-VALUE})")
  long timeoutSeconds = 180;

  @CommandLine.Option(names = "--warc", arity = "1..*", paramLabel = "FILE",
      description = "run these WARC files through the topology (WarcSpout → parse → dedup → index) instead of the demo site, and compare every verdict with dedup's")
  java.util.List<java.nio.file.Path> warcs;

  @CommandLine.Option(names = "--keep-redis",
      description = "leave the embedded redis-server running with the data, for 'neardup stats' and the next demo")
  boolean keepRedis;

  @CommandLine.Option(names = "--stop-redis", paramLabel = "URL", arity = "0..1", fallbackValue = "",
      description = "only stop the redis-server a demo kept (or the loopback one at URL; SHUTDOWN NOSAVE), then exit")
  String stopRedis;

  @Override
  public Integer call() throws Exception {
    if (stopRedis != null) {
      Path record = KeptRedis.defaultFile();
      String kept = KeptRedis.find(record);
      String url = stopRedis.isEmpty() ? kept : stopRedis;
      if (url == null) {
        out().println("no redis-server kept by a demo is running");
        return OK;
      }
      RedisSettings r = RedisSettings.of(url);
      if (!r.host().equals("127.0.0.1") && !r.host().equals("localhost")) {
        throw new IllegalArgumentException("--stop-redis only stops a loopback server the demo started, got " + r.maskedUrl());
      }
      try (JedisPooled jedis = RedisConnections.pooled(r)) {
        jedis.sendCommand(redis.clients.jedis.Protocol.Command.SHUTDOWN, "NOSAVE");
      } catch (redis.clients.jedis.exceptions.JedisConnectionException expected) {
        // the server closes the connection as it shuts down
      }
      if (url.equals(kept)) KeptRedis.forget(record);
      out().println("stopped " + r.maskedUrl());
      return OK;
    }
    out().flush();
    PrintStream stdout = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    DemoRunner.Options o = new DemoRunner.Options(store, namespace, keepRedis, conf,
        Duration.ofSeconds(timeoutSeconds), stdout, KeptRedis.defaultFile());
    if (warcs != null) {
      for (java.nio.file.Path w : warcs) {
        if (!java.nio.file.Files.isRegularFile(w) || !org.neardup.warc.WarcFiles.isWarc(w)) {
          throw new IllegalArgumentException("--warc " + w + ": not a WARC file");
        }
      }
      return DemoRunner.runArchive(o, warcs).stream().allMatch(DemoRunner.ArchivePage::matches) ? OK : FAILED;
    }
    DemoRunner.Result r = DemoRunner.run(o);
    return r.allMatch() ? OK : FAILED;
  }
}
