package org.neardup.fingerprint;

/**
 * When each method calls a pair a duplicate. One record, read from {@code neardup.match.*}, used by
 * {@link PairComparison} and by the detector alike, so a threshold has one source of truth.
 *
 * @param simhashDistance SimHash: duplicate at Hamming distance ≤ this (Manku: 3 of 64 bits)
 * @param jaccard shingles and MinHash: duplicate at (estimated) Jaccard ≥ this
 * @param supportJaccard the shingle overlap that sentence-boundary, SimHash and longest-sentence
 *     matches must also show in the combined rule (they alone misfire on short or formulaic texts)
 * @param containment the combined rule's containment match: duplicate when this share of the page's
 *     shingles is (estimated to be) in the other page — excerpts and truncations
 * @param containmentMinRatio the containment match applies only when the shorter page has at least
 *     this share of the longer page's shingles: below it the estimate from a 128-value sketch is noise
 *     and a short page contained in a long one is a quote more than a copy
 * @param sentenceScore sentence-boundary: duplicate at weighted score ≥ this (default 3)
 * @param titleWeight sentence-boundary: weight of an equal title (default 1.5)
 * @param longestOverlap longest sentences: duplicate when this share of the smaller signature matches
 * @param keywordWeightDistance keyword rules 4 and 5: largest Σ(wi − wj)² / (Σwi² + Σwj²) of a copy
 * @param segmentsToMatch M, the segments of N that must match
 * @param sameSiteJaccard a pair of pages of one site is a near duplicate by any rule but
 *     containment only when the Jaccard estimate over the page's own (not site template) MinHash
 *     values reaches this: pages of one site share template and phrasing that pages of two sites do
 *     not
 * @param sameSiteContainment the containment match between pages of one site needs this share
 * @param maxTemplateShare a page more of whose MinHash values than this are held by other pages of
 *     a candidate's site (chance agreements left out) is no near duplicate of that candidate: too
 *     little of it is its own to tell
 * @param siblingRatio a candidate matches only when the page's Jaccard estimate with its closest
 *     other neighbour is at most this share of its estimate with the candidate (a ratio test)
 * @param sameSiteTitleJaccard two pages of one site whose titles differ are near duplicates only
 *     when their Jaccard estimate over every value reaches this: the site itself says they are
 *     different pages, and twin pages (a function and its legacy variant, a filter and its
 *     sibling) differ in a few words only
 * @param sameSiteShortShingles pages of one site the smaller of which has fewer distinct shingles
 *     than this, or either of which is a list ({@link ItemList}), are held to {@code
 *     sameSiteShortJaccard}; containment does not apply between two such pages the smaller of
 *     which is short
 * @param sameSiteShortJaccard the own Jaccard two short pages or lists of one site need: a short
 *     page's few words of its own, or a list's few items, are what tells it from its siblings, and
 *     a handful of changed words is most of them
 * @param titleNameMentions two pages whose titles each give a name (an identifier such as {@code
 *     is_fifo} or {@code i16}) the other's does not, each written at least this many times in its
 *     own text, are twins of a reference and no near duplicates ({@link TitleNames}); 0 turns the
 *     rule off
 * @param scriptDifference two pages whose shares of words written in another script than Latin
 *     differ by more than this are held to what two pages of one site need ({@code
 *     sameSiteJaccard}, {@code sameSiteShortJaccard}, {@code sameSiteContainment}): the text one
 *     has and the other lacks is a translation, which a copy does not hold
 * @param sharedTitlePages a title that this many originals of the page's site carry (the store
 *     counts them; the earlier page is one) names no one page: two pages of one site under it are
 *     held to {@code sameSiteTitleJaccard} as pages under two titles are; 0: off
 * @param sameSiteNameJaccard two pages of one site whose texts each write at least {@code
 *     sameSiteMinNames} names (identifiers as code writes them, {@link TextNames}) and share less
 *     than this Jaccard of them are no near duplicates: one template written for two items, each
 *     named in its own text; 0 turns the rule off
 * @param sameSiteMinNames the names each text must write for {@code sameSiteNameJaccard} to apply:
 *     a page of one or two names says too little of what it documents
 * @param titlePatternPages two pages of one site whose titles differ but give the same names, the
 *     page's under a {@linkplain TitleNames#pattern pattern} that this many pages of the site were
 *     recorded under before it (the store counts them) and the earlier page's under another, are
 *     two views of one thing (a source listing and its reference, a package and its uses): they
 *     are held to {@code sameSiteShortJaccard}, and containment does not apply; 0: off
 */
