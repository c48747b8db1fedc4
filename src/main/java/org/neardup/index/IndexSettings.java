package org.neardup.index;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The layout of the index: everything that must be identical for every process sharing one
 * namespace. A store refuses a namespace created with other settings
 * ({@link StoreException.Misconfigured}) instead of silently mixing layouts.
 *
 * @param namespace key prefix, so several crawls share one Redis
 * @param bloomExpectedItems pages the exact Bloom filter is sized for
 * @param bloomFalsePositiveRate target false-positive rate at {@code bloomExpectedItems}
 * @param countingBloom 4-bit counters instead of bits, so entries can be removed (re-crawls, expiry)
 * @param confirmExact confirm Bloom hits against the digest → first page map (names the original,
 *     and a false positive never drops a unique page); off saves that map's memory
 * @param simhashMaxDistance Hamming distance k within which SimHash neighbours are found (Manku: 3)
 * @param simhashBlocks the 64 bits are cut into this many blocks; every choice of
 *     {@code blocks - k} blocks is one permuted table, so {@code blocks > k};
 *     {@link IndexLayout#autoSimhashBlocks} chooses it from the expected corpus size
 * @param lshBands MinHash LSH bands b
 * @param lshRows rows per band r (the MinHash has at least b × r values)
 * @param maxCandidates most candidates returned per lookup: when it finds more, those with the most
 *     evidence (SimHash neighbours, then band hits and core-term match); listed earliest first
 * @param valueSettings the other settings that shape the values a page stores (how its digest,
 *     SimHash, band keys, core terms and sketch are computed), by name: the configuration keys
 *     without {@code neardup.}, e.g. {@code shingle.chars=5}, and {@code idf.table} (a digest of
 *     the IDF table's content). The store does not read them; they are part of the layout
 *     ({@link IndexLayout#description()}), so a process that would compute other values for the
 *     same page is refused. Empty for tools that compute no fingerprints and for tests of the
 *     store alone; {@code NeardupConfig} names them all
 */
public record IndexSettings(
    String namespace,
    long bloomExpectedItems,
    double bloomFalsePositiveRate,
    boolean countingBloom,
    boolean confirmExact,
    int simhashMaxDistance,
    int simhashBlocks,
    int lshBands,
    int lshRows,
    int maxCandidates,
    Map<String, String> valueSettings) {

  /**
   * The most candidates a lookup may return. Each comes back with its record (a few hundred
   * bytes), and the Redis layout holds the cap and the bucket scan cap (4x) in 16 bits each.
   */
  public static final int MAX_CANDIDATES = 1000;

  /** A value setting's name: lower case, so it never takes the name of an index setting. */
  private static final Pattern VALUE_NAME = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)*");
  /** A value setting's value: nothing that would break the layout description. */
  private static final Pattern VALUE = Pattern.compile("[A-Za-z0-9_.:+-]+");

  /** Settings without value settings (tests of the store, tools that compute no fingerprints). */
  public IndexSettings(String namespace, long bloomExpectedItems, double bloomFalsePositiveRate,
      boolean countingBloom, boolean confirmExact, int simhashMaxDistance, int simhashBlocks,
      int lshBands, int lshRows, int maxCandidates) {
    this(namespace, bloomExpectedItems, bloomFalsePositiveRate, countingBloom, confirmExact,
        simhashMaxDistance, simhashBlocks, lshBands, lshRows, maxCandidates, Map.of());
  }

  public IndexSettings {
    Objects.requireNonNull(namespace, "namespace");
    if (namespace.isEmpty() || namespace.contains("{") || namespace.contains("}")) {
      throw new IllegalArgumentException(
          "namespace must be non-empty without braces, got '" + namespace + "'");
    }
    if (bloomExpectedItems < 1) {
      throw new IllegalArgumentException(
          "bloomExpectedItems must be >= 1, got " + bloomExpectedItems);
    }
    if (!(bloomFalsePositiveRate > 0 && bloomFalsePositiveRate < 1)) {
      throw new IllegalArgumentException(
          "bloomFalsePositiveRate must be in (0, 1), got " + bloomFalsePositiveRate);
    }
    if (simhashMaxDistance < 0 || simhashMaxDistance > 8) {
      throw new IllegalArgumentException(
          "simhashMaxDistance must be in [0, 8], got " + simhashMaxDistance);
    }
    if (simhashBlocks <= simhashMaxDistance || simhashBlocks > 16) {
      throw new IllegalArgumentException("simhashBlocks must be in (" + simhashMaxDistance
          + ", 16] so every neighbour shares a block, got " + simhashBlocks);
    }
    if (lshBands < 1 || lshRows < 1) {
      throw new IllegalArgumentException(
          "lshBands and lshRows must be >= 1, got " + lshBands + " x " + lshRows);
    }
    if (maxCandidates < 1 || maxCandidates > MAX_CANDIDATES) {
      throw new IllegalArgumentException(
          "maxCandidates must be in [1, " + MAX_CANDIDATES + "], got " + maxCandidates);
    }
    TreeMap<String, String> values = new TreeMap<>(valueSettings == null ? Map.of() : valueSettings);
    values.forEach((k, v) -> {
      if (!VALUE_NAME.matcher(k).matches() || k.equals("format") || v == null || !VALUE.matcher(v).matches()) {
        throw new IllegalArgumentException("value setting " + k + "=" + v
            + " must be a lower-case dotted name and a value of letters, digits and _.:+-");
      }
    });
    valueSettings = Collections.unmodifiableSortedMap(values);
  }

  /** 10^8 pages, 1e-6, k = 3 with the blocks chosen for 10^8 pages (5), 32 x 2 bands, 32 candidates. */
  public static IndexSettings defaults(String namespace) {
    return new IndexSettings(namespace, 100_000_000L, 1e-6, false, true, 3,
        IndexLayout.autoSimhashBlocks(100_000_000L, 3), 32, 2, 32);
  }

  /** The same layout under another namespace. */
  public IndexSettings withNamespace(String newNamespace) {
    return new IndexSettings(newNamespace, bloomExpectedItems, bloomFalsePositiveRate, countingBloom,
        confirmExact, simhashMaxDistance, simhashBlocks, lshBands, lshRows, maxCandidates, valueSettings);
  }

  /** The same layout with a Bloom filter sized for another number of pages. */
  public IndexSettings withBloomExpectedItems(long items) {
    return new IndexSettings(namespace, items, bloomFalsePositiveRate, countingBloom,
        confirmExact, simhashMaxDistance, simhashBlocks, lshBands, lshRows, maxCandidates, valueSettings);
  }

  /** The same layout with these value settings instead. */
  public IndexSettings withValueSettings(Map<String, String> settings) {
    return new IndexSettings(namespace, bloomExpectedItems, bloomFalsePositiveRate, countingBloom,
        confirmExact, simhashMaxDistance, simhashBlocks, lshBands, lshRows, maxCandidates, settings);
  }
}
