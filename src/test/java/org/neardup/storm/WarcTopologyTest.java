package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.neardup.config.NeardupConfig;
import org.neardup.detect.DuplicateDetector;
import org.neardup.index.FingerprintStore;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.redis.TestRedis;
import org.neardup.runtime.BatchDeduplicator;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.WarcSource;

/**
 * A crawl archive replayed through the topology (WarcSpout → parse → dedup → index) in a local
 * cluster, against Redis: every page gets the verdict {@code neardup dedup} gives the same archive.
 */
class WarcTopologyTest {

  @Test
  @Timeout(180)
  void anArchiveThroughTheTopologyGetsTheVerdictsOfDedup() throws Exception {
    Path warc = Path.of(getClass().getResource("/warc/demo-site.warc.gz").toURI());
    Map<String, String> expected = batch(warc);

    Config conf = DemoRunner.config(null, TestRedis.url(), "warc-topology-" + System.nanoTime());
    VerdictPrinterBolt.DECIDED.clear();
    Map<String, String> decided = new LinkedHashMap<>();
    LocalCluster cluster = new LocalCluster();
    try {
      cluster.submitTopology("warc", conf, CrawlTopology.buildFromArchives(new WarcSpout(warc.toString()),
          new NearDuplicateBolt(), new VerdictPrinterBolt()).createTopology());
      long deadline = System.nanoTime() + 150_000_000_000L;
      while (decided.size() < expected.size() && System.nanoTime() < deadline) {
        VerdictPrinterBolt.Decided d = VerdictPrinterBolt.DECIDED.poll();
        if (d == null) {
          Thread.sleep(50);
        } else {
          decided.putIfAbsent(d.url(), d.verdict() + " " + d.duplicateOf());
        }
      }
    } finally {
      cluster.killTopology("warc");
      cluster.close();
    }
    assertEquals(expected, decided);
  }

  /** url → "verdict original" as {@code dedup} decides the archive, one page at a time in order. */
  private static Map<String, String> batch(Path warc) throws Exception {
    NeardupConfig cfg = NeardupConfig.defaults().withStore("memory", null);
    Pipeline pipeline = Pipeline.of(cfg);
    Map<String, String> verdicts = new LinkedHashMap<>();
    try (FingerprintStore store = new MemoryFingerprintStore(cfg.index());
        WarcSource source = new WarcSource(List.of(warc), cfg.extraction().maxBytes())) {
      new BatchDeduplicator(pipeline, new DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), 1)
          .run(source, new StringWriter(), n -> {}, (input, v, error) -> {
            if (v != null) {
              verdicts.put(((org.neardup.warc.WarcItem.Page) input.source()).url(),
                  v.kind().key() + " " + v.originalUrl());
            }
          });
    }
    return verdicts;
  }
}
