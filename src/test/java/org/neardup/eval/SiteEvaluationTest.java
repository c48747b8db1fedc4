package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.NeardupConfig;
import org.neardup.runtime.Pipeline;

/**
 * The real-site evaluation: the oracle's container text and shingles, the exact similarity join
 * against comparing every pair, and a small two-edition site written for this test scored end to
 * end.
 */
public class SiteEvaluationTest {
  static final String SPHINX = "<html><head><title>os — Python</title></head><body>"
      + "<div class=\"related\" role=\"navigation\"><a href=\"index.html\">index</a> next | previous</div>"
      + "<div class=\"document\"><div class=\"body\" role=\"main\"><section><h1>os — interfaces<a class=\"headerlink\" href=\"#\">¶</a></h1>"
      + "<p>This module provides a portable way of using operating system dependent functionality.</p>"
      + "<nav class=\"contents\"><a href=\"#a\">Contents</a></nav></section></div></div>"
      + "<div class=\"footer\">This page is licensed under the Python Software Foundation License.</div></body></html>";

  static final String DOCBOOK = "<html><body><div class=\"navheader\"><table><tr><th>3.1. Open</th></tr><tr><td><a href=\"p.html\">Prev</a></td></tr></table></div>"
      + "<div class=\"sect2\"><h3>3.1. Open</h3><p>The Open command opens an existing image from disk.</p></div>"
      + "<div class=\"navfooter\"><a href=\"n.html\">Next</a> Home</div></body></html>";

