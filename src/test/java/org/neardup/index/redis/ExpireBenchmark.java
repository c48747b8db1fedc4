package org.neardup.index.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.neardup.index.IndexSettings;
import org.neardup.index.PageEntry;
import redis.clients.jedis.Jedis;

/**
 * What {@link RedisFingerprintStore#expire} costs: loads {@code pages} StoreBenchmark pages
 * fetched at times 0..pages-1 (in bulk, unmeasured), then expires the older half and prints the
 * wall time, the Redis CPU per record read and per page removed, and the slowest single command
 * (LATENCY LATEST: how long the server was blocked at most; 0 when no call took 1 ms). Not a test: run it by hand (docs/STORE.md).
 *
 * <p>Arguments: {@code pages [lshBands] [redis-url]}. With {@code -Dcallgrind.pid} of a server
 * under callgrind (as for StoreCpuBenchmark), the dump holds the expiry's instructions.
 */
public final class ExpireBenchmark {

  /** INFO commandstats as "command calls x usec_per_call", the commands of the last CONFIG RESETSTAT. */
  static String commandStats(Jedis admin) {
    StringBuilder out = new StringBuilder();
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("cmdstat_([a-z_|]+):calls=([0-9]+),usec=([0-9]+),usec_per_call=([0-9.]+)")
        .matcher(admin.info("commandstats"));
    while (m.find()) {
      if (m.group(1).equals("config") || m.group(1).equals("info")) continue;
      out.append(out.length() == 0 ? "" : ", ").append(m.group(1)).append(' ').append(m.group(2))
          .append(" x ").append(m.group(4)).append(" us");
    }
    return out.toString();
  }

  public static void main(String[] args) throws Exception {
    int pages = Integer.parseInt(args[0]);
    int bands = args.length > 1 ? Integer.parseInt(args[1]) : 32;
    String url = args.length > 2 ? args[2] : TestRedis.url();
    RedisSettings rs = new RedisSettings(url, 10_000, 60_000, 2);
    IndexSettings settings = new IndexSettings(TestRedis.namespace("expire-bench"), pages, 1e-6,
        false, true, 3, 4, bands, 2, 32);
    try (Jedis admin = new Jedis(rs.host(), rs.port(), 60_000);
        RedisFingerprintStore store = new RedisFingerprintStore(rs, settings)) {
      if (rs.password() != null) admin.auth(rs.password());
      Random random = new Random(1);
      long[] simhashes = new long[pages];
      long[][] bandKeys = new long[pages][];
      for (int from = 0; from < pages; from += 1000) {
        List<PageEntry> batch = new ArrayList<>(1000);
        for (int i = from; i < Math.min(pages, from + 1000); i++) {
          PageEntry e = StoreBenchmark.entry(i, random, simhashes, bandKeys, bands);
          batch.add(new PageEntry(e.url(), e.id(), i, e.title(), e.canonical(), e.digest(), e.nearLookup(),
              e.simhash(), e.bands(), e.coreTerms(), e.sketch(), ""));
        }
        store.checkAndRecordAll(batch);
      }
      admin.configResetStat();
      admin.configSet("latency-monitor-threshold", "1");
      admin.sendCommand(redis.clients.jedis.Protocol.Command.LATENCY, "RESET");
      double cpu0 = StoreCpuBenchmark.redisCpu(admin);
      StoreCpuBenchmark.callgrind("-z"); // with -Dcallgrind.pid: the dump holds the expiry only
      long t0 = System.nanoTime();
      long removed = store.expire(pages / 2);
      double seconds = (System.nanoTime() - t0) / 1e9;
      StoreCpuBenchmark.callgrind("-d");
      double cpu = StoreCpuBenchmark.redisCpu(admin) - cpu0;
      // LATENCY LATEST: per event, the latest and the highest latency in ms ("command": any call)
      long slowest = 0;
      for (Object e : (java.util.List<?>) admin.sendCommand(redis.clients.jedis.Protocol.Command.LATENCY, "LATEST")) {
        java.util.List<?> row = (java.util.List<?>) e;
        if ("command".equals(new String((byte[]) row.get(0)))) slowest = (Long) row.get(3);
      }
      admin.configSet("latency-monitor-threshold", "0");
      long calls = Long.parseLong(admin.info("commandstats").replaceAll("(?s).*cmdstat_evalsha:calls=([0-9]+),.*", "$1"));
      System.out.printf("expired %,d of %,d pages (%d bands) in %.2f s (%,.0f pages/s): Redis CPU %.2f s, "
              + "%.1f us per page removed (every record read included); %,d script calls, the slowest %d ms%n",
          removed, pages, bands, seconds, removed / seconds, cpu, cpu * 1e6 / Math.max(1, removed), calls, slowest);
      // then the band entries the removals left (StoreMaintenance.compact), as `neardup expire` does
      admin.configResetStat();
      cpu0 = StoreCpuBenchmark.redisCpu(admin);
      t0 = System.nanoTime();
      long dropped = store.compact();
      seconds = (System.nanoTime() - t0) / 1e9;
      cpu = StoreCpuBenchmark.redisCpu(admin) - cpu0;
      System.out.printf("compacted: %,d band entries dropped in %.2f s: Redis CPU %.2f s, %.1f us per page removed, "
              + "%.2f us per band entry read (%,d); by command: %s%n",
          dropped, seconds, cpu, cpu * 1e6 / Math.max(1, removed), cpu * 1e6 / ((long) pages * bands),
          (long) pages * bands, commandStats(admin));
      // and once more, with nothing left to drop: what a compaction of a clean namespace costs
      admin.configResetStat();
      cpu0 = StoreCpuBenchmark.redisCpu(admin);
      t0 = System.nanoTime();
      dropped = store.compact();
      seconds = (System.nanoTime() - t0) / 1e9;
      cpu = StoreCpuBenchmark.redisCpu(admin) - cpu0;
      System.out.printf("compacted again: %,d dropped in %.2f s: Redis CPU %.2f s, %.3f us per band entry read; by command: %s%n",
          dropped, seconds, cpu, cpu * 1e6 / ((long) pages * bands / 2), commandStats(admin));
    }
    System.exit(0);
  }
}
