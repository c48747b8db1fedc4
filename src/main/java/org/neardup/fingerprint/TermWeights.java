package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Comparator;
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

  /** Each term's weight, by id. */
  public static double[] weights(TermCounts counts, Scheme scheme) {
    double[] w = new double[counts.size()];
    for (int id = 0; id < w.length; id++) {
      double tf = 1 + Math.log(counts.count(id));
      w[id] = scheme == Scheme.TF ? tf : tf * counts.idf(id);
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

  /**
   * The same for a page's counted terms with weights by id. A page has hundreds of terms and
   * n is about 10, so the n best are selected in one pass instead of sorting all.
   */
  public static List<Weighted> top(TermCounts counts, double[] weights, int n) {
    int[] best = new int[Math.min(n, counts.size())];
    int size = 0;
    for (int id = 0; id < counts.size(); id++) {
      if (size == best.length && !heavier(counts, weights, id, best[size - 1])) continue;
      int i = size == best.length ? size - 1 : size++;
      for (; i > 0 && heavier(counts, weights, id, best[i - 1]); i--) best[i] = best[i - 1];
      best[i] = id;
    }
    List<Weighted> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) out.add(new Weighted(counts.term(best[i]), weights[best[i]]));
    return out;
  }

  /** Whether term a comes before term b: heavier, or as heavy and lexicographically smaller. */
  private static boolean heavier(TermCounts counts, double[] weights, int a, int b) {
    int c = Double.compare(weights[a], weights[b]);
    return c > 0 || c == 0 && counts.rank(a) < counts.rank(b);
  }
}
