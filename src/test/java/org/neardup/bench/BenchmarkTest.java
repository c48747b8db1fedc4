package org.neardup.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.NeardupCli;
import org.neardup.config.NeardupConfig;
import picocli.CommandLine;

/** The harness on the bundled demo site, one iteration: every row is there and timed. No timing thresholds. */
class BenchmarkTest {
  /** Every stage the harness must report, per page kind (multi-threaded rows appear with threads > 1). */
  static final List<String> STAGES = List.of(
      "floor/decode (charset known) + jsoup parse + text", "floor/jieba SEARCH over the main text", "floor/floor: jsoup + jieba",
      "extract/charset detection", "extract/jsoup parse", "extract/main-content extraction (parsed DOM)",
      "extract/page extraction (bytes -> Page, all)",
      "text/normalisation", "text/segmentation jieba SEARCH (TextAnalyzer)",
      "text/segmentation forward max-matching", "text/segmentation backward max-matching",
      "text/sentence splitting", "text/term counts + idf + weights (tf-idf)",
      "fingerprint/digest (MD5)", "fingerprint/simhash", "fingerprint/shingles", "fingerprint/minhash 128 + lsh bands",
      "fingerprint/longest sentences", "fingerprint/sentence boundary", "fingerprint/core terms",
      "fingerprint/keywords", "fingerprint/imatch", "fingerprint/frequent terms", "fingerprint/segments",
      "fingerprint/fine signature (encode)", "fingerprint/all fingerprints (Fingerprinter.of)",
      "pipeline/extract + fingerprint (bytes -> Fingerprints)",
      "store/memory: detector.check (fingerprints given)", "e2e/memory: bytes -> verdict, one thread",
      "e2e/memory: dedup batch (JSON lines)",
      "store/redis: detector.check (fingerprints given)", "e2e/redis: bytes -> verdict, one thread",
      "e2e/redis: dedup batch (JSON lines)");

  static BenchReport report;

  @BeforeAll
  static void runOnce() {
    BenchOptions opt = new BenchOptions(NeardupConfig.defaults(), null, 0, 0, 1, 2, null, true, true);
    report = Benchmark.run(opt, line -> {});
  }

  @Test
  void everyStageOfEveryKindHasAPositiveTiming() {
    assertTrue(report.pagesByKind().containsKey("zh"), report.pagesByKind().toString());
    assertTrue(report.pagesByKind().containsKey("en"), report.pagesByKind().toString());
    for (String kind : List.of("zh", "en")) {
      for (String stage : STAGES) {
        String[] gs = stage.split("/", 2);
        BenchReport.Row r = report.rows().stream()
            .filter(x -> x.kind().equals(kind) && x.group().equals(gs[0]) && x.stage().equals(gs[1]))
            .findFirst().orElse(null);
        assertNotNull(r, kind + " " + stage + " missing");
        assertTrue(r.nanos() > 0 && r.msPerPage() > 0 && r.pagesPerSecond() > 0, kind + " " + stage);
        assertEquals(report.pagesByKind().get(kind), r.pages());
        assertEquals(1, r.iterations());
      }
      for (String paired : List.of("target/floor (interleaved with neardup)",
          "target/neardup bytes -> Fingerprints (interleaved)")) {
        String[] gs = paired.split("/", 2);
        assertTrue(report.rows().stream().anyMatch(x -> x.kind().equals(kind) && x.group().equals(gs[0])
            && x.stage().equals(gs[1]) && x.threads() == 1 && x.iterations() == 2 && x.nanos() > 0),
            kind + " " + paired + ": two alternating passes");
      }
      for (String multi : List.of("target/floor (interleaved with redis dedup)", "floor/floor: jsoup + jieba", "pipeline/extract + fingerprint (bytes -> Fingerprints)",
          "e2e/redis: dedup batch (JSON lines)")) {
        String[] gs = multi.split("/", 2);
        assertTrue(report.rows().stream().anyMatch(x -> x.kind().equals(kind) && x.group().equals(gs[0])
            && x.stage().equals(gs[1]) && x.threads() == 2 && x.nanos() > 0), kind + " " + multi + " on 2 threads");
      }
    }
  }