  @Test
  void theOracleReadsTheContainerTheSiteMarks() {
    SiteOracle oracle = new SiteOracle(null);
    String sphinx = oracle.text(SPHINX.getBytes(StandardCharsets.UTF_8), "https://docs.example/os.html");
    assertEquals("os — interfaces This module provides a portable way of using operating system dependent functionality.", sphinx);
    // DocBook has no content marker: the body without its navigation bars
    String docbook = oracle.text(DOCBOOK.getBytes(StandardCharsets.UTF_8), "https://help.example/open.html");
    assertEquals("3.1. Open The Open command opens an existing image from disk.", docbook);
    // fpdoc's unit bar over a reference entry: the same entry in two units is one text
    String fpdoc = "<html><body><table class=\"bar\"><tr><td><b>[<a href=\"../unix/index.html\">Overview</a>][<a href=\"../unix/index-3.html\">Types</a>]</b></td>"
        + "<td><span class=\"bartitle\">Reference for unit 'Unix'</span></td></tr></table>"
        + "<h1>pcuint8</h1><p>Pointer to 8-bits unsigned integer type</p></body></html>";
    assertEquals("pcuint8 Pointer to 8-bits unsigned integer type", oracle.text(fpdoc.getBytes(StandardCharsets.UTF_8), "https://fpc.example/unix/pcuint8.html"));
    // Texinfo's bar of the nodes around one, over and under it: the same node under two names is one text
    String texinfo = "<html><body><div class=\"unnumberedsec\"><div class=\"header\"><p>Next: <a href=\"b.html\" accesskey=\"n\" rel=\"next\">"
        + "Speed</a>, Up: <a href=\"FAQ.html\" rel=\"up\">FAQ</a></p></div><h3>When was it born?</h3><pre>In 1987.</pre>"
        + "<div class=\"nav-panel\"><p>Previous: <a href=\"a.html\" rel=\"prev\">Skip</a></p></div></div></body></html>";
    assertEquals("When was it born? In 1987.", oracle.text(texinfo.getBytes(StandardCharsets.UTF_8), "https://gnu.example/flex/born.html"));
    // a marker on a bar of links (Doxygen's tabs in a div#content that ends before the title) is
    // passed over, for the next marker or the body; one that holds a heading or words of its own is not
    String tabs = "<html><body><div id=\"content\"><ul><li><a href=\"index.html\">Main Page</a></li>"
        + "<li><a href=\"annotated.html\">Classes</a></li></ul></div>"
        + "<div class=\"header\"><div class=\"title\">sf::Clock Class Reference</div></div>"
        + "<div class=\"contents\"><p>Utility class that measures the elapsed time.</p></div></body></html>";
    assertEquals("Main Page Classes sf::Clock Class Reference Utility class that measures the elapsed time.",
        oracle.text(tabs.getBytes(StandardCharsets.UTF_8), "https://sfml.example/classsf_1_1Clock.html"));
    String index = "<html><body><div id=\"content\"><h1>Index</h1><a href=\"a.html\">alpha</a> <a href=\"b.html\">beta</a></div>"
        + "<p>Site footer</p></body></html>";
    assertEquals("Index alpha beta", oracle.text(index.getBytes(StandardCharsets.UTF_8), "https://docs.example/genindex.html"));
    // a selector given by the user wins
    assertEquals("3.1. Open The Open command opens an existing image from disk.",
        new SiteOracle("div.sect2").text(DOCBOOK.getBytes(StandardCharsets.UTF_8), "https://help.example/open.html"));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> new SiteOracle("div[[["));
    assertTrue(bad.getMessage().contains("div[[["), bad.getMessage());
  }

  @Test
  void oracleTokensAndJaccard() {
    assertEquals(List.of("the", "open", "command", "3", "1", "打", "开", "图", "像"), SiteOracle.tokens("The Open-command 3.1 打开图像!"));
    long[] a = SiteOracle.shingles("one two three four five six seven");
    assertEquals(3, a.length);
    assertEquals(1.0, SiteOracle.jaccard(a, SiteOracle.shingles("One, two; three four five six seven.")), 1e-12);
    assertEquals(1.0 / 3, SiteOracle.jaccard(a, SiteOracle.shingles("one two three four five")), 1e-12);
    assertEquals(1, SiteOracle.shingles("too short").length); // fewer tokens than a shingle: one shingle
    assertTrue(Double.isNaN(SiteOracle.jaccard(new long[0], new long[0])));
  }

  @Test
  void theJoinFindsEveryPairABruteForceFinds() {
    Random r = new Random(7);
    List<long[]> sets = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      // clusters of related sets (a shared core, each set keeping most of it, plus its own
      // elements), so many pairs lie near each threshold
      int cluster = i % 12;
      double keep = new double[] {0.98, 0.9, 0.75, 0.6}[i % 4];
      Set<Long> s = new HashSet<>();
      for (int k = 0; k < 40; k++) if (r.nextDouble() < keep) s.add(cluster * 1000L + k);
      int own = r.nextInt(25);
      for (int k = 0; k < own; k++) s.add(cluster * 1000L + 100 + r.nextInt(800));
      sets.add(s.stream().mapToLong(Long::longValue).sorted().toArray());
    }
    sets.add(new long[0]);
    for (double t : new double[] {0.3, 0.5, 0.8}) {
      Set<String> expected = new HashSet<>();
      for (int i = 0; i < sets.size(); i++) {
        for (int j = i + 1; j < sets.size(); j++) {
          double jac = SiteOracle.jaccard(sets.get(i), sets.get(j));
          if (!Double.isNaN(jac) && jac >= t) expected.add(i + "-" + j);
        }
      }
      Set<String> found = new HashSet<>();
      for (SimilarityJoin.Match m : SimilarityJoin.join(sets, t)) {
        assertEquals(SiteOracle.jaccard(sets.get(m.a()), sets.get(m.b())), m.jaccard(), 1e-12);
        found.add(m.a() + "-" + m.b());
      }
      assertEquals(expected, found, "threshold " + t);
      assertTrue(expected.size() > 10, "the test must have pairs at " + t);
    }
    assertThrows(IllegalArgumentException.class, () -> SimilarityJoin.join(sets, 0));
  }

  static String page(String title, String... paragraphs) {
    StringBuilder b = new StringBuilder("<html><head><title>").append(title).append("</title></head><body>")
        .append("<div class=\"navheader\"><a href=\"index.html\">Home</a> | <a href=\"search.html\">Search</a></div><div id=\"content\"><h1>")
        .append(title).append("</h1>");
    for (String p : paragraphs) b.append("<p>").append(p).append("</p>");
    return b.append("</div></body></html>").toString();
  }

  static final String LONG_A = "The hedge trimmer cuts along a straight guide rail so the lines of a garden hedge stay level over its whole length. "
      + "Set the rail height with the two brass knobs, tighten them, and push the trimmer slowly while the blade turns. "
      + "Oil the blade after every use and store the trimmer in a dry shed, away from children and pets, with the guard fitted"
      + " over the teeth. In spring, check the cable for cuts before the first trim of the year, and replace the guide rail if"
      + " it has bent during the winter.";
  static final String LONG_B = "Compost bins turn kitchen scraps and fallen leaves into dark soil over a single summer if the heap stays moist. "
      + "Turn the heap with a fork every two weeks, and cover it with a sack when heavy rain is forecast for several days.";
  static final String LONG_C = "A rain gauge made from a clear bottle tells you how much water the lawn received this week. "
      + "Read the level every morning at the same hour, write it in the notebook, and empty the bottle after each reading.";

  /**
   * Writes the site into folders {@code en} and {@code en_GB} of {@code dir} and returns them: the
   * trimmer's page in both (a help page of some hundred words, one word added), the compost page
   * changed beyond recognition, and a page only in the first, beside a stylesheet.
   */
  public static List<Path> twoEditionSite(Path dir) throws java.io.IOException {
    Path en = Files.createDirectories(dir.resolve("en"));
    Path gb = Files.createDirectories(dir.resolve("en_GB"));
    Files.writeString(en.resolve("trimmer.html"), page("Hedge trimmer", LONG_A));
    Files.writeString(gb.resolve("trimmer.html"), page("Hedge trimmer", LONG_A.replace("garden hedge", "garden hedge (UK)")));
    Files.writeString(en.resolve("compost.html"), page("Compost", LONG_B));
    Files.writeString(gb.resolve("compost.html"), page("Compost", LONG_C)); // same path, other text
    Files.createDirectories(en.resolve("tools"));
    Files.writeString(en.resolve("tools/gauge.html"), page("Rain gauge", LONG_C + " Keep the gauge away from trees."));
    Files.writeString(en.resolve("style.css"), "body{}");
    return List.of(en, gb);
  }

  @Test
  void aSmallTwoEditionSiteIsLabelledAndScoredByTheOracle(@TempDir Path tmp) throws Exception {
    List<Path> site = twoEditionSite(tmp);
    Path en = site.get(0);
    Path gb = site.get(1);

    Dataset d = Sites.load("garden", List.of(new Sites.Edition("en", en), new Sites.Edition("en_GB", gb)),
        new SiteOracle(null), 3, Progress.none());
    assertEquals(5, d.pages().size());
    assertEquals(5, d.stream().size());
    SiteLabels l = d.labels();
    assertTrue(l.samePage("garden/en/trimmer.html", "garden/en_GB/trimmer.html"));
    assertEquals(SiteLabels.Truth.COPY, l.truth("garden/en/trimmer.html", "garden/en_GB/trimmer.html"));
    assertEquals(SiteLabels.Truth.NOT, l.truth("garden/en/compost.html", "garden/en_GB/compost.html"));
    assertTrue(l.jaccard("garden/en_GB/compost.html", "garden/en/tools/gauge.html") >= SiteLabels.NOT);
    assertEquals("https://garden.site.invalid/en_GB/compost.html", d.pages().get("garden/en_GB/compost.html").url());
    // pairs: the same page in two editions (both labelled), siblings of one folder
    assertTrue(d.pairs().stream().anyMatch(p -> p.kind().equals("same_page") && p.duplicate()));
    assertTrue(d.pairs().stream().anyMatch(p -> p.kind().equals("same_page") && !p.duplicate()));

    Pipeline pipeline = Pipeline.of(NeardupConfig.defaults().withStore("memory", "sitetest"));
    EvalResult r = new Evaluator(pipeline, 1, Progress.none(), false).run(d);
    EvalResult.SiteResult s = r.stream.site;
    assertEquals(5, s.all.pages);
    assertEquals(1, s.all.samePageCopies, "the trimmer's second edition");
    assertEquals(1, s.all.samePageCaught, String.valueOf(r.stream.site.missedCopies));
    assertEquals(0, s.all.wrong, String.valueOf(s.wrongCalls));
    assertEquals(1.0, s.all.precision());
    assertEquals(s.all.pages, s.perEdition.values().stream().mapToInt(p -> p.pages).sum());
    assertTrue(Arrays.asList("en", "en_GB").containsAll(s.perEdition.keySet()));

    // the afternoon baseline on the same stream: whole-page 5-shingle Jaccard, first seen wins
    EvalResult b = new Evaluator(pipeline, 1, Progress.none(), false).withBaseline(true).run(d);
    assertEquals(1, b.baseline.site.all.samePageCaught, String.valueOf(b.baseline.site.missedCopies));
    assertEquals(0, b.baseline.site.all.wrong, String.valueOf(b.baseline.site.wrongCalls));
  }

  @Test
  void aPackagesSiteIsTheDeepestFolderWithNineTenthsOfItsPages(@TempDir Path tmp) throws Exception {
    Path html = Files.createDirectories(tmp.resolve("usr/share/doc/x/html"));
    for (int i = 0; i < 19; i++) {
      Files.createDirectories(html.resolve("part" + (i % 3)));
      Files.writeString(html.resolve("part" + (i % 3)).resolve("p" + i + ".html"), "<p>x</p>");
    }
    Files.writeString(tmp.resolve("usr/share/doc/x/README.html"), "<p>readme</p>");
    assertEquals(html, DebianPackages.root(tmp, "x"));
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> DebianPackages.root(Files.createDirectories(tmp.resolve("empty")), "y-doc"));
    assertTrue(none.getMessage().contains("y-doc") && none.getMessage().contains("no HTML"), none.getMessage());
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> DebianPackages.site("../etc", tmp));
    assertTrue(bad.getMessage().contains("../etc"), bad.getMessage());
  }

  @Test
  void aSiteNeedsFoldersAndPages(@TempDir Path tmp) {
    IllegalArgumentException notFolder = assertThrows(IllegalArgumentException.class,
        () -> new Sites.Edition("x", tmp.resolve("missing")));
    assertTrue(notFolder.getMessage().contains("missing"), notFolder.getMessage());
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
        () -> Sites.load("empty", List.of(new Sites.Edition("x", tmp)), new SiteOracle(null), 1, Progress.none()));
    assertTrue(empty.getMessage().contains("fewer than 2 HTML pages"), empty.getMessage());
  }
}
