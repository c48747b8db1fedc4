package org.neardup.storm;

import org.neardup.runtime.EmbeddedRedis;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.TestOutputCollector;
import com.digitalpebble.stormcrawler.TestUtil;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexLayout;
import org.neardup.index.StoreException;
import org.neardup.index.redis.RedisKeys;
import redis.clients.jedis.Jedis;

/**
 * The bolt against a real Redis store that goes away: an embedded redis-server is started, the
 * bolt prepared against it, and the server stopped before the tuple arrives.
 */
class StoreFailureTest {
  EmbeddedRedis redis;
  NearDuplicateBolt bolt;
  TestOutputCollector output;

  @AfterEach
  void cleanup() {
    if (bolt != null) bolt.cleanup();
    if (redis != null) redis.stop();
  }

  void prepareThenStopRedis(Map<String, Object> extra) {
    redis = EmbeddedRedis.start(true);
    Map<String, Object> conf = new HashMap<>(Map.of("neardup.store", redis.url(),
        "neardup.store.timeout_ms", 2000, "neardup.store.namespace", "failure-test",
        // sized for a test: the first page of a 10^8-item filter allocates a 64 MB shard, slow on a busy machine
        "neardup.bloom.expected_items", 100_000, "neardup.bolt.batch_size", 1));
    conf.putAll(extra);
    bolt = new NearDuplicateBolt();
    output = new TestOutputCollector();
    bolt.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(output));
    bolt.execute(NearDuplicateBoltTest.parsed("news-a/flood.html", "UTF-8"));
    bolt.execute(NearDuplicateBoltTest.tick()); // sends it, were it waiting for a batch
    assertEquals(1, output.getAckedTuples().size(), "the store worked before it went away");
    redis.stop();
    redis = null;
  }

  @Test
  void unavailableStoreFailsTheTupleForReplay() {
    prepareThenStopRedis(Map.of());
    Tuple t = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8");
    bolt.execute(t);

    assertEquals(List.of(t), output.getFailedTuples());
    assertEquals(1, output.getAckedTuples().size(), "not acked");
    assertEquals(1, output.getEmitted().size(), "nothing emitted for the failed tuple");
    assertTrue(output.getEmitted(Constants.StatusStreamName).isEmpty());
  }

  @Test
  void anUnavailableStoreFailsEveryTupleOfTheBatch() {
    prepareThenStopRedis(Map.of("neardup.bolt.batch_size", 2, "neardup.bolt.batch_wait_ms", 60_000));
    Tuple a = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8");
    Tuple b = NearDuplicateBoltTest.parsed("news-b/phone.html", "UTF-8");
    bolt.execute(a);
    assertTrue(output.getFailedTuples().isEmpty(), "waiting for the batch");
    bolt.execute(b);
    assertEquals(List.of(a, b), output.getFailedTuples(), "one store failure fails the whole batch, for replay");
    assertEquals(1, output.getAckedTuples().size());
    assertEquals(1, output.getEmitted().size(), "nothing emitted for the failed tuples");
  }

  /**
   * One page a batch cannot record (someone else's key of another type where its url is
   * registered) fails alone: the others are checked again one by one and pass.
   */
  @Test
  void aPageThatFailsItsBatchFailsAloneAndTheOthersPass() {
    Tuple a = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8");
    Tuple bad = NearDuplicateBoltTest.parsed("news-b/phone.html", "UTF-8");
    Tuple c = NearDuplicateBoltTest.parsed("news-a/flood.html", "UTF-8");
    prepareWithUnregistrableUrl(3, bad.getStringByField("url"));
    bolt.execute(a);
    bolt.execute(bad);
    bolt.execute(c);

    assertEquals(List.of(bad), output.getFailedTuples());
    assertEquals(List.of(a, c), output.getAckedTuples());
    assertEquals(2, output.getEmitted("default").size(), "both passed on to the indexer");
  }

  /**
   * A batch [u, copy of u, u re-crawled, bad]: two runs, the second fails on bad. Only that run
   * is checked again page by page. Sending u's first version again would re-crawl u back over
   * its new version and turn u into a copy of its own copy.
   */
  @Test
  void aFailureInALaterRunLeavesTheEarlierRunsVerdicts() {
    String u = "http://u.example/news";
    Tuple first = NearDuplicateBoltTest.parsed("news-a/flood.html", "UTF-8", u);
    Tuple copy = NearDuplicateBoltTest.parsed("news-a/flood.html", "UTF-8", "http://w.example/copy");
    Tuple recrawl = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8", u);
    Tuple bad = NearDuplicateBoltTest.parsed("news-b/phone.html", "UTF-8");
    prepareWithUnregistrableUrl(4, bad.getStringByField("url"));
    for (Tuple t : List.of(first, copy, recrawl, bad)) bolt.execute(t);

    assertEquals(List.of(bad), output.getFailedTuples());
    assertEquals(List.of(first, copy, recrawl), output.getAckedTuples());
    List<String> indexed = output.getEmitted("default").stream()
        .map(v -> v.get(0) + " " + ((Metadata) v.get(2)).getFirstValue("dedup.verdict")).toList();
    assertEquals(List.of(u + " unique", u + " unique"), indexed, "both versions of u are indexed");
    List<List<Object>> dups = output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM);
    assertEquals(1, dups.size());
    Metadata md = (Metadata) dups.get(0).get(1);
    assertEquals("exact", md.getFirstValue("dedup.verdict"));
    assertEquals(u, md.getFirstValue("dedup.duplicate_of"));
  }

  /** A bolt on a live server whose registry field for {@code url} is someone else's list. */
  private void prepareWithUnregistrableUrl(int batchSize, String url) {
    redis = EmbeddedRedis.start(true);
    Map<String, Object> conf = new HashMap<>(Map.of("neardup.store", redis.url(),
        "neardup.store.namespace", "bad-page-test", "neardup.bloom.expected_items", 100_000,
        "neardup.bolt.batch_size", batchSize, "neardup.bolt.batch_wait_ms", 60_000));
    IndexLayout layout = new IndexLayout(NeardupConfig.fromMap(conf).index());
    long urlHash = IndexLayout.urlHash(url);
    String registry = RedisKeys.registry("bad-page-test", (urlHash >>> 32) % layout.registryKeys());
    bolt = new NearDuplicateBolt();
    output = new TestOutputCollector();
    bolt.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(output));
    try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
      j.rpush(registry, "not a hash");
    }
  }

  @Test
  void failOpenPassesThePageOnUnchecked() {
    prepareThenStopRedis(Map.of("neardup.fail_open", true));
    Tuple t = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8");
    bolt.execute(t);

    assertTrue(output.getFailedTuples().isEmpty());
    assertEquals(2, output.getAckedTuples().size());
    List<Object> out = output.getEmitted("default").get(1);
    Metadata md = (Metadata) out.get(2);
    assertEquals("unchecked", md.getFirstValue("dedup.verdict"));
    assertTrue(md.getFirstValue("dedup.scores").contains("Unavailable"), md.getFirstValue("dedup.scores"));
    assertEquals("true", md.getFirstValue("dedup.index"), "an indexer filtering on dedup.index=true keeps it");
  }

  @Test
  void storeOfAnotherLayoutIsMisconfigured() {
    try (EmbeddedRedis server = EmbeddedRedis.start(true)) {
      Map<String, Object> conf = new HashMap<>(Map.of("neardup.store", server.url(),
          "neardup.store.namespace", "layout-test", "neardup.bloom.expected_items", 100_000,
          "neardup.bolt.batch_size", 1));
      NearDuplicateBolt first = new NearDuplicateBolt();
      first.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(new TestOutputCollector()));
      first.execute(NearDuplicateBoltTest.parsed("news-a/flood.html", "UTF-8"));
      first.cleanup();

      conf.put("neardup.lsh.bands", 16);
      NearDuplicateBolt second = new NearDuplicateBolt();
      TestOutputCollector out = new TestOutputCollector();
      try {
        second.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(out));
        Tuple t = NearDuplicateBoltTest.parsed("news-a/subway.html", "UTF-8");
        second.execute(t);
        assertEquals(List.of(t), out.getFailedTuples(), "failed, not passed on");
        assertTrue(out.getEmitted().isEmpty());
      } catch (StoreException.Misconfigured e) {
        // or refused when the store is opened: the topology does not start
        assertTrue(e.getMessage().contains("layout-test"), e.getMessage());
      } finally {
        second.cleanup();
      }
    }
  }

  @Test
  void deadStoreAtStartFailsPrepare() {
    int port = EmbeddedRedis.freePort();
    NearDuplicateBolt b = new NearDuplicateBolt();
    Map<String, Object> conf = Map.of("neardup.store", "redis://127.0.0.1:" + port,
        "neardup.store.timeout_ms", 300);
    assertThrows(StoreException.Unavailable.class, () -> b.prepare(conf,
        TestUtil.getMockedTopologyContext(), new OutputCollector(new TestOutputCollector())));
    assertEquals(0, SharedStore.users(org.neardup.config.NeardupConfig.fromMap(conf)));
  }
}
