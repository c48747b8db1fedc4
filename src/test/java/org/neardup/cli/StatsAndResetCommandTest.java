package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    assertEquals(2, c.get("errors").asLong(), c.toString()); // a broken line, a line without url
    assertTrue(s.get("bloom_fill").asDouble() > 0);
    assertTrue(s.get("top_originals").size() > 0, s.toString());
    assertEquals(0.0, s.get("band_entries_gone").asDouble(), s.toString()); // nothing removed

    // Without --conf, stats adopts the layout the namespace was created with (here: a small Bloom filter).
    var text = CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(), "--namespace", ns);
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("bytes per page"), text.out());
    // the share in the default locale's digits (0.0 or 0,0); band_entries_gone above is the number
    assertTrue(text.out().contains("% of the sampled band entries name pages that are gone"), text.out());
    assertFalse(text.out().contains("compact` drops them"), text.out());

    var none = CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(), "--namespace", ns + "-nothing");
    assertEquals(BaseCommand.USAGE, none.code());
    assertTrue(none.err().contains("holds no pages"), none.err());

    var reset = CompareAndExtractCommandTest.run("reset", "--store", TestRedis.url(), "--namespace", ns, "--yes", "--conf", DedupCommandTest.TEST_CONF);
    assertEquals(0, reset.code(), reset.err());
    assertTrue(TestRedis.client().keys("{" + ns + "}:*").isEmpty(), "namespace deleted");
    assertFalse(TestRedis.client().keys("{" + other + "}:*").isEmpty(), "other namespace kept");
  }

  /**
   * remove forgets urls (here the original of a flood article, once from the command line and
   * once from a file) and says which were not recorded; a dedup run after it finds the first
   * copy it meets as the new original.
   */
  @Test
  void removeForgetsUrlsSoTheirCopiesStandForTheContent() throws Exception {
    String ns = TestRedis.namespace("remove");
    Path in = Path.of(getClass().getResource("/cli/batch.jsonl").toURI());
    CompareAndExtractCommandTest.run("dedup", "--input", in.toString(), "--output",
        dir.resolve("first.jsonl").toString(), "--store", TestRedis.url(), "--namespace", ns, "--conf", DedupCommandTest.TEST_CONF);

    Path urls = dir.resolve("urls.txt");
    Files.writeString(urls, "# gone\nhttp://news-a.example/flood.html\n\nhttp://demo/never-seen\n");
    var r = CompareAndExtractCommandTest.run("remove", "--store", TestRedis.url(), "--namespace", ns, "--urls", urls.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed 1, not recorded 1, errors 0"), r.out());
    var again = CompareAndExtractCommandTest.run("remove", "--store", TestRedis.url(), "--namespace", ns,
        "http://news-a.example/flood.html");
    assertTrue(again.out().contains("removed 0, not recorded 1"), again.out());

    // The same lines again. The removed page comes back first, and is unique: its exact copy,
    // the reprint, is an orphan now. The reprint is no replay: it is decided again.
    Path out = dir.resolve("second.jsonl");
    CompareAndExtractCommandTest.run("dedup", "--input", in.toString(), "--output", out.toString(),
        "--store", TestRedis.url(), "--namespace", ns, "--conf", DedupCommandTest.TEST_CONF);
    List<String> lines = Files.readAllLines(out);
    JsonNode flood = new ObjectMapper().readTree(lines.get(0));
    assertEquals("unique", flood.get("verdict").asText(), flood.toString());
    JsonNode reprint = new ObjectMapper().readTree(lines.get(1));
    assertEquals("exact", reprint.get("verdict").asText(), reprint.toString());
    assertEquals("http://news-a.example/flood.html", reprint.get("duplicate_of_url").asText());
    assertEquals("exact", reprint.get("detector").asText(), "decided again, not a replay: " + reprint);

    var missing = CompareAndExtractCommandTest.run("remove", "--store", TestRedis.url(), "--namespace", ns,
        "--urls", dir.resolve("nope.txt").toString());
    assertEquals(BaseCommand.USAGE, missing.code());
    assertTrue(missing.err().contains("nope.txt: no such file"), missing.err());
  }

  /**
   * expire forgets the pages first recorded before a time, then drops their band entries (compact);
   * bad times are refused, naming the option.
   */
  @Test
  void expireForgetsPagesFirstRecordedBeforeATime() throws Exception {
    String ns = TestRedis.namespace("expire");
    Path in = Path.of(getClass().getResource("/cli/batch.jsonl").toURI());
    CompareAndExtractCommandTest.run("dedup", "--input", in.toString(), "--output",
        dir.resolve("out.jsonl").toString(), "--store", TestRedis.url(), "--namespace", ns, "--conf", DedupCommandTest.TEST_CONF);

    var none = CompareAndExtractCommandTest.run("expire", "--store", TestRedis.url(), "--namespace", ns, "--before", "2000-01-01");
    assertEquals(0, none.code(), none.err());
    assertTrue(none.out().contains("expired 0 pages first recorded before 2000-01-01T00:00:00Z"), none.out());
    Thread.sleep(5);
    var all = CompareAndExtractCommandTest.run("expire", "--store", TestRedis.url(), "--namespace", ns, "--older-than", "0m");
    assertEquals(0, all.code(), all.err());
    assertTrue(all.out().contains("expired 7 pages"), all.out());
    // their band entries are dropped right after (compact); nothing is left for another pass
    assertTrue(all.out().matches("(?s).*compacted: [1-9][0-9,]* band entries of pages that are gone dropped.*"), all.out());
    var again = CompareAndExtractCommandTest.run("compact", "--store", TestRedis.url(), "--namespace", ns);
    assertEquals(0, again.code(), again.err());
    assertTrue(again.out().contains("compacted: 0 band entries"), again.out());
    JsonNode c = new ObjectMapper().readTree(CompareAndExtractCommandTest.run("stats", "--store", TestRedis.url(),
        "--namespace", ns, "--json").out()).get("counters");
    assertEquals(7, c.get("expired").asLong(), c.toString());
    assertEquals(0, c.get("live").asLong(), c.toString());

    var bad = CompareAndExtractCommandTest.run("expire", "--store", TestRedis.url(), "--namespace", ns, "--older-than", "3 weeks");
    assertEquals(BaseCommand.USAGE, bad.code());
    assertTrue(bad.err().contains("--older-than 3 weeks: not an age"), bad.err());
    var both = CompareAndExtractCommandTest.run("expire", "--store", TestRedis.url(), "--before", "2020-01-01", "--older-than", "1d");
    assertEquals(BaseCommand.USAGE, both.code());
  }

  @Test
  void passwordsNeverAppearInOutput() {
    var r = CompareAndExtractCommandTest.run("stats", "--store", "redis://user:s3cret@127.0.0.1:1", "--namespace", "x");
    assertTrue(r.code() != 0);
    assertFalse((r.out() + r.err()).contains("s3cret"), r.err());
  }
}
