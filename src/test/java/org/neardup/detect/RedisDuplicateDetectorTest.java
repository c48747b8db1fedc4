package org.neardup.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.extract.Page;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.index.IndexStore;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisKeys;
import org.neardup.index.redis.TestRedis;

class RedisDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  IndexStore newStore() {
    return new RedisFingerprintStore(TestRedis.settings(), testSettings(TestRedis.namespace("detect")));
  }

  /**
   * A page decided again in its batch (an exact copy of a page the batch made an orphan) whose
   * recheck found only a later page of the batch stays unique, and the store is told so: the
   * detector confirms by what the store saw, not by the candidates it kept.
   * Read in the record's flags byte, since no verdict shows it.
   */
  @Test
  void aPageDecidedAgainIsRecordedUniqueByWhatItsRecheckFound() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    for (Page p : List.of(demo("mirror-e/marathon.html", "http://e/marathon"),
        demo("news-b/football.html", "http://d/marathon"), demo("mirror-e/marathon.html", "http://f/marathon"),
        demo("world-d/marathon.html", "http://g/marathon"))) {
      batch.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    List<Verdict> vs = detector.checkAll(batch);
    assertEquals(true, vs.get(2).scores().get("decided_again"));
    assertEquals("UNIQUE of null by null", describe(vs.get(2)));
    assertEquals(1, flags(vs.get(2).seq()), "in the near structures, no longer waiting for a decision");
  }

  private int flags(long seq) {
    String ns = ((RedisFingerprintStore) store).settings().namespace();
    byte[] rec = TestRedis.client().hget(
        RedisKeys.records(ns, seq).getBytes(StandardCharsets.UTF_8),
        Long.toString(seq).getBytes(StandardCharsets.UTF_8));
    return rec[38];
  }
}
