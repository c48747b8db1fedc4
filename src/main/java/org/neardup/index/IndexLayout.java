package org.neardup.index;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.neardup.fingerprint.Hashes;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything derived from {@link IndexSettings} that both stores need to agree on: Bloom sizes,
 * the permuted SimHash tables, bucket counts and scan caps. Pure arithmetic, no I/O.
 *
 * <h2>SimHash tables (Manku, Jain, Das Sarma, WWW 2007)</h2>
 *
 * The 64 bits are cut into {@code B = simhashBlocks} blocks (block 0 holds the most significant
 * bits; the first {@code 64 mod B} blocks are one bit wider). Two fingerprints within Hamming
 * distance {@code k} differ in at most {@code k} blocks, so they agree on all bits of at least one
 * choice of {@code B - k} blocks. There is one table per such choice ({@code C(B, k)} tables, in
 * lexicographic order of the chosen blocks); a table's bucket is the fingerprint masked to the
 * chosen blocks ({@link #simhashMask}). A query looks in one bucket per table and checks the
 * Hamming distance of what it finds. Fewer, wider key bits mean fewer tables (memory) but bigger
 * buckets (lookup time): with n pages a bucket holds about {@code n / 2^keyBits} fingerprints.
 *
 * <h2>Bucketing</h2>
 *
 * Redis spends ~50-90 bytes on each top-level key but only a few bytes on each field of a small
 * (ziplist/listpack-encoded) hash, so every structure groups about {@link #ENTRIES_PER_KEY}
 * entries into one hash key, sized from {@code bloomExpectedItems}.
 */
public final class IndexLayout {

  /** Target entries per bucket key, below Redis's hash-max-ziplist-entries (128) with headroom. */
  public static final int ENTRIES_PER_KEY = 48;
  /**
   * The version of the stored layout, part of {@link #description()} and so of the fingerprint
   * a namespace is checked against: a namespace written by another format is refused
   * ({@code StoreException.Misconfigured}) rather than misread. 2: client-built records, counters
   * pages and live derived from seq.
   */
  public static final int FORMAT = 2;
  /** Records are grouped by {@code seq / RECORDS_PER_KEY}. */
  public static final int RECORDS_PER_KEY = 64;

  private final IndexSettings settings;
  private final long bloomCells;
  private final int bloomK;
  private final int bloomShards;
  private final long bloomCellsPerShard;
  private final long[] simhashMasks;
  private final long registryKeys;
  private final long simhashKeys;
  private final long bandKeys;
  private final int scanCap;
  private final String description;
  private final String fingerprint;

  public IndexLayout(IndexSettings s) {
    this.settings = s;
    long n = s.bloomExpectedItems();
    int blockCells = BloomMath.blockCells(s.countingBloom());
    BloomMath.Blocked blocked = BloomMath.blockedSizing(s.bloomFalsePositiveRate(), blockCells);
    this.bloomShards = BloomMath.shards((long) Math.ceil(n * blocked.cellsPerItem()), s.countingBloom());
    this.bloomCellsPerShard = BloomMath.cellsPerShard(
        Math.max(blockCells, (long) Math.ceil(n * blocked.cellsPerItem())), bloomShards, blockCells);
    this.bloomCells = bloomCellsPerShard * bloomShards;
    this.bloomK = blocked.k();
    this.simhashMasks = masks(s.simhashBlocks(), s.simhashMaxDistance());
    this.registryKeys = bucketsFor(n);
    this.simhashKeys = bucketsFor(n);
    this.bandKeys = bucketsFor(n > Long.MAX_VALUE / s.lshBands() ? Long.MAX_VALUE / 2 : n * s.lshBands());
    this.scanCap = Math.max(64, 4 * s.maxCandidates());
    this.description = "format=" + FORMAT
        + ",bloomExpectedItems=" + s.bloomExpectedItems()
        + ",bloomFalsePositiveRate=" + s.bloomFalsePositiveRate()
        + ",countingBloom=" + s.countingBloom()
        + ",confirmExact=" + s.confirmExact()
        + ",simhashMaxDistance=" + s.simhashMaxDistance()
        + ",simhashBlocks=" + s.simhashBlocks()
        + ",lshBands=" + s.lshBands()
        + ",lshRows=" + s.lshRows()
        + ",maxCandidates=" + s.maxCandidates();
    this.fingerprint = sha1Hex(description).substring(0, 16);
  }

  /**
   * The settings a {@link #description()} was made from (the inverse, for tools such as
   * {@code neardup stats} that open an existing namespace with whatever layout it has).
   *
   * @throws IllegalArgumentException when the description is not of the current {@link #FORMAT}
   */
  public static IndexSettings parseDescription(String namespace, String description) {
    java.util.Map<String, String> f = new java.util.HashMap<>();
    for (String part : description.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0) f.put(part.substring(0, eq), part.substring(eq + 1));
    }
    if (!String.valueOf(FORMAT).equals(f.get("format"))) {
      throw new IllegalArgumentException("unknown layout description '" + description + "'");
    }
    try {
      return new IndexSettings(namespace,
          Long.parseLong(f.get("bloomExpectedItems")),
          Double.parseDouble(f.get("bloomFalsePositiveRate")),
          Boolean.parseBoolean(f.get("countingBloom")),
          Boolean.parseBoolean(f.get("confirmExact")),
          Integer.parseInt(f.get("simhashMaxDistance")),
          Integer.parseInt(f.get("simhashBlocks")),
          Integer.parseInt(f.get("lshBands")),
          Integer.parseInt(f.get("lshRows")),
          Integer.parseInt(f.get("maxCandidates")));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("malformed layout description '" + description + "': " + e, e);
    }
  }

  private static long bucketsFor(long entries) {
    return Math.min(1L << 31, Math.max(1, (entries + ENTRIES_PER_KEY - 1) / ENTRIES_PER_KEY));
  }

  /** The bit masks of the permuted tables, one per choice of {@code blocks - k} blocks. */
  static long[] masks(int blocks, int k) {
    long[] blockMask = new long[blocks];
    int base = 64 / blocks;
    int extra = 64 % blocks;
    int hi = 64; // exclusive upper bit index, counting from bit 0 = least significant
    for (int b = 0; b < blocks; b++) {
      int width = base + (b < extra ? 1 : 0);
      int lo = hi - width;
      blockMask[b] = width == 64 ? -1L : ((1L << width) - 1) << lo;
      hi = lo;
    }
    List<Long> out = new ArrayList<>();
    choose(blockMask, blocks - k, 0, 0L, 0, out);
    long[] r = new long[out.size()];
    for (int i = 0; i < r.length; i++) r[i] = out.get(i);
    return r;
  }

  private static void choose(long[] blockMask, int left, int from, long acc, int depth, List<Long> out) {
    if (left == 0) {
      out.add(acc);
      return;
    }
    for (int b = from; b <= blockMask.length - left; b++) {
      choose(blockMask, left - 1, b + 1, acc | blockMask[b], depth + 1, out);
    }
  }

  public IndexSettings settings() {
    return settings;
  }

  /** Cells of one Bloom block (BloomMath.blockCells): 512 bits, or 128 counters when counting. */
  public int bloomBlockCells() {
    return BloomMath.blockCells(settings.countingBloom());
  }

  /** m: cells of the (blocked) Bloom filter, bits or 4-bit counters, whole blocks per shard. */
  public long bloomCells() {
    return bloomCells;
  }

  public int bloomK() {
    return bloomK;
  }

  public int bloomShards() {
    return bloomShards;
  }

  public long bloomCellsPerShard() {
    return bloomCellsPerShard;
  }

  public int simhashTables() {
    return simhashMasks.length;
  }

  public long simhashMask(int table) {
    return simhashMasks[table];
  }

  /** The bucket of {@code simhash} in table {@code table}: the fingerprint masked to its key bits. */
  public long simhashBucket(int table, long simhash) {
    return simhash & simhashMasks[table];
  }

  /** Hash keys of the url registry (and of the digest map): about 48 urls each at n. */
  public long registryKeys() {
    return registryKeys;
  }

  /** Hash keys per SimHash table. */
  public long simhashKeys() {
    return simhashKeys;
  }

  /** Hash keys of the LSH band buckets (all bands share them). */
  public long bandKeys() {
    return bandKeys;
  }

  /** Hash keys of the core-term buckets. */
  public long coreKeys() {
    return registryKeys;
  }

  /** At most this many earliest pages are read from one LSH band or core-term bucket. */
  public int scanCap() {
    return scanCap;
  }

  /** A stable, human-readable statement of every setting; what the stores compare. */
  public String description() {
    return description;
  }

  /** The first 16 hex digits of SHA-1 of {@link #description()}. */
  public String fingerprint() {
    return fingerprint;
  }

  // ---- addresses shared by both stores (and mirrored in _common.lua) ----

  /**
   * The 8 bytes that address LSH band {@code band} with key {@code value}: a bijective 64-bit mix
   * of both, so equal (band, value) pairs give equal bytes. Bytes 0-3 choose the bucket key, bytes
   * 4-7 are the field.
   */
  public static long bandAddress(int band, long value) {
    return Hashes.fmix64(value ^ ((band + 1L) * 0x9E3779B97F4A7C15L));
  }

  /** The 8 bytes that address a core-term bucket: a bijective mix of the core-term fingerprint. */
  public static long coreAddress(long coreTerms) {
    return Hashes.fmix64(coreTerms);
  }

  /** The first 8 bytes of MD5(url) as a long: the registry address of a url. */
  public static long urlHash(String url) {
    return Hashes.md5Long(url);
  }

  private static String sha1Hex(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-1").digest(s.getBytes(StandardCharsets.UTF_8));
      StringBuilder sb = new StringBuilder();
      for (byte b : d) sb.append(String.format("%02x", b));
      return sb.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required by every JVM", e);
    }
  }
}
