package org.neardup.fingerprint;

/**
 * The detector's fine verification of a candidate, over what the index keeps per page
 * ({@link FineSignature}) and what the page's site says of the pair ({@link SiteContext}). A page
 * is a near duplicate of an earlier page when any of these holds, tried in this order (the first
 * that holds names the deciding method):
 *
 * <ol>
 *   <li>{@code sentence_boundary}: weighted score ≥ sentenceScore (an equal title and two parts,
 *       or three parts) and Jaccard estimate ≥ supportJaccard — ordered evidence, precise when it
 *       fires on a text with many boundaries;
 *   <li>{@code minhash}: Jaccard estimate ≥ jaccard — most of the shingles are shared;
 *   <li>{@code containment}: the estimated share of the page's shingles found in the earlier page
 *       is ≥ containment, and the shorter of the two has at least containmentMinRatio of the longer
 *       one's shingles — an excerpt or a truncation: a copy of part of the earlier page, whose
 *       Jaccard is low only because it is short. Never into a list of items ({@link ItemList}):
 *       a list that holds another page's items is a longer list, not the original of a copy (an
 *       index and the macros among its names, a class's members and those it inherits, whether or
 *       not a caption over the shorter one makes it prose), nor between two pages of one site the
 *       smaller of which is short (below);
 *   <li>{@code longest_sentences}: overlap ≥ longestOverlap and Jaccard estimate ≥ supportJaccard —
 *       the distinctive long sentences were kept. Never between two lists, whose longest lines are
 *       items that lists share;
 *   <li>{@code simhash}: Hamming distance ≤ simhashDistance and Jaccard estimate ≥ supportJaccard.
 * </ol>
 *
 * The support condition on 1, 4 and 5 is there because a near SimHash or a few shared sentences
 * alone also happen between different short articles on one topic, and a text with one or two
 * commas has a sentence-boundary string of four or eight characters, whose three parts pages of
 * unrelated sites share by chance; rewritten copies ("伪原创") keep at least a fifth of their
 * 5-character shingles, unrelated pages almost none.
 *
 * <p><b>Sites.</b> Every rule reads the Jaccard estimate over the page's own MinHash values: those
 * the earlier page's site holds on other pages (the template, {@link SiteContext}) are left out. And
 * none applies when
 *
 * <ul>
 *   <li>more than maxTemplateShare of the page's values are template: too little is its own;
 *   <li>the page is nearly as close to another neighbour, neither the earlier page's copy nor in
 *       its group, as to the earlier page (its Jaccard with it above siblingRatio of the pair's): a
 *       ratio test, as Lowe's for image features — a page about as close to several different
 *       pages shares their family, not one page's text;
 *   <li>the two pages are of one site and their titles differ, and their Jaccard estimate over every
 *       value is below sameSiteTitleJaccard: the site says they are two pages;
 *   <li>each title gives a name the other's does not, and each page writes its own at least
 *       titleNameMentions times ({@link TitleNames}): the pages are twins of a reference, one
 *       template written for two names ({@code is_fifo} and {@code is_directory}), whatever their
 *       shingles share;
 *   <li>the pages are of one site (or two scripts), each text writes at least sameSiteMinNames
 *       names and the two share less than sameSiteNameJaccard of them ({@link TextNames}): one
 *       template written for two items, each named in its own text.
 * </ul>
 *
 * Two views of one thing ({@link SiteContext#views}: a file's source listing and its reference,
 * a package's summary and the page of its uses, under two titles that give the same names in
 * words the site writes around names) are held to sameSiteShortJaccard, and containment does not
 * apply between them: the one holds the other's sentences (the listing the comments the
 * reference renders, the uses page the summary's descriptions) without being a copy of it.
 *
 * <p>Between two pages of one site every rule but containment also needs the own Jaccard to reach
 * sameSiteJaccard (sameSiteShortJaccard when the smaller has fewer than sameSiteShortShingles
 * shingles or either is a list: a few words or items are all that tells such pages apart), and
 * containment needs sameSiteContainment: siblings of one template share half their text without
 * copying each other, where a repost on another site keeps a fifth. Between two pages of one site
 * the smaller of which has fewer than sameSiteShortShingles shingles containment does not apply at
 * all: a page of a few lines held whole by a sibling is that sibling's stub, the words the sibling
 * adds what tells the two apart (an operand of "8 dwords" against one of "8 dwords by default, 4
 * dwords if r128 is specified"); such a pair is a copy only when its texts agree at
 * sameSiteShortJaccard.
 *
 * <p><b>Scripts.</b> Two pages whose shares of words written in another script than Latin differ
 * by more than scriptDifference ({@link FineSignature#scriptDifference}) are held to what two pages
 * of one site need, wherever they are: the text one has and the other lacks is in another writing
 * system, a translation of part of it (a manual's chapter translated into Chinese, on a mirror of
 * its own), not the changed words of a copy. Such a page keeps its untranslated part word for
 * word, so its Jaccard with the original is that of a rewritten repost; a rewrite, a synonym swap,
 * an excerpt keep the script of the text they copy.
 *
 * <p>Containment is directional: it asks how much of the <em>new</em> page was seen before, so a
 * full article that arrives after an excerpt of it is not called a copy of the excerpt by this rule
 * (most of its text is new; the Jaccard rule still applies to it). It is estimated from the own
 * Jaccard estimate J and the two shingle counts, |A∩B| = J·(|A|+|B|)/(1+J); the error of that
 * estimate grows as the size ratio falls (roughly (1+r)/(r(1+J)²) times the error of J, r =
 * smaller/larger), and with a tiny page against a long one two chance collisions of the 8-bit values
 * already "contain" it, hence the ratio guard.
 */
