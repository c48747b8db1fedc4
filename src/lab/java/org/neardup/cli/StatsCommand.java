package org.neardup.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.StoreStats;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;

@CommandLine.Command(name = "stats",
    description = {"What a namespace holds in Redis.",
        "Pages seen, unique, exact and near duplicates by detector, Bloom fill and estimated "
            + "false-positive rate, SimHash bucket sizes, memory per structure and per page, and the originals "
            + "with the most copies. Sizes are sampled (MEMORY USAGE) and extrapolated."})
final class StatsCommand extends BaseCommand {
  @CommandLine.Mixin StoreOptions store = new StoreOptions();

  @CommandLine.Option(names = "--json", description = "one JSON object")
  boolean json;

  @CommandLine.Option(names = "--sample", paramLabel = "KEYS", description = "most keys measured (default: ${DEFAULT-VALUE})")
  int sample = 20_000;

  @Override
  public Integer call() throws Exception {
    NeardupConfig cfg = store.load();
    RedisSettings redis = StoreOptions.redis(cfg, 2);
    IndexSettings layout = store.layout(cfg, redis);
    StoreStats s;
    try (RedisFingerprintStore st = new RedisFingerprintStore(redis, layout)) {
      s = st.stats(sample);
    }
    if (json) {
      out().println(ExtractCommand.JSON.writeValueAsString(toJson(s, redis.maskedUrl())));
      return OK;
    }
    out().printf("store      %s%nnamespace  %s%n%n", redis.maskedUrl(), s.namespace());
    out().println("counters");
    s.counters().forEach((k, v) -> out().printf("  %-28s %,d%n", k, v));
    out().println();
    out().printf("bloom      fill %.6f, estimated false-positive rate %.3g%n", s.bloomFill(), s.bloomFalsePositiveRate());
    StoreStats.BucketStats b = s.simhashBuckets();
    if (b != null) {
      out().printf("simhash    %,d buckets sampled: max %d, p99 %.1f, mean %.2f%n", b.buckets(), b.max(), b.p99(), b.mean());
    }
    if (s.bandEntriesGone() >= 0) {
      out().printf("bands      %.1f%% of the sampled band entries name pages that are gone%s%n",
          100 * s.bandEntriesGone(), s.bandEntriesGone() >= 0.0005 ? " (`neardup compact` drops them)" : "");
    }
    out().println();
    out().printf("%-14s %14s %10s %16s%n", "structure", "entries", "keys", "bytes");
    s.structures().forEach((k, v) -> out().printf("%-14s %,14d %,10d %,16d%n", k, v.entries(), v.keys(), v.bytes()));
    double bpp = s.bytesPerPage();
    out().printf("%nbytes per page: %s%n", bpp < 0 ? "unknown" : String.format("%.1f", bpp));
    if (!s.topOriginals().isEmpty()) {
      out().println();
      out().println("top originals by copies");
      for (StoreStats.OriginalCount o : s.topOriginals()) out().printf("  %,8d  %s  %s%n", o.copies(), o.id(), o.url());
    }
    return OK;
  }

  static Map<String, Object> toJson(StoreStats s, String where) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("store", where);
    o.put("namespace", s.namespace());
    o.put("counters", s.counters());
    o.put("structures", s.structures());
    o.put("bloom_fill", s.bloomFill());
    o.put("bloom_false_positive_rate", s.bloomFalsePositiveRate());
    o.put("simhash_buckets", s.simhashBuckets());
    o.put("band_entries_gone", s.bandEntriesGone());
    o.put("bytes_per_page", s.bytesPerPage());
    o.put("top_originals", s.topOriginals());
    o.put("settings", s.settings());
    return o;
  }
}
