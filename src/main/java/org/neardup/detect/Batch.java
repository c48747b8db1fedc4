package org.neardup.detect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.neardup.index.Mirrors;
import org.neardup.index.NearDecision;
import org.neardup.index.StoredPage;

/**
 * The near decisions of one run of {@link DuplicateDetector#checkAll}, in order, the originals they name, and
 * the pages the run recorded. The store answered every page of the run before any of those
 * decisions reached it; this is what it would have said had they.
 */
final class Batch {
  final List<NearDecision> nears = new ArrayList<>();
  /** The mirrors the run learned that the store did not know, for {@code recordMirrors}. */
  final List<Mirrors.Pair> mirrors = new ArrayList<>();
  final Map<Long, StoredPage> originals = new HashMap<>();
  /** url -> seq of the pages the run recorded (not replays), up to the page being decided. */
  final Map<String, Long> recorded = new HashMap<>();
  /** seq -> what a copy names, for the pages of the run decided again (see decideAgain). */
  final Map<Long, StoredPage> decidedAgain = new HashMap<>();

  /**
   * The page a copy of p copies: p's original when p was found a near duplicate in this run,
   * else p. Null when that original has since been re-crawled by a page of the run: its record
   * is gone, so p is an orphan (FingerprintStore, "Orphans"), which the store could not know
   * when it answered.
   */
  StoredPage resolve(StoredPage p) {
    StoredPage again = decidedAgain.get(p.seq());
    if (again != null) return again;
    StoredPage o = originals.get(p.seq());
    if (o == null) return p;
    Long later = recorded.get(o.url());
    return later != null && later > o.seq() ? null : o;
  }

  /**
   * What a copy of {@code page} names, given the store's answer for its original (null when it
   * named none): the page as decided again in this run, or as {@link #resolve} says.
   */
  StoredPage resolve(StoredPage page, StoredPage storeOriginal) {
    StoredPage again = decidedAgain.get(page.seq()); // the store's answer predates it
    return again != null ? again : resolve(storeOriginal != null ? storeOriginal : page);
  }
}
