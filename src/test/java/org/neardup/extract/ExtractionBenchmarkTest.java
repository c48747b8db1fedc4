package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtractionBenchmarkTest {

  @TempDir
  Path dir;

  /** A small site of Sphinx-like pages: the container's text is the gold. */
  @Test
  void docPagesSamplesEachSiteAndScoresAgainstTheContainer() throws IOException {
    Path site1 = Files.createDirectories(dir.resolve("one/html"));
    Path site2a = Files.createDirectories(dir.resolve("two/en"));
    Path site2b = Files.createDirectories(dir.resolve("two/en_GB"));
    for (int i = 0; i < 4; i++) {
      write(site1.resolve("page" + i + ".html"), "Page " + i + " explains the module, its"
          + " functions and their arguments, with examples of how the number " + i + " is used.");
    }
    write(site1.resolve("stub.html"), "");
    write(site2a.resolve("a.html"), "The first page of the second site describes the menus of"
        + " the program, one by one, with their commands.");
    write(site2b.resolve("b.html"), "The second page of the second site describes the dialogs"
        + " of the program, one by one, with their options.");

    ExtractionBenchmark.Result r = ExtractionBenchmark.runSites(
        List.of(List.of(site1), List.of(site2a, site2b)), 3, 1, new PageExtractor());

    assertEquals(ExtractionBenchmark.DOC_PAGES, r.kind());
    // three of site one (the stub has no gold), both of site two
    assertEquals(5, r.pages());
    assertEquals(3, r.perPage().stream().filter(p -> p.id().startsWith("site1/html/page")).count());
    assertEquals(2, r.perPage().stream().filter(p -> p.id().startsWith("site2/")).count());
    // the gold is the container's text with its heading; the extractor leaves the h1 to the title
    assertTrue(r.scores().precision() > 0.99, r.summary());
    assertTrue(r.scores().recall() > 0.6 && r.scores().recall() < 1, r.summary());

    // the same seed draws the same pages
    ExtractionBenchmark.Result again = ExtractionBenchmark.runSites(
        List.of(List.of(site1), List.of(site2a, site2b)), 3, 1, new PageExtractor());
    assertEquals(r.perPage().stream().map(ExtractionBenchmark.PageResult::id).toList(),
        again.perPage().stream().map(ExtractionBenchmark.PageResult::id).toList());
  }

  private static void write(Path file, String paragraph) throws IOException {
    String body = paragraph.isEmpty() ? "" : "<h1>Title</h1><p>" + paragraph + "</p>";
    Files.writeString(file, "<html><head><title>T</title></head><body>"
        + "<div class='related' role='navigation'><a href='index.html'>index</a></div>"
        + "<div class='body' role='main'>" + body + "</div>"
        + "<div class='footer'>© Copyright 2001-2026, Example Foundation.</div></body></html>",
        StandardCharsets.UTF_8);
  }
}
