package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.redis.TestRedis;

class StatsAndResetCommandTest {
  @TempDir Path dir;

  @Test
  void statsShowsWhatADedupRunRecordedAndResetDeletesOnlyThatNamespace() throws Exception {
    String ns = TestRedis.namespace("stats");
    String other = TestRedis.namespace("other");
    Path in = Path.of(getClass().getResource("/cli/batch.jsonl").toURI());
    for (String n : new String[] {ns, other}) {
      CompareAndExtractCommandTest.run("dedup", "--input", in.toString(), "--output",
          dir.resolve(n + ".jsonl").toString(), "--store", TestRedis.url(), "--namespace", n, "--conf", DedupCommandTest.TEST_CONF);
    }

    var r = CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(), "--namespace", ns, "--json", "--conf", DedupCommandTest.TEST_CONF);
    assertEquals(0, r.code(), r.err());
    JsonNode s = new ObjectMapper().readTree(r.out());
    JsonNode c = s.get("counters");
    assertEquals(7, c.get("pages").asLong(), c.toString()); // 10 lines: 2 errors, 1 replay (no new page)
    assertEquals(1, c.get("replays").asLong(), c.toString());
    assertEquals(1, c.get("exact").asLong(), c.toString());
    assertEquals(2, c.get("near").asLong(), c.toString());
    assertTrue(s.get("bloom_fill").asDouble() > 0);
    assertTrue(s.get("top_originals").size() > 0, s.toString());

    // Without --conf, stats adopts the layout the namespace was created with (here: a small Bloom filter).
    var text = CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(), "--namespace", ns);
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("bytes per page"), text.out());

    var none = CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(), "--namespace", ns + "-nothing");
    assertEquals(BaseCommand.USAGE, none.code());
    assertTrue(none.err().contains("holds no pages"), none.err());

    var reset = CompareAndExtractCommandTest.run("reset", "--store", TestRedis.url(), "--namespace", ns, "--yes", "--conf", DedupCommandTest.TEST_CONF);
    assertEquals(0, reset.code(), reset.err());
    assertTrue(TestRedis.client().keys("{" + ns + "}:*").isEmpty(), "namespace deleted");
    assertFalse(TestRedis.client().keys("{" + other + "}:*").isEmpty(), "other namespace kept");
  }

  @Test
  void passwordsNeverAppearInOutput() {
    var r = CompareAndExtractCommandTest.run("stats", "--store", "redis://user:s3cret@127.0.0.1:1", "--namespace", "x");
    assertTrue(r.code() != 0);
    assertFalse((r.out() + r.err()).contains("s3cret"), r.err());
  }
}
