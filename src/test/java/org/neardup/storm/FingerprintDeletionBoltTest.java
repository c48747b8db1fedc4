package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.neardup.index.IndexStore;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;

/** The deletion bolt with the dedup bolt on one memory store, as a topology's worker runs them. */
class FingerprintDeletionBoltTest {
  static final String BASE = NearDuplicateBoltTest.BASE;

  NearDuplicateBolt dedup;
  FingerprintDeletionBolt forget;
  TestOutputCollector dedupOutput = new TestOutputCollector();
  TestOutputCollector forgetOutput = new TestOutputCollector();

  @AfterEach
  void cleanup() {
    if (dedup != null) dedup.cleanup();
    if (forget != null) forget.cleanup();
  }

  static Map<String, Object> conf() {
    return new HashMap<>(Map.of("neardup.store", "memory",
        "neardup.store.namespace", "deletion-test-" + NearDuplicateBoltTest.NAMESPACES.incrementAndGet(),
        "neardup.bolt.batch_size", 1));
  }

  /** As the status updater emits it on its deletion stream. */
  static Tuple deletion(String url) {
    Map<String, Object> values = new HashMap<>();
    values.put("url", url);
    values.put("metadata", new Metadata());
    return TestUtil.getMockedTestTuple(values);
  }

  @Test
  void aCopyOfADeletedOriginalReachesTheIndexerWhenFetchedAgain() {
    Map<String, Object> conf = conf();
    dedup = new NearDuplicateBolt();
    dedup.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(dedupOutput));
    forget = new FingerprintDeletionBolt();
    forget.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(forgetOutput));

    String original = BASE + "world-d/marathon.html";
    dedup.execute(NearDuplicateBoltTest.parsed("world-d/marathon.html", "UTF-8", original));
    dedup.execute(NearDuplicateBoltTest.parsed("mirror-e/marathon.html", "UTF-8", BASE + "e/marathon"));
    assertEquals(1, dedupOutput.getEmitted("default").size(), "the copy was kept out of the index");

    Tuple gone = deletion(original);
    forget.execute(gone);
    assertEquals(List.of(gone), forgetOutput.getAckedTuples());

    dedup.execute(NearDuplicateBoltTest.parsed("mirror-e/marathon.html", "UTF-8", BASE + "e/marathon"));
    List<List<Object>> indexed = dedupOutput.getEmitted("default");
    assertEquals(2, indexed.size(), "the copy, fetched again, stands for the content now");
    assertEquals(BASE + "e/marathon", indexed.get(1).get(0));
    assertEquals("unique", NearDuplicateBoltTest.md(indexed.get(1)).getFirstValue("dedup.verdict"));
    assertEquals(1, dedupOutput.getEmitted(Constants.StatusStreamName).size());
  }

  @Test
  void removalsWaitForAnUnavailableStoreAndKeepTheirOrder() {
    Map<String, Object> conf = conf();
    NeardupConfig config = NeardupConfig.fromMap(conf);
    MemoryFingerprintStore memory = new MemoryFingerprintStore(config.index());
    for (String u : List.of("http://a/", "http://b/")) {
      memory.checkAndRecord(new PageEntry(u, "", 1, "", "", new byte[16], false, 0, new long[0], 0, new byte[0], ""));
    }
    int[] outage = {3}; // the first three removals find the store down
    IndexStore flaky = new IndexStore() {
      @Override public org.neardup.index.CheckResult checkAndRecord(PageEntry e) { return memory.checkAndRecord(e); }
      @Override public org.neardup.index.CheckResult recheck(PageEntry e) { return memory.recheck(e); }
      @Override public void recordNear(long s, long o, String d) { memory.recordNear(s, o, d); }
      @Override public void recordUnique(long s) { memory.recordUnique(s); }
      @Override public void recordOriginal(long s) { memory.recordOriginal(s); }
      @Override public boolean remove(String url) {
        if (outage[0]-- > 0) throw new StoreException.Unavailable("test: connection refused", null);
        return memory.remove(url);
      }
      @Override public long expire(long before, java.util.function.BiConsumer<Long, Long> p) { return memory.expire(before, p); }
      @Override public long compact(java.util.function.BiConsumer<Long, Long> p) { return memory.compact(p); }
      @Override public void countErrors(long pages) { memory.countErrors(pages); }
      @Override public void recordMirrors(List<org.neardup.index.Mirrors.Pair> pairs) { memory.recordMirrors(pairs); }
      @Override public org.neardup.index.StoreStats stats() { return memory.stats(); }
      @Override public void close() {}
    };
    forget = new FingerprintDeletionBolt(c -> flaky);
    forget.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(forgetOutput));

    forget.execute(deletion("http://a/")); // down
    forget.execute(deletion("http://b/")); // waits behind a, so deletions keep their order
    assertEquals(2, forget.waiting());
    assertEquals(2, forgetOutput.getAckedTuples().size(), "acked: the deletion stream is not anchored");
    forget.execute(NearDuplicateBoltTest.tick()); // still down
    forget.execute(NearDuplicateBoltTest.tick()); // still down
    assertEquals(2, forget.waiting());
    forget.execute(NearDuplicateBoltTest.tick()); // back
    assertEquals(0, forget.waiting());
    assertFalse(memory.remove("http://a/"), "already removed");
    assertFalse(memory.remove("http://b/"), "already removed");
    assertTrue(memory.stats().counters().get("removed") >= 2);
  }
}
