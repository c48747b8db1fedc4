package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.fingerprint.IdfTable;

class IdfCommandTest {
  @TempDir Path dir;

  @Test
  void buildsATableFromTheDemoSiteThatLoadsBack() throws Exception {
    Path site = Path.of(getClass().getResource("/demo-site/news-a").toURI());
    Path out = dir.resolve("idf.tsv");
    var r = CompareAndExtractCommandTest.run("idf", "--input", site.toString(), "--output", out.toString(), "--min-docs", "1");
    assertEquals(0, r.code(), r.err());
    IdfTable.Built t = IdfTable.load(out);
    assertTrue(t.values().size() > 100, r.out());
    // log((N + 1) / (df + 1)) + 1: words on more pages weigh less; unseen words weigh most.
    double min = t.values().values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = t.values().values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    assertTrue(min < max, min + " vs " + max);
    assertTrue(t.idf("从未出现过的词") >= max);
  }

  @Test
  void aBadTableLineNamesFileAndLine() throws Exception {
    Path bad = dir.resolve("bad.tsv");
    java.nio.file.Files.writeString(bad, "#unseen\t5\nword\tnotanumber\n");
    var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> IdfTable.load(bad));
    assertTrue(e.getMessage().contains("bad.tsv:2"), e.getMessage());
  }
}
