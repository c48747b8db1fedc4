package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.NeardupConfig;
import org.neardup.fingerprint.Method;
import org.neardup.runtime.Pipeline;
import picocli.CommandLine;

/** End to end over the bundled demo site: generator, evaluator, report and the command. */
class EvalReportTest {
  static Pipeline pipeline;
  static Path demo;

  @BeforeAll
  static void setUp() throws Exception {
    pipeline = Pipeline.of(NeardupConfig.defaults().withStore("memory", "evaltest"));
    demo = Path.of(EvalReportTest.class.getResource("/demo-site/news-a/flood.html").toURI()).getParent().getParent();
  }

  static EvalResult evaluate() {
    ArticleLoader.Loaded l = ArticleLoader.load(demo, pipeline.extractor(), 200, null);
    assertTrue(l.articles().size() >= 15, "articles: " + l.articles().size());
    Dataset d = new RepostGenerator(RepostGenerator.Options.defaults()).generate("demo", l.articles());
    return new Evaluator(pipeline, 2, Progress.none(), true).run(d);
  }

  @Test
  void peersRunOnTheSamePairsAndStream() {
    ArticleLoader.Loaded l = ArticleLoader.load(demo, pipeline.extractor(), 200, null);
    Dataset d = new RepostGenerator(RepostGenerator.Options.defaults()).generate("demo", l.articles());
    EvalResult r = new Evaluator(pipeline, 2, Progress.none(), false, org.neardup.peers.Peers.stormCrawler()).run(d);
    assertEquals(2, r.peers.size());
    EvalResult.PeerResult bytes = r.peers.get(0);
    EvalResult.PeerResult text = r.peers.get(1);
    assertEquals("sc_md5_content", bytes.key);
    assertEquals(0, bytes.pairwise.tp(), "every repost is in another template: its bytes differ");
    assertEquals(0, bytes.stream.tp());
    assertEquals(bytes.pairwise.total(), r.pairs);
    Counts template = text.pairwisePerKind.get("template");
    assertEquals(template.positives(), template.tp(), "same main text in another template: same MD5 of the text");
    assertEquals(0, text.pairwise.fp());
    assertTrue(text.stream.tp() > 0 && text.stream.recall() < r.stream.overall.recall(), text.stream.toString());
    assertTrue(r.toMap().containsKey("peers"));
  }

  @Test
  void evaluatesEveryMethodAndTheStream() {
    EvalResult r = evaluate();
    assertEquals(Method.values().length, r.methods.size());
    assertNotNull(r.stream);
    assertTrue(r.stream.overall.tp() > 0);
    assertTrue(r.method(Method.COMBINED).atDefault.recall() > 0.8, r.method(Method.COMBINED).atDefault.toString());
    assertNotNull(r.method(Method.SIMHASH).best);
    assertEquals(11, r.method(Method.SIMHASH).sweep.size());
    assertFalse(r.streamSweeps.isEmpty());
  }