  @Test
  void targetsHeapRedisMemoryAndProfileAreReported() {
    assertEquals(2, report.floor().size());
    for (BenchReport.FloorTarget t : report.floor()) {
      assertTrue(t.floorMs() > 0 && t.pipelineMs() > 0 && t.jsoupMs() > 0 && t.jiebaMs() > 0, t.toString());
      assertEquals(100 * (t.pipelineMs() - t.floorMs()) / t.floorMs(), t.overheadPercent(), 1e-9);
    }
    assertEquals(4, report.dedup().size()); // zh, en × redis, memory
    for (BenchReport.DedupTarget t : report.dedup()) assertTrue(t.ratio() > 0, t.toString());
    assertTrue(report.heap().peakUsedBytes() > 0);
    assertEquals(2, report.redis().size());
    for (BenchReport.RedisMemory m : report.redis()) {
      assertTrue(m.statsBytesPerPage() > 0, m.toString());
      assertEquals(0L, m.structures().getOrDefault("bloom", 0L), "Bloom shards are allocated before measuring");
    }
    assertEquals(2, report.profiles().size());
    assertTrue(report.profiles().get(0).samples() > 0);
    String table = report.toTable();
    assertTrue(table.contains("Speed target, one page") && table.contains("Speed target, throughput") && table.contains("Heap"), table);
  }

  @Test
  void jsonHasEveryRowWithItsDerivedFigures() throws Exception {
    JsonNode n = new ObjectMapper().readTree(report.toJson());
    assertEquals(report.rows().size(), n.get("rows").size());
    JsonNode first = n.get("rows").get(0);
    assertTrue(first.get("msPerPage").asDouble() > 0 && first.get("pagesPerSecond").asDouble() > 0, first.toString());
    assertTrue(n.get("floor").get(0).has("overheadPercent"));
    assertTrue(n.get("machine").get("cores").asInt() > 0);
  }

  @Test
  void corpusReadsHtmlAndGzippedHtmlRecursivelyAndIgnoresOtherFiles(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("site/a"));
    Files.writeString(dir.resolve("site/a/one.html"), "<html><body><p>one</p></body></html>");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("site/two.html.gz")))) {
      out.write("<html><body><p>two</p></body></html>".getBytes(StandardCharsets.UTF_8));
    }
    Files.writeString(dir.resolve("site/notes.txt"), "not a page");
    List<BenchPage> pages = BenchCorpus.load(dir, 0);
    assertEquals(List.of("site/a/one.html", "site/two.html.gz"), pages.stream().map(BenchPage::name).toList());
    assertTrue(new String(pages.get(1).bytes(), StandardCharsets.UTF_8).contains("<p>two</p>"));
    assertEquals(1, BenchCorpus.load(dir, 1).size());
    assertFalse(BenchCorpus.demoSite(0).isEmpty());
  }

  @Test
  void commandPrintsJsonAndRejectsBadValues(@TempDir Path empty) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = NeardupCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute("bench", "--warmup", "0", "--iterations", "1", "--threads", "1", "--max-pages", "6", "--json");
    assertEquals(0, code, err.toString());
    JsonNode n = new ObjectMapper().readTree(out.toString());
    List<String> stages = new ArrayList<>();
    n.get("rows").forEach(r -> stages.add(r.get("stage").asText()));
    assertTrue(stages.contains("all fingerprints (Fingerprinter.of)"), stages.toString());
    assertFalse(stages.stream().anyMatch(s -> s.startsWith("redis")), "no Redis rows without --store or --embedded-redis");

    CommandLine cli2 = NeardupCli.commandLine();
    cli2.setOut(new PrintWriter(new StringWriter()));
    cli2.setErr(new PrintWriter(new StringWriter()));
    assertEquals(2, cli2.execute("bench", "--iterations", "0"));
    assertEquals(2, cli2.execute("bench", "--pages", empty.toString()));
    assertEquals(2, cli2.execute("bench", "--store", "memcached://x"));
  }

  @Test
  void peersAreTimedNextToTheNeardupPipeline() {
    BenchOptions opt = new BenchOptions(NeardupConfig.defaults(), null, 8, 0, 1, 1, null, false, false,
        org.neardup.peers.Peers.stormCrawler());
    BenchReport r = Benchmark.run(opt, line -> {});
    assertTrue(!r.peers().isEmpty());
    for (BenchReport.PeerRatio p : r.peers()) {
      assertTrue(p.peerMs() > 0 && p.neardupMs() > 0 && p.speedRatio() > 0, p.toString());
      assertEquals(p.neardupMs() / p.peerMs(), p.speedRatio(), 1e-9);
    }
    assertTrue(r.toTable().contains("sc_md5_content"));
  }
}
