package org.neardup.index;

/**
 * The Bloom filter formulas, in one place (after Guava's {@code BloomFilter}).
 *
 * <p>Cheat sheet:
 *
 * <pre>
 *   m: total bits (or 4-bit counters for a counting filter)
 *   n: expected insertions ({@link IndexSettings#bloomExpectedItems()})
 *   k: hash functions, i.e. bit positions set per item
 *   p: false-positive probability after n insertions
 *
 *   1) optimal k = (m / n) * ln 2
 *   2) p = (1 - e^(-k n / m))^k
 *   3) with the optimal k: p = 2^(-k), so m = -n ln p / (ln 2)^2
 *   4) once a fraction f of the bits is set, a never-seen item is reported "seen" with
 *      probability f^k (what {@link StoreStats#bloomFalsePositiveRate()} reports)
 * </pre>
 *
 * <p>The bit array is cut into {@link #shards} parts of at most {@link #MAX_SHARD_BITS} bits (a
 * 64 MiB Redis string, far below Redis's 512 MB limit). Each digest touches exactly one shard:
 * the shard comes from digest bytes 0-3, and the k positions inside it from bytes 4-7 (h1) and
 * 8-11 (h2) by Kirsch–Mitzenmacher double hashing, {@code g_i = (h1 + i * h2) mod bitsPerShard}
 * for {@code i = 0 .. k-1}. The digest is an MD5, so its bytes are already uniform. The Lua
 * script {@code _common.lua} computes the same positions; {@link #positions} is the reference.
 */
public final class BloomMath {

  /** 2^29 bits = 64 MiB per shard key (for 4-bit counters: 2^27 counters per shard). */
  public static final long MAX_SHARD_BITS = 1L << 29;

  private BloomMath() {}

  /** m for n insertions at false-positive rate p (cheat sheet 3). Guava's formula. */
  public static long optimalNumOfBits(long n, double p) {
    if (n < 1) throw new IllegalArgumentException("n must be >= 1, got " + n);
    if (!(p > 0 && p < 1)) throw new IllegalArgumentException("p must be in (0, 1), got " + p);
    return (long) (-n * Math.log(p) / (Math.log(2) * Math.log(2)));
  }

  /** k for n insertions into m bits (cheat sheet 1), at least 1. Guava's formula. */
  public static int optimalNumOfHashFunctions(long n, long m) {
    if (n < 1) throw new IllegalArgumentException("n must be >= 1, got " + n);
    if (m < 1) throw new IllegalArgumentException("m must be >= 1, got " + m);
    return Math.max(1, (int) Math.round((double) m / n * Math.log(2)));
  }

  /** The expected false-positive rate of m bits, k functions after n insertions (cheat sheet 2). */
  public static double expectedFpp(long n, long m, int k) {
    return Math.pow(1 - Math.exp(-(double) k * n / m), k);
  }

  /** The false-positive rate once a fraction {@code fill} of the cells is set (cheat sheet 4). */
  public static double fppFromFill(double fill, int k) {
    return Math.pow(fill, k);
  }

  /** Shards (a power of two) so that none exceeds {@link #MAX_SHARD_BITS} cells. */
  public static int shards(long m, boolean counting) {
    long maxCells = counting ? MAX_SHARD_BITS / 4 : MAX_SHARD_BITS;
    long s = 1;
    while (s * maxCells < m) s <<= 1;
    if (s > (1 << 20)) throw new IllegalArgumentException("Bloom filter of " + m + " cells is too big");
    return (int) s;
  }

  /** Cells (bits or counters) per shard: ceil(m / shards). */
  public static long cellsPerShard(long m, int shards) {
    return (m + shards - 1) / shards;
  }

  /** The shard a digest lives in: bytes 0-3 as an unsigned int, mod shards. */
  public static int shardOf(byte[] digest, int shards) {
    return (int) (u32(digest, 0) % shards);
  }

  /** The k cell positions of a digest inside its shard (see the class comment). */
  public static long[] positions(byte[] digest, long cellsPerShard, int k) {
    long h1 = u32(digest, 4);
    long h2 = u32(digest, 8);
    long[] out = new long[k];
    for (int i = 0; i < k; i++) {
      out[i] = (h1 + i * h2) % cellsPerShard;
    }
    return out;
  }

  /** Bytes off..off+3 of b as an unsigned big-endian int. */
  public static long u32(byte[] b, int off) {
    return ((b[off] & 0xFFL) << 24) | ((b[off + 1] & 0xFFL) << 16)
        | ((b[off + 2] & 0xFFL) << 8) | (b[off + 3] & 0xFFL);
  }
}
