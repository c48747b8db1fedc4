package org.neardup.index;

import java.util.List;

/**
 * What {@link FingerprintStore#checkAndRecord} found, all read in the same atomic step that
 * recorded the page.
 *
 * @param seq the sequence number given to this page (or, for a replay, the one it already had)
 * @param replay true when the url was already recorded with the same digest: nothing was written,
 *     and {@link #self()} holds the earlier record with its verdict
 * @param self for a replay, the page's own earlier record (with its original in {@link #selfOriginal()})
 * @param selfOriginal for a replay of a copy, the page it copies; else null
 * @param exact the earliest page with the same digest (confirmed, not just a Bloom hit); else null
 * @param exactOriginal the page {@link #exact()} itself copies, when it is a copy; else null
 * @param bloomHit true when the Bloom filter reported the digest as (possibly) seen
 * @param candidates near-duplicate candidates from SimHash tables, LSH bands and core-term buckets,
 *     each page at most once, earliest first, at most {@link IndexSettings#maxCandidates} (which
 *     ones when there are more: see there); empty when the entry had no near lookup or an exact
 *     match was found.
 *     For a replay of a page recorded UNIQUE whose lookup found candidates or its canonical, and
 *     not recorded unique since ({@link FingerprintStore#recordUnique}): its
 *     candidates among the pages recorded before it, so the detector can decide again (a near
 *     decision the store never got, see {@link FingerprintStore#checkAndRecord}); empty for
 *     other replays
 * @param canonical the record of the entry's rel=canonical url when that url was seen; else null.
 *     Also for a replay that looks again (as candidates above)
 * @param canonicalOriginal the page {@link #canonical()} itself copies, when it is a copy; else null
 * @param earlierVersionIndexed true when an earlier version of this url may be in the index: the
 *     url was recorded before with other content (a re-crawl), or as an orphan offered again, and
 *     that record was an original (UNIQUE or SKIPPED: a page that went on to the index), or was
 *     itself a copy recorded with this flag (no version since went to the index). For a replay,
 *     the flag of the record it replays, so a caller whose first answer was lost (a failure
 *     before it acted on it) learns it again. A caller that finds this page a copy removes the url
 *     from the index ({@code NearDuplicateBolt}: the deletion stream)
 * @param mirrors the sites the entry's site mirrors ({@link Mirrors}), read when the check found
 *     an exact match, candidates or the canonical (what the detector compares sites for);
 *     {@link Mirrors#NONE} otherwise, and for an entry without a site
 * @param titlePages how many originals (pages recorded UNIQUE or SKIPPED, and still there) of
 *     the entry's site carry its title ({@link PageEntry#titleKey()}), the entry itself not
 *     counted, at most {@link #MAX_TITLE_PAGES}; 0 for an entry without site or title, for an
 *     exact copy and for a replay that does not look again
 * @param patternPages how many pages of the entry's site were recorded under its title's pattern
 *     ({@link PageEntry#patternKey()}) before it, every new page counted (a copy too) and none
 *     removed again, at most {@link #MAX_TITLE_PAGES}; 0 for an entry without site or pattern; for
 *     a replay, the count without its own
 */
public record CheckResult(
    long seq,
    boolean replay,
    StoredPage self,
    StoredPage selfOriginal,
    StoredPage exact,
    StoredPage exactOriginal,
    boolean bloomHit,
    List<Candidate> candidates,
    StoredPage canonical,
    StoredPage canonicalOriginal,
    boolean earlierVersionIndexed,
    Mirrors mirrors,
    int titlePages,
    int patternPages) {
  /** The most {@link #titlePages()} and {@link #patternPages()} say. */
  public static final int MAX_TITLE_PAGES = 65_535;

  public CheckResult {
    candidates = candidates == null ? List.of() : List.copyOf(candidates);
    mirrors = mirrors == null ? Mirrors.NONE : mirrors;
    if (titlePages < 0) throw new IllegalArgumentException("titlePages must be >= 0, got " + titlePages);
    if (patternPages < 0) throw new IllegalArgumentException("patternPages must be >= 0, got " + patternPages);
  }
}
