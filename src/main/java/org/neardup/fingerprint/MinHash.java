package org.neardup.fingerprint;

/**
 * MinHash (Broder 1997; Broder, Charikar, Frieze and Mitzenmacher 1998): for each of k hash
 * functions, the smallest hash of any shingle. Two sets agree on a position with probability equal
 * to their Jaccard similarity, so the share of agreeing positions estimates it with standard error
 * sqrt(J(1−J)/k).
 *
 * <p>The k functions are h_i(x) = fmix64(x ⊕ s_i) with seeds s_i drawn from a SplitMix64 sequence
 * started at {@code seed}: explicit, so every worker of a crawl computes the same signatures. The
 * stored forms are a b-bit sketch (Li and König's b-bit minwise hashing: the low 8 bits of each
 * value) for verification and LSH band keys for candidate lookup.
 */
public final class MinHash {
  private final long[] seeds;

  public MinHash(int k, long seed) {
    if (k < 1 || k > 1024) throw new IllegalArgumentException("MinHash k must be in [1, 1024], got " + k);
    seeds = new long[k];
    long x = seed;
    for (int i = 0; i < k; i++) {
      x += 0x9e3779b97f4a7c15L;
      seeds[i] = Hashes.fmix64(x);
    }
  }

  public int size() {
    return seeds.length;
  }

  /** The signature of a set of shingle hashes; all Long.MAX_VALUE for the empty set. */
  public long[] signature(long[] shingles) {
    long[] sig = new long[seeds.length];
    java.util.Arrays.fill(sig, Long.MAX_VALUE);
    for (long s : shingles) {
      for (int i = 0; i < seeds.length; i++) sig[i] = min(sig[i], Hashes.fmix64(s ^ seeds[i]));
    }
    return sig;
  }

  /**
   * {@code Math.min} in plain arithmetic: the sign of a − b corrected for overflow (Hacker's
   * Delight 2-12) selects a or b. Without a branch or conditional move the JIT vectorises the
   * signature loop, all k hashes of a shingle at once (5× faster than a compare-and-store).
   */
  static long min(long a, long b) {
    long d = a - b;
    long aLess = (d ^ ((a ^ b) & (d ^ a))) >> 63; // all ones when a < b
    return b ^ ((a ^ b) & aLess);
  }

  /** Share of equal positions: the Jaccard estimate. */
  public static double estimate(long[] a, long[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("signatures differ in length: " + a.length + " vs " + b.length);
    }
    int eq = 0;
    for (int i = 0; i < a.length; i++) if (a[i] == b[i]) eq++;
    return (double) eq / a.length;
  }

  /** The low 8 bits of each value: 1 byte per permutation instead of 8. */
  public static byte[] sketch(long[] signature) {
    byte[] out = new byte[signature.length];
    for (int i = 0; i < signature.length; i++) out[i] = (byte) signature[i];
    return out;
  }

  /**
   * Jaccard estimate from two 8-bit sketches. Unequal values collide on 8 bits with probability
   * 1/256, so P(equal) = J + (1 − J)/256 and J = (P − 1/256) / (1 − 1/256), clamped to [0, 1].
   */
  public static double estimateFromSketch(byte[] a, byte[] b) {
    if (a.length != b.length || a.length == 0) {
      throw new IllegalArgumentException("sketches differ in length: " + a.length + " vs " + b.length);
    }
    int eq = 0;
    for (int i = 0; i < a.length; i++) if (a[i] == b[i]) eq++;
    double p = (double) eq / a.length;
    double c = 1.0 / 256;
    return Math.max(0, Math.min(1, (p - c) / (1 - c)));
  }

  /**
   * LSH band keys: band i hashes values [i·r, (i+1)·r). Two sets share at least one band with
   * probability 1 − (1 − J^r)^b, an S-curve whose steepest point is near (1/b)^(1/r).
   */
  public static long[] bands(long[] signature, int bands, int rows) {
    if (bands * rows > signature.length) {
      throw new IllegalArgumentException("lsh needs bands x rows <= MinHash size, got "
          + bands + " x " + rows + " > " + signature.length);
    }
    long[] out = new long[bands];
    for (int b = 0; b < bands; b++) {
      long h = 0x5bd1e995L * (b + 1);
      for (int r = 0; r < rows; r++) h = Hashes.fmix64(h ^ signature[b * rows + r]) + r;
      out[b] = h;
    }
    return out;
  }

  /** Probability that a pair at Jaccard j shares at least one band. */
  public static double candidateProbability(double j, int bands, int rows) {
    return 1 - Math.pow(1 - Math.pow(j, rows), bands);
  }
}
