package org.neardup.index;

/**
 * A decision of the detector that the store records: page {@code seq} is a near duplicate of
 * {@code originalSeq}, found by {@code detector} ({@link FingerprintStore#recordNear}); or, made by
 * {@link #unique}, that the page's lookup found candidates or its canonical and the detector
 * verified none, so it stays unique ({@link FingerprintStore#recordUnique}).
 */
public record NearDecision(long seq, long originalSeq, String detector) {

  public NearDecision {
    if (originalSeq == 0 && "".equals(detector)) {
      if (seq < 1) throw new IllegalArgumentException("seq must be >= 1, got " + seq);
    } else {
      MemoryFingerprintStore.checkRecordNear(seq, originalSeq, detector);
    }
  }

  /** The decision that page {@code seq} stays unique. */
  public static NearDecision unique(long seq) {
    return new NearDecision(seq, 0, "");
  }

  /** True for a decision made by {@link #unique}. */
  public boolean isUnique() {
    return originalSeq == 0;
  }
}
