package org.neardup.index.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.neardup.runtime.EmbeddedRedis;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * A calibration of Redis CPU, measured the way {@link StoreCpuBenchmark} measures a page (INFO cpu
 * of the server process, before and after): one EVALSHA of a script that sets 7 bits with SETBIT,
 * one BITFIELD with 7 bit sets, and a PING, each pipelined (500 per round trip) and as single
 * calls. Then what the shape of a script's reply costs, 16 calls per round trip (a bolt's batch): a
 * nested table against one string, the shape check_and_record.lua replies in. Not a test: run it by
 * hand (docs/STORE.md has the command).
 *
 * <p>Arguments: {@code calls [redis-url]}; without a url it starts an embedded server.
 */
public final class RedisCalibration {

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    EmbeddedRedis embedded = args.length > 1 ? null : EmbeddedRedis.start(true);
    String url = args.length > 1 ? args[1] : "redis://127.0.0.1:" + embedded.port();
    try (Jedis j = new Jedis(java.net.URI.create(url)); Jedis admin = new Jedis(java.net.URI.create(url))) {
      String sha = j.scriptLoad("for i = 1, 7 do redis.call('SETBIT', KEYS[1], ARGV[i], '1') end return 0");
      // a new page's reply, as a table and as one string (check_and_record.lua's shape)
      String table = j.scriptLoad(
          "return {0, tonumber(ARGV[1]), false, false, false, false, 0, false, {}, false}");
      String string = j.scriptLoad(
          "return string.char(0, 0, 0, 0, 0, tonumber(ARGV[1]) % 256, 0, 0, 0, 0, 0, 0, 0, 0)");
      Random random = new Random(1);
      for (int round = 0; round < 3; round++) {
        double c0 = StoreCpuBenchmark.redisCpu(admin);
        Pipeline p = j.pipelined();
        for (int i = 0; i < n; i++) {
          p.evalsha(sha, List.of("calibration:bits"), offsets(random, 7));
          if (i % 500 == 499) p.sync();
        }
        p.sync();
        double c1 = StoreCpuBenchmark.redisCpu(admin);
        for (int i = 0; i < n / 4; i++) j.evalsha(sha, List.of("calibration:bits"), offsets(random, 7));
        double c2 = StoreCpuBenchmark.redisCpu(admin);
        p = j.pipelined();
        for (int i = 0; i < n; i++) {
          p.bitfield("calibration:bits2", bitSets(random, 7));
          if (i % 500 == 499) p.sync();
        }
        p.sync();
        double c3 = StoreCpuBenchmark.redisCpu(admin);
        for (int i = 0; i < n / 4; i++) j.bitfield("calibration:bits2", bitSets(random, 7));
        double c4 = StoreCpuBenchmark.redisCpu(admin);
        for (int i = 0; i < n / 4; i++) j.ping();
        double c5 = StoreCpuBenchmark.redisCpu(admin);
        System.out.printf("Redis CPU per call, µs: EVALSHA 7 x SETBIT pipelined %.1f, single %.1f | "
                + "BITFIELD 7 sets pipelined %.1f, single %.1f | PING single %.1f%n",
            (c1 - c0) / n * 1e6, (c2 - c1) / (n / 4) * 1e6, (c3 - c2) / n * 1e6,
            (c4 - c3) / (n / 4) * 1e6, (c5 - c4) / (n / 4) * 1e6);
        double t = replies(j, admin, table, n);
        double s = replies(j, admin, string, n);
        System.out.printf("Redis CPU per call, µs, 16 per round trip: a reply table %.1f, "
            + "a reply string %.1f%n", t, s);
      }
      j.del("calibration:bits", "calibration:bits2");
    } finally {
      if (embedded != null) embedded.close();
    }
    System.exit(0);
  }

  /** Redis CPU per call of the script {@code sha}, called 16 times per round trip. */
  private static double replies(Jedis j, Jedis admin, String sha, int n) {
    double c0 = StoreCpuBenchmark.redisCpu(admin);
    for (int i = 0; i < n; i += 16) {
      Pipeline p = j.pipelined();
      for (int k = 0; k < 16; k++) p.evalsha(sha, List.of(), List.of(Integer.toString(i + k)));
      p.sync();
    }
    return (StoreCpuBenchmark.redisCpu(admin) - c0) / n * 1e6;
  }

  private static List<String> offsets(Random random, int k) {
    List<String> out = new ArrayList<>(k);
    for (int i = 0; i < k; i++) out.add(Integer.toString(random.nextInt(1 << 24)));
    return out;
  }

  private static String[] bitSets(Random random, int k) {
    String[] out = new String[4 * k];
    for (int i = 0; i < k; i++) {
      out[4 * i] = "SET";
      out[4 * i + 1] = "u1";
      out[4 * i + 2] = Integer.toString(random.nextInt(1 << 24));
      out[4 * i + 3] = "1";
    }
    return out;
  }
}
