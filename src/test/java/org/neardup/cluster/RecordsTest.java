package org.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record file the recording bolts write, and a crawl's comparison with a reference run. */
class RecordsTest {
  @TempDir Path dir;

  private static final Map<String, String> REFERENCE = new LinkedHashMap<>();

  static {
    REFERENCE.put("a/1.html", "unique");
    REFERENCE.put("a/2.html", "unique");
    REFERENCE.put("b/1.html", "exact of a/1.html");
    REFERENCE.put("b/2.html", "near of a/2.html");
  }

  private Records write(String... lines) throws Exception {
    Path f = dir.resolve("records.tsv");
    try (RecordFile r = new RecordFile(f)) {
      for (String l : lines) r.append(l.split("\\|", -1));
    }
    return Records.read(f, url -> url.replace("http://127.0.0.1:1/", ""));
  }

  private static String v(String url, String verdict, String original, boolean replay) {
    return String.join("|", Records.VERDICT, "http://127.0.0.1:1/" + url, verdict,
        original == null ? "-" : "http://127.0.0.1:1/" + original, original == null ? "-" : "minhash",
        String.valueOf(replay), "42", "1000");
  }

  @Test
  void theSameVerdictsAreClean() throws Exception {
    Records r = write(v("a/1.html", "unique", null, false), v("a/2.html", "unique", null, false),
        v("b/1.html", "exact", "a/1.html", false), v("b/2.html", "near", "a/2.html", false));
    Records.Comparison c = r.compare(REFERENCE);
    assertTrue(c.clean(), c.report());
    assertTrue(c.reordered().isEmpty());
    assertEquals(4, r.lines());
    assertEquals(List.of(42L), List.copyOf(r.pids()));
  }

  @Test
  void aReplayWithTheSameVerdictIsARepeatNotAFault() throws Exception {
    Records r = write(v("a/1.html", "unique", null, false), v("a/2.html", "unique", null, false),
        v("b/1.html", "exact", "a/1.html", false), v("b/2.html", "near", "a/2.html", false),
        v("a/1.html", "unique", null, true));
    Records.Comparison c = r.compare(REFERENCE);
    assertTrue(c.clean(), c.report());
    assertEquals(1, c.repeats());
  }

  @Test
  void anotherMemberOfTheGroupAsOriginalIsAReorder() throws Exception {
    Records r = write(v("a/1.html", "unique", null, false), v("b/2.html", "unique", null, false),
        v("a/2.html", "near", "b/2.html", false), v("b/1.html", "exact", "a/1.html", false));
    Records.Comparison c = r.compare(REFERENCE);
    assertTrue(c.clean(), c.report());
    assertEquals(2, c.reordered().size(), c.report());
  }

  @Test
  void faultsAreNamed() throws Exception {
    Records r = write(v("a/1.html", "unique", null, false),
        v("a/2.html", "near", "a/2.html", true),          // its own duplicate
        v("b/1.html", "exact", "a/1.html", false), v("b/1.html", "unique", null, true), // two verdicts, copy indexed
        String.join("|", Records.ERROR, "http://127.0.0.1:1/b/2.html", "Exception while checking", "-", "-", "-", "7", "1"),
        String.join("|", Records.DELETED, "http://127.0.0.1:1/b/2.html", "-", "-", "-", "-", "7", "2"));
    Records.Comparison c = r.compare(REFERENCE);
    assertFalse(c.clean());
    assertEquals(List.of("b/2.html"), c.missing());
    assertEquals(1, c.ownDuplicate().size(), c.report());
    assertEquals(1, c.inconsistent().size(), c.report());
    assertEquals(1, c.copiesIndexed().size(), c.report());
    assertEquals(List.of("b/2.html"), c.errors());
    assertEquals(List.of("b/2.html"), c.deleted());
  }

  @Test
  void aCopyOfAnotherGroupDiffers() throws Exception {
    Records r = write(v("a/1.html", "unique", null, false), v("a/2.html", "near", "a/1.html", false),
        v("b/1.html", "exact", "a/1.html", false), v("b/2.html", "near", "a/2.html", false));
    Records.Comparison c = r.compare(REFERENCE);
    assertFalse(c.clean());
    assertEquals(1, c.differs().size(), c.report());
    assertEquals(List.of("a/2.html"), c.groupsWithoutOriginal());
  }

  @Test
  void aMissingFileIsNothingRecordedAndAHalfWrittenLineIsSkipped() throws Exception {
    assertEquals(0, Records.read(dir.resolve("none.tsv"), u -> u).lines());
    Path f = dir.resolve("half.tsv");
    Files.writeString(f, "verdict\thttp://x/a\tunique\n");
    assertEquals(0, Records.read(f, u -> u).lines());
  }

  @Test
  void fieldsWithTabsAndNewlinesStayOnOneLine() throws Exception {
    Records r = write(String.join("|", Records.ERROR, "http://127.0.0.1:1/a/1.html", "line one\nline\ttwo", "-", "-", "-", "1", "1"));
    assertEquals(List.of("line one line two"), r.errors().get("a/1.html"));
  }
}
