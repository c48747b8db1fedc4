package org.neardup.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every pair of sets whose exact Jaccard is at least {@code t}, without comparing all pairs: the
 * prefix filter of All-Pairs (Bayardo, Ma and Srikant, "Scaling up all pairs similarity search",
 * WWW 2007; Chaudhuri, Ganti and Kaushik, ICDE 2006). With each set's elements ordered rarest
 * first, two sets of Jaccard ≥ t share an element among the first {@code |x| - ceil(t·|x|) + 1}
 * of the smaller one, so only sets meeting in those prefixes are compared, and only when their
 * sizes allow t.
 */
public final class SimilarityJoin {
  private SimilarityJoin() {}

  /** A pair {@code a < b} and its Jaccard. */
  public record Match(int a, int b, double jaccard) {}

  /** @param sets sorted distinct arrays; empty sets match nothing */
  public static List<Match> join(List<long[]> sets, double t) {
    if (!(t > 0 && t <= 1)) throw new IllegalArgumentException("Jaccard threshold must be in (0, 1], got " + t);
    Map<Long, Integer> df = new HashMap<>();
    for (long[] s : sets) for (long h : s) df.merge(h, 1, Integer::sum);
    Integer[] bySize = new Integer[sets.size()];
    for (int i = 0; i < bySize.length; i++) bySize[i] = i;
    Arrays.sort(bySize, (x, y) -> Integer.compare(sets.get(x).length, sets.get(y).length));
    Map<Long, List<Integer>> index = new HashMap<>();
    List<Match> out = new ArrayList<>();
    int[] seenBy = new int[sets.size()];
    Arrays.fill(seenBy, -1);
    for (int x : bySize) {
      long[] s = sets.get(x);
      if (s.length == 0) continue;
      Long[] ordered = new Long[s.length];
      for (int i = 0; i < s.length; i++) ordered[i] = s[i];
      Arrays.sort(ordered, (p, q) -> {
        int c = Integer.compare(df.get(p), df.get(q));
        return c != 0 ? c : Long.compare(p, q);
      });
      int prefix = s.length - (int) Math.ceil(t * s.length - 1e-9) + 1;
      for (int i = 0; i < prefix && i < ordered.length; i++) {
        List<Integer> posting = index.computeIfAbsent(ordered[i], k -> new ArrayList<>());
        for (int y : posting) {
          if (seenBy[y] == x) continue;
          seenBy[y] = x;
          // sets come by size, so y is no larger than x
          if (sets.get(y).length < t * s.length) continue;
          double j = SiteOracle.jaccard(s, sets.get(y));
          if (j >= t) out.add(new Match(Math.min(x, y), Math.max(x, y), j));
        }
        posting.add(x);
      }
    }
    return out;
  }
}
