package org.neardup.detect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.extract.Page;
import org.neardup.fingerprint.CombinedRule;
import org.neardup.fingerprint.ContentDigest;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.Fingerprints;
import org.neardup.fingerprint.Hashes;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.fingerprint.SiteContext;
import org.neardup.index.Candidate;
import org.neardup.index.CheckResult;
import org.neardup.index.FingerprintStore;
import org.neardup.index.Mirrors;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.RecordedVerdict;
import org.neardup.index.StoreException;
import org.neardup.index.StoredPage;
import org.neardup.text.TextNormalizer;

/**
 * Decides whether a page's content was seen before, running the stages in order and stopping at
 * the first decision:
 *
 * <ol>
 *   <li>no text: skipped, nothing recorded; too little text ({@code minTextChars}): only the exact
 *       check applies, on the text bound to the title;
 *   <li>exact: the content digest, Bloom filter confirmed by the digest map, unless the earlier
 *       page of that text is the page's twin (each title names a thing of its own, {@link
 *       org.neardup.fingerprint.TitleNames#namesAnother}): then the page is unique;
 *   <li>coarse: the store proposes candidates from the core-term bucket, the SimHash tables and the
 *       MinHash LSH bands (all in the same atomic store call that records the page);
 *   <li>fine: each candidate is verified ({@link MatchFinder}) with {@link CombinedRule} on the stored fine signature and
 *       what the candidates say of the pair ({@link SiteContext}: one site or two, one title or
 *       two, the template the candidate's site holds elsewhere, the page's other neighbours).
 * </ol>
 *
 * The original is the first seen page: of all matching candidates, the one whose own original has
 * the lowest sequence number — unless the page's rel=canonical target matches and
 * {@code preferCanonical} is on. Pages are seen in the order of their fetch times: the pages of
 * one call are checked in that order, and a page fetched before the original it matches (its
 * exact copy with its text, or a near copy the fine rule matched with the original itself) takes
 * that original's place when it comes later ({@link Verdict#replacedUrl()}). Thread-safe when
 * the store is.
 */
public final class DuplicateDetector {
  private final Fingerprinter fingerprinter;
  private final FingerprintStore store;
  private final DetectorSettings settings;
  private final MatchFinder matches;
  private final LongAdder lostConfirmations = new LongAdder();
  private final LongAdder lostMirrors = new LongAdder();

  public DuplicateDetector(Fingerprinter fingerprinter, FingerprintStore store, DetectorSettings settings) {
    this.fingerprinter = fingerprinter;
    this.store = store;
    this.settings = settings;
    this.matches = new MatchFinder(settings);
  }

  public Fingerprinter fingerprinter() {
    return fingerprinter;
  }

  /** Fingerprints the page and decides. */
  public Verdict check(Page page, String id, long fetchedAt) {
    if (!page.status().hasText()) {
      return new Verdict(VerdictKind.SKIPPED, 0, null, null, 0, null,
          Map.of("reason", page.status().name().toLowerCase(java.util.Locale.ROOT)), false);
    }
    return check(page, id, fetchedAt, fingerprinter.of(page));
  }

  /** Decides with fingerprints computed elsewhere. */
  public Verdict check(Page page, String id, long fetchedAt, Fingerprints f) {
    return check(page, id, fetchedAt, IndexSignature.of(f));
  }

  /**
   * Decides with the part of the fingerprints the index keeps (as the parse filter passes them on
   * in tuple metadata).
   *
   * @throws org.neardup.index.StoreException when the store cannot be asked; nothing was recorded
   */
  public Verdict check(Page page, String id, long fetchedAt, IndexSignature f) {
    return checkAll(List.of(new Request(page, id, fetchedAt, f))).get(0);
  }

  /** The store this detector asks (to count pages that could not be checked). */
  public FingerprintStore store() {
    return store;
  }

  /** One page for {@link #checkAll}: the part of its fingerprints the index keeps. */
  public record Request(Page page, String id, long fetchedAt, IndexSignature signature) {}

