package org.neardup.index;

import java.util.List;
import java.util.Map;

/**
 * What a store holds, for operators ({@code neardup stats}). Sizes the store cannot measure are -1.
 *
 * @param namespace the namespace the figures are for
 * @param counters pages seen, unique, exact, near (by detector: "near.simhash", ...), skipped,
 *     replays, recrawls, orphans, removed, expired, errors (pages that could not be checked),
 *     live
 * @param structures per structure: entries, keys, bytes (measured or sampled)
 * @param bloomFill share of Bloom bits (or counters) set, 0..1
 * @param bloomFalsePositiveRate the current estimated false-positive rate from the fill
 * @param simhashBuckets bucket size distribution of the SimHash tables
 * @param topOriginals the originals with the most recorded copies, most first
 * @param settings the index layout the namespace was created with
 * @param bandEntriesGone share of LSH band entries that name a page that is gone (removal leaves
 *     them until a lookup meets them or {@link StoreMaintenance#compact} runs), 0..1, sampled on
 *     Redis; -1 when there are none to look at
 */
public record StoreStats(
    String namespace,
    Map<String, Long> counters,
    Map<String, StructureSize> structures,
    double bloomFill,
    double bloomFalsePositiveRate,
    BucketStats simhashBuckets,
    List<OriginalCount> topOriginals,
    IndexSettings settings,
    double bandEntriesGone) {

  public record StructureSize(long entries, long keys, long bytes) {}

  public record BucketStats(long buckets, long max, double p99, double mean) {}

  public record OriginalCount(String id, String url, long copies) {}

  /** Bytes of all measured structures divided by pages recorded, or -1 when unknown. */
  public double bytesPerPage() {
    long pages = counters.getOrDefault("pages", 0L);
    long bytes = 0;
    for (StructureSize s : structures.values()) {
      if (s.bytes() < 0) return -1;
      bytes += s.bytes();
    }
    return pages == 0 ? -1 : (double) bytes / pages;
  }
}
