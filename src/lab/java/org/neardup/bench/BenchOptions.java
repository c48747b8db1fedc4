package org.neardup.bench;

import java.nio.file.Path;
import java.util.List;
import org.neardup.config.NeardupConfig;
import org.neardup.peers.Peer;

/**
 * How to run a benchmark.
 *
 * @param config the neardup configuration (fingerprint and index settings as in production)
 * @param pages the corpus folder, or null for the bundled demo site
 * @param maxPages > 0: only the first maxPages files
 * @param warmup untimed passes over the pages before each stage is timed
 * @param iterations timed passes per stage
 * @param threads threads for the multi-threaded rows (pipeline, floor, dedup)
 * @param redisUrl a Redis to measure against, or null (the benchmark only touches fresh
 *     {@code neardup-bench-*} namespaces and deletes them afterwards)
 * @param embeddedRedis start a throw-away redis-server when no url is given
 * @param profile sample stacks of the pipeline and report the hot methods
 * @param peers peer baselines timed on the same pages ({@code --peers}); empty for none
 */
public record BenchOptions(NeardupConfig config, Path pages, int maxPages, int warmup, int iterations,
    int threads, String redisUrl, boolean embeddedRedis, boolean profile, List<Peer> peers) {
  public BenchOptions(NeardupConfig config, Path pages, int maxPages, int warmup, int iterations,
      int threads, String redisUrl, boolean embeddedRedis, boolean profile) {
    this(config, pages, maxPages, warmup, iterations, threads, redisUrl, embeddedRedis, profile, List.of());
  }

  public BenchOptions {
    peers = peers == null ? List.of() : List.copyOf(peers);
    if (warmup < 0) throw new IllegalArgumentException("--warmup must be >= 0, got " + warmup);
    if (iterations < 1) throw new IllegalArgumentException("--iterations must be >= 1, got " + iterations);
    if (threads < 1) throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
    if (redisUrl != null && !(redisUrl.startsWith("redis://") || redisUrl.startsWith("rediss://"))) {
      throw new IllegalArgumentException("--store must be a redis:// or rediss:// url, got " + redisUrl);
    }
  }

  public static BenchOptions quick(NeardupConfig config) {
    return new BenchOptions(config, null, 0, 1, 1, 2, null, false, false);
  }
}
