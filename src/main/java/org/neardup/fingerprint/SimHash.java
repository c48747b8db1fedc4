package org.neardup.fingerprint;

/**
 * Charikar's 64-bit SimHash (Charikar 2002): every term's 64-bit hash votes +weight on the
 * bits it has set and −weight on the others; the fingerprint keeps the bits with a positive sum.
 * Similar term vectors get fingerprints at a small Hamming distance; Manku et al. found k = 3
 * right for 64-bit fingerprints of 8·10^9 pages.
 */
public final class SimHash {
  private SimHash() {}

  /**
   * Fingerprint of a page's terms with weights by id; 0 for no terms. Weights must be finite and
   * positive. The votes are added in id order (first occurrence), which fixes the rounding.
   */
  public static long of(TermCounts terms, double[] weights) {
    double[] v = new double[64];
    for (int id = 0; id < terms.size(); id++) vote(v, terms.murmur64(id), weights[id]);
    return fingerprint(v);
  }

  /**
   * Adds +w to v[bit] where bit is set in h, −w elsewhere. −w is w with its sign bit flipped, so
   * the sign bit is set from the bit of h: the same values as {@code bit set ? w : -w} without a
   * branch that a hash's random bits mispredict half the time, and a loop the JIT vectorises.
   */
  private static void vote(double[] v, long h, double w) {
    long bits = Double.doubleToRawLongBits(w);
    for (int bit = 0; bit < 64; bit++) {
      v[bit] += Double.longBitsToDouble(bits ^ ((~h >>> bit) << 63));
    }
  }

  private static long fingerprint(double[] v) {
    long fingerprint = 0;
    for (int bit = 0; bit < 64; bit++) {
      if (v[bit] > 0) fingerprint |= 1L << bit;
    }
    return fingerprint;
  }

  /** Number of differing bits, 0..64. */
  public static int distance(long a, long b) {
    return Long.bitCount(a ^ b);
  }
}
