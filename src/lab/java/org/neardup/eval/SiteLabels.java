package org.neardup.eval;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The truth of a real-site dataset ({@link Sites}), from the site's structure and the {@link
 * SiteOracle}, never from neardup: a page's key (its path inside its edition: the same key in two
 * editions is the same page), and the oracle's exact Jaccard between the main texts of two pages.
 *
 * <p>Page b is a <em>copy</em> of a when their oracle Jaccard is ≥ {@link #COPY}, or when they are
 * the same page and it is ≥ {@link #NOT}; b is <em>not</em> a copy of a under {@link #NOT}; in
 * between the oracle is unsure (two different pages sharing half their text: a sibling or a copy
 * with edits; neither answer is counted).
 */
public final class SiteLabels {
  /** Oracle Jaccard from which two pages are copies whatever their paths. */
  public static final double COPY = 0.8;
  /** Oracle Jaccard under which two pages are not copies, even the same page in two editions. */
  public static final double NOT = 0.5;

  /** What the oracle says of a pair. */
  public enum Truth { COPY, UNSURE, NOT }

  private final Map<String, String> key = new HashMap<>();
  private final Map<String, String> edition = new HashMap<>();
  private final Map<String, long[]> shingles = new HashMap<>();
  /** Pairs at oracle Jaccard ≥ NOT, both ways. */
  private final Map<String, Map<String, Double>> similar = new HashMap<>();

  void page(String id, String pageKey, String editionLabel, long[] oracleShingles) {
    key.put(id, pageKey);
    edition.put(id, editionLabel);
    shingles.put(id, oracleShingles);
  }

  /** Finds every pair at oracle Jaccard ≥ {@link #NOT} (an exact similarity join). */
  void join(List<String> ids) {
    List<long[]> sets = ids.stream().map(shingles::get).toList();
    for (SimilarityJoin.Match m : SimilarityJoin.join(sets, NOT)) {
      String a = ids.get(m.a());
      String b = ids.get(m.b());
      similar.computeIfAbsent(a, k -> new HashMap<>()).put(b, m.jaccard());
      similar.computeIfAbsent(b, k -> new HashMap<>()).put(a, m.jaccard());
    }
  }

  public String key(String id) {
    return key.get(id);
  }

  public String edition(String id) {
    return edition.get(id);
  }

  public boolean samePage(String a, String b) {
    return key.get(a) != null && key.get(a).equals(key.get(b));
  }

  /** The oracle's Jaccard of two pages' main texts; NaN when both are empty. */
  public double jaccard(String a, String b) {
    Double known = similar.getOrDefault(a, Map.of()).get(b);
    if (known != null) return known;
    long[] x = shingles.get(a);
    long[] y = shingles.get(b);
    return x == null || y == null ? Double.NaN : SiteOracle.jaccard(x, y);
  }

  public Truth truth(String a, String b) {
    double j = jaccard(a, b);
    if (Double.isNaN(j)) return Truth.UNSURE;
    if (j >= COPY || (j >= NOT && samePage(a, b))) return Truth.COPY;
    return j < NOT ? Truth.NOT : Truth.UNSURE;
  }

  /** The pages at oracle Jaccard ≥ {@link #NOT} with {@code id}, and their Jaccard. */
  public Map<String, Double> similar(String id) {
    return similar.getOrDefault(id, Map.of());
  }

  /** The oracle's shingles of a page. */
  long[] shingles(String id) {
    return shingles.get(id);
  }
}
