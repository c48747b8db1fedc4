package org.neardup.cli;

import java.io.PrintWriter;
import org.neardup.config.NeardupConfig;
import org.neardup.index.StoreException;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;

@CommandLine.Command(name = "compact",
    description = {"Drop the LSH band entries of pages that are gone.",
        "A page is gone when removed, expired or re-crawled with other content; removal leaves its "
            + "entries, and a lookup drops only those it reads. Reads every band group with plain MGETs and "
            + "asks the record of each page whose live bit is clear; a script rewrites only the groups that "
            + "hold such entries, so the namespace stays usable. `expire` runs it after removing."})
final class CompactCommand extends BaseCommand {
  @CommandLine.Mixin StoreOptions store = new StoreOptions();

  @Override
  public Integer call() throws Exception {
    NeardupConfig cfg = store.load();
    RedisSettings redis = StoreOptions.redis(cfg, 1);
    try (StoreMaintenance st = new RedisFingerprintStore(redis, store.layout(cfg, redis))) {
      long dropped = compact(st, err());
      out().printf("compacted: %,d band entries of pages that are gone dropped (namespace '%s')%n",
          dropped, cfg.index().namespace());
    } catch (StoreException.Unavailable e) {
      err().printf("neardup compact: store unavailable at %s; run it again: %s%n", redis.maskedUrl(), e.getMessage());
      return FAILED;
    }
    return OK;
  }

  /** Compacts, reporting progress on {@code log} every 10 s. */
  static long compact(StoreMaintenance st, PrintWriter log) {
    long[] lastReport = {System.nanoTime()};
    return st.compact((groups, dropped) -> {
      if (System.nanoTime() - lastReport[0] > 10_000_000_000L) {
        log.printf("neardup compact: %,d band groups read, %,d entries dropped%n", groups, dropped);
        log.flush();
        lastReport[0] = System.nanoTime();
      }
    });
  }
}
