package org.neardup.index;

import java.util.function.BiConsumer;

/**
 * What operators do to a store besides the crawl's checks: remove urls, expire old pages, drop the
 * band entries of pages that are gone, read statistics. The topology's deletion bolt removes urls;
 * the commands {@code remove}, {@code expire}, {@code compact} and {@code stats} do the rest.
 * Removal follows the same rules as a re-crawl in {@link FingerprintStore} (its copies become
 * orphans, see "Orphans" there).
 */
public interface StoreMaintenance extends AutoCloseable {

  /**
   * Removes the url's fingerprints from every structure (the counting Bloom filter decrements),
   * e.g. when a page expires. Returns false when the url was not recorded. Its LSH band entries
   * stay until a lookup reads that page among its candidates or {@link #compact} runs: they name
   * a page that is gone, which no lookup returns.
   */
  boolean remove(String url);

  /**
   * Drops the LSH band entries of pages that are gone (removed, expired, re-crawled with other
   * content): a record does not list its band addresses (256 bytes a page at 32 bands), so
   * removal leaves them, and a lookup drops only those it meets. Until then they hold places in
   * full buckets and memory (9 bytes each). Returns how many it dropped. Reads every band entry;
   * run it after {@link #expire}, or now and then in a crawl that removes or re-crawls pages.
   * Entries of a seq recorded again without near structures stay (lookups skip and drop them).
   */
  default long compact() {
    return compact((groups, dropped) -> {});
  }

  /**
   * {@link #compact()}, telling {@code progress} (band groups read, entries dropped so far) as it
   * goes, at least once at the end.
   */
  long compact(BiConsumer<Long, Long> progress);

  /**
   * Removes every page whose recorded content was first fetched before {@code fetchedBefore}
   * (its {@code fetchedAt}, epoch ms; a replay does not change it), as {@link #remove} does, so
   * that a crawl's store stops growing: their copies become orphans, and a url fetched again is
   * decided as a new page (counter {@code expired}). Returns how many pages it removed. Pages
   * recorded while it runs may be kept or removed. Times are taken within 0..2^53 ms (see
   * {@link #expiryTime}).
   */
  default long expire(long fetchedBefore) {
    return expire(fetchedBefore, (scanned, removed) -> {});
  }

  /**
   * {@link #expire(long)}, telling {@code progress} (seqs scanned, pages removed so far) as it
   * goes, at least once at the end.
   */
  long expire(long fetchedBefore, BiConsumer<Long, Long> progress);

  /**
   * A fetch time or cutoff as expiry compares it: times before 1970 count as 1970 and times past
   * 2^53 ms (the Lua scripts count in doubles) as 2^53, so both stores decide alike.
   */
  static long expiryTime(long epochMillis) {
    return Math.max(0, Math.min(epochMillis, 1L << 53));
  }

  /** Counts, sizes and fill ratios for operators. */
  StoreStats stats();

  @Override
  void close();
}