  /**
   * Decides several pages, in order, with one store round trip for all their lookups (and one for
   * their near decisions): the verdicts {@link #check} would give for each in turn. A page whose
   * match is an earlier page of the same batch that turned out to be a near duplicate names that
   * page's original, as it would had the pages come one by one (the store's lookups ran before
   * the detector decided the earlier page; see {@link FingerprintStore#recordNear}). A url that
   * comes again in the batch (a replay or a re-crawl of a page of the batch) starts a new run of
   * round trips, after the near decisions of the pages before it are recorded. A page the store
   * took for a copy of a page the batch itself made an orphan is offered again alone and decided
   * again, before the pages after it (score {@code decided_again}; docs/STORE.md, "Orphans").
   *
   * @throws org.neardup.index.StoreException when the store cannot be asked; pages may have been
   *     recorded, and offering them again gives replays
   */
  public List<Verdict> checkAll(List<Request> requests) {
    List<Verdict> out = new ArrayList<>(requests.size());
    for (int from = 0, to; from < requests.size(); from = to) {
      to = runEnd(requests, from);
      out.addAll(checkRun(requests.subList(from, to)));
    }
    return out;
  }

  /** A page's verdict, or the failure that left it without one. */
  public record Outcome(Verdict verdict, RuntimeException failure) {}

  /**
   * {@link #checkAll}, for callers that must not lose a page to another page's failure. Run by
   * run: when the store is unavailable, that run and the rest fail with it; any other failure of
   * a run may be one page's (a key of the wrong type where its url is registered, a reply that
   * does not decode), so the run's pages are checked alone and only those that fail again fail
   * (the pages the run recorded come back as replays). Earlier runs keep their verdicts: sent
   * again after a later page of their url, they would be taken for re-crawls. So a caller that
   * retries an unavailable store retries from the first page that failed.
   */
  public List<Outcome> checkEach(List<Request> requests) {
    List<Outcome> out = new ArrayList<>(requests.size());
    for (int from = 0, to; from < requests.size(); from = to) {
      to = runEnd(requests, from);
      try {
        for (Verdict v : checkRun(requests.subList(from, to))) out.add(new Outcome(v, null));
      } catch (StoreException.Unavailable e) {
        while (out.size() < requests.size()) out.add(new Outcome(null, e));
        return out;
      } catch (RuntimeException e) {
        if (to - from == 1) {
          out.add(new Outcome(null, e));
          continue;
        }
        for (Request q : requests.subList(from, to)) {
          try {
            out.add(new Outcome(checkRun(List.of(q)).get(0), null));
          } catch (StoreException.Unavailable gone) {
            while (out.size() < requests.size()) out.add(new Outcome(null, gone));
            return out;
          } catch (RuntimeException alone) {
            out.add(new Outcome(null, alone));
          }
        }
      }
    }
    return out;
  }

  /** The end (exclusive) of the run that starts at {@code from}: up to the first url already in it. */
  private static int runEnd(List<Request> requests, int from) {
    Set<String> urls = new HashSet<>();
    int to = from;
    while (to < requests.size() && urls.add(requests.get(to).page().url())) to++;
    return to;
  }

