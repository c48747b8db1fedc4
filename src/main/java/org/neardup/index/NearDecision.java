package org.neardup.index;

/**
 * A decision of the detector that the store records: page {@code seq} is a near duplicate of
 * {@code originalSeq}, found by {@code detector} ({@link FingerprintStore#recordNear}); or, made by
 * {@link #unique}, that the page's lookup found candidates or its canonical and the detector
 * verified none, so it stays unique ({@link FingerprintStore#recordUnique}); or, made by
 * {@link #original}, that an exact copy is an original ({@link FingerprintStore#recordOriginal}).
 */
public record NearDecision(long seq, long originalSeq, String detector) {
  private static final String ORIGINAL = "original";

  public NearDecision {
    if (originalSeq == 0 && ("".equals(detector) || ORIGINAL.equals(detector))) {
      if (seq < 1) throw new IllegalArgumentException("seq must be >= 1, got " + seq);
    } else {
      MemoryFingerprintStore.checkRecordNear(seq, originalSeq, detector);
    }
  }

  /** The decision that page {@code seq} stays unique. */
  public static NearDecision unique(long seq) {
    return new NearDecision(seq, 0, "");
  }

  /**
   * The decision that page {@code seq}, recorded an exact copy, is an original: it was fetched
   * before the page it copies ({@link FingerprintStore#recordOriginal}).
   */
  public static NearDecision original(long seq) {
    return new NearDecision(seq, 0, ORIGINAL);
  }

  /** True for a decision made by {@link #unique}. */
  public boolean isUnique() {
    return originalSeq == 0 && detector.isEmpty();
  }

  /** True for a decision made by {@link #original}. */
  public boolean isOriginal() {
    return originalSeq == 0 && detector.equals(ORIGINAL);
  }
}
