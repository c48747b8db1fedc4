package org.neardup.fingerprint;

import java.util.BitSet;
import java.util.Collection;

/**
 * What the candidates of a lookup tell the fine rule about one pair: whether the two pages are on
 * one site and have one title, which of the page's MinHash values are <em>template</em> (also held
 * by other pages of the earlier page's site), and how close the page comes to its other
 * neighbours.
 *
 * <p>Pages of one site share boilerplate the extractor leaves in (a "how to reach this command"
 * line on every menu page, the opening sentence every conversion function shares, a licence
 * line), so two different pages of a site agree on part of their MinHash values for no other
 * reason than being siblings. A MinHash value is the least hash of a shingle of the page under one
 * permutation; when another page of the earlier page's site, which is neither the earlier page, in
 * its group, nor a copy of it, has the same value in the same place, the page and that sibling most
 * likely share the shingle behind it, and a shingle different pages of a site share says nothing
 * about copying. Those places are left out of the pair's Jaccard estimate ({@link
 * FineSignature#jaccardEstimate(FineSignature, BitSet)}): what remains is the estimate over the
 * page's own text. This is the template-detection idea of Bar-Yossef and Rajagopalan ("Template
 * detection via data mining and its applications", WWW 2002) and of Gibson, Punera and Tomkins
 * ("The volume and evolution of web page templates", WWW 2005), applied to the MinHash sample of
 * the page instead of its DOM blocks, with the other pages of the site taken from the lookup's own
 * candidates, so it costs no state.
 *
 * <p>Two different values agree on 8 bits with probability 1/256, so each sibling also marks about
 * half a position of 128 by chance. Those positions only leave the estimate, without biasing it;
 * the template share ({@link #templateShare(int)}) is corrected for them.
 *
 * @param sameSite both pages are on one site ({@code org.neardup.detect.SiteKey}), or on two sites
 *     that mirror each other and the pages have two names there ({@code org.neardup.index.Mirrors}):
 *     two pages of one site served from two hosts
 * @param sameTitle whether both pages have one title ({@link #sameTitle(String, String)}) and it
 *     names one page of the site: pages of one site whose titles differ are, by the site's own
 *     account, different pages, and so are pages under a title the site gives many pages
 *     ({@code org.neardup.detect.Neighbours})
 * @param template positions of the page's MinHash sketch held by other pages of the earlier page's
 *     site; empty when none are known
 * @param templateSiblings how many pages the template was read from (for the chance correction)
 * @param siblingJaccard the page's highest Jaccard estimate with another page that is neither the
 *     earlier page, in its group, nor a copy of it; 0 when none is known
 * @param mirrors the pages are on two sites that mirror each other (and {@code sameSite} holds
 *     because they have two names there)
 * @param views the pages are on one site, their titles differ but give the same names ({@link
 *     TitleNames#sameNames}), and the page's title is in words the site writes around names on
 *     other pages ({@link TitleNames#pattern}; {@link MatchThresholds#titlePatternPages}), the
 *     earlier page's in others: two views of one thing, as a file's source listing and its
 *     reference, or a package's summary and its uses
 */
public record SiteContext(boolean sameSite, boolean sameTitle, BitSet template, int templateSiblings,
    double siblingJaccard, boolean mirrors, boolean views) {
  /** Two pages of different sites, nothing known of templates. */
  public static final SiteContext NONE = new SiteContext(false, false, new BitSet(), 0, 0, false, false);

  public SiteContext {
    template = (BitSet) template.clone();
    if (templateSiblings < 0) throw new IllegalArgumentException("templateSiblings must be >= 0, got " + templateSiblings);
    if (mirrors && !sameSite) throw new IllegalArgumentException("pages of two mirrors are judged as pages of one site");
    if (views && !sameSite) throw new IllegalArgumentException("two views of one thing are pages of one site");
  }

  /** Two pages of one site (with one title or not), nothing known of its template (a pair alone). */
  public static SiteContext oneSite(boolean sameTitle) {
    return new SiteContext(true, sameTitle, new BitSet(), 0, 0, false, false);
  }

  @Override
  public BitSet template() {
    return (BitSet) template.clone();
  }

  /**
   * Whether two pages of one site are two views of one thing ({@link #views}): their titles differ
   * but give the same names ({@link TitleNames#sameNames}), the page's title is in the pattern
   * ({@link TitleNames#pattern}) of {@code patternPages} earlier pages of the site, at least {@link
   * MatchThresholds#titlePatternPages} of them, and the earlier page's title in another.
   *
   * @param names the names the page's title and heading give
   * @param earlierNames the names the earlier page's title and heading give
   */
  public static boolean views(boolean sameSite, String title, TitleNames names, int patternPages, String earlierTitle,
      TitleNames earlierNames, MatchThresholds t) {
    if (!sameSite || t.titlePatternPages() == 0 || patternPages < t.titlePatternPages()
        || !names.sameNames(earlierNames) || sameTitle(title, earlierTitle)) {
      return false;
    }
    String pattern = TitleNames.pattern(title);
    return pattern != null && !pattern.equals(TitleNames.pattern(earlierTitle));
  }

  /**
   * Whether two page titles say one page: equal after normalisation. A page without a title says
   * nothing, so two titles of which one is blank count as one.
   */
  public static boolean sameTitle(String a, String b) {
    String x = titleKey(a);
    String y = titleKey(b);
    return x == null || y == null || x.equals(y);
  }

  /** A title as titles are compared: normalised; null when there is none (null or blank). */
  public static String titleKey(String title) {
    String t = title == null ? "" : org.neardup.text.TextNormalizer.normalize(title).strip();
    return t.isEmpty() ? null : t;
  }

  /**
   * The positions where {@code page}'s 8-bit sketch equals at least one of {@code siblings}'
   * (sketches of other pages of its site, of the same length; others are ignored). Two different
   * values agree on 8 bits by chance with probability 1/256, so with many siblings a few positions
   * are marked by chance: they only leave the estimate, they do not bias it.
   */
  public static BitSet templateOf(byte[] page, Collection<byte[]> siblings) {
    BitSet t = new BitSet(page.length);
    for (byte[] s : siblings) {
      if (s.length != page.length) continue;
      for (int i = 0; i < page.length; i++) if (s[i] == page[i]) t.set(i);
    }
    return t;
  }

  /**
   * Share of the page's {@code k} MinHash values that are template, less what its siblings mark by
   * chance: with n siblings a position is marked by chance with probability 1 − (255/256)^n, and
   * the share is rescaled over the positions left (0 when nothing is left to tell).
   */
  public double templateShare(int k) {
    if (k == 0) return 0;
    double observed = (double) template.cardinality() / k;
    double chance = 1 - Math.pow(255.0 / 256, templateSiblings);
    return chance >= 1 ? 0 : Math.max(0, (observed - chance) / (1 - chance));
  }
}
