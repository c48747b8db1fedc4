package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CompareAndExtractCommandTest {
  static String demo(String path) throws Exception {
    return Path.of(CompareAndExtractCommandTest.class.getResource("/demo-site/" + path).toURI()).toString();
  }

  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cli = NeardupCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void compareJsonHasEveryMethodAndCallsTheRewriteADuplicate() throws Exception {
    Run r = run("compare", "--json", demo("news-a/flood.html"), demo("blog-c/flood.html"));
    assertEquals(0, r.code(), r.err());
    JsonNode o = new ObjectMapper().readTree(r.out());
    assertTrue(o.get("a").get("url").asText().endsWith("news-a/flood.html"));
    JsonNode m = o.get("methods");
    for (String key : new String[] {"exact", "simhash", "shingles", "minhash", "longest_sentences",
        "sentence_boundary", "core_terms", "keywords_des", "keywords_con", "keywords_sort",
        "keywords_con_weighted", "keywords_sort_weighted", "imatch", "frequent_terms", "segments", "combined"}) {
      assertTrue(m.has(key), "missing method " + key);
      assertTrue(m.get(key).get("score").isNumber() && m.get(key).get("duplicate").isBoolean(), key);
    }
    assertFalse(m.get("exact").get("duplicate").asBoolean());
    assertTrue(m.get("combined").get("duplicate").asBoolean());
    // both in Chinese: every word a Han character, one script
    assertEquals(1.0, o.get("a").get("non_latin_share").asDouble());
    assertEquals(1.0, o.get("b").get("non_latin_share").asDouble());
    assertFalse(m.get("combined").get("two_scripts").asBoolean());
    Run text = run("compare", demo("news-a/flood.html"), demo("world-d/library.html"));
    assertTrue(text.out().contains("non-Latin 1.00") && text.out().contains("non-Latin 0.00"), text.out());
  }

  /**
   * The rewrite that two sites' pages make a copy is, between two pages of one site, as close as
   * siblings come: the combined rule says which rule it applied and what the site showed. And a
   * page as close to another page (here another copy of the same article) as to B stands out from
   * nothing: the ratio test refuses B.
   */
  @Test
  void compareHoldsPagesOfOneSiteToTheSameSiteRule() throws Exception {
    JsonNode across = new ObjectMapper().readTree(run("compare", "--json", demo("blog-c/flood.html"), demo("news-a/flood.html")).out())
        .get("methods").get("combined");
    assertTrue(across.get("duplicate").asBoolean(), across.toString());
    assertFalse(across.get("same_site").asBoolean());
    assertEquals(0.0, across.get("sibling_jaccard").asDouble());
    JsonNode one = new ObjectMapper().readTree(run("compare", "--json", "--same-site", demo("blog-c/flood.html"),
        demo("news-a/flood.html")).out()).get("methods").get("combined");
    assertFalse(one.get("duplicate").asBoolean(), one.toString());
    assertTrue(one.get("same_site").asBoolean());
    assertTrue(one.get("jaccard_estimate_8bit").asDouble() < 0.6, one.toString());
    Run r = run("compare", "--json", "--site-page", demo("news-b/flood-reprint.html"), demo("blog-c/flood.html"),
        demo("news-a/flood.html"));
    assertEquals(0, r.code(), r.err());
    JsonNode ratio = new ObjectMapper().readTree(r.out()).get("methods").get("combined");
    assertFalse(ratio.get("duplicate").asBoolean(), ratio.toString());
    assertEquals(ratio.get("jaccard_estimate_8bit").asDouble(), ratio.get("sibling_jaccard").asDouble(), 1e-9, ratio.toString());
    for (String key : new String[] {"own_jaccard", "template_share", "same_title"}) assertTrue(ratio.has(key), key);
  }

  @Test
  void compareTextTableAndDifferentArticles() throws Exception {
    Run r = run("compare", demo("news-b/football.html"), demo("news-a/match-report.html"));
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("sentence_boundary"));
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("combined") && l.contains(" no ")), r.out());
  }

  @Test
  void extractJsonDecodesAGbkPageWithoutDeclaredCharset() throws Exception {
    Run r = run("extract", "--json", demo("news-b/food-safety.html"));
    assertEquals(0, r.code(), r.err());
    JsonNode o = new ObjectMapper().readTree(r.out());
    assertEquals("zh", o.get("language").asText());
    assertEquals("GB18030", o.get("charset").asText());
    for (String f : new String[] {"url", "title", "keywords", "description", "canonical", "text"}) assertTrue(o.has(f), f);
    assertTrue(o.get("text").asText().length() > 300);
  }

  @Test
  void aGzippedPageIsReadThroughGunzip(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path gz = dir.resolve("food-safety.html.gz");
    try (var out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz))) {
      out.write(java.nio.file.Files.readAllBytes(java.nio.file.Path.of(demo("news-b/food-safety.html"))));
    }
    Run plain = run("extract", "--json", demo("news-b/food-safety.html"));
    Run zipped = run("extract", "--json", gz.toString());
    assertEquals(0, zipped.code(), zipped.err());
    JsonNode a = new ObjectMapper().readTree(plain.out());
    JsonNode b = new ObjectMapper().readTree(zipped.out());
    for (String f : new String[] {"title", "language", "charset", "text"}) assertEquals(a.get(f), b.get(f), f);
  }

  /**
   * A header's source listing against its reference: with two other listings of the site as
   * --site-page, the site titles pages in the listing's words, and the two are two views of one
   * header, not a copy.
   */
  @Test
  void compareSeesTwoViewsOfOneThingFromTheSitePages(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    String hints = "A hint is a variable that changes how the library behaves on one platform. Hints are read when"
        + " a subsystem starts, so a hint set later takes effect on the next start. The environment can set every"
        + " hint, which lets a user change a program that was built without a way to change it. A hint set by the"
        + " program takes priority over the environment unless the override flag is given. The vsync hint decides"
        + " whether drawing waits for the display to finish its refresh. The mouse focus hint decides whether a"
        + " click that brings a window to the front is also passed to it.";
    String more = " Returns true when the hint was set, and false when it was not. Returns the value of a hint, or"
        + " nothing when it is not set.";
    java.nio.file.Path listing = header(dir, "hints_api_8h_source.html", "hints_api.h Source File", hints);
    java.nio.file.Path reference = header(dir, "hints_api_8h.html", "hints_api.h File Reference", hints + more);
    java.nio.file.Path video = header(dir, "video_api_8h_source.html", "video_api.h Source File",
        "The video subsystem opens windows and lists the displays and their modes.");
    java.nio.file.Path audio = header(dir, "audio_api_8h_source.html", "audio_api.h Source File",
        "The audio subsystem opens an output device and converts samples to the format it plays.");
    JsonNode alone = new ObjectMapper().readTree(run("compare", "--json", "--same-site", listing.toString(),
        reference.toString()).out()).get("methods").get("combined");
    assertFalse(alone.get("views").asBoolean(), alone.toString());
    assertTrue(alone.get("duplicate").asBoolean(), alone.toString());
    JsonNode views = new ObjectMapper().readTree(run("compare", "--json", "--same-site", listing.toString(),
        reference.toString(), "--site-page", video.toString(), "--site-page", audio.toString()).out())
        .get("methods").get("combined");
    assertTrue(views.get("views").asBoolean(), views.toString());
    assertFalse(views.get("duplicate").asBoolean(), views.toString());
  }

  private static java.nio.file.Path header(java.nio.file.Path dir, String file, String title, String text)
      throws java.io.IOException {
    StringBuilder body = new StringBuilder();
    for (String sentence : text.split("(?<=\\.) ")) body.append("<p>").append(sentence).append("</p>");
    return java.nio.file.Files.writeString(dir.resolve(file), "<html><head><title>hintlib: " + title
        + "</title></head><body><div class='contents'>" + body + "</div></body></html>");
  }

  @Test
  void missingFileIsAClearError() {
    Run r = run("compare", "/no/such/a.html", "/no/such/b.html");
    assertEquals(BaseCommand.USAGE, r.code());
    assertTrue(r.err().contains("/no/such/a.html") && r.err().contains("no such file"), r.err());
  }
}