  /**
   * {@link #checkAll} for pages of distinct urls, checked in the order of their fetch times (the
   * order of the list among equal times); the verdicts in the order of the list.
   */
  private List<Verdict> checkRun(List<Request> run) {
    Integer[] order = new Integer[run.size()];
    for (int i = 0; i < order.length; i++) order[i] = i;
    java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> run.get(i).fetchedAt()));
    List<Request> requests = new ArrayList<>(run.size());
    for (Integer i : order) requests.add(run.get(i));
    List<Verdict> decided = checkInOrder(requests);
    Verdict[] out = new Verdict[run.size()];
    for (int k = 0; k < order.length; k++) out[order[k]] = decided.get(k);
    return java.util.Arrays.asList(out);
  }

  /** {@link #checkRun} for pages in the order they are checked. */
  private List<Verdict> checkInOrder(List<Request> requests) {
    List<PageEntry> entries = new ArrayList<>(requests.size());
    for (Request q : requests) {
      IndexSignature f = q.signature();
      entries.add(new PageEntry(q.page().url(), q.id(), q.fetchedAt(), q.page().title(),
          q.page().canonical(), digest(q).bytes(), f.textChars() >= settings.minTextChars(),
          f.simhash(), f.bands(), f.coreTerms(), f.fine().encode(), SiteKey.of(q.page().url())));
    }
    List<CheckResult> results = store.checkAndRecordAll(entries);
    Batch batch = new Batch();
    List<Verdict> out = new ArrayList<>(requests.size());
    for (int i = 0; i < requests.size(); i++) {
      CheckResult r = results.get(i);
      if (!r.replay()) batch.recorded.put(entries.get(i).url(), r.seq());
      Verdict v = decide(requests.get(i), entries.get(i), r, batch);
      if (v != null) {
        staysUnique(v, r, batch);
      } else {
        v = decideAgain(requests.get(i), entries.get(i), r.seq(), batch, results.subList(i + 1, results.size()));
      }
      // a re-crawl that may have left an original in the index (decideAgain's recheck carries it on)
      out.add(r.earlierVersionIndexed() ? v.withEarlierVersionIndexed() : v);
    }
    send(batch.nears);
    learn(batch.mirrors);
    return out;
  }

  /**
   * A page the store took for an exact copy (or a replay of a copy) of a page that this run's
   * decisions have made an orphan, which the store could not know. The run's decisions so far
   * go to the store, which then sees the orphan; the page, offered again alone
   * ({@link FingerprintStore#recheck}: under the seq it has, before the later pages), is decided
   * again as it would have been one by one, and before the later pages of the run,
   * which from then on see it as it is now ({@link Batch#decidedAgain}, by the seq their replies
   * name). The later pages are recorded already; one by one they would not be, so they are no
   * candidates for it. (What a later page changed, e.g. a page it re-crawled, cannot be undone:
   * docs/STORE.md, "Limits".)
   */
  private Verdict decideAgain(Request q, PageEntry e, long seq, Batch batch, List<CheckResult> later) {
    send(batch.nears);
    batch.nears.clear();
    Set<Long> notYet = new HashSet<>();
    for (CheckResult l : later) if (!l.replay()) notYet.add(l.seq());
    CheckResult stored = store.recheck(e);
    CheckResult r = withoutPages(stored, notYet);
    Batch alone = new Batch();
    Verdict v = decide(q, e, r, alone); // never null: nothing of a run of one is an orphan
    staysUnique(v, stored, alone); // as the store saw it: its candidates include the later pages
    send(alone.nears);
    learn(alone.mirrors);
    StoredPage named; // what a copy of this page names from now on
    if (!v.isDuplicate()) {
      named = asOriginal(r.seq(), e);
    } else if (alone.originals.containsKey(r.seq())) {
      named = alone.originals.get(r.seq());
    } else if (r.replay()) {
      named = r.selfOriginal();
    } else {
      named = r.exactOriginal() != null ? r.exactOriginal() : r.exact();
    }
    batch.decidedAgain.put(seq, named);
    batch.recorded.put(e.url(), r.seq());
    Map<String, Object> scores = new LinkedHashMap<>(v.scores());
    scores.put("decided_again", true);
    return new Verdict(v.kind(), v.seq(), v.originalId(), v.originalUrl(), v.originalFetchedAt(),
        v.detector(), scores, v.replay(), v.earlierVersionIndexed() || stored.earlierVersionIndexed(),
        v.replacedUrl());
  }

  /** The page of this entry, recorded under seq, as an original: what its copies name. */
  private static StoredPage asOriginal(long seq, PageEntry e) {
    return new StoredPage(seq, e.id(), e.url(), e.fetchedAt(), e.title(),
        e.nearLookup() ? e.simhash() : 0, e.sketch(), RecordedVerdict.UNIQUE, 0);
  }

  /**
   * The page takes the place of {@code original} when it was fetched before it: the original
   * (UNIQUE: it went to the index) becomes its copy, found by {@code detector} ("exact": the
   * store records it as an exact copy), and the page is unique. The store is told with the run's
   * decisions: an exact copy first becomes an original ({@link NearDecision#original}), then the
   * original becomes its copy; the pages of the run after it that match the original name this
   * page. Null when the original was fetched first, or is no longer an original.
   */
  private static Verdict takesPlaceOf(long seq, PageEntry e, StoredPage original, boolean recordedExact,
      String detector, Batch batch, Map<String, Object> scores, boolean replay) {
    if (original == null || original.seq() == seq || original.verdict() != RecordedVerdict.UNIQUE
        || e.fetchedAt() >= original.fetchedAt()) {
      return null;
    }
    if (recordedExact) batch.nears.add(NearDecision.original(seq));
    batch.nears.add(new NearDecision(original.seq(), seq, detector));
    batch.originals.put(original.seq(), asOriginal(seq, e));
    scores.put("replaces", original.url());
    scores.put("replaces_fetched_at", original.fetchedAt());
    scores.put("replaces_by", detector);
    return new Verdict(VerdictKind.UNIQUE, seq, null, null, 0, null, scores, replay, false, original.url());
  }

  /**
   * Sends decisions to the store in one call. When they are all confirmations ({@link
   * NearDecision#unique}) and the store is unavailable, the run goes on and its verdicts stand:
   * a confirmation only spares the page's re-fetches a second look, and one that is lost costs
   * the next re-fetch that look, which confirms it again (the same decision while the pages
   * before it are unchanged). Failing the run would send every page of it back as a replay to
   * look again now. They are counted ({@link #lostConfirmations}).
   */
  private void send(List<NearDecision> decisions) {
    if (decisions.isEmpty()) return;
    try {
      store.recordNearAll(decisions);
    } catch (StoreException.Unavailable e) {
      for (NearDecision d : decisions) if (!d.isUnique()) throw e;
      lostConfirmations.add(decisions.size());
    }
  }

  /**
   * A page that is an exact copy of a page of another site under the same name ({@link
   * SiteKey#pageName}) says that the two sites mirror each other ({@link Mirrors}): noted for the
   * store when it does not know it yet. Whichever of the two pages came first, the two sites
   * serve the same page under one name: one site on two hosts, a mirror, or a copy of a site
   * made whole. Neither the Bloom filter alone (a false positive) nor a near match is
   * evidence: a near match between two sites is what the knowledge is there to check.
   */
  private void mirrors(PageEntry e, CheckResult r, Batch batch) {
    if (!settings.mirrors() || e.site().isEmpty()) return;
    String other = SiteKey.of(r.exact().url());
    if (other.isEmpty() || other.equals(e.site()) || r.mirrors().contains(other)) return;
    if (!SiteKey.pageName(e.url()).equals(SiteKey.pageName(r.exact().url()))) return;
    Mirrors.Pair pair = new Mirrors.Pair(e.site(), other);
    if (!batch.mirrors.contains(pair)) batch.mirrors.add(pair);
  }

  /**
   * Tells the store the mirrors a run learned. When the store cannot take them they are dropped,
   * and the run's verdicts stand: none depends on them. The next exact copy between the two sites
   * says it again, and until then their pages are judged as pages of two sites, as before they
   * were learned. (A store that cannot serve them at all fails the lookups that read them.)
   */
  private void learn(List<Mirrors.Pair> pairs) {
    if (pairs.isEmpty()) return;
    try {
      store.recordMirrors(pairs);
    } catch (StoreException e) {
      lostMirrors.add(pairs.size());
    }
  }

  /** Mirror pairs learned since this detector was made that the store could not take ({@link #learn}). */
  public long lostMirrors() {
    return lostMirrors.sum();
  }

  /**
   * Confirmations (a page stays unique although its lookup found something) that the store was
   * unavailable to take, since this detector was made: with mirrors learned ({@link #learn}), the
   * only store failures that do not fail the pages they concern. Those pages look again when
   * they are fetched again.
   */
  public long lostConfirmations() {
    return lostConfirmations.sum();
  }

  /**
   * A page decided unique although its lookup found candidates or its canonical: the store is
   * told with the run's near decisions, so a re-fetch of it does not look again (the store looks
   * again only while a near decision may have been lost; {@link FingerprintStore#recordUnique}).
   */
  private static void staysUnique(Verdict v, CheckResult r, Batch batch) {
    if (v.kind() == VerdictKind.UNIQUE && (!r.candidates().isEmpty() || r.canonical() != null)) {
      batch.nears.add(NearDecision.unique(v.seq()));
    }
  }

  /** r without the candidates and the canonical target among {@code seqs}. */
  private static CheckResult withoutPages(CheckResult r, Set<Long> seqs) {
    if (seqs.isEmpty()) return r;
    List<Candidate> kept = new ArrayList<>(r.candidates().size());
    for (Candidate c : r.candidates()) if (!seqs.contains(c.page().seq())) kept.add(c);
    boolean canonical = r.canonical() != null && !seqs.contains(r.canonical().seq());
    return new CheckResult(r.seq(), r.replay(), r.self(), r.selfOriginal(), r.exact(), r.exactOriginal(),
        r.bloomHit(), kept, canonical ? r.canonical() : null, canonical ? r.canonicalOriginal() : null,
        r.earlierVersionIndexed(), r.mirrors(), r.titlePages(), r.patternPages());
  }

  /** The page's verdict; null when it must be decided again once the run's decisions are recorded. */
  private Verdict decide(Request q, PageEntry e, CheckResult r, Batch batch) {
    IndexSignature f = q.signature();
    Map<String, Object> scores = new LinkedHashMap<>();
    scores.put("text_chars", f.textChars());
    scores.put("digest", digest(q).hex());
    scores.put("simhash", Hashes.hex(f.simhash()));

    if (r.replay()) return replay(q, e, r, scores, batch);

    if (r.exact() != null) {
      StoredPage recorded = r.exactOriginal() != null ? r.exactOriginal() : r.exact();
      StoredPage original = batch.resolve(recorded);
      if (original == null) return null; // an exact copy of an orphan: decided again
      if (twins(f, original)) {
        // one template written for two names, as the fine rule tells twins (CombinedRule): the
        // same text under two names is no copy; the store records the page an original
        scores.put("twin_of", original.id());
        batch.nears.add(NearDecision.original(r.seq()));
        return new Verdict(VerdictKind.UNIQUE, r.seq(), null, null, 0, null, scores, false);
      }
      mirrors(e, r, batch);
      if (original == r.exact()) { // the original has this text: fetched after it, it is its copy
        Verdict first = takesPlaceOf(r.seq(), e, original, true, "exact", batch, scores, false);
        if (first != null) return first;
      }
      if (original != recorded) {
        // the store recorded this copy before the near decision about its original; the store
        // takes the final original once that decision is in (FingerprintStore.recordNear)
        batch.nears.add(new NearDecision(r.seq(), original.seq(), "exact"));
      }
      return duplicate(VerdictKind.EXACT, r.seq(), original, "exact", scores, false);
    }
    if (r.bloomHit()) {
      // A Bloom hit the digest map did not confirm: a false positive, or (with neardup.exact.confirm
      // off) an unconfirmed copy, which the near stage still finds from its identical sketch.
      scores.put("bloom_hit", true);
    }
    if (f.textChars() < settings.minTextChars()) {
      scores.put("reason", "fewer than " + settings.minTextChars() + " letters");
      return new Verdict(VerdictKind.SKIPPED, r.seq(), null, null, 0, null, scores, false);
    }

    MatchFinder.Match best = matches.best(e, f.fine(), r, batch, scores);
    if (best == null) {
      return new Verdict(VerdictKind.UNIQUE, r.seq(), null, null, 0, null, scores, false);
    }
    return nearOrFirst(r.seq(), e, best, batch, scores, false);
  }

  /**
   * Page seq is a near duplicate, or, fetched before the original the fine rule matched it with
   * (not by way of a copy, nor as its canonical target), takes that original's place.
   */
  private static Verdict nearOrFirst(long seq, PageEntry e, MatchFinder.Match best, Batch batch, Map<String, Object> scores,
      boolean replay) {
    scores.put("matched", best.matched().id());
    Evidence.ofMatch(scores, best.outcome(), best.candidate());
    if (best.candidate() != null && best.matched().seq() == best.original().seq()) {
      Verdict first = takesPlaceOf(seq, e, best.original(), false, best.outcome().decidedBy().key(), batch, scores, replay);
      if (first != null) return first;
    }
    return near(seq, best, batch, scores, replay);
  }

  /**
   * Whether the page and the {@code original} it has the text of are twins: each title (and
   * heading) gives a name the other's does not, and each page writes its own ({@link
   * org.neardup.fingerprint.TitleNames#namesAnother}), the rule that keeps twins of a reference
   * apart however much of their text they share. An interface's method and the class's method
   * that implements it, documented in the same words, are two pages.
   */
  private boolean twins(IndexSignature f, StoredPage original) {
    FineSignature theirs = MatchFinder.decode(original);
    return theirs != null
        && f.fine().names().namesAnother(theirs.names(), settings.thresholds().titleNameMentions());
  }

  /**
   * The digest the exact stage keys the page on: its text's, or, for a page with too little text
   * for a near check, its text's bound to its normalised title ({@link ContentDigest#withTitle}),
   * so that the few words many pages of a site share are no exact copy across pages of other
   * titles, and to the digest of everything the page shows ({@link Page#bodyDigest}), so that two
   * pages of one title whose extraction kept only the same lines of their site are no exact copy
   * unless they show the same. The whole title: a short page's title may be shorter than its site's name, which
   * {@link org.neardup.fingerprint.TitleCleaner} would keep instead.
   */
  private ContentDigest digest(Request q) {
    IndexSignature f = q.signature();
    if (f.textChars() >= settings.minTextChars()) return f.digest();
    String title = q.page().title() == null ? "" : q.page().title();
    String bound = TextNormalizer.normalize(title).strip();
    // and to everything the page shows, when extraction recorded it (Page#bodyDigest)
    if (!q.page().bodyDigest().isEmpty()) bound += "\n" + q.page().bodyDigest();
    return f.digest().withTitle(bound);
  }

  /** Page seq is a near duplicate (the match is in the scores already): the verdict, and the decision for the store (sent after the batch). */
  private static Verdict near(long seq, MatchFinder.Match best, Batch batch, Map<String, Object> scores, boolean replay) {
    String detector = best.outcome().decidedBy().key();
    // the store records the original copies of this page name (the canonical target's own
    // original when it is a copy): resolved here, it holds even if the target is re-crawled
    // before the decision reaches the store (later in the same batch)
    batch.nears.add(new NearDecision(seq, best.recorded().seq(), detector));
    batch.originals.put(seq, best.recorded());
    return duplicate(VerdictKind.NEAR, seq, best.original(), detector, scores, replay);
  }

  private Verdict replay(Request q, PageEntry e, CheckResult r, Map<String, Object> scores, Batch batch) {
    IndexSignature f = q.signature();
    StoredPage self = r.self(); // recorded before this run: a run holds a url once
    scores.put("replay_of_seq", self.seq());
    if (self.verdict() == RecordedVerdict.UNIQUE && (!r.candidates().isEmpty() || r.canonical() != null)) {
      // Recorded unique, but its near decision may never have reached the store (a failure
      // after the lookup): the store looked again among the pages before it, so decide again.
      MatchFinder.Match best = matches.best(e, f.fine(), r, batch, scores);
      if (best != null) return nearOrFirst(self.seq(), e, best, batch, scores, true);
    }
    VerdictKind kind = switch (self.verdict()) {
      case UNIQUE -> VerdictKind.UNIQUE;
      case EXACT -> VerdictKind.EXACT;
      case NEAR -> VerdictKind.NEAR;
      case SKIPPED -> VerdictKind.SKIPPED;
    };
    if (self.verdict() == RecordedVerdict.UNIQUE || self.verdict() == RecordedVerdict.SKIPPED
        || r.selfOriginal() == null) {
      return new Verdict(kind, self.seq(), null, null, 0, null, scores, true);
    }
    StoredPage original = batch.resolve(r.selfOriginal());
    if (original == null) return null; // a copy of an orphan: decided again
    if (self.verdict() == RecordedVerdict.EXACT && java.util.Arrays.equals(original.sketch(), e.sketch())) {
      // an exact copy of an original with its text, fetched before it, whose taking its place
      // never reached the store (a failure after the lookup): it takes it now
      Verdict first = takesPlaceOf(self.seq(), e, original, true, "exact", batch, scores, true);
      if (first != null) return first;
    }
    if (self.verdict() == RecordedVerdict.EXACT && original.seq() != self.originalSeq()) {
      // recorded before its exact page's near decision, and the batch that would have relinked
      // it failed: relink it now (a no-op unless the store agrees; FingerprintStore.recordNear)
      batch.nears.add(new NearDecision(self.seq(), original.seq(), "exact"));
    }
    return duplicate(kind, self.seq(), original, "replay", scores, true);
  }

  private static Verdict duplicate(VerdictKind kind, long seq, StoredPage original, String detector,
      Map<String, Object> scores, boolean replay) {
    return new Verdict(kind, seq, original.id(), original.url(), original.fetchedAt(), detector, scores, replay);
  }

}
