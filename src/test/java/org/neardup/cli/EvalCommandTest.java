package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.eval.SiteEvaluationTest;

/**
 * {@code eval} on real sites (the small help site of {@code SiteEvaluationTest}): one that cannot
 * be read costs no other's figures, and every site is set against the targets.
 */
class EvalCommandTest {
  @Test
  void aSiteThatCannotBeReadIsLeftOutAndTheOthersAreScoredAgainstTheTargets(@TempDir Path tmp) throws Exception {
    List<Path> garden = SiteEvaluationTest.twoEditionSite(tmp);
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Files.writeString(empty.resolve("index.html"), "<html><body><p>A site of one page.</p></body></html>");
    Path json = tmp.resolve("eval.json");

    var r = CompareAndExtractCommandTest.run("eval", "--no-progress", "--no-stream-sweep", "--site", "empty=" + empty,
        "--site", "garden=" + garden.get(0) + "," + garden.get(1), "--json-out", json.toString());

    assertEquals(BaseCommand.FAILED, r.code(), r.err());
    assertTrue(r.err().contains("--site empty=") && r.err().contains("fewer than 2 HTML pages") && r.err().contains("left out"),
        r.err());
    assertTrue(r.out().contains("real sites against the targets"), r.out());
    assertTrue(r.out().contains("1 site(s): precision met on 1, distinct dropped on 1, same-page recall on 1 of 1"), r.out());
    JsonNode o = new ObjectMapper().readTree(json.toFile());
    assertEquals(1, o.get("datasets").size());
    assertEquals("garden", o.get("datasets").get(0).get("dataset").asText());
    assertEquals(1, o.get("left_out").size());
    JsonNode t = o.get("targets");
    assertEquals(0.995, t.get("precision").asDouble());
    assertEquals(1, t.get("all_met").asInt());
    assertEquals(0, t.get("unmet").size());
  }

  @Test
  void aFolderThatIsNotThereIsNamedBeforeAnyWork(@TempDir Path tmp) throws Exception {
    var r = CompareAndExtractCommandTest.run("eval", "--no-progress", "--site", "x=" + tmp.resolve("nowhere"));
    assertEquals(BaseCommand.USAGE, r.code());
    assertTrue(r.err().contains("nowhere"), r.err());
  }

  @Test
  void aBadListIsNamedBeforeAnyWork(@TempDir Path tmp) throws Exception {
    Path list = Files.writeString(tmp.resolve("sites.txt"), "gimp=gimp-help-en\nGIMP=Gimp_Help\n");
    var r = CompareAndExtractCommandTest.run("eval", "--no-progress", "--real-sites", list.toString());
    assertEquals(BaseCommand.USAGE, r.code());
    assertTrue(r.err().contains(list + ":2") && r.err().contains("Gimp_Help") && r.err().contains("not a Debian package name"), r.err());
  }
}
