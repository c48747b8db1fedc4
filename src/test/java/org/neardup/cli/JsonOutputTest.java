package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.redis.TestRedis;

/**
 * With {@code --json}, stdout is one JSON document and nothing else, in a JVM of its own as
 * bin/neardup runs it: jieba loads its dictionary there (it announces that on stdout), and logging
 * or progress must go to stderr.
 */
class JsonOutputTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  record Run(int code, String out, String err) {}

  /** {@code neardup ARGS} in a new JVM with the tests' class path. */
  static Run runJvm(Path tmp, String... args) throws Exception {
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-cp", classPath, NeardupCli.class.getName()));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    Process p = new ProcessBuilder(cmd)
        .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "neardup " + String.join(" ", args) + " did not end");
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  /** Stdout parses as exactly one JSON document. */
  static JsonNode onlyJson(Run r) throws Exception {
    assertEquals(0, r.code(), r.err());
    JsonNode node;
    try (var parser = JSON.createParser(r.out())) {
      node = JSON.readTree(parser);
      assertEquals(null, parser.nextToken(), "more than one JSON value on stdout:\n" + r.out());
    }
    assertTrue(node != null && node.isObject(), "stdout:\n" + r.out());
    return node;
  }

  @Test
  void compareOnChinesePages(@TempDir Path tmp) throws Exception {
    JsonNode o = onlyJson(runJvm(tmp, "compare", "--json",
        CompareAndExtractCommandTest.demo("news-a/flood.html"), CompareAndExtractCommandTest.demo("blog-c/flood.html")));
    assertTrue(o.has("methods"));
  }

  @Test
  void bench(@TempDir Path tmp) throws Exception {
    JsonNode o = onlyJson(runJvm(tmp, "bench", "--json", "--warmup", "0", "--iterations", "1", "--threads", "1",
        "--max-pages", "2"));
    assertTrue(o.has("machine"));
  }

  @Test
  void evalPrintsItsSummaryOnStderr(@TempDir Path tmp) throws Exception {
    Path pairs = tmp.resolve("pairs.jsonl");
    Files.writeString(pairs, String.join("\n",
        "{\"a\": \"" + CompareAndExtractCommandTest.demo("news-a/flood.html") + "\", \"b\": \""
            + CompareAndExtractCommandTest.demo("news-b/flood-reprint.html") + "\", \"label\": 1}",
        "{\"a\": \"一段文字。\", \"b\": \"另一段文字。\", \"label\": 0}") + "\n");
    Run r = runJvm(tmp, "eval", "--json", "--pairs", pairs.toString(), "--no-progress");
    JsonNode o = onlyJson(r);
    assertTrue(o.has("datasets"));
    assertTrue(r.err().contains("pairs"), r.err());
  }

  @Test
  void stats(@TempDir Path tmp) throws Exception {
    JsonNode o = onlyJson(runJvm(tmp, "stats", "--json", "--store", TestRedis.url(), "--namespace", "json-output-test",
        "--conf", DedupCommandTest.TEST_CONF));
    assertTrue(o.size() > 0);
  }
}