public record MatchThresholds(
    int simhashDistance,
    double jaccard,
    double supportJaccard,
    double containment,
    double containmentMinRatio,
    double sentenceScore,
    double titleWeight,
    double longestOverlap,
    double keywordWeightDistance,
    int segmentsToMatch,
    double sameSiteJaccard,
    double sameSiteContainment,
    double maxTemplateShare,
    double siblingRatio,
    double sameSiteTitleJaccard,
    int sameSiteShortShingles,
    double sameSiteShortJaccard,
    int titleNameMentions,
    double scriptDifference,
    int sharedTitlePages,
    double sameSiteNameJaccard,
    int sameSiteMinNames,
    int titlePatternPages) {

  public MatchThresholds {
    if (simhashDistance < 0 || simhashDistance > 64) {
      throw new IllegalArgumentException("simhash distance must be in [0, 64], got " + simhashDistance);
    }
    unit("jaccard", jaccard);
    unit("supportJaccard", supportJaccard);
    unit("containment", containment);
    unit("containmentMinRatio", containmentMinRatio);
    unit("longestOverlap", longestOverlap);
    unit("keywordWeightDistance", keywordWeightDistance);
    unit("sameSiteJaccard", sameSiteJaccard);
    unit("sameSiteContainment", sameSiteContainment);
    unit("maxTemplateShare", maxTemplateShare);
    unit("siblingRatio", siblingRatio);
    unit("sameSiteTitleJaccard", sameSiteTitleJaccard);
    unit("sameSiteShortJaccard", sameSiteShortJaccard);
    unit("scriptDifference", scriptDifference);
    unit("sameSiteNameJaccard", sameSiteNameJaccard);
    if (sameSiteMinNames < 1) {
      throw new IllegalArgumentException("sameSiteMinNames must be >= 1, got " + sameSiteMinNames);
    }
    if (sameSiteShortShingles < 0) {
      throw new IllegalArgumentException("sameSiteShortShingles must be >= 0, got " + sameSiteShortShingles);
    }
    if (titleNameMentions < 0) {
      throw new IllegalArgumentException("titleNameMentions must be >= 0, got " + titleNameMentions);
    }
    if (sharedTitlePages < 0) {
      throw new IllegalArgumentException("sharedTitlePages must be >= 0, got " + sharedTitlePages);
    }
    if (titlePatternPages < 0) {
      throw new IllegalArgumentException("titlePatternPages must be >= 0, got " + titlePatternPages);
    }
    if (sentenceScore <= 0) throw new IllegalArgumentException("sentence score must be > 0, got " + sentenceScore);
    if (titleWeight < 0) throw new IllegalArgumentException("title weight must be >= 0, got " + titleWeight);
    if (segmentsToMatch < 1) throw new IllegalArgumentException("segments to match must be >= 1, got " + segmentsToMatch);
  }

  private static void unit(String name, double v) {
    if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException(name + " must be in [0, 1], got " + v);
  }

  public static MatchThresholds defaults() {
    return new MatchThresholds(3, 0.3, 0.15, 0.75, 0.2, SentenceBoundary.DUPLICATE_SCORE,
        SentenceBoundary.TITLE_WEIGHT, 0.6, 0.1, 3, 0.6, 0.9, 0.75, 0.6, 0.7, 80, 0.9, 1, 0.1, 2, 0.4, 5, 2);
  }

  /**
   * These thresholds with one fine-rule threshold changed, named by its key under
   * {@code neardup.match.}: jaccard, support_jaccard, containment, containment_min_ratio,
   * sentence_score, longest_overlap, same_site_jaccard, same_site_containment, max_template_share,
   * sibling_ratio, same_site_title_jaccard, same_site_short_jaccard, script_difference,
   * same_site_name_jaccard (for sweeps).
   */
  public MatchThresholds with(String key, double v) {
    double[] x = sweepable();
    x[indexOf(key)] = v;
    return new MatchThresholds(simhashDistance, x[0], x[1], x[2], x[3], x[4], titleWeight, x[5],
        keywordWeightDistance, segmentsToMatch, x[6], x[7], x[8], x[9], x[10], sameSiteShortShingles, x[11], titleNameMentions,
        x[12], sharedTitlePages, x[13], sameSiteMinNames, titlePatternPages);
  }

  /** The value of one fine-rule threshold, named as {@link #with} names it. */
  public double get(String key) {
    return sweepable()[indexOf(key)];
  }

  /** The thresholds {@link #with} changes, in the order of {@link #SWEEPABLE}. */
  private double[] sweepable() {
    return new double[] {jaccard, supportJaccard, containment, containmentMinRatio, sentenceScore, longestOverlap,
        sameSiteJaccard, sameSiteContainment, maxTemplateShare, siblingRatio, sameSiteTitleJaccard, sameSiteShortJaccard,
        scriptDifference, sameSiteNameJaccard};
  }

  private static int indexOf(String key) {
    int i = SWEEPABLE.indexOf(key);
    if (i < 0) throw new IllegalArgumentException("not a fine-rule threshold: " + key + ", expected one of " + SWEEPABLE);
    return i;
  }

  /** The keys {@link #with} takes. */
  public static final java.util.List<String> SWEEPABLE = java.util.List.of("jaccard", "support_jaccard", "containment",
      "containment_min_ratio", "sentence_score", "longest_overlap", "same_site_jaccard", "same_site_containment",
      "max_template_share", "sibling_ratio", "same_site_title_jaccard", "same_site_short_jaccard",
      "script_difference", "same_site_name_jaccard");
}
