package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Term frequency and TF-IDF weights of a page's terms. */
public final class TermWeights {
  private TermWeights() {}

  /** How SimHash weighs terms ({@code neardup.simhash.weighting}). */
  public enum Scheme {
    /** 1 + log(tf): repeated words count, but not linearly. */
    TF,
    /** (1 + log(tf)) · idf: rare words count more. */
    TFIDF;

    public static Scheme parse(String s) {
      for (Scheme x : values()) if (x.name().equalsIgnoreCase(s)) return x;
      throw new IllegalArgumentException("unknown weighting '" + s + "', expected tf or tfidf");
    }
  }

  /** Raw counts, in first-occurrence order. */
  public static Map<String, Integer> counts(List<String> terms) {
    Map<String, Integer> tf = new LinkedHashMap<>();
    for (String t : terms) tf.merge(t, 1, Integer::sum);
    return tf;
  }

  public static Map<String, Double> weights(Map<String, Integer> counts, Scheme scheme, IdfTable idf) {
    Map<String, Double> w = new LinkedHashMap<>();
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      double tf = 1 + Math.log(e.getValue());
      w.put(e.getKey(), scheme == Scheme.TF ? tf : tf * idf.idf(e.getKey()));
    }
    return w;
  }

  /** A term with its weight. */
  public record Weighted(String term, double weight) {}

  /**
   * The {@code n} heaviest terms, heaviest first; ties broken by the term so the order is the same
   * on every machine.
   */
  public static List<Weighted> top(Map<String, Double> weights, int n) {
    List<Weighted> all = new ArrayList<>(weights.size());
    weights.forEach((t, w) -> all.add(new Weighted(t, w)));
    all.sort(Comparator.comparingDouble(Weighted::weight).reversed().thenComparing(Weighted::term));
    return all.subList(0, Math.min(n, all.size()));
  }
}
