package org.neardup.index;

import java.util.ArrayList;
import java.util.List;

/**
 * The crawl's shared memory of fingerprints, as the detector uses it: check and record a page,
 * record the detector's decision. Removal, expiry, compaction and statistics are
 * {@link StoreMaintenance}'s; {@link IndexStore} is both, as a store is opened. Implementations:
 * {@code MemoryFingerprintStore} (one JVM) and {@code RedisFingerprintStore} (every bolt of every
 * worker); both pass one contract test.
 *
 * <p>The store proposes, the detector decides: {@link #checkAndRecord} looks up earlier matches
 * and records the page in one atomic step, so of N callers offering the same page at once exactly
 * one finds nothing (and is unique) and the others find it. The detector then verifies candidates
 * and, for a near duplicate, records which page it copies with {@link #recordNear}.
 *
 * <p><b>Orphans.</b> A copy (EXACT or NEAR) whose original is gone (removed, or re-crawled with
 * other content), or whose original is itself a copy whose original is gone, is an orphan. The
 * copy was kept out of the index, so it must not stand for the content its original took away:
 * an orphan is never returned as a candidate, an exact match or a canonical target, and a page
 * with its digest takes its place in the exact structures. An orphan offered again (same url,
 * same digest) is not a replay: its old record goes, as for a re-crawl, and it is decided again
 * as a new page, with a new seq (counter {@code orphans}). So the first copy fetched again
 * after its original left becomes the new original, and an original re-crawled with a small
 * change never becomes a copy of its own copy.
 */
public interface FingerprintStore extends AutoCloseable {

  /**
   * Atomically: if {@code entry.url()} is recorded with the same digest (and is no orphan),
   * returns it as a replay and writes nothing; a replay of a page recorded UNIQUE whose lookup
   * found candidates or its canonical also returns its candidates among the pages before it,
   * because its near decision may never have reached the store (a failure between this call and
   * {@link #recordNear}, after which the caller offers the page again), unless
   * {@link #recordUnique} said it stays unique (when that second look finds nothing, the store
   * stops looking for the page's later replays, its only write for a replay). If it is
   * recorded with another digest (a re-crawl whose content changed), or is an orphan, its old
   * fingerprints are removed everywhere first. Then looks up the exact digest and, when no
   * exact match exists and {@code entry.nearLookup()}, the near-duplicate candidates, and records
   * the entry in every structure. An exact match is recorded as {@link RecordedVerdict#EXACT} of
   * the match's original; otherwise the entry is recorded as UNIQUE (or SKIPPED without near
   * lookup) until {@link #recordNear} says otherwise.
   *
   * <p>A re-crawl (or an orphan offered again) whose old record was an original, unique or
   * skipped and so sent to the index, is marked with the new record: the result says
   * {@link CheckResult#earlierVersionIndexed()}, and so do the replays of the new record, and of
   * a later version recorded as a copy again (no version since went to the index). When the new
   * version is a copy, the caller deletes the url from the index. The copies of the old version
   * become orphans, as for any re-crawl with other content (see "Orphans"): the old content
   * leaves the index with it, and the first of its copies fetched again stands for it.
   *
   * @throws StoreException.Unavailable when the store cannot be reached; nothing was recorded
   */
  CheckResult checkAndRecord(PageEntry entry);

  /**
   * {@link #checkAndRecord} for a page whose check a batch corrects: the batch's own decisions,
   * recorded after the store answered, made it a copy of an orphan. When {@code entry.url()} is
   * recorded with the same digest and is an orphan now, it is decided again under the seq it
   * has (its place in first-seen order: the batch's later pages come after it), not a new one,
   * and counted under {@code rechecks}, not {@code orphans} (it stays a live page); otherwise
   * the same as {@link #checkAndRecord}. Used by {@code DuplicateDetector}.
   */
  CheckResult recheck(PageEntry entry);

