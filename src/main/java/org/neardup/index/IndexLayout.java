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
 * buckets (lookup time): with n pages a bucket holds about {@code n / 2^keyBits} fingerprints,
 * so {@link #autoSimhashBlocks} picks the fewest blocks whose buckets stay small at the expected
 * corpus size (4 blocks, 4 tables of 16-bit keys, up to 2^20 pages; 5 blocks, 10 tables of 25
 * or 26 bits, up to 2^29).
 *
 * <h3>Stored entries</h3>
 *
 * Each table is cut into {@code 2^G} groups (Redis strings) by the first {@code G} of its key
 * bits, {@link #simhashGroupBits G} chosen so that a group holds 64 to 128 entries at the
 * expected size. An entry stores only what the group does not imply: the remaining key bits
 * (the tag, which names the bucket inside the group) and the non-key bits, each packed
 * left-aligned into whole bytes ({@link #simhashEntry}); table 0's entries also carry the page's
 * seq. A match in another table is resolved to its pages through table 0: the matching
 * fingerprint is the query with the differing non-key bits flipped. At 10^8 pages with 5 blocks
 * an entry is 6 bytes (11 in table 0), where a whole fingerprint and seq would take 13.
 *
 * <h2>Bucketing</h2>
 *
 * Redis spends ~50-90 bytes on each top-level key but only a few bytes on each field of a small
 * (ziplist/listpack-encoded) hash, so every structure groups about {@link #ENTRIES_PER_KEY}
 * entries into one hash key, sized from {@code bloomExpectedItems}.
 */
public final class IndexLayout {

  /** Most fingerprints per SimHash bucket at the expected size that {@link #autoSimhashBlocks} accepts. */
  public static final int SIMHASH_BUCKET = 16;
  /** Most tables {@link #autoSimhashBlocks} chooses; a layout may have at most {@link #MAX_TABLES}. */
  public static final int AUTO_MAX_TABLES = 64;
  public static final int MAX_TABLES = 255;
  /** Target entries per bucket key, below Redis's hash-max-ziplist-entries (128) with headroom. */
  public static final int ENTRIES_PER_KEY = 48;
  /**
   * The version of the stored layout, part of {@link #description()} and so of the fingerprint
   * a namespace is checked against: a namespace written by another format is refused
   * ({@code StoreException.Misconfigured}) rather than misread. It changes with the record
   * ({@code RedisRecord}) and with the sketch it holds ({@code FineSignature}'s version).
   */
  public static final int FORMAT = 8;
  /** Records are grouped by {@code seq / RECORDS_PER_KEY}. */
  public static final int RECORDS_PER_KEY = 64;

  private final IndexSettings settings;
  private final long bloomCells;
  private final int bloomK;
  private final int bloomShards;
  private final long bloomCellsPerShard;
  private final long[] simhashMasks;
  private final long registryKeys;
  private final int simhashGroupBits;
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
    if (binomial(s.simhashBlocks(), s.simhashMaxDistance()) > MAX_TABLES) {
      throw new IllegalArgumentException("simhashBlocks " + s.simhashBlocks() + " with distance "
          + s.simhashMaxDistance() + " gives " + binomial(s.simhashBlocks(), s.simhashMaxDistance())
          + " SimHash tables; at most " + MAX_TABLES);
    }
    this.simhashMasks = masks(s.simhashBlocks(), s.simhashMaxDistance());
    this.registryKeys = bucketsFor(n);
    this.simhashGroupBits = groupBits(n, simhashMasks);
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
        + ",maxCandidates=" + s.maxCandidates()
        + valueDescription(s);
    this.fingerprint = sha1Hex(description).substring(0, 16);
  }

  /** ",name=value" for each value setting, in name order (IndexSettings keeps them sorted). */
  private static String valueDescription(IndexSettings s) {
    StringBuilder b = new StringBuilder();
    s.valueSettings().forEach((k, v) -> b.append(',').append(k).append('=').append(v));
    return b.toString();
  }

  /** The index settings' names in a description; every other name but "format" is a value setting. */
  private static final java.util.Set<String> INDEX_NAMES = java.util.Set.of("bloomExpectedItems",
      "bloomFalsePositiveRate", "countingBloom", "confirmExact", "simhashMaxDistance", "simhashBlocks",
      "lshBands", "lshRows", "maxCandidates");

  /**
   * The settings two descriptions disagree on, as "name: stored → this process" lines joined by
   * "; " (a name one of them lacks shows as "(none)"); "" when they agree.
   */
  public static String differences(String stored, String mine) {
    java.util.Map<String, String> a = fields(stored);
    java.util.Map<String, String> b = fields(mine);
    java.util.TreeSet<String> names = new java.util.TreeSet<>(a.keySet());
    names.addAll(b.keySet());
    java.util.List<String> out = new ArrayList<>();
    for (String n : names) {
      String x = a.getOrDefault(n, "(none)");
      String y = b.getOrDefault(n, "(none)");
      if (!x.equals(y)) out.add(n + ": " + x + " → " + y);
    }
    return String.join("; ", out);
  }

  private static java.util.Map<String, String> fields(String description) {
    java.util.Map<String, String> f = new java.util.LinkedHashMap<>();
    for (String part : description.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0) f.put(part.substring(0, eq), part.substring(eq + 1));
    }
    return f;
  }

  /**
   * The settings a {@link #description()} was made from (the inverse, for tools such as
   * {@code neardup stats} that open an existing namespace with whatever layout it has).
   *
   * @throws IllegalArgumentException when the description is not of the current {@link #FORMAT}
   */
  public static IndexSettings parseDescription(String namespace, String description) {
    java.util.Map<String, String> f = fields(description);
    if (!String.valueOf(FORMAT).equals(f.get("format"))) {
      throw new IllegalArgumentException("unknown layout description '" + description + "'");
    }
    java.util.Map<String, String> values = new java.util.TreeMap<>(f);
    values.keySet().removeAll(INDEX_NAMES);
    values.remove("format");
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
          Integer.parseInt(f.get("maxCandidates")),
          values);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("malformed layout description '" + description + "': " + e, e);
    }
  }

  /**
   * The number of SimHash blocks for a corpus of {@code expectedItems} pages and distance k: the
   * fewest blocks (more than k) whose narrowest table key still leaves at most
   * {@link #SIMHASH_BUCKET} fingerprints per bucket, at most 16.
   */
  public static int autoSimhashBlocks(long expectedItems, int k) {
    int chosen = Math.max(k + 1, 2);
    for (int b = chosen; b <= 16; b++) {
      if (binomial(b, k) > AUTO_MAX_TABLES) break; // large k: bigger buckets, not thousands of tables
      chosen = b;
      int keyBits = 64;
      for (long m : masks(b, k)) keyBits = Math.min(keyBits, Long.bitCount(m));
      if (keyBits >= 63 || expectedItems >> keyBits < SIMHASH_BUCKET) return b;
    }
    return chosen;
  }

  private static long binomial(int n, int k) {
    long c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
  }

  /** G: groups of 64 to 128 entries at n pages, leaving at least one tag bit in every table. */
  private static int groupBits(long n, long[] masks) {
    int keyBits = 64;
    for (long m : masks) keyBits = Math.min(keyBits, Long.bitCount(m));
    int g = 63 - Long.numberOfLeadingZeros(Math.max(1, n / 64)); // floor(log2(n / 64))
    return Math.max(0, Math.min(Math.min(g, keyBits - 1), 30));
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

  /** Groups (Redis strings) per SimHash table: 2^G. */
  public long simhashKeys() {
    return 1L << simhashGroupBits;
  }

  /** G: a SimHash table's groups are named by the first G bits of its key. */
  public int simhashGroupBits() {
    return simhashGroupBits;
  }

  /** Bytes of table t's tag: the key bits after the first G. */
  public int simhashTagBytes(int t) {
    return (Long.bitCount(simhashMasks[t]) - simhashGroupBits + 7) / 8;
  }

  /** Bytes of table t's non-key bits. */
  public int simhashRestBytes(int t) {
    return (64 - Long.bitCount(simhashMasks[t]) + 7) / 8;
  }

  /** Bytes of an entry of table t: tag, non-key bits, and in table 0 the seq (5 bytes). */
  public int simhashEntryBytes(int t) {
    return simhashTagBytes(t) + simhashRestBytes(t) + (t == 0 ? 5 : 0);
  }

  /** The group of {@code simhash} in table t: the first G key bits. */
  public long simhashGroup(int t, long simhash) {
    int kb = Long.bitCount(simhashMasks[t]);
    return simhashGroupBits == 0 ? 0 : gather(simhash, simhashMasks[t]) >>> (kb - simhashGroupBits);
  }

  /**
   * The entry of {@code simhash} in table t, without the seq: the key bits after the first G,
   * then the non-key bits, each in fingerprint order, packed left-aligned into
   * {@link #simhashTagBytes} and {@link #simhashRestBytes} bytes (zero padding).
   */
  public byte[] simhashEntry(int t, long simhash) {
    long m = simhashMasks[t];
    int kb = Long.bitCount(m);
    int tagBits = kb - simhashGroupBits;
    int tb = simhashTagBytes(t);
    int rb = simhashRestBytes(t);
    byte[] out = new byte[tb + rb];
    long key = gather(simhash, m);
    put(out, 0, tagBits == 64 ? key : key & ((1L << tagBits) - 1), tagBits);
    put(out, tb, gather(simhash, ~m), 64 - kb);
    return out;
  }

  /** The bits of v where mask is set, in order, as the low bits of the result (a "pext"). */
  static long gather(long v, long mask) {
    long out = 0;
    // masks are unions of contiguous blocks: copy run by run, most significant first
    while (mask != 0) {
      int hi = 63 - Long.numberOfLeadingZeros(mask);
      int w = Long.numberOfLeadingZeros(~(mask << (63 - hi))); // the run's length
      if (w == 64) return v;
      int lo = hi - w + 1;
      out = (out << w) | ((v >>> lo) & ((1L << w) - 1));
      mask &= ~(((1L << w) - 1) << lo);
    }
    return out;
  }

  /** Writes the low {@code bits} bits of v left-aligned into out from byte {@code at}. */
  private static void put(byte[] out, int at, long v, int bits) {
    if (bits == 0) return;
    int bytes = (bits + 7) / 8;
    long aligned = v << (8 * bytes - bits); // bytes <= 8, bits > 8 * (bytes - 1)
    for (int i = bytes - 1; i >= 0; i--) {
      out[at + i] = (byte) aligned;
      aligned >>>= 8;
    }
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
