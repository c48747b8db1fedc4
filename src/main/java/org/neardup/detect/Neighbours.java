package org.neardup.detect;

import java.util.BitSet;
import java.util.List;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.SiteContext;
import org.neardup.fingerprint.TitleNames;
import org.neardup.index.Mirrors;

/**
 * The candidates of one lookup seen as pages of sites: for each candidate, what the others say of
 * the page and that candidate ({@link SiteContext}).
 *
 * <p>A candidate's <em>siblings</em> are the other candidates that are neither in its group (a
 * page, its original and the original's other copies share the text because they copy it) nor a
 * copy of it by the rule (their Jaccard estimate with it at or above the threshold for their two
 * sites). The page's template, for a candidate, is what the candidate's own site holds elsewhere:
 * the positions of the page's sketch where a sibling of the candidate on the candidate's site has
 * the page's value. A page copying a site's page shares that site's boilerplate with the page and
 * with its siblings alike; that agreement says nothing of copying. Content the page shares with
 * pages of its own site only (other copies of one source that were missed) is not masked: a copy of
 * the candidate would share it too. A candidate in the page's own group (a copy of the page, which
 * a replay's second look can meet) is nobody's sibling and matches nothing.
 */
final class Neighbours {
  /**
   * One candidate of the lookup.
   *
   * @param group the seq of the original the candidate stands for (its own seq when it is one)
   * @param url its url
   * @param site its site key ({@link SiteKey}); empty when unknown
   * @param title its title, or null
   * @param sketch its stored sketch, or null when it cannot be compared with the page's
   */
  record Neighbour(long group, String url, String site, String title, FineSignature sketch) {}

  private final String site;
  private final Mirrors mirrors;
  /** The page's name ({@link SiteKey#pageName}), when its site has mirrors to compare names on. */
  private final String name;
  private final String title;
  /** Its title names no one page: {@link MatchThresholds#sharedTitlePages} originals of its site carry it. */
  private final boolean titleShared;
  /** How many pages of its site were recorded under its title's pattern ({@link TitleNames#pattern}). */
  private final int patternPages;
  private final FineSignature mine;
  private final List<Neighbour> candidates;
  private final FineSignature[] signatures;
  /** The page's Jaccard estimate with each candidate. */
  private final double[] jaccard;
  private final MatchThresholds thresholds;

  /**
   * @param url the page's url
   * @param site the page's site key
   * @param mirrors the sites that mirror the page's site
   * @param title the page's title, or null
   * @param titlePages how many originals of the page's site carry its title ({@code CheckResult.titlePages})
   * @param patternPages how many pages of the page's site were recorded under its title's pattern
   *     ({@code CheckResult.patternPages})
   * @param self the page's own seq (its group)
   * @param mine the page's sketch
   */
  Neighbours(String url, String site, Mirrors mirrors, String title, int titlePages, int patternPages, long self,
      FineSignature mine, List<Neighbour> candidates, MatchThresholds thresholds) {
    this.site = site;
    this.mirrors = mirrors;
    this.name = mirrors.size() == 0 ? null : SiteKey.pageName(url);
    this.title = title;
    this.titleShared = thresholds.sharedTitlePages() > 0 && titlePages >= thresholds.sharedTitlePages();
    this.patternPages = patternPages;
    this.mine = mine;
    this.candidates = List.copyOf(candidates);
    this.thresholds = thresholds;
    int n = candidates.size();
    signatures = new FineSignature[n];
    jaccard = new double[n];
    for (int i = 0; i < n; i++) {
      Neighbour c = candidates.get(i);
      boolean comparable = c.sketch() != null && c.sketch().minhash().length == mine.minhash().length;
      signatures[i] = comparable && c.group() != self ? c.sketch() : null;
      if (signatures[i] != null) jaccard[i] = mine.jaccardEstimate(signatures[i]);
    }
  }

  /** Candidate i's sketch, or null when it cannot be verified (incomparable, or a copy of the page). */
  FineSignature signature(int i) {
    return signatures[i];
  }

  /** What the other candidates say of the page and candidate i. */
  SiteContext context(int i) {
    Neighbour c = candidates.get(i);
    return contextFor(c.group(), signatures[i], c.url(), c.site(), c.title());
  }

  /**
   * For an earlier page {@code earlier} (of {@code group}, at {@code earlierUrl} on
   * {@code earlierSite}; it need not be among the candidates, as a canonical target): whether it
   * is on the page's site and has its title (a title that {@link MatchThresholds#sharedTitlePages}
   * originals of the page's site carry is no page's: two pages under it are judged as under two
   * titles), the page's template for it, and the page's highest Jaccard estimate with one of its
   * siblings (what a page gets from being a sibling alone).
   *
   * <p>A page of a site that mirrors the page's ({@link Mirrors}) is on the page's site when
   * their names differ ({@link SiteKey#pageName}): mirrors serve one site's pages, so two pages
   * of other names on them are two pages of that site, siblings unless the rule for one site
   * finds them copies. Under the same name it is the mirror's copy of the page, or the page's
   * source, and the rule for two sites judges them, as it does every repost.
   *
   * <p>Two pages of one site whose titles differ but give the same names, the page's in a pattern
   * the site has titled {@link MatchThresholds#titlePatternPages} earlier pages with and the earlier
   * page's in another, are two views of one thing ({@link SiteContext#views}).
   *
   * @param earlier its sketch, or null when unknown (then every other candidate outside its group
   *     is a sibling)
   */
  SiteContext contextFor(long group, FineSignature earlier, String earlierUrl, String earlierSite, String earlierTitle) {
    boolean mirrored = !site.isEmpty() && !site.equals(earlierSite) && mirrors.contains(earlierSite)
        && !name.equals(SiteKey.pageName(earlierUrl));
    boolean same = !site.isEmpty() && site.equals(earlierSite) || mirrored;
    byte[] a = mine.minhash();
    BitSet template = new BitSet(a.length);
    int holders = 0;
    double sibling = 0;
    for (int c = 0; c < signatures.length; c++) {
      if (signatures[c] == null || candidates.get(c).group() == group) continue;
      boolean oneSite = !earlierSite.isEmpty() && earlierSite.equals(candidates.get(c).site());
      if (earlier != null
          && earlier.jaccardEstimate(signatures[c]) >= (oneSite ? thresholds.sameSiteJaccard() : thresholds.jaccard())) {
        continue; // a copy of the earlier page (missed, or of another group): not a sibling
      }
      sibling = Math.max(sibling, jaccard[c]);
      if (!oneSite) continue;
      holders++;
      byte[] b = signatures[c].minhash();
      for (int k = 0; k < a.length; k++) if (a[k] == b[k]) template.set(k);
    }
    boolean oneTitle = same && SiteContext.sameTitle(title, earlierTitle) && !titleShared;
    // the same names under other words of the site's: another view of the same thing
    boolean views = earlier != null
        && SiteContext.views(same, title, mine.names(), patternPages, earlierTitle, earlier.names(), thresholds);
    return new SiteContext(same, oneTitle, template, holders, sibling, mirrored, views);
  }
}
