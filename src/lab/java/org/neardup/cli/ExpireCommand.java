package org.neardup.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.neardup.config.NeardupConfig;
import org.neardup.index.StoreException;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;

@CommandLine.Command(name = "expire",
    description = {"Forget the pages whose content was first recorded before a time.",
        "It keeps the store from growing with content the crawl no longer fetches. A url fetched again "
            + "after that is decided as a new page; copies of a forgotten page become orphans (the first "
            + "fetched again stands for the content, even a copy before its original). Reads every record once, "
            + "then every band entry (compact) when it removed any."})
final class ExpireCommand extends BaseCommand {
  @CommandLine.Mixin StoreOptions store = new StoreOptions();

  @CommandLine.ArgGroup(multiplicity = "1")
  When when;

  static final class When {
    @CommandLine.Option(names = "--before", paramLabel = "TIME",
        description = "a date (2026-01-31, UTC midnight) or an instant (2026-01-31T12:00:00Z)")
    String before;

    @CommandLine.Option(names = "--older-than", paramLabel = "AGE",
        description = "an age: a number with d, h or m (90d, 36h, 30m)")
    String olderThan;
  }

  @Override
  public Integer call() throws Exception {
    long cutoff = cutoff(when, Instant.now());
    NeardupConfig cfg = store.load();
    RedisSettings redis = StoreOptions.redis(cfg, 1);
    long[] lastReport = {System.nanoTime()};
    long[] removedSoFar = {0};
    try (StoreMaintenance st = new RedisFingerprintStore(redis, store.layout(cfg, redis))) {
      long removed = st.expire(cutoff, (scanned, gone) -> {
        removedSoFar[0] = gone;
        if (System.nanoTime() - lastReport[0] > 10_000_000_000L) {
          err().printf("neardup expire: %,d seqs scanned, %,d pages removed%n", scanned, gone);
          err().flush();
          lastReport[0] = System.nanoTime();
        }
      });
      out().printf("expired %,d pages first recorded before %s (namespace '%s')%n", removed,
          Instant.ofEpochMilli(cutoff), cfg.index().namespace());
      if (removed > 0) { // their band entries stay until dropped (StoreMaintenance.compact)
        try {
          out().printf("compacted: %,d band entries of pages that are gone dropped%n",
              CompactCommand.compact(st, err()));
        } catch (StoreException.Unavailable e) {
          err().printf("neardup expire: store unavailable at %s while compacting; the pages are expired, "
              + "run `neardup compact` to drop their band entries: %s%n", redis.maskedUrl(), e.getMessage());
          return FAILED;
        }
      }
    } catch (StoreException.Unavailable e) {
      err().printf("neardup expire: store unavailable at %s after %,d pages removed; run it again to go on: %s%n",
          redis.maskedUrl(), removedSoFar[0], e.getMessage());
      return FAILED;
    }
    return OK;
  }

  /** The cutoff in epoch ms. */
  static long cutoff(When w, Instant now) {
    if (w.before != null) {
      String t = w.before.strip();
      try {
        return t.length() == 10
            ? LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli()
            : Instant.parse(t).toEpochMilli();
      } catch (DateTimeParseException | ArithmeticException e) {
        throw new IllegalArgumentException("--before " + w.before + ": not a date (2026-01-31) or an instant (2026-01-31T12:00:00Z)");
      }
    }
    String a = w.olderThan.strip();
    if (!a.matches("[0-9]{1,9}[dhm]")) {
      throw new IllegalArgumentException("--older-than " + w.olderThan + ": not an age such as 90d, 36h or 30m");
    }
    long n = Long.parseLong(a.substring(0, a.length() - 1));
    Duration age = switch (a.charAt(a.length() - 1)) {
      case 'd' -> Duration.ofDays(n);
      case 'h' -> Duration.ofHours(n);
      default -> Duration.ofMinutes(n);
    };
    return now.minus(age).toEpochMilli();
  }
}
