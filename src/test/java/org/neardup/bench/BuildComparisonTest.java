package org.neardup.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two builds driven side by side; here this build against its own classes. No timing thresholds. */
class BuildComparisonTest {

  @Test
  void drivesBothBuildsOverTheSamePagesInAlternatingPasses() throws URISyntaxException {
    Path classes = Path.of(org.neardup.runtime.Pipeline.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<BenchPage> pages = BenchCorpus.demoSite(0);
    List<String> log = new ArrayList<>();

    BuildComparison.Report report = BuildComparison.run(classes, pages, 2, log::add);

    assertEquals(pages.size(), report.pages());
    assertEquals(2, report.passes());
    for (int p = 0; p < 2; p++) {
      assertTrue(report.thisNanos()[p] > 0 && report.otherNanos()[p] > 0);
    }
    // the same code over the same pages: the same verdicts, one per page
    assertEquals(report.thisVerdicts(), report.otherVerdicts());
    assertEquals(pages.size(), report.thisVerdicts().values().stream().mapToInt(Integer::intValue).sum());
    assertTrue(report.thisVerdicts().size() > 1, "the demo site holds copies: " + report.thisVerdicts());
    assertEquals(2, report.ratios().length);
    String table = report.toTable();
    assertTrue(table.contains(pages.size() + " pages, 2 alternating passes"), table);
    assertTrue(table.contains("this / other, pass by pass: median"), table);
    assertTrue(log.get(0).contains("2 timed passes"), log.toString());
  }

  @Test
  void aFolderWithoutNeardupClassesIsRefusedByName(@TempDir Path dir) {
    var e = assertThrows(IllegalArgumentException.class,
        () -> BuildComparison.run(dir, BenchCorpus.demoSite(1), 1, line -> {}));
    assertTrue(e.getMessage().startsWith("--against " + dir + ": not a folder of compiled neardup classes"),
        e.getMessage());
  }
}
