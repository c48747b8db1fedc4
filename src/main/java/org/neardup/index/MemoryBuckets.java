package org.neardup.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;

/**
 * The near-duplicate structures of {@link MemoryFingerprintStore}: the permuted SimHash tables,
 * the LSH band buckets and the core-term buckets, addressed and capped as the Redis store's
 * ({@link IndexLayout}), holding seqs in the order pages were added. They say which pages share a
 * bucket with a page and with what evidence; the store decides which of those are candidates.
 */
final class MemoryBuckets {

  private final IndexSettings settings;
  private final IndexLayout layout;
  private final List<Map<Long, List<Long>>> simhashTables = new ArrayList<>();
  private final Map<Long, List<Long>> bands = new HashMap<>();
  private final Map<Long, List<Long>> cores = new HashMap<>();
  /** The SimHash of a page in the tables (every page the tables hold has its record). */
  private final LongUnaryOperator simhashOf;

  MemoryBuckets(IndexLayout layout, LongUnaryOperator simhashOf) {
    this.settings = layout.settings();
    this.layout = layout;
    this.simhashOf = simhashOf;
    for (int t = 0; t < layout.simhashTables(); t++) simhashTables.add(new HashMap<>());
  }

  /**
   * The pages the entry's buckets hold (band and core buckets up to the scan cap, as lookups
   * read them), each with its evidence: seq -> {hamming distance or -1 when not a SimHash
   * neighbour, band hits, core-term match 0/1}.
   */
  Map<Long, int[]> find(PageEntry entry) {
    Map<Long, int[]> found = new HashMap<>();
    for (int t = 0; t < layout.simhashTables(); t++) {
      List<Long> bucket = simhashTables.get(t).get(layout.simhashBucket(t, entry.simhash()));
      if (bucket == null) continue;
      for (long s : bucket) {
        int d = Long.bitCount(simhashOf.applyAsLong(s) ^ entry.simhash());
        if (d <= settings.simhashMaxDistance()) {
          found.computeIfAbsent(s, x -> new int[] {-1, 0, 0})[0] = d;
        }
      }
    }
    long[] b = entry.bands();
    for (int i = 0; i < b.length; i++) {
      List<Long> bucket = bands.get(bandKey(i, b[i]));
      if (bucket == null) continue;
      for (long s : bucket.subList(0, Math.min(bucket.size(), layout.scanCap()))) {
        found.computeIfAbsent(s, x -> new int[] {-1, 0, 0})[1]++;
      }
    }
    if (entry.coreTerms() != 0) {
      List<Long> bucket = cores.get(entry.coreTerms());
      if (bucket != null) {
        for (long s : bucket.subList(0, Math.min(bucket.size(), layout.scanCap()))) {
          found.computeIfAbsent(s, x -> new int[] {-1, 0, 0})[2] = 1;
        }
      }
    }
    return found;
  }

  /** Drops the entries of the pages in {@code gone} from the entry's band buckets. */
  void dropFromBands(PageEntry entry, Set<Long> gone) {
    long[] b = entry.bands();
    for (int i = 0; i < b.length; i++) {
      List<Long> bucket = bands.get(bandKey(i, b[i]));
      if (bucket != null) bucket.removeIf(gone::contains);
    }
  }

  /**
   * Adds page {@code seq} with the caps of check_and_record.lua: a SimHash bucket holds a
   * fingerprint at most maxCandidates times, a band or core bucket its earliest scanCap pages
   * (what lookups read). A page {@code decidedAgain} under its seq finds its band entries there
   * still and is not added twice.
   */
  void add(long seq, PageEntry entry, boolean decidedAgain) {
    for (int t = 0; t < layout.simhashTables(); t++) {
      List<Long> bucket = simhashTables.get(t)
          .computeIfAbsent(layout.simhashBucket(t, entry.simhash()), x -> new ArrayList<>());
      long same = bucket.stream().filter(s -> simhashOf.applyAsLong(s) == entry.simhash()).count();
      if (same < settings.maxCandidates()) bucket.add(seq);
    }
    long[] b = entry.bands();
    for (int i = 0; i < b.length; i++) {
      List<Long> bucket = bands.computeIfAbsent(bandKey(i, b[i]), x -> new ArrayList<>());
      if (bucket.size() < layout.scanCap() && !(decidedAgain && bucket.contains(seq))) bucket.add(seq);
    }
    if (entry.coreTerms() != 0) {
      List<Long> bucket = cores.computeIfAbsent(entry.coreTerms(), x -> new ArrayList<>());
      if (bucket.size() < layout.scanCap()) bucket.add(seq);
    }
  }

  /**
   * Removes page {@code seq}'s SimHash and core-term entries. Its band entries stay, as in the
   * Redis store, whose records hold no band addresses: a lookup that finds them drops them
   * ({@link #dropFromBands}), {@link #compact} drops the rest.
   */
  void remove(long seq, PageEntry e) {
    for (int t = 0; t < layout.simhashTables(); t++) {
      removeFrom(simhashTables.get(t), layout.simhashBucket(t, e.simhash()), seq);
    }
    if (e.coreTerms() != 0) removeFrom(cores, e.coreTerms(), seq);
  }

  private static void removeFrom(Map<Long, List<Long>> map, long key, long seq) {
    List<Long> l = map.get(key);
    if (l == null) return;
    l.remove(Long.valueOf(seq));
    if (l.isEmpty()) map.remove(key);
  }

  /** Drops the band entries of the pages that are not {@code live}; returns how many. */
  long compact(LongPredicate live) {
    long dropped = 0;
    for (List<Long> bucket : bands.values()) {
      int before = bucket.size();
      bucket.removeIf(s -> !live.test(s));
      dropped += before - bucket.size();
    }
    bands.values().removeIf(List::isEmpty);
    return dropped;
  }

  /** The number of band buckets. */
  long bandBuckets() {
    return bands.size();
  }

  /** The size of every SimHash bucket, all tables. */
  List<Integer> simhashBucketSizes() {
    List<Integer> sizes = new ArrayList<>();
    for (Map<Long, List<Long>> t : simhashTables) {
      for (List<Long> l : t.values()) sizes.add(l.size());
    }
    return sizes;
  }

  long bandEntries() {
    return bands.values().stream().mapToLong(List::size).sum();
  }

  /** The band entries of pages that are not {@code live}. */
  long bandEntriesGone(LongPredicate live) {
    return bands.values().stream().flatMap(List::stream).filter(s -> !live.test(s)).count();
  }

  long coreEntries() {
    return cores.values().stream().mapToLong(List::size).sum();
  }

  /** The Redis store's band address: (bytes 0-3 mod bandKeys, bytes 4-7). */
  private long bandKey(int band, long value) {
    long a = IndexLayout.bandAddress(band, value);
    long key = (a >>> 32) % layout.bandKeys();
    return (key << 32) | (a & 0xFFFFFFFFL);
  }
}