  /**
   * {@link #checkAndRecord} for each entry, in order: the same results as that many calls one
   * after another (a later entry sees the earlier ones), in one round trip where the store
   * can batch them (Redis: one script call per 32 pages, longer lists in one pipeline).
   *
   * @throws StoreException.Unavailable when the store cannot be reached; some entries may have
   *     been recorded, and offering them again gives replays
   */
  default List<CheckResult> checkAndRecordAll(List<PageEntry> entries) {
    List<CheckResult> out = new ArrayList<>(entries.size());
    for (PageEntry e : entries) out.add(checkAndRecord(e));
    return out;
  }

  /**
   * Records that page {@code seq} is a near duplicate of {@code originalSeq}, as decided by
   * {@code detector}. Idempotent. The copies already recorded of {@code seq} (an exact copy
   * offered before this decision was recorded) from then on name {@code originalSeq}'s original:
   * reads resolve an original that is itself a duplicate one step further, and the copy counts
   * of {@code seq} move to that original. When {@code originalSeq} is gone or an orphan by now,
   * {@code seq} is recorded a copy of the page that is gone: an orphan, as are its copies, whose
   * counts go.
   *
   * <p>With {@code detector} "exact", a UNIQUE page becomes an EXACT copy, not NEAR: an original
   * replaced by an exact copy fetched before it ({@link #recordOriginal}).
   *
   * <p>For an exact copy {@code seq} recorded before its exact page's near decision (both in one
   * batch): when its recorded original has since been recorded a copy of {@code originalSeq},
   * that becomes its original, as it would have been had the decision come first; nothing is
   * counted. Otherwise the call changes nothing for a page recorded exact, near or skipped.
   */
  void recordNear(long seq, long originalSeq, String detector);

  /**
   * Records that page {@code seq}, recorded UNIQUE after a lookup that found candidates or its
   * canonical, stays unique: the detector verified none. A replay of it then returns its record
   * without looking again, as for a page whose lookup found nothing (its near decision can no
   * longer be lost). Idempotent; changes nothing for a page not recorded UNIQUE.
   */
  void recordUnique(long seq);

  /**
   * Records that page {@code seq}, recorded EXACT, is an original: it was fetched before the
   * page it copies, whose place it takes. It becomes UNIQUE (a replay of it does not look again)
   * and no longer counts as a copy; the caller then records the page it copied, an original until
   * now, as its copy: {@link #recordNear}{@code (that page, seq, "exact")}, which records a UNIQUE
   * page as an EXACT copy (any other detector: NEAR). Idempotent; changes nothing for a page not
   * recorded EXACT.
   */
  void recordOriginal(long seq);

  /**
   * {@link #recordNear} or, for {@link NearDecision#unique} decisions, {@link #recordUnique}, for
   * {@link NearDecision#original} ones {@link #recordOriginal}, for each decision, in order, in one
   * round trip where the store can.
   */
  default void recordNearAll(List<NearDecision> decisions) {
    for (NearDecision d : decisions) {
      if (d.isUnique()) {
        recordUnique(d.seq());
      } else if (d.isOriginal()) {
        recordOriginal(d.seq());
      } else {
        recordNear(d.seq(), d.originalSeq(), d.detector());
      }
    }
  }

  /**
   * Records that the two sites of each pair mirror each other ({@link Mirrors}): from then on a
   * lookup of a page of either site returns the other among {@link CheckResult#mirrors()}.
   * Idempotent, symmetric, atomic per pair; a site that has {@link Mirrors#MAX} mirrors takes no
   * more. One round trip where the store can.
   */
  void recordMirrors(List<Mirrors.Pair> pairs);

  /**
   * Counts pages that could not be checked (a broken input line, a page that failed to extract,
   * fingerprint or decode), under counter {@code errors}, so that {@code stats} shows them with
   * the verdicts. A page lost to an unavailable store is not counted: it comes back.
   */
  void countErrors(long pages);

  @Override
  void close();
}
