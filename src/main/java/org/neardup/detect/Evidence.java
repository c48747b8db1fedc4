package org.neardup.detect;

import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.fingerprint.CombinedRule;
import org.neardup.index.Candidate;
import org.neardup.index.StoredPage;

/** What the fine rule saw of a pair, as a verdict's scores show it (rounded to three places). */
final class Evidence {
  private Evidence() {}

  /** What the rule saw of {@code page} and the page decided (a unique page's nearest candidate). */
  static Map<String, Object> of(StoredPage page, CombinedRule.Outcome o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", page.id());
    m.put("same_site", o.sameSite());
    if (o.mirrors()) m.put("mirror_sites", true);
    m.put("jaccard_estimate", round(o.jaccard()));
    m.put("own_jaccard", round(o.ownJaccard()));
    m.put("template_share", round(o.templateShare()));
    if (o.sameSite()) m.put("same_title", o.sameTitle());
    m.put("sibling_jaccard", round(o.siblingJaccard()));
    m.put("containment_estimate", round(o.containment()));
    m.put("sentence_boundary", o.boundaryScore());
    if (o.twinNames()) m.put("twin_names", true);
    if (o.nameJaccard() >= 0) m.put("name_jaccard", round(o.nameJaccard()));
    if (o.namesApart()) m.put("names_apart", true);
    if (o.lists()) m.put("lists", true);
    if (o.shortPages()) m.put("short_pages", true);
    if (o.twoScripts()) m.put("two_scripts", true);
    if (o.views()) m.put("views", true);
    return m;
  }

  /** The rule's measures of the match a near verdict names, into {@code scores}. */
  static void ofMatch(Map<String, Object> scores, CombinedRule.Outcome o, Candidate candidate) {
    scores.put("hamming", o.hamming());
    scores.put("jaccard_estimate", round(o.jaccard()));
    scores.put("own_jaccard", round(o.ownJaccard()));
    scores.put("template_share", round(o.templateShare()));
    scores.put("same_site", o.sameSite());
    if (o.mirrors()) scores.put("mirror_sites", true);
    if (o.sameSite()) scores.put("same_title", o.sameTitle());
    scores.put("sibling_jaccard", round(o.siblingJaccard()));
    scores.put("containment_estimate", round(o.containment()));
    scores.put("size_ratio", round(o.sizeRatio()));
    scores.put("sentence_boundary", o.boundaryScore());
    scores.put("longest_sentences", round(o.longest()));
    if (o.nameJaccard() >= 0) scores.put("name_jaccard", round(o.nameJaccard()));
    if (o.shortPages()) scores.put("short_pages", true);
    if (o.twoScripts()) scores.put("two_scripts", true);
    if (o.views()) scores.put("views", true);
    if (candidate != null) {
      scores.put("band_hits", candidate.bandHits());
      scores.put("core_term_match", candidate.coreTermMatch());
    }
  }

  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
