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
 * <h2>Blocked filter</h2>
 *
 * The store's filter is blocked (Putze, Sanders, Singler, "Cache-, hash- and space-efficient
 * Bloom filters", 2007): a digest's k cells all lie in one block of {@link #blockCells} = 512
 * cells (64 bytes of bits, one cache line; 256 bytes of 4-bit counters), so the Redis script
 * reads and writes one range (GETRANGE, SETRANGE) instead of sending k offsets to BITFIELD. Blocks fill
 * unevenly (Poisson), so a blocked filter needs more cells per item for the same rate:
 *
 * <pre>
 *   5) p = sum over j of Poisson(B / c)(j) * (1 - (1 - 1/B)^(k j))^k     B cells per block,
 *      c cells per item; {@link #blockedSizing} finds the smallest c (and its k) reaching p:
 *      at p = 1e-6: 38.4 cells per item and k = 16 (28.8 and 20 unblocked)
 * </pre>
 *
 * <p>The cell array is cut into {@link #shards} parts of at most {@link #MAX_SHARD_BITS} bits (a
 * 64 MiB Redis string, far below Redis's 512 MB limit), each a whole number of blocks. Each
 * digest touches exactly one block of one shard: the shard comes from digest bytes 0-3, the
 * block from bytes 4-7, and the k cells inside the block from bytes 8-11 (h1) and 12-15 (h2,
 * made odd) by Kirsch–Mitzenmacher double hashing, {@code g_i = (h1 + i * h2) mod B} for
 * {@code i = 0 .. k-1}; B is a power of two and h2 odd, so the k cells differ. The digest is an
 * MD5, so its bytes are already uniform. {@link #positions} is the reference; the Redis client
 * sends the block and the cells to the script.
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

  /** Cells of one block: 512, i.e. 64 bytes of bits, or 256 bytes of 4-bit counters. */
  public static int blockCells(boolean counting) {
    return BLOCK_CELLS;
  }

  /** Bytes of one block: 64 (one cache line) of bits, or 256 of 4-bit counters. */
  public static int blockBytes(boolean counting) {
    return counting ? BLOCK_CELLS / 2 : BLOCK_CELLS / 8;
  }

  private static final int BLOCK_CELLS = 512;
  private static final java.util.Map<String, Blocked> SIZINGS = new java.util.concurrent.ConcurrentHashMap<>();

  /** Cells per item and cells set per item of a blocked filter (cheat sheet 5). */
  public record Blocked(double cellsPerItem, int k) {}

  /** The false-positive rate of a blocked filter (cheat sheet 5). */
  public static double blockedFpp(double cellsPerItem, int k, int blockCells) {
    double lambda = blockCells / cellsPerItem; // items per block, Poisson distributed
    double pj = Math.exp(-lambda);
    double sum = 0;
    double miss = 1 - 1.0 / blockCells;
    int last = (int) (lambda + 12 * Math.sqrt(lambda) + 20);
    for (int j = 0; j <= last; j++) {
      sum += pj * Math.pow(1 - Math.pow(miss, (double) k * j), k);
      pj *= lambda / (j + 1);
    }
    return sum;
  }

  /**
   * The smallest cells per item (to 1/64 of a cell) and the best k with which a blocked filter
   * reaches rate p (cheat sheet 5); bisection between the unblocked size and three times it.
   */
  public static Blocked blockedSizing(double p, int blockCells) {
    if (!(p > 0 && p < 1)) throw new IllegalArgumentException("p must be in (0, 1), got " + p);
    return SIZINGS.computeIfAbsent(p + "/" + blockCells, x -> searchBlocked(p, blockCells));
  }

  private static Blocked searchBlocked(double p, int blockCells) {
    double lo = -Math.log(p) / (Math.log(2) * Math.log(2));
    double hi = 3 * lo;
    while (hi - lo > 1.0 / 64) {
      double mid = (lo + hi) / 2;
      if (bestK(mid, blockCells)[1] <= p) hi = mid; else lo = mid;
    }
    return new Blocked(hi, (int) bestK(hi, blockCells)[0]);
  }

  /** {k, rate} minimising the blocked rate at c cells per item. */
  private static double[] bestK(double c, int blockCells) {
    int k0 = (int) Math.round(c * Math.log(2)); // the unblocked optimum; blocked ones are lower
    double[] best = {1, 1};
    for (int k = 1; k <= k0; k++) {
      double f = blockedFpp(c, k, blockCells);
      if (f < best[1]) best = new double[] {k, f};
    }
    return best;
  }

  /**
   * The false-positive rate of a blocked filter once a fraction {@code fill} of its cells is set:
   * the items that fill implies (k cells each, cheat sheet 2 solved for n) put into cheat sheet 5.
   * fill^k (cheat sheet 4) would understate it, as blocks fill unevenly.
   */
  public static double blockedFppFromFill(double fill, int k, int blockCells) {
    if (fill <= 0) return 0;
    if (fill >= 1) return 1;
    return blockedFpp(-k / Math.log(1 - fill), k, blockCells);
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

  /** Cells per shard of a blocked filter: ceil(m / shards), rounded up to whole blocks. */
  public static long cellsPerShard(long m, int shards, int blockCells) {
    long blocks = (cellsPerShard(m, shards) + blockCells - 1) / blockCells;
    return blocks * blockCells;
  }

  /** The shard a digest lives in: bytes 0-3 as an unsigned int, mod shards. */
  public static int shardOf(byte[] digest, int shards) {
    return (int) (u32(digest, 0) % shards);
  }

  /** The block of a digest inside its shard: bytes 4-7 as an unsigned int, mod the shard's blocks. */
  public static long blockOf(byte[] digest, long cellsPerShard, int blockCells) {
    return u32(digest, 4) % (cellsPerShard / blockCells);
  }

  /** The k cells of a digest inside its block (see the class comment). */
  public static int[] cellsInBlock(byte[] digest, int k, int blockCells) {
    long h1 = u32(digest, 8);
    long h2 = u32(digest, 12) | 1;
    int[] out = new int[k];
    for (int i = 0; i < k; i++) {
      out[i] = (int) ((h1 + i * h2) % blockCells);
    }
    return out;
  }

  /** The k cells of a digest inside its shard: block * blockCells + its cells in the block. */
  public static long[] positions(byte[] digest, long cellsPerShard, int k, int blockCells) {
    long base = blockOf(digest, cellsPerShard, blockCells) * blockCells;
    int[] in = cellsInBlock(digest, k, blockCells);
    long[] out = new long[k];
    for (int i = 0; i < k; i++) out[i] = base + in[i];
    return out;
  }

  /** Bytes off..off+3 of b as an unsigned big-endian int. */
  public static long u32(byte[] b, int off) {
    return ((b[off] & 0xFFL) << 24) | ((b[off + 1] & 0xFFL) << 16)
        | ((b[off + 2] & 0xFFL) << 8) | (b[off + 3] & 0xFFL);
  }
}
