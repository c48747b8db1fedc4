package org.neardup.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.neardup.config.NeardupConfig;
import org.neardup.index.redis.RedisConnections;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;
import redis.clients.jedis.UnifiedJedis;

@CommandLine.Command(name = "reset",
    description = {"Delete one namespace's keys from Redis (SCAN + UNLINK in batches; never KEYS or FLUSHALL).",
        "Asks for confirmation unless --yes."})
final class ResetCommand extends BaseCommand {
  @CommandLine.Mixin StoreOptions store = new StoreOptions();

  @CommandLine.Option(names = "--yes", description = "do not ask for confirmation")
  boolean yes;

  @Override
  public Integer call() throws Exception {
    NeardupConfig cfg = store.load();
    String ns = cfg.index().namespace();
    RedisSettings redis = StoreOptions.redis(cfg, 1);
    if (!yes) {
      out().printf("Delete every key of namespace '%s' on %s? Type the namespace to confirm: ", ns, redis.maskedUrl());
      out().flush();
      String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      if (answer == null || !answer.trim().equals(ns)) {
        err().println("neardup reset: not confirmed, nothing deleted");
        return FAILED;
      }
    }
    try (UnifiedJedis jedis = RedisConnections.open(redis)) {
      long deleted = RedisFingerprintStore.resetNamespace(jedis, ns);
      out().printf("deleted %,d keys of namespace '%s'%n", deleted, ns);
    }
    return OK;
  }
}
