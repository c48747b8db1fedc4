package org.neardup.index;

/**
 * The crawl's shared memory of fingerprints. Implementations: {@code MemoryFingerprintStore} (one
 * JVM) and {@code RedisFingerprintStore} (every bolt of every worker); both pass one contract test.
 *
 * <p>The store proposes, the detector decides: {@link #checkAndRecord} looks up earlier matches
 * and records the page in one atomic step, so of N callers offering the same page at once exactly
 * one finds nothing (and is unique) and the others find it. The detector then verifies candidates
 * and, for a near duplicate, records which page it copies with {@link #recordNear}.
 */
public interface FingerprintStore extends AutoCloseable {

  /**
   * Atomically: if {@code entry.url()} is recorded with the same digest, returns it as a replay and
   * writes nothing. If it is recorded with another digest (a re-crawl whose content changed), its
   * old fingerprints are removed everywhere first. Then looks up the exact digest and, when no
   * exact match exists and {@code entry.nearLookup()}, the near-duplicate candidates, and records
   * the entry in every structure. An exact match is recorded as {@link RecordedVerdict#EXACT} of
   * the match's original; otherwise the entry is recorded as UNIQUE (or SKIPPED without near
   * lookup) until {@link #recordNear} says otherwise.
   *
   * @throws StoreException.Unavailable when the store cannot be reached; nothing was recorded
   */
  CheckResult checkAndRecord(PageEntry entry);

  /**
   * Records that page {@code seq} is a near duplicate of {@code originalSeq}, as decided by
   * {@code detector}. Idempotent.
   */
  void recordNear(long seq, long originalSeq, String detector);

  /**
   * Removes the url's fingerprints from every structure (the counting Bloom filter decrements),
   * e.g. when a page expires. Returns false when the url was not recorded.
   */
  boolean remove(String url);

  /** Counts, sizes and fill ratios for operators. */
  StoreStats stats();

  @Override
  void close();
}
