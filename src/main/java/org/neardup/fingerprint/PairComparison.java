package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every method's score for one pair of pages, side by side: for example shingles and SimHash on an
 * original, its rewrite and an unrelated article.
 */
public final class PairComparison {
  private PairComparison() {}

  /** {@link #compare(Fingerprints, Fingerprints, MatchThresholds, SiteContext)} for pages of two sites. */
  public static List<MethodScore> compare(Fingerprints a, Fingerprints b, MatchThresholds t) {
    return compare(a, b, t, SiteContext.NONE);
  }

  /**
   * Every method's score and call, the combined rule told what {@code a}'s site says of the pair:
   * one site or two, one title or two, and ({@code compare --site-page}) a template or other
   * neighbours; with those known, {@code a} is taken as the later page, as the detector takes the
   * page it decides.
   */
  public static List<MethodScore> compare(Fingerprints a, Fingerprints b, MatchThresholds t, SiteContext site) {
    List<MethodScore> out = new ArrayList<>();
    boolean exact = a.digest().equals(b.digest());
    out.add(score(Method.EXACT, exact ? 1 : 0, exact, "a", a.digest().hex(), "b", b.digest().hex()));

    int hamming = SimHash.distance(a.simhash(), b.simhash());
    out.add(score(Method.SIMHASH, hamming, hamming <= t.simhashDistance(),
        "a", Hashes.hex(a.simhash()), "b", Hashes.hex(b.simhash()), "max_distance", t.simhashDistance()));

    double jaccard = Shingles.jaccard(a.shingles(), b.shingles());
    out.add(score(Method.SHINGLES, jaccard, jaccard >= t.jaccard(),
        "a_shingles", a.shingles().length, "b_shingles", b.shingles().length, "threshold", t.jaccard()));

    double est = MinHash.estimate(a.minhash(), b.minhash());
    out.add(score(Method.MINHASH, est, est >= t.jaccard(),
        "permutations", a.minhash().length, "exact_jaccard", jaccard, "threshold", t.jaccard()));

    int common = Shingles.common(a.shingles(), b.shingles());
    int smaller = Math.min(a.shingles().length, b.shingles().length);
    double ratio = smaller == 0 ? 0 : (double) smaller / Math.max(a.shingles().length, b.shingles().length);
    double contained = smaller == 0 ? 0 : (double) common / smaller;
    // 0 under the ratio guard, so that a threshold sweep over the score is the rule's own sweep
    double containment = ratio >= t.containmentMinRatio() ? contained : 0;
    out.add(score(Method.CONTAINMENT, containment, smaller > 0 && containment >= t.containment(),
        "contained", contained, "size_ratio", ratio, "min_ratio", t.containmentMinRatio(), "threshold", t.containment()));

    double longest = a.longest().score(b.longest());
    out.add(score(Method.LONGEST_SENTENCES, longest, longest >= t.longestOverlap(),
        "shared", a.longest().overlap(b.longest()), "a_sentences", a.longest().hashes().length,
        "b_sentences", b.longest().hashes().length, "threshold", t.longestOverlap()));

    double boundary = a.boundary().score(b.boundary(), t.titleWeight());
    out.add(score(Method.SENTENCE_BOUNDARY, boundary, boundary >= t.sentenceScore(),
        "title_equal", a.boundary().titleHash() != 0 && a.boundary().titleHash() == b.boundary().titleHash(),
        "a_boundary_chars", a.boundary().boundaryChars(), "b_boundary_chars", b.boundary().boundaryChars(),
        "threshold", t.sentenceScore()));

    boolean core = a.coreTerms().hash() != 0 && a.coreTerms().hash() == b.coreTerms().hash();
    out.add(score(Method.CORE_TERMS, core ? 1 : 0, core,
        "a", a.coreTerms().terms(), "b", b.coreTerms().terms(), "note", "coarse bucket, not a verdict"));

    KeywordFingerprint.Rules r = a.keywords().compare(b.keywords(), t.keywordWeightDistance());
    out.add(score(Method.KEYWORDS_DES, r.des() ? 1 : 0, r.des()));
    out.add(score(Method.KEYWORDS_CON, r.con() ? 1 : 0, r.con(), "a", List.of(a.keywords().terms()), "b", List.of(b.keywords().terms())));
    out.add(score(Method.KEYWORDS_SORT, r.sort() ? 1 : 0, r.sort()));
    out.add(score(Method.KEYWORDS_CON_WEIGHTED, r.con() ? 1 - r.conDistance() : 0, r.conWeighted(), "a", t.keywordWeightDistance()));
    out.add(score(Method.KEYWORDS_SORT_WEIGHTED, r.sort() ? 1 - r.sortDistance() : 0, r.sortWeighted(), "a", t.keywordWeightDistance()));

    boolean imatch = a.imatch().matches(b.imatch());
    out.add(score(Method.IMATCH, imatch ? 1 : 0, imatch, "a_features", a.imatch().features(), "b_features", b.imatch().features()));

    boolean freq = a.frequentTerms().matches(b.frequentTerms());
    out.add(score(Method.FREQUENT_TERMS, freq ? 1 : 0, freq, "a_terms", a.frequentTerms().terms(), "b_terms", b.frequentTerms().terms()));

    int seg = a.segments().matches(b.segments());
    out.add(score(Method.SEGMENTS, seg, a.segments().isDuplicate(b.segments(), t.segmentsToMatch()),
        "a_segments", a.segments().hashes().length, "b_segments", b.segments().hashes().length, "m", t.segmentsToMatch()));

    boolean alone = site.template().isEmpty() && site.siblingJaccard() == 0;
    CombinedRule.Outcome c = exact ? null : alone ? CombinedRule.evaluatePair(FineSignature.of(a), FineSignature.of(b), site, t)
        : CombinedRule.evaluate(FineSignature.of(a), FineSignature.of(b), site, t);
    // one text under two names: the detector's exact check keeps twins apart as the fine rule does
    boolean twins = exact && FineSignature.of(a).names().namesAnother(FineSignature.of(b).names(), t.titleNameMentions());
    out.add(twins
        ? score(Method.COMBINED, 0, false, "decided_by", null, "exact", true, "twin_names", true)
        : exact
        ? score(Method.COMBINED, 1, true, "decided_by", Method.EXACT.key())
        : score(Method.COMBINED, c.duplicate() ? 1 : 0, c.duplicate(),
            "decided_by", c.decidedBy() == null ? null : c.decidedBy().key(), "hamming", c.hamming(),
            "jaccard_estimate_8bit", c.jaccard(), "same_site", c.sameSite(), "same_title", c.sameTitle(), "own_jaccard", c.ownJaccard(),
            "template_share", c.templateShare(), "sibling_jaccard", c.siblingJaccard(),
            "containment_estimate", c.containment(), "size_ratio", c.sizeRatio(),
            "boundary_score", c.boundaryScore(), "longest", c.longest(), "twin_names", c.twinNames(),
            "name_jaccard", c.nameJaccard(), "names_apart", c.namesApart(),
            "lists", c.lists(), "short_pages", c.shortPages(), "two_scripts", c.twoScripts(),
            "views", c.views()));
    return out;
  }

  private static MethodScore score(Method m, double s, boolean dup, Object... kv) {
    Map<String, Object> d = new LinkedHashMap<>();
    for (int i = 0; i + 1 < kv.length; i += 2) d.put((String) kv[i], kv[i + 1]);
    return new MethodScore(m, s, dup, d);
  }
}
