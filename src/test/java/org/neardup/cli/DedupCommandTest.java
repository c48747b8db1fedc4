package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.redis.TestRedis;

class DedupCommandTest {
  static final ObjectMapper JSON = new ObjectMapper();

  /** Settings with a test-sized Bloom filter (the default is sized for 10^8 pages). */
  static final String TEST_CONF = resourcePath("/cli/test-conf.yaml");

  static String resourcePath(String name) {
    try {
      return Path.of(DedupCommandTest.class.getResource(name).toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @TempDir Path dir;

  @Test
  void decidesInOrderReportsBadLinesAndGoesOn() throws Exception {
    List<JsonNode> out = run("memory", null);
    assertEquals(10, out.size(), "one output line per input line");
    assertVerdict(out.get(0), "news-a/flood.html", "unique", null);
    assertVerdict(out.get(1), "news-b/flood-reprint.html", "exact", "news-a/flood.html");
    assertVerdict(out.get(2), "blog-c/flood.html", "near", "news-a/flood.html");
    assertEquals("error", out.get(3).get("verdict").asText());
    assertEquals(4, out.get(3).get("line").asInt());
    assertTrue(out.get(3).get("error").asText().contains("not valid JSON"), out.get(3).toString());
    assertEquals("error", out.get(4).get("verdict").asText());
    assertTrue(out.get(4).get("error").asText().contains("'url'"), out.get(4).toString());
    assertVerdict(out.get(5), "world-d/marathon.html", "unique", null);
    assertVerdict(out.get(6), "mirror-e/marathon.html", "near", "world-d/marathon.html");
    assertVerdict(out.get(7), "mirror-e/marathon-scenes.html", "unique", null);
    assertEquals("skipped", out.get(8).get("verdict").asText(), "too little text for a near check");
    // The same url again with the same content is a replay, never a duplicate of itself.
    assertVerdict(out.get(9), "news-a/flood.html", "unique", null);
  }

  @Test
  void memoryAndAFreshRedisNamespaceGiveIdenticalVerdicts() throws Exception {
    List<JsonNode> memory = run("memory", null);
    List<JsonNode> redis = run(TestRedis.url(), TestRedis.namespace("dedup"));
    assertEquals(memory.size(), redis.size());
    for (int i = 0; i < memory.size(); i++) {
      for (String field : List.of("id", "verdict", "duplicate_of", "duplicate_of_url", "detector")) {
        assertEquals(memory.get(i).get(field), redis.get(i).get(field), "line " + (i + 1) + " " + field);
      }
    }
  }

  /**
   * fetched_at says which page came first: of lines decided together, the one fetched first is
   * the original; a line without it was fetched when it was read.
   */
  @Test
  void theLineFetchedFirstIsTheOriginal() throws Exception {
    String text = "A council meeting on Tuesday approved the new flood barrier along the river. ".repeat(6);
    Path in = dir.resolve("late.jsonl");
    Files.write(in, List.of(
        JSON.writeValueAsString(java.util.Map.of("url", "http://a/1", "text", text, "fetched_at", "2024-05-02T10:00:00Z")),
        JSON.writeValueAsString(java.util.Map.of("url", "http://b/1", "text", text, "fetched_at", "2024-05-01T10:00:00Z")),
        JSON.writeValueAsString(java.util.Map.of("url", "http://c/1", "text", text))));
    Path out = dir.resolve("late-out.jsonl");
    var cli = NeardupCli.commandLine();
    cli.setErr(new PrintWriter(new StringWriter()));
    assertEquals(0, cli.execute("dedup", "--input", in.toString(), "--output", out.toString(), "--store", "memory",
        "--conf", TEST_CONF));
    List<JsonNode> lines = new ArrayList<>();
    for (String l : Files.readAllLines(out)) lines.add(JSON.readTree(l));
    assertVerdict(lines.get(0), "http://a/1", "exact", "http://b/1");
    assertVerdict(lines.get(1), "http://b/1", "unique", null);
    assertVerdict(lines.get(2), "http://c/1", "exact", "http://b/1");
  }

  @Test
  void missingInputIsAUsageErrorNamingTheFile() {
    StringWriter err = new StringWriter();
    var cli = NeardupCli.commandLine();
    cli.setErr(new PrintWriter(err));
    int code = cli.execute("dedup", "--input", dir.resolve("nope.jsonl").toString(), "--output", "-", "--store", "memory");
    assertEquals(BaseCommand.USAGE, code);
    assertTrue(err.toString().contains("nope.jsonl"), err.toString());
  }

  private List<JsonNode> run(String store, String namespace) throws Exception {
    Path in = Path.of(getClass().getResource("/cli/batch.jsonl").toURI());
    Path out = dir.resolve("out-" + System.nanoTime() + ".jsonl");
    List<String> args = new ArrayList<>(List.of("dedup", "--input", in.toString(), "--output", out.toString(),
        "--store", store, "--threads", "2", "--conf", TEST_CONF));
    if (namespace != null) args.addAll(List.of("--namespace", namespace));
    var cli = NeardupCli.commandLine();
    cli.setErr(new PrintWriter(new StringWriter()));
    assertEquals(BaseCommand.SOME_ERRORS, cli.execute(args.toArray(String[]::new)), "exit 3: some lines were errors");
    List<JsonNode> lines = new ArrayList<>();
    for (String l : Files.readAllLines(out)) lines.add(JSON.readTree(l));
    return lines;
  }

  private static void assertVerdict(JsonNode line, String id, String verdict, String original) {
    assertEquals(id, line.get("id").asText(), line.toString());
    assertEquals(verdict, line.get("verdict").asText(), line.toString());
    if (original == null) assertTrue(line.get("duplicate_of").isNull(), line.toString());
    else assertEquals(original, line.get("duplicate_of").asText(), line.toString());
  }
}
