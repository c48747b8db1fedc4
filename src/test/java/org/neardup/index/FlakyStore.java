package org.neardup.index;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * A store for tests whose calls fail. Either its first calls, as an unreachable Redis would: the
 * first {@code lookupFailures} lookups ({@code checkAndRecord}, {@code checkAndRecordAll}) and the
 * first {@code nearFailures} decisions ({@code recordNear}, {@code recordUnique}, {@code recordOriginal}, {@code recordNearAll}) throw
 * {@link StoreException.Unavailable} without reaching the real store. Or ({@link #failingOn})
 * every lookup that holds a page whose url starts with a prefix, as a reply that does not decode:
 * like a Redis pipeline, the call records the other pages, then throws. And, while
 * {@link #failMirrors} says so, every {@code recordMirrors}.
 */
public final class FlakyStore implements IndexStore {
  private final IndexStore store;
  private int lookupFailures;
  private int nearFailures;
  private final String failingUrlPrefix;
  private boolean mirrorsFail;

  public FlakyStore(IndexStore store, int lookupFailures, int nearFailures) {
    this(store, lookupFailures, nearFailures, null);
  }

  private FlakyStore(IndexStore store, int lookupFailures, int nearFailures, String failingUrlPrefix) {
    this.store = store;
    this.lookupFailures = lookupFailures;
    this.nearFailures = nearFailures;
    this.failingUrlPrefix = failingUrlPrefix;
  }

  /** A store whose lookups fail when they hold a page whose url starts with {@code prefix}. */
  public static FlakyStore failingOn(IndexStore store, String prefix) {
    return new FlakyStore(store, 0, 0, prefix);
  }

  private boolean fails(PageEntry e) {
    return failingUrlPrefix != null && e.url().startsWith(failingUrlPrefix);
  }

  private static IllegalStateException undecodable() {
    return new IllegalStateException("test: cannot decode the reply");
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
    if (fails(entry)) throw undecodable();
    return store.checkAndRecord(entry);
  }

  @Override
  public CheckResult recheck(PageEntry entry) {
    if (lookupFailures > 0) {
      lookupFailures--;
      throw lost();
    }
    return store.recheck(entry);
  }

  @Override
  public List<CheckResult> checkAndRecordAll(List<PageEntry> entries) {
    if (lookupFailures > 0) {
      lookupFailures--;
      throw lost();
    }
    if (entries.stream().anyMatch(this::fails)) {
      for (PageEntry e : entries) if (!fails(e)) store.checkAndRecord(e);
      throw undecodable();
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
  public void recordOriginal(long seq) {
    if (nearFailures > 0) {
      nearFailures--;
      throw lost();
    }
    store.recordOriginal(seq);
  }

  @Override
  public void recordUnique(long seq) {
    if (nearFailures > 0) {
      nearFailures--;
      throw lost();
    }
    store.recordUnique(seq);
  }

  @Override
  public void recordNearAll(List<NearDecision> decisions) {
    if (nearFailures > 0) {
      nearFailures--;
      throw lost();
    }
    store.recordNearAll(decisions);
  }

  /** Whether {@code recordMirrors} throws {@link StoreException.Unavailable} from now on. */
  public void failMirrors(boolean fail) {
    mirrorsFail = fail;
  }

  @Override
  public void recordMirrors(List<Mirrors.Pair> pairs) {
    if (mirrorsFail) throw lost();
    store.recordMirrors(pairs);
  }

  @Override
  public boolean remove(String url) {
    return store.remove(url);
  }

  @Override
  public void countErrors(long pages) {
    store.countErrors(pages);
  }

  @Override
  public long compact(BiConsumer<Long, Long> progress) {
    return store.compact(progress);
  }

  @Override
  public long expire(long fetchedBefore, BiConsumer<Long, Long> progress) {
    return store.expire(fetchedBefore, progress);
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