  @Test
  void reportIsSelfContainedWithChartImages(@TempDir Path tmp) throws Exception {
    EvalResult r = evaluate();
    Path out = tmp.resolve("report.html");
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("seed", 42);
    HtmlReport.write(out, List.of(r), run, null);
    String html = Files.readString(out);
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertFalse(Pattern.compile("(src|href)\\s*=\\s*[\"']?(https?:)?//", Pattern.CASE_INSENSITIVE).matcher(html).find(), "external reference");
    assertFalse(html.contains("http://") || html.contains("https://"), "a URL in the report");
    Matcher m = Pattern.compile("<img [^>]*src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
    int images = 0;
    while (m.find()) {
      byte[] png = java.util.Base64.getDecoder().decode(m.group(1));
      assertEquals((byte) 0x89, png[0]);
      assertEquals('P', png[1]);
      images++;
    }
    // PR curve + (F1 and distribution) per swept method + one chart per stream sweep
    assertEquals(org.neardup.fingerprint.MatchThresholds.SWEEPABLE, List.copyOf(r.streamSweeps.keySet()));
    assertEquals(1 + 2 * Sweep.specs(pipeline.config().detector().thresholds()).size() + r.streamSweeps.size(), images);
  }

  @Test
  void commandWritesJsonAndReport(@TempDir Path tmp) throws Exception {
    Path pairs = tmp.resolve("pairs.jsonl");
    Files.writeString(pairs, String.join("\n",
        "{\"a\": \"" + demo.resolve("news-a/flood.html") + "\", \"b\": \"" + demo.resolve("news-b/flood-reprint.html") + "\", \"label\": 1}",
        "{\"a\": \"" + demo.resolve("news-a/flood.html") + "\", \"b\": \"" + demo.resolve("news-a/subway.html") + "\", \"label\": 0}",
        "{\"a\": \"一段文字。\", \"b\": \"另一段文字。\", \"label\": 0}",
        // labelled wrongly on purpose: the combined rule disagrees, and the pair is listed with its scores
        "{\"a\": \"" + demo.resolve("news-a/flood.html") + "\", \"b\": \"" + demo.resolve("news-a/admission.html") + "\", \"label\": 1, \"kind\": \"mislabelled\"}") + "\n");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = org.neardup.cli.NeardupCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute("eval", "--pages", demo.toString(), "--pairs", pairs.toString(), "--no-progress", "--no-stream-sweep",
        "--json-out", tmp.resolve("r.json").toString(), "--report", tmp.resolve("r.html").toString());
    assertEquals(0, code, err.toString());
    String json = Files.readString(tmp.resolve("r.json"));
    assertTrue(json.contains("\"datasets\"") && json.contains("\"stream\"") && json.contains("\"pairs\""), json.substring(0, 200));
    assertTrue(Files.size(tmp.resolve("r.html")) > 10_000);
    assertTrue(out.toString().contains("combined"), out.toString());
    assertTrue(json.contains("\"combined_errors\"") && json.contains("\"mislabelled\"") && json.contains("\"called_duplicate_by\""), json);
    assertTrue(out.toString().contains("pairs the combined rule gets wrong"), out.toString());
    assertEquals(2, cli.execute("eval", "--no-progress"));
  }

  /** A real site from two edition folders: the oracle's table, the baseline, a report of it. */
  @Test
  void commandEvaluatesARealSite(@TempDir Path tmp) throws Exception {
    Path en = Files.createDirectories(tmp.resolve("en"));
    Path gb = Files.createDirectories(tmp.resolve("en_GB"));
    for (String p : new String[] {"news-a/flood.html", "news-a/subway.html", "world-d/library.html"}) {
      String name = p.substring(p.indexOf('/') + 1);
      Files.copy(demo.resolve(p), en.resolve(name));
      Files.copy(demo.resolve(p), gb.resolve(name));
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = org.neardup.cli.NeardupCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute("eval", "--site", "demo=" + en + "," + gb, "--baseline", "--no-progress", "--sweep", "same_site_jaccard",
        "--json-out", tmp.resolve("s.json").toString(), "--report", tmp.resolve("s.html").toString());
    assertEquals(0, code, err.toString());
    String o = out.toString();
    assertTrue(o.contains("real site, judged by the oracle") && o.contains("baseline: whole-page"), o);
    assertTrue(o.lines().anyMatch(l -> l.strip().startsWith("all ") && l.contains("1.0000")), o);
    String json = Files.readString(tmp.resolve("s.json"));
    assertTrue(json.contains("\"same_page_recall\" : 1.0") && json.contains("\"baseline\""), json.substring(0, 400));
    assertTrue(json.contains("\"same_site_jaccard\""), "the sweep asked for");
    assertFalse(json.contains("\"sibling_ratio\" : {"), "and no other");
    assertEquals(2, cli.execute("eval", "--site", "x=" + tmp.resolve("missing"), "--no-progress"));
    assertTrue(err.toString().contains("missing"), err.toString());
    assertEquals(2, cli.execute("eval", "--site", "x=" + en, "--sweep", "nonsense", "--no-progress"));
  }
}
