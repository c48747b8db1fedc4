package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval} on real sites: one that cannot be read costs no other's figures, and every site is set against the targets. */
class EvalCommandTest {
  static String page(String title, String text) {
    return "<html><head><title>" + title + "</title></head><body><div class=\"nav\"><a href=\"index.html\">Home</a></div>"
        + "<div id=\"content\"><h1>" + title + "</h1><p>" + text + "</p></div></body></html>";
  }

  static final String TRIMMER = "The hedge trimmer cuts along a straight guide rail so the lines of a garden hedge stay level over its"
      + " whole length. Set the rail height with the two brass knobs, tighten them, and push the trimmer slowly while the blade turns."
      + " Oil the blade after every use and store the trimmer in a dry shed, away from children and pets, with the guard fitted over"
      + " the teeth.";
  static final String COMPOST = "Compost bins turn kitchen scraps and fallen leaves into dark soil over a single summer if the heap"
      + " stays moist. Turn the heap with a fork every two weeks, and cover it with a sack when heavy rain is forecast for days.";

  @Test
  void aSiteThatCannotBeReadIsLeftOutAndTheOthersAreScoredAgainstTheTargets(@TempDir Path tmp) throws Exception {
    Path en = Files.createDirectories(tmp.resolve("en"));
    Path gb = Files.createDirectories(tmp.resolve("en_GB"));
    Files.writeString(en.resolve("trimmer.html"), page("Hedge trimmer", TRIMMER));
    Files.writeString(gb.resolve("trimmer.html"), page("Hedge trimmer", TRIMMER.replace("garden hedge", "garden hedge (UK)")));
    Files.writeString(en.resolve("compost.html"), page("Compost", COMPOST));
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Files.writeString(empty.resolve("index.html"), page("Nothing", "A site of one page."));
    Path json = tmp.resolve("eval.json");

    var r = CompareAndExtractCommandTest.run("eval", "--no-progress", "--no-stream-sweep", "--site", "empty=" + empty,
        "--site", "garden=" + en + "," + gb, "--json-out", json.toString());

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
