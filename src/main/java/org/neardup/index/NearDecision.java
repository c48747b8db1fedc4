package org.neardup.index;

/**
 * The detector's decision that page {@code seq} is a near duplicate of {@code originalSeq}, found
 * by {@code detector}: what {@link FingerprintStore#recordNear} records.
 */
public record NearDecision(long seq, long originalSeq, String detector) {

  public NearDecision {
    MemoryFingerprintStore.checkRecordNear(seq, originalSeq, detector);
  }
}