public final class CombinedRule {
  private CombinedRule() {}

  /**
   * @param hamming SimHash distance
   * @param jaccard estimated Jaccard from the 8-bit MinHash sketches, every position
   * @param ownJaccard the estimate over the page's own positions (its template left out,
   *     {@link SiteContext}); what every rule below reads
   * @param templateShare share of the page's MinHash values held by other pages of its site
   * @param sameSite whether the two pages are on one site (or of two names on two mirrors)
   * @param mirrors whether that one site is two sites that mirror each other ({@link SiteContext})
   * @param sameTitle whether they have one title
   * @param siblingJaccard the page's Jaccard estimate with its closest other neighbour
   * @param containment estimated share of the page's shingles found in the other page
   * @param sizeRatio the smaller shingle count over the larger (0: unknown)
   * @param boundaryScore sentence-boundary weighted score
   * @param longest longest-sentence overlap share
   * @param twinNames whether the titles name two things ({@link TitleNames#namesAnother})
   * @param nameJaccard the estimated Jaccard of the names the two texts write ({@link TextNames}),
   *     or -1 when either writes fewer than sameSiteMinNames
   * @param namesApart whether the pages are of one site (or two scripts) and share less than
   *     sameSiteNameJaccard of their names, which no copy does
   * @param lists whether both pages are lists of items ({@link ItemList}), between which
   *     longest sentences do not apply (nor containment, which never applies into a list)
   * @param shortPages whether the pair is held to what short pages of one site need (the smaller
   *     has fewer than sameSiteShortShingles shingles), between which containment does not apply
   * @param twoScripts whether the pages' shares of words in another script than Latin differ by
   *     more than scriptDifference, which holds them to what pages of one site need
   * @param views whether the pages are two views of one thing ({@link SiteContext#views}), held to
   *     sameSiteShortJaccard and never matched by containment
   * @param duplicate whether the rule calls the pair a duplicate
   * @param decidedBy the method that decided, or null when not a duplicate
   */
  public record Outcome(int hamming, double jaccard, double ownJaccard, double templateShare, boolean sameSite,
      boolean mirrors, boolean sameTitle, double siblingJaccard, double containment, double sizeRatio,
      double boundaryScore, double longest, boolean twinNames, double nameJaccard, boolean namesApart, boolean lists,
      boolean shortPages, boolean twoScripts, boolean views, boolean duplicate, Method decidedBy) {}

  /** {@link #evaluate(FineSignature, FineSignature, SiteContext, MatchThresholds)} for pages of two sites. */
  public static Outcome evaluate(FineSignature page, FineSignature earlier, MatchThresholds t) {
    return evaluate(page, earlier, SiteContext.NONE, t);
  }

