package org.neardup.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a real site is held to, by the oracle ({@link SiteLabels}): the precision of the detector's
 * duplicate calls, the share of the site's distinct pages it drops as duplicates, and its recall of
 * same-page copies (the same page in two editions at oracle Jaccard ≥ {@link SiteLabels#COPY}),
 * for sites that have them.
 *
 * @param precision the least precision: right calls over right and wrong ones
 * @param droppedShare the largest share of distinct pages called duplicates
 * @param samePageRecall the least share of same-page copies caught
 */
public record SiteTargets(double precision, double droppedShare, double samePageRecall) {
  /** Precision ≥ 0.995, at most 0.2 % of distinct pages dropped, same-page recall ≥ 0.97. */
  public static final SiteTargets DEFAULT = new SiteTargets(0.995, 0.002, 0.97);

  /** How many sites of a run meet each target. */
  public record Tally(int sites, int precision, int dropped, int withSamePages, int recall, int all) {}

  /** The targets {@code p} misses, by name: "precision", "dropped", "recall"; empty when it meets them all. */
  public List<String> unmet(EvalResult.SiteResult.Part p) {
    List<String> unmet = new ArrayList<>();
    if (p.precision() < precision) unmet.add("precision");
    if (p.droppedShare() > droppedShare) unmet.add("dropped");
    if (p.samePageCopies > 0 && p.samePageRecall() < samePageRecall) unmet.add("recall");
    return unmet;
  }

  /** The run's real sites, counted by the targets they meet. */
  public Tally tally(List<EvalResult> results) {
    int sites = 0, prec = 0, dropped = 0, withSame = 0, recall = 0, all = 0;
    for (EvalResult.SiteResult.Part p : sites(results).values()) {
      sites++;
      List<String> unmet = unmet(p);
      if (!unmet.contains("precision")) prec++;
      if (!unmet.contains("dropped")) dropped++;
      if (p.samePageCopies > 0) {
        withSame++;
        if (!unmet.contains("recall")) recall++;
      }
      if (unmet.isEmpty()) all++;
    }
    return new Tally(sites, prec, dropped, withSame, recall, all);
  }

  /** The targets, the tally and every site that misses one, as the JSON of {@code eval} gives them. */
  public Map<String, Object> toMap(List<EvalResult> results) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("precision", precision);
    m.put("distinct_dropped_share", droppedShare);
    m.put("same_page_recall", samePageRecall);
    Tally t = tally(results);
    m.put("sites", t.sites());
    m.put("precision_met", t.precision());
    m.put("distinct_dropped_met", t.dropped());
    m.put("sites_with_same_page_copies", t.withSamePages());
    m.put("same_page_recall_met", t.recall());
    m.put("all_met", t.all());
    Map<String, Object> unmet = new LinkedHashMap<>();
    sites(results).forEach((name, p) -> {
      List<String> missed = unmet(p);
      if (!missed.isEmpty()) unmet.put(name, missed);
    });
    m.put("unmet", unmet);
    return m;
  }

  /** The whole-site figures of every real site in the results, by dataset name, in their order. */
  public static Map<String, EvalResult.SiteResult.Part> sites(List<EvalResult> results) {
    Map<String, EvalResult.SiteResult.Part> parts = new LinkedHashMap<>();
    for (EvalResult r : results) {
      if (r.stream != null && r.stream.site != null) parts.put(r.name, r.stream.site.all);
    }
    return parts;
  }
}
