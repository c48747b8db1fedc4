package org.neardup.detect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.neardup.fingerprint.CombinedRule;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.SiteContext;
import org.neardup.index.Candidate;
import org.neardup.index.CheckResult;
import org.neardup.index.Mirrors;
import org.neardup.index.PageEntry;
import org.neardup.index.StoredPage;

/**
 * The fine stage of {@link DuplicateDetector}: each candidate of a lookup (and the page's
 * rel=canonical target) verified with {@link CombinedRule} on its stored sketch and what the other
 * candidates say of the pair ({@link Neighbours}), and the match whose original was seen first.
 */
final class MatchFinder {
  private final DetectorSettings settings;

  MatchFinder(DetectorSettings settings) {
    this.settings = settings;
  }

  /**
   * A verified match: the page that matched, the original the verdict names, and the original
   * the store records for this page (what copies of it name; differs only for a canonical
   * target that is itself a copy).
   */
  record Match(StoredPage matched, StoredPage original, StoredPage recorded,
      CombinedRule.Outcome outcome, Candidate candidate) {}

  private Match verify(FineSignature mine, StoredPage page, StoredPage original, StoredPage recorded,
      Candidate c, SiteContext site) {
    FineSignature theirs = decode(page);
    if (theirs == null) return null;
    CombinedRule.Outcome o = CombinedRule.evaluate(mine, theirs, site, settings.thresholds());
    return o.duplicate() ? new Match(page, original, recorded, o, c) : null;
  }

  /**
   * The verified candidate whose original was seen first (or the canonical target), or null. Each
   * candidate is verified with what the other candidates say of the pair ({@link Neighbours}).
   * Without a match, {@code nearest} in the scores shows the candidate that came closest.
   *
   * @param page the page as the store got it (its url, title and site)
   */
  Match best(PageEntry page, FineSignature mine, CheckResult r, Batch batch, Map<String, Object> scores) {
    scores.put("candidates", r.candidates().size());
    // originals of the page's site under its title: from match.shared_title_pages on, it names no one page
    if (r.titlePages() > 0) scores.put("title_pages", r.titlePages());
    // pages of the page's site recorded under its title's pattern (TitleNames.pattern): from
    // match.title_pattern_pages on, the words around its names are the site's way of titling
    if (r.patternPages() > 0) scores.put("pattern_pages", r.patternPages());
    Match best = null;
    Neighbours siblings = neighbours(page, r.seq(), mine, r, batch);
    CombinedRule.Outcome nearest = null;
    Candidate nearestCandidate = null;
    Map<Long, Boolean> originalsMatched = new HashMap<>();
    Map<String, Object> copyOnly = null; // a copy the page matched, whose original it does not
    for (int i = 0; i < r.candidates().size(); i++) {
      Candidate c = r.candidates().get(i);
      StoredPage original = batch.resolve(c.page(), c.original());
      // an orphan stands for nothing; and a page is never a copy of itself (a replay's second
      // look can meet a page decided a copy of it since)
      if (original == null || original.seq() == r.seq()) continue;
      FineSignature theirs = siblings.signature(i);
      if (theirs == null) continue;
      CombinedRule.Outcome o = CombinedRule.evaluate(mine, theirs, siblings.context(i), settings.thresholds());
      // an original among the candidates (met before its copies, earliest first): its copies
      // reuse this check instead of repeating it in matchesOriginal
      if (original.seq() == c.page().seq()) originalsMatched.putIfAbsent(original.seq(), o.duplicate());
      // a page that matches a copy is a copy of the copy's original only when it matches that
      // original too: the verdict names it, and only it is indexed
      if (o.duplicate() && original.seq() != c.page().seq()
          && !originalsMatched.computeIfAbsent(original.seq(), s -> matchesOriginal(mine, original, siblings))) {
        if (copyOnly == null) copyOnly = Map.of("id", c.page().id(), "original", original.id());
        continue;
      }
      if (o.duplicate()) {
        Match m = new Match(c.page(), original, original, o, c);
        if (best == null || m.original.seq() < best.original.seq()) best = m;
      } else if (nearest == null || o.ownJaccard() > nearest.ownJaccard()) {
        nearest = o;
        nearestCandidate = c;
      }
    }
    if (settings.preferCanonical() && r.canonical() != null && r.canonical().seq() != r.seq()) {
      // The verdict names the canonical target; the store records (and copies of this page
      // name) its original when the target is itself a copy, as recordNear resolves it.
      StoredPage recorded = batch.resolve(r.canonical(), r.canonicalOriginal());
      Match m = recorded == null || recorded.seq() == r.seq() ? null
          : verify(mine, r.canonical(), r.canonical(), recorded, null,
              siblings.contextFor(recorded.seq(), comparable(r.canonical(), mine), r.canonical().url(),
                  SiteKey.of(r.canonical().url()),
                  r.canonical().title()));
      if (m != null) {
        best = m;
        scores.put("canonical", r.canonical().url());
      }
    }
    if (best == null && nearest != null) scores.put("nearest", Evidence.of(nearestCandidate.page(), nearest));
    if (best == null && copyOnly != null) scores.put("copy_only", copyOnly);
    return best;
  }

  /**
   * Whether the page matches {@code original}, which a candidate it matched copies. A page the
   * rule finds close to a copy but not to the copy's original would be dropped for text the
   * index does not hold (copies drift: a copy of a copy of a copy can share little with the
   * first). An original whose sketch cannot be compared with the page's says nothing against it.
   */
  private boolean matchesOriginal(FineSignature mine, StoredPage original, Neighbours siblings) {
    FineSignature theirs = comparable(original, mine);
    if (theirs == null) return true;
    SiteContext context = siblings.contextFor(original.seq(), theirs, original.url(), SiteKey.of(original.url()),
        original.title());
    return CombinedRule.evaluate(mine, theirs, context, settings.thresholds()).duplicate();
  }

  /** The candidates of a lookup as {@link Neighbours}: each with its group as the batch resolves it. */
  private Neighbours neighbours(PageEntry page, long self, FineSignature mine, CheckResult r, Batch batch) {
    List<Neighbours.Neighbour> list = new ArrayList<>(r.candidates().size());
    for (Candidate c : r.candidates()) {
      StoredPage o = batch.resolve(c.page(), c.original());
      list.add(new Neighbours.Neighbour(o != null ? o.seq() : c.page().seq(), c.page().url(), SiteKey.of(c.page().url()),
          c.page().title(), comparable(c.page(), mine)));
    }
    return new Neighbours(page.url(), page.site(), settings.mirrors() ? r.mirrors() : Mirrors.NONE, page.title(),
        r.titlePages(), r.patternPages(), self, mine, list, settings.thresholds());
  }

  /** The stored sketch of a page when it can be compared with {@code mine}: null when another layout (a sketch of another length) or an incompatible version wrote it. */
  private static FineSignature comparable(StoredPage page, FineSignature mine) {
    FineSignature f = decode(page);
    return f != null && f.minhash().length == mine.minhash().length ? f : null;
  }

  /** The stored sketch of a page, or null when an incompatible version wrote it (no match then). */
  static FineSignature decode(StoredPage page) {
    if (page.sketch() == null || page.sketch().length == 0) return null;
    try {
      return FineSignature.decode(page.sketch());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
