package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neardup.detect.DetectorSettings;
import org.neardup.detect.DuplicateDetector;
import org.neardup.detect.Verdict;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.index.FingerprintStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.StoreException;
import org.neardup.text.TextAnalyzer;

/**
 * A namespace's master failed over to its replica in the middle of a crawl of the demo site (25
 * pages of five sites, 11 of them copies), on a Redis Cluster of three masters with a replica
 * each: every page is compared with the verdict a memory store gives the same pages.
 *
 * <ul>
 *   <li>a manual failover (CLUSTER FAILOVER: the replica catches up before it takes over) loses
 *       nothing and changes no verdict;
 *   <li>a crash of the master (SIGKILL; the replica is elected after the 2 s node timeout): the
 *       calls fail as unavailable until the cluster has a master for the slot again, then go on.
 *       Redis replicates asynchronously, so the writes the master had acknowledged and not yet
 *       sent can be lost: at most the last call's pages. Each page recorded before the crash is
 *       offered again afterwards: a replay when it survived, decided anew when it was lost.
 * </ul>
 */
class RedisClusterFailoverTest {
  static final PageExtractor EXTRACTOR = new PageExtractor();
  static final Fingerprinter FINGERPRINTER =
      new Fingerprinter(FingerprintSettings.defaults(), TextAnalyzer.standard(), org.neardup.fingerprint.IdfTable.prior());
  static TestRedisCluster cluster;

  @BeforeAll
  static void start() {
    cluster = TestRedisCluster.startWithReplicas();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) cluster.close();
  }

  static IndexSettings settings(String ns) {
    return new IndexSettings(ns, 10_000, 1e-6, false, true, 3, 4, 32, 2, 32);
  }

  /** The demo's pages in seeds.txt order, each from its own site's url. */
  static List<Page> demoPages() {
    List<Page> pages = new ArrayList<>();
    for (String path : resource("seeds.txt").split("\n")) {
      if (path.isBlank()) continue;
      String site = path.substring(0, path.indexOf('/'));
      String url = "http://" + site + ".example/" + path.substring(path.indexOf('/') + 1).strip();
      try (InputStream in = RedisClusterFailoverTest.class.getResourceAsStream("/demo-site/" + path.strip())) {
        pages.add(EXTRACTOR.extract(url, in.readAllBytes(), null));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return pages;
  }

  static String resource(String name) {
    try (InputStream in = RedisClusterFailoverTest.class.getResourceAsStream("/demo-site/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String summary(Verdict v) {
    return v.kind().key() + (v.originalUrl() == null ? "" : " of " + v.originalUrl());
  }

  /** What a memory store decides for the pages, one by one. */
  static List<String> reference(List<Page> pages) {
    List<String> out = new ArrayList<>();
    try (FingerprintStore store = new MemoryFingerprintStore(settings("reference"))) {
      DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
      for (Page p : pages) out.add(summary(d.check(p, p.url(), 1000)));
    }
    return out;
  }

  /** Checks a page, calling again while the store is unavailable (the bolt replays, dedup retries). */
  static Verdict checkUntilDecided(DuplicateDetector d, Page p, int[] unavailable) {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      try {
        return d.check(p, p.url(), 1000);
      } catch (StoreException.Unavailable e) {
        unavailable[0]++;
        if (System.nanoTime() > deadline) throw e;
        try {
          Thread.sleep(200);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  @Test
  void aManualFailoverLosesNothingAndChangesNoVerdict() {
    List<Page> pages = demoPages();
    List<String> expected = reference(pages);
    String ns = TestRedisCluster.namespaceOn(0, "failover");
    List<String> got = new ArrayList<>();
    int[] unavailable = {0};
    try (FingerprintStore store = new RedisFingerprintStore(cluster.client(), settings(ns), "test cluster")) {
      DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
      for (int i = 0; i < pages.size(); i++) {
        if (i == 10) cluster.failOver(ns);
        got.add(summary(checkUntilDecided(d, pages.get(i), unavailable)));
      }
      assertEquals(expected, got);
      for (Page p : pages) assertTrue(d.check(p, p.url(), 1000).replay(), p.url() + " was kept");
    }
  }

  @Test
  void aCrashedMasterLosesAtMostTheLastCallAndThenTheCrawlGoesOn() {
    List<Page> pages = demoPages();
    List<String> expected = reference(pages);
    String ns = TestRedisCluster.namespaceOn(1, "crash");
    int crashAt = 12;
    List<String> got = new ArrayList<>();
    int[] unavailable = {0};
    // the store as a worker opens it from its configuration: the product's cluster client and timeouts
    try (FingerprintStore store = org.neardup.runtime.Stores.open(org.neardup.config.NeardupConfig.fromMap(
        java.util.Map.of("neardup.store", cluster.url(), "neardup.store.namespace", ns,
            "neardup.bloom.expected_items", 10_000)))) {
      DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
      double recovered = 0;
      for (int i = 0; i < pages.size(); i++) {
        long t = System.nanoTime();
        if (i == crashAt) cluster.killMasterOf(ns);
        got.add(summary(checkUntilDecided(d, pages.get(i), unavailable)));
        if (i == crashAt) recovered = (System.nanoTime() - t) / 1e9;
      }
      int lost = 0;
      for (Page p : pages.subList(0, crashAt)) {
        if (!d.check(p, p.url(), 1000).replay()) lost++;
      }
      System.out.printf("crash of the master: the next page decided after %.1f s (%d calls unavailable), %d"
          + " of %d pages recorded before the crash lost%n", recovered, unavailable[0], lost, crashAt);
      assertTrue(recovered < 30, "decided again " + recovered + " s after the crash");
      assertTrue(lost <= 1, lost + " pages recorded before the crash were lost");
      if (lost == 0) assertEquals(expected, got, "nothing lost: every verdict as without the crash");
    }
  }
}