  /**
   * Whether {@code page} is a near duplicate of the earlier page {@code earlier}, given what its
   * site says of the pair. Every measure is symmetric except containment, which is the share of
   * {@code page}'s shingles in {@code earlier}, and the template, which is the page's.
   */
  public static Outcome evaluate(FineSignature page, FineSignature earlier, SiteContext site, MatchThresholds t) {
    int hamming = SimHash.distance(page.simhash(), earlier.simhash());
    double jaccard = page.jaccardEstimate(earlier);
    double templateShare = site.templateShare(page.minhash().length);
    double own = page.jaccardEstimate(earlier, site.template());
    double containment = page.containmentEstimate(earlier, own);
    double ratio = page.sizeRatio(earlier);
    double boundary = page.boundaryScore(earlier, t.titleWeight());
    double longest = page.longestScore(earlier);
    // one site, or a page and its partial translation: every rule needs the pair's own text to
    // agree this much, short pages and lists more
    boolean twoScripts = page.scriptDifference(earlier) > t.scriptDifference();
    boolean strict = site.sameSite() || twoScripts;
    double floor = strict ? t.sameSiteJaccard() : 0;
    int smaller = Math.min(page.shingles(), earlier.shingles());
    // a few lines of one site: what the earlier page adds to them tells the two apart
    boolean shortPair = strict && smaller > 0 && smaller < t.sameSiteShortShingles();
    // two views of one thing (a listing and its reference): the words they share are the thing's
    boolean views = site.views();
    if (shortPair || strict && (page.list() || earlier.list()) || views) {
      floor = Math.max(floor, t.sameSiteShortJaccard());
    }
    // the earlier page must stand out from the page's other neighbours (a ratio test)
    boolean distinct = site.siblingJaccard() <= t.siblingRatio() * jaccard;
    // one site, two titles: the site says these are two pages; their whole texts must agree
    boolean retitled = site.sameSite() && !site.sameTitle() && jaccard < t.sameSiteTitleJaccard();
    // each title names something of its own, which its page writes: two pages of one template
    boolean twins = page.names().namesAnother(earlier.names(), t.titleNameMentions());
    // one template written for two items, each text naming its own: a copy keeps the names
    double names = Math.min(page.textNames().size(), earlier.textNames().size()) >= t.sameSiteMinNames()
        ? page.textNames().jaccard(earlier.textNames()) : -1;
    boolean namesApart = strict && names >= 0 && names < t.sameSiteNameJaccard();
    // two lists share items without copying each other: an index and the macros among its names;
    // a page held by a list holds a list's items, with a caption or without
    boolean lists = page.list() && earlier.list();
    double minContainment = strict ? Math.max(t.containment(), t.sameSiteContainment()) : t.containment();
    Method by = null;
    if (templateShare > t.maxTemplateShare() || !distinct || retitled || twins || namesApart) {
      // no rule applies
    } else if (boundary >= t.sentenceScore() && own >= Math.max(t.supportJaccard(), floor)) {
      by = Method.SENTENCE_BOUNDARY;
    }
    else if (own >= Math.max(t.jaccard(), floor)) by = Method.MINHASH;
    else if (!earlier.list() && !shortPair && !views && containment >= minContainment && ratio >= t.containmentMinRatio() && ratio > 0) {
      by = Method.CONTAINMENT;
    } else if (!lists && longest >= t.longestOverlap() && own >= Math.max(t.supportJaccard(), floor)) {
      by = Method.LONGEST_SENTENCES;
    } else if (hamming <= t.simhashDistance() && own >= Math.max(t.supportJaccard(), floor)) by = Method.SIMHASH;
    return new Outcome(hamming, jaccard, own, templateShare, site.sameSite(), site.mirrors(), site.sameTitle(), site.siblingJaccard(), containment, ratio, boundary, longest,
        twins, names, namesApart, lists, shortPair, twoScripts, views, by != null, by);
  }

  /**
   * The rule on a pair without an order (pairwise evaluation, {@code compare}): is either page a
   * near duplicate of the other? Only containment depends on the order, and it is highest with the
   * page with fewer shingles as the copy, so that one is taken as the later page. No template is
   * known of a pair alone.
   */
  public static Outcome evaluatePair(FineSignature a, FineSignature b, SiteContext site, MatchThresholds t) {
    return b.shingles() < a.shingles() ? evaluate(b, a, site, t) : evaluate(a, b, site, t);
  }

  /** {@link #evaluatePair(FineSignature, FineSignature, SiteContext, MatchThresholds)} for pages of two sites. */
  public static Outcome evaluatePair(FineSignature a, FineSignature b, MatchThresholds t) {
    return evaluatePair(a, b, SiteContext.NONE, t);
  }
}
