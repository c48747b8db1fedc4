package org.neardup.index;

import java.util.List;

/**
 * A store for tests whose first calls fail as an unreachable Redis would: the first
 * {@code lookupFailures} lookups ({@code checkAndRecord}, {@code checkAndRecordAll}) and the first
 * {@code nearFailures} near decisions ({@code recordNear}, {@code recordNearAll}) throw
 * {@link StoreException.Unavailable} without reaching the real store.
 */
public final class FlakyStore implements FingerprintStore {
  private final FingerprintStore store;
  private int lookupFailures;
  private int nearFailures;

  public FlakyStore(FingerprintStore store, int lookupFailures, int nearFailures) {
    this.store = store;
    this.lookupFailures = lookupFailures;
    this.nearFailures = nearFailures;
  }

  private static StoreException.Unavailable lost() {
    return new StoreException.Unavailable("test: connection lost", null);
  }

  @Override
  public CheckResult checkAndRecord(PageEntry entry) {
    if (lookupFailures > 0) {
      lookupFailures--;
      throw lost();
    }
    return store.checkAndRecord(entry);
  }

  @Override
  public List<CheckResult> checkAndRecordAll(List<PageEntry> entries) {
    if (lookupFailures > 0) {
      lookupFailures--;
      throw lost();
    }
    return store.checkAndRecordAll(entries);
  }

  @Override
  public void recordNear(long seq, long originalSeq, String detector) {
    if (nearFailures > 0) {
      nearFailures--;
      throw lost();
    }
    store.recordNear(seq, originalSeq, detector);
  }

  @Override
  public void recordNearAll(List<NearDecision> decisions) {
    if (nearFailures > 0) {
      nearFailures--;
      throw lost();
    }
    store.recordNearAll(decisions);
  }

  @Override
  public boolean remove(String url) {
    return store.remove(url);
  }

  @Override
  public StoreStats stats() {
    return store.stats();
  }

  @Override
  public void close() {
    store.close();
  }
}
