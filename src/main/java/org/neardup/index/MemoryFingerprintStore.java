package org.neardup.index;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * An {@link IndexStore} inside one JVM, for single-process runs and fast tests. Every method
 * holds one lock, so {@link #checkAndRecord} is atomic like the Redis script.
 *
 * <p>It follows the Redis store decision for decision: the same sequence numbers, replays,
 * permuted SimHash tables ({@link IndexLayout}), LSH band addresses, scan caps and verdicts. Where
 * Redis has a Bloom filter this store keeps the exact set of digests seen (so it never reports a
 * false-positive {@link CheckResult#bloomHit()}), with the same forgetting rules: a plain Bloom
 * filter never forgets a digest, a counting one forgets it when its last page is removed (and
 * never once a counter saturated at 15).
 */
public final class MemoryFingerprintStore implements IndexStore {

  private static final class Rec {
    final long seq;
    RecordedVerdict verdict;
    long originalSeq;
    final PageEntry entry;
    /** {@code entry.titleKey()}, computed once: every verdict change and removal moves its count. */
    final long titleKey;
    /**
     * Its check found candidates or its canonical, and no decision about it has come since
     * (record flag 2 of the Redis store): only then can a replay recover a near decision.
     */
    boolean hadCandidates;
    /**
     * An earlier version of the url may be in the index (record flag 8 of the Redis store;
     * {@link CheckResult#earlierVersionIndexed()}).
     */
    boolean earlierVersionIndexed;

    Rec(long seq, RecordedVerdict verdict, long originalSeq, PageEntry entry) {
      this.seq = seq;
      this.verdict = verdict;
      this.originalSeq = originalSeq;
      this.entry = entry;
      this.titleKey = entry.titleKey();
    }

    StoredPage page() {
      PageEntry e = entry;
      return new StoredPage(seq, e.id(), e.url(), e.fetchedAt(), e.title(),
          e.nearLookup() ? e.simhash() : 0L, e.sketch().clone(), verdict, originalSeq);
    }
  }

  private final IndexSettings settings;
  private final IndexLayout layout;
  private long seqCounter;
  private final Map<String, Long> registry = new HashMap<>();
  private final Map<Long, Rec> records = new HashMap<>();
  private final Map<ByteBuffer, Integer> bloom = new HashMap<>();
  private final Map<ByteBuffer, Long> digests = new HashMap<>();
  /** SimHash tables, band and core-term buckets; every page they hold but bands' has its record. */
  private final MemoryBuckets buckets;
  private final Map<String, Long> counters = new TreeMap<>();
  private final Map<Long, Long> copies = new HashMap<>();
  /** Site hash to the hashes of its mirrors ({@link Mirrors}), as the Redis store's {@code m} hash. */
  private final Map<Long, long[]> mirrors = new HashMap<>();
  /** Title key ({@link PageEntry#titleKey()}) → originals recorded under it. */
  private final Map<Long, Long> titles = new HashMap<>();
  /** Pattern key ({@link PageEntry#patternKey()}) → pages recorded under it, never decremented. */
  private final Map<Long, Long> patterns = new HashMap<>();

  public MemoryFingerprintStore(IndexSettings settings) {
    this.settings = settings;
    this.layout = new IndexLayout(settings);
    this.buckets = new MemoryBuckets(layout, s -> records.get(s).entry.simhash());
  }

  public IndexLayout layout() {
    return layout;
  }

  @Override
  public synchronized CheckResult checkAndRecord(PageEntry entry) {
    return check(entry, false);
  }

  @Override
  public synchronized CheckResult recheck(PageEntry entry) {
    return check(entry, true);
  }

  /** checkAndRecord, or with {@code keepOrphanSeq} recheck: an orphan keeps its seq. */
  private CheckResult check(PageEntry entry, boolean keepOrphanSeq) {
    long orphanSeq = 0;
    boolean earlierIndexed = false;
    Long oldSeq = registry.get(entry.url());
    if (oldSeq != null) {
      Rec old = records.get(oldSeq);
      boolean same = old != null && Arrays.equals(old.entry.digest(), entry.digest());
      if (same && !isOrphan(old)) {
        count("replays", 1);
        // looks again, among the pages before it, only when a near decision could have been lost
        boolean again = old.verdict == RecordedVerdict.UNIQUE && old.hadCandidates && entry.nearLookup();
        Rec c = again ? canonicalOf(entry) : null;
        if (c != null && c.seq >= old.seq) c = null;
        List<Candidate> found = again ? candidates(entry, old.seq, old.seq, new HashSet<>()) : List.of();
        // nothing before it to be a copy of any more: no decision can be lost, as the script
        if (again && found.isEmpty() && c == null) old.hadCandidates = false;
        // a replay that looks again is told the originals under its title but its own record
        int titlePages = 0;
        int patternPages = 0;
        if (again) {
          long key = entry.titleKey();
          titlePages = titlePages(key, isCounted(old) && old.titleKey == key ? 1 : 0);
          patternPages = patternPages(entry.patternKey(), 1);
        }
        return new CheckResult(old.seq, true, old.page(), originalOf(old), null, null, false,
            found, c == null ? null : c.page(), c == null ? null : originalOf(c), old.earlierVersionIndexed,
            mirrorsOf(entry, !found.isEmpty() || c != null),
            titlePages, patternPages);
      }
      if (old != null) { // a re-crawl, or an orphan offered again: decided again as a new page
        // the version it replaces went to the index, or a copy since kept it there (see CheckResult)
        earlierIndexed = old.verdict == RecordedVerdict.UNIQUE || old.verdict == RecordedVerdict.SKIPPED
            || old.earlierVersionIndexed;
        removePage(old);
        if (same && keepOrphanSeq) orphanSeq = old.seq; // it does not leave: not an orphan event
        count(orphanSeq != 0 ? "rechecks" : same ? "orphans" : "recrawls", 1);
      }
    }
    long seq = orphanSeq != 0 ? orphanSeq : ++seqCounter;
    ByteBuffer digest = ByteBuffer.wrap(entry.digest().clone());

    boolean bloomHit = bloomCheckAndAdd(digest);
    Rec exact = null;
    if (settings.confirmExact()) {
      Long d = digests.get(digest);
      Rec r = d == null ? null : records.get(d);
      boolean orphan = r != null && isOrphan(r);
      if (bloomHit && r != null && !orphan) exact = r;
      // the first page with this digest left, or is an orphan: this page takes its place
      if (r == null || orphan) digests.put(digest, seq);
    }

    List<Candidate> candidates = List.of();
    if (exact == null && entry.nearLookup()) {
      Set<Long> gone = new HashSet<>();
      candidates = candidates(entry, Long.MAX_VALUE, seq, gone);
      // band entries of pages found gone leave the buckets of this lookup (removal left them)
      if (!gone.isEmpty()) buckets.dropFromBands(entry, gone);
    }

    Rec canonical = canonicalOf(entry);

    RecordedVerdict verdict;
    long originalSeq = 0;
    if (exact != null) {
      verdict = RecordedVerdict.EXACT;
      // as reads resolve it: never a page since removed or re-crawled
      StoredPage o = originalOf(exact);
      originalSeq = o != null ? o.seq() : exact.seq;
      copies.merge(originalSeq, 1L, Long::sum);
      count("exact", 1);
    } else if (entry.nearLookup()) {
      verdict = RecordedVerdict.UNIQUE;
      count("unique", 1);
    } else {
      verdict = RecordedVerdict.SKIPPED;
      count("skipped", 1);
    }
    if (orphanSeq == 0) count("pages", 1); // pages = seqs taken, as the Redis store counts them
    count("live", 1);
    Rec rec = new Rec(seq, verdict, originalSeq, entry);
    int titlePages = exact == null ? titlePages(rec.titleKey, 0) : 0;
    countTitle(rec, 1);
    long patternKey = entry.patternKey();
    int patternPages = patternPages(patternKey, 0);
    if (patternKey != 0) patterns.merge(patternKey, 1L, Long::sum);
    rec.hadCandidates = !candidates.isEmpty() || canonical != null;
    rec.earlierVersionIndexed = earlierIndexed;
    records.put(seq, rec);
    registry.put(entry.url(), seq);
    // a page decided again under its seq finds its band entries there still
    if (entry.nearLookup()) buckets.add(seq, entry, orphanSeq != 0);
    return new CheckResult(seq, false, null, null, exact == null ? null : exact.page(),
        exact == null ? null : originalOf(exact), bloomHit, candidates,
        canonical == null ? null : canonical.page(), canonical == null ? null : originalOf(canonical),
        earlierIndexed, mirrorsOf(entry, exact != null || !candidates.isEmpty() || canonical != null), titlePages,
        patternPages);
  }

  /** The pages recorded under pattern key {@code key} ({@link CheckResult#patternPages()}), as {@link #recorded}. */
  private int patternPages(long key, int own) {
    return recorded(patterns, key, own);
  }

  /**
   * The originals recorded under title key {@code key} ({@link PageEntry#titleKey()}; {@link
   * CheckResult#titlePages()}), as {@link #recorded}.
   */
  private int titlePages(long key, int own) {
    return recorded(titles, key, own);
  }

  /**
   * What {@code counts} holds under {@code key}, less {@code own} (the page's own record, for a
   * replay), at most {@link CheckResult#MAX_TITLE_PAGES}; 0 for key 0 (none).
   */
  private static int recorded(Map<Long, Long> counts, long key, int own) {
    return key == 0 ? 0 : (int) Math.max(0, Math.min(CheckResult.MAX_TITLE_PAGES, counts.getOrDefault(key, 0L) - own));
  }

  /** Whether a record counts under its title: an original (UNIQUE or SKIPPED). */
  private static boolean isCounted(Rec r) {
    return r.verdict == RecordedVerdict.UNIQUE || r.verdict == RecordedVerdict.SKIPPED;
  }

  /** Adds {@code delta} to the count of the record's title when the record counts there. */
  private void countTitle(Rec r, long delta) {
    if (r.titleKey == 0 || !isCounted(r)) return;
    titles.merge(r.titleKey, delta, (a, b) -> a + b == 0 ? null : a + b);
  }

  /** The mirrors of the entry's site, when {@code read} (as the script reads them: only then). */
  private Mirrors mirrorsOf(PageEntry entry, boolean read) {
    if (!read || entry.site().isEmpty()) return Mirrors.NONE;
    long[] m = mirrors.get(Mirrors.hash(entry.site()));
    return m == null ? Mirrors.NONE : Mirrors.ofHashes(m);
  }

  @Override
  public synchronized void recordMirrors(List<Mirrors.Pair> pairs) {
    for (Mirrors.Pair p : pairs) {
      long a = Mirrors.hash(p.site());
      long b = Mirrors.hash(p.mirror());
      addMirror(a, b);
      addMirror(b, a);
    }
  }

  private void addMirror(long site, long mirror) {
    long[] m = mirrors.getOrDefault(site, new long[0]);
    if (m.length >= Mirrors.MAX) return;
    for (long x : m) if (x == mirror) return;
    long[] grown = Arrays.copyOf(m, m.length + 1);
    grown[m.length] = mirror;
    mirrors.put(site, grown);
  }

  /** The record of the entry's rel=canonical url (not its own), or null when not seen or an orphan. */
  private Rec canonicalOf(PageEntry entry) {
    if (entry.canonical().isEmpty() || entry.canonical().equals(entry.url())) return null;
    Long c = registry.get(entry.canonical());
    Rec r = c == null ? null : records.get(c);
    return r == null || isOrphan(r) ? null : r;
  }

  private boolean bloomCheckAndAdd(ByteBuffer digest) {
    Integer c = bloom.get(digest);
    boolean hit = c != null && c > 0;
    if (settings.countingBloom()) {
      bloom.put(digest, Math.min(15, c == null ? 1 : c + 1));
    } else {
      bloom.put(digest, 1);
    }
    return hit;
  }

  /**
   * The entry's candidates among the pages recorded before seq {@code before} (a replay's own
   * seq). Pages it reads that are gone (band entries outlive their page: {@link #removePage}),
   * other than page {@code self}, are added to {@code gone}.
   */
  private List<Candidate> candidates(PageEntry entry, long before, long self, Set<Long> gone) {
    Map<Long, int[]> found = buckets.find(entry); // seq -> {hamming, bandHits, core}
    List<Long> seqs = new ArrayList<>(found.keySet());
    // more than a lookup returns: the ones with the most evidence, as check_and_record.lua keeps them
    boolean ranked = seqs.size() > settings.maxCandidates();
    seqs.sort(ranked ? byEvidence(found) : Comparator.naturalOrder());
    List<Candidate> out = new ArrayList<>();
    for (long s : seqs) {
      if (out.size() >= settings.maxCandidates()) break;
      if (s >= before) continue;
      Rec r = records.get(s);
      if (r == null || !r.entry.nearLookup()) { // no page owns the entry any more
        if (s != self) gone.add(s);
        continue;
      }
      if (isOrphan(r)) continue;
      int[] f = found.get(s);
      out.add(new Candidate(r.page(), originalOf(r), f[0], f[1], f[2] == 1));
    }
    if (ranked) out.sort(Comparator.comparingLong(c -> c.page().seq()));
    return out;
  }

  /**
   * The order in which a lookup with more than maxCandidates candidates keeps them: SimHash
   * neighbours first, nearest first; then the most band hits plus core-term match (counted up to
   * 255, as the script ranks it); then the earliest. At scale most candidates are pages that share
   * a band by chance, and keeping the earliest of those would push out a later true original.
   * found: seq -> {hamming or -1, band hits, core-term match 0/1}.
   */
  private static Comparator<Long> byEvidence(Map<Long, int[]> found) {
    return (a, b) -> {
      int[] x = found.get(a);
      int[] y = found.get(b);
      if (x[0] != y[0]) {
        if (x[0] < 0 || y[0] < 0) return x[0] < 0 ? 1 : -1;
        return Integer.compare(x[0], y[0]);
      }
      int ex = Math.min(x[1] + x[2], 255);
      int ey = Math.min(y[1] + y[2], 255);
      if (ex != ey) return Integer.compare(ey, ex);
      return Long.compare(a, b);
    };
  }

  /**
   * The page r copies. One step further when that page has become a duplicate itself after r was
   * recorded (see {@link FingerprintStore#recordNear}); as check_and_record.lua does.
   */
  private StoredPage originalOf(Rec r) {
    if (r.originalSeq == 0) return null;
    Rec o = records.get(r.originalSeq);
    if (o == null) return null;
    if (o.originalSeq == 0) return o.page();
    Rec oo = records.get(o.originalSeq);
    return oo == null ? null : oo.page();
  }

  /** A copy whose original is gone, or is a copy whose original is gone (FingerprintStore, "Orphans"). */
  private boolean isOrphan(Rec r) {
    return r.originalSeq != 0 && originalOf(r) == null;
  }

  private void removePage(Rec r) {
    PageEntry e = r.entry;
    ByteBuffer digest = ByteBuffer.wrap(e.digest());
    if (settings.countingBloom()) {
      Integer c = bloom.get(digest);
      if (c != null && c > 0 && c < 15) {
        if (c == 1) bloom.remove(digest); else bloom.put(digest, c - 1);
      }
    }
    if (settings.confirmExact() && Long.valueOf(r.seq).equals(digests.get(digest))) {
      digests.remove(digest);
    }
    // band entries stay, as in the Redis store: a lookup that finds them drops them (candidates)
    if (e.nearLookup()) buckets.remove(r.seq, e);
    // a copy no longer counts for its original: the page it was counted for, or that page's
    // original when it has become a copy since (recordNear moved the count there)
    Rec counted = r.originalSeq == 0 ? null : records.get(r.originalSeq);
    if (counted != null) {
      long at = counted.originalSeq != 0 ? counted.originalSeq : counted.seq;
      copies.computeIfPresent(at, (k, n) -> n > 1 ? n - 1 : null);
    }
    countTitle(r, -1);
    records.remove(r.seq);
    copies.remove(r.seq);
    count("live", -1);
  }

  @Override
  public synchronized void recordNear(long seq, long originalSeq, String detector) {
    checkRecordNear(seq, originalSeq, detector);
    Rec r = records.get(seq);
    if (r != null && r.verdict == RecordedVerdict.EXACT) { // see FingerprintStore.recordNear
      Rec e = records.get(r.originalSeq);
      if (e != null && e.originalSeq == originalSeq) r.originalSeq = originalSeq;
      return;
    }
    if (r == null || r.verdict != RecordedVerdict.UNIQUE) return;
    Rec o = records.get(originalSeq);
    StoredPage oo = o == null ? null : originalOf(o); // as reads resolve it
    boolean orphanOriginal = o != null && isOrphan(o);
    long effective = oo != null ? oo.seq() : originalSeq;
    if (orphanOriginal) { // name the page that is gone, as record_near.lua
      Rec x = records.get(o.originalSeq);
      effective = x != null ? x.originalSeq : o.originalSeq;
    }
    countTitle(r, -1);
    r.originalSeq = effective;
    count("unique", -1);
    if (detector.equals("exact")) { // an original that an exact copy fetched before it replaced
      r.verdict = RecordedVerdict.EXACT;
      count("exact", 1);
    } else {
      r.verdict = RecordedVerdict.NEAR;
      count("near", 1);
      count("near." + detector, 1);
    }
    // its copies recorded before this decision count for its original; when that original is
    // gone or an orphan, this page and its copies are orphans now, and their count goes
    if (o == null || orphanOriginal) {
      copies.remove(seq);
      return;
    }
    Long earlier = copies.remove(seq);
    copies.merge(effective, 1L + (earlier == null ? 0 : earlier), Long::sum);
  }

  @Override
  public synchronized void recordOriginal(long seq) {
    NearDecision.original(seq); // the argument check the Redis store makes
    Rec r = records.get(seq);
    if (r == null || r.verdict != RecordedVerdict.EXACT) return;
    // its count as a copy is where reads resolve its original (recordNear moves counts there)
    StoredPage counted = originalOf(r);
    if (counted != null) copies.computeIfPresent(counted.seq(), (k, n) -> n > 1 ? n - 1 : null);
    r.verdict = RecordedVerdict.UNIQUE;
    r.originalSeq = 0;
    r.hadCandidates = false;
    countTitle(r, 1);
    count("exact", -1);
    count("unique", 1);
  }

  @Override
  public synchronized void recordUnique(long seq) {
    NearDecision.unique(seq); // the argument check the Redis store makes
    Rec r = records.get(seq);
    if (r != null && r.verdict == RecordedVerdict.UNIQUE) r.hadCandidates = false;
  }

  /** The argument checks both stores apply to {@link #recordNear}. */
  public static void checkRecordNear(long seq, long originalSeq, String detector) {
    if (seq < 1 || originalSeq < 1) {
      throw new IllegalArgumentException(
          "seq and originalSeq must be >= 1, got " + seq + " and " + originalSeq);
    }
    if (seq == originalSeq) {
      throw new IllegalArgumentException("page " + seq + " cannot be a near duplicate of itself");
    }
    if (detector == null || !detector.matches("[a-z0-9_-]{1,32}")) {
      throw new IllegalArgumentException(
          "detector must match [a-z0-9_-]{1,32}, got '" + detector + "'");
    }
  }

  @Override
  public synchronized boolean remove(String url) {
    Long seq = registry.remove(url);
    if (seq == null) return false;
    Rec r = records.get(seq);
    if (r != null) removePage(r);
    count("removed", 1);
    return true;
  }

  @Override
  public synchronized void countErrors(long pages) {
    if (pages > 0) count("errors", pages);
  }

  @Override
  public synchronized long expire(long fetchedBefore, BiConsumer<Long, Long> progress) {
    List<Rec> old = new ArrayList<>();
    long cutoff = StoreMaintenance.expiryTime(fetchedBefore);
    for (Rec r : records.values()) {
      if (StoreMaintenance.expiryTime(r.entry.fetchedAt()) < cutoff) old.add(r);
    }
    // latest first, as the Redis store: a copy leaves before its original, so it still finds
    // where its count is (removing the original first would leave the copy's count behind)
    old.sort(Comparator.comparingLong((Rec r) -> r.seq).reversed());
    for (Rec r : old) {
      removePage(r);
      registry.remove(r.entry.url(), r.seq);
    }
    if (!old.isEmpty()) count("expired", old.size());
    progress.accept((long) records.size() + old.size(), (long) old.size());
    return old.size();
  }

  @Override
  public synchronized long compact(BiConsumer<Long, Long> progress) {
    long groups = buckets.bandBuckets();
    long dropped = buckets.compact(records::containsKey);
    progress.accept(groups, dropped);
    return dropped;
  }

  @Override
  public synchronized StoreStats stats() {
    Map<String, StoreStats.StructureSize> structures = new LinkedHashMap<>();
    structures.put("registry", new StoreStats.StructureSize(registry.size(), -1, -1));
    structures.put("records", new StoreStats.StructureSize(records.size(), -1, -1));
    structures.put("digests", new StoreStats.StructureSize(digests.size(), -1, -1));
    List<Integer> sizes = buckets.simhashBucketSizes();
    long simEntries = sizes.stream().mapToLong(Integer::longValue).sum();
    structures.put("simhash", new StoreStats.StructureSize(simEntries, -1, -1));
    long bandEntries = buckets.bandEntries();
    structures.put("bands", new StoreStats.StructureSize(bandEntries, -1, -1));
    structures.put("cores", new StoreStats.StructureSize(buckets.coreEntries(), -1, -1));
    structures.put("mirrors", new StoreStats.StructureSize(mirrors.size(), -1, -1));
    structures.put("titles", new StoreStats.StructureSize(titles.size(), -1, -1));
    sizes.sort(Comparator.naturalOrder());
    long max = sizes.isEmpty() ? 0 : sizes.get(sizes.size() - 1);
    double p99 = sizes.isEmpty() ? 0 : sizes.get((int) Math.min(sizes.size() - 1, Math.ceil(sizes.size() * 0.99) - 1));
    double mean = sizes.isEmpty() ? 0 : (double) simEntries / sizes.size();
    List<StoreStats.OriginalCount> top = new ArrayList<>();
    copies.entrySet().stream()
        // as ZREVRANGE lists {ns}:top: most copies first, ties by the seq's digits, descending
        .sorted(Map.Entry.<Long, Long>comparingByValue()
            .thenComparing(en -> Long.toString(en.getKey())).reversed())
        .limit(10)
        .forEach(en -> {
          Rec r = records.get(en.getKey());
          top.add(new StoreStats.OriginalCount(r == null ? "" : r.entry.id(),
              r == null ? "" : r.entry.url(), en.getValue()));
        });
    long goneEntries = buckets.bandEntriesGone(records::containsKey);
    return new StoreStats(settings.namespace(), new TreeMap<>(counters), structures, -1, -1,
        new StoreStats.BucketStats(sizes.size(), max, p99, mean), top, settings,
        bandEntries == 0 ? -1 : (double) goneEntries / bandEntries);
  }

  private void count(String name, long delta) {
    counters.merge(name, delta, Long::sum);
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "MemoryFingerprintStore[" + settings.namespace() + ", " + layout.description() + "]";
  }
}
