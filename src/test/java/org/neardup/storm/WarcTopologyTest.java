package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.neardup.index.redis.TestRedis;

/**
 * A crawl archive recorded by GNU Wget replayed through the topology (WarcSpout → parse → dedup →
 * index) in a local cluster, against Redis: every page gets the verdict {@code neardup dedup}
 * gives the same archive.
 */
class WarcTopologyTest {

  @Test
  @Timeout(180)
  void anArchiveThroughTheTopologyGetsTheVerdictsOfDedup() throws Exception {
    Path warc = Path.of(getClass().getResource("/warc/demo-site.warc.gz").toURI());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    List<DemoRunner.ArchivePage> pages = DemoRunner.runArchive(new DemoRunner.Options(TestRedis.url(),
        "warc-topology-" + System.nanoTime(), false, null, Duration.ofSeconds(150), out, null), List.of(warc));

    assertEquals(30, pages.size());
    for (DemoRunner.ArchivePage p : pages) assertEquals(p.expected(), p.actual(), p.url());
    assertTrue(pages.stream().anyMatch(p -> p.url().endsWith(":18942/flood-reprint.html")
        && p.actual().equals("exact of http://127.0.0.1:18941/flood.html")), pages.toString());
    assertTrue(printed.toString(StandardCharsets.UTF_8).contains("30 of 30 verdicts as dedup gives them"));
  }
}
