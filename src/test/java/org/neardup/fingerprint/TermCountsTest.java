package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TermCountsTest {
  @Test
  void idsInFirstOccurrenceOrderWithCounts() {
    TermCounts c = TermCounts.of(List.of("b", "a", "b", "油田", "a", "b"), t -> t.length());
    assertEquals(3, c.size());
    assertEquals(6, c.total());
    assertEquals(List.of("b", "a", "油田"), List.of(c.term(0), c.term(1), c.term(2)));
    assertEquals(List.of(3, 2, 1), List.of(c.count(0), c.count(1), c.count(2)));
    assertEquals(2, c.id("油田"));
    assertEquals(-1, c.id("c"));
    assertEquals(List.of(1, 0, 2), List.of(c.rank(0), c.rank(1), c.rank(2)));
    assertEquals(2.0, c.idf(2));
  }

  /** Ranks follow String.compareTo, also for shared prefixes, prefixes of each other, NUL and high chars. */
  @Test
  void ranksAreStringOrder() {
    Random rnd = new Random(5);
    char[] alphabet = {'a', 'b', 'c', '\0', 'Z', '油', '田', '\uffff', '\ud83d', '\ude00', '中'};
    for (int trial = 0; trial < 300; trial++) {
      List<String> terms = new ArrayList<>();
      int n = rnd.nextInt(trial < 290 ? 300 : 3000);
      for (int i = 0; i < n; i++) {
        char[] t = new char[1 + rnd.nextInt(6)];
        for (int k = 0; k < t.length; k++) t[k] = alphabet[rnd.nextInt(trial % 2 == 0 ? 3 : alphabet.length)];
        terms.add(new String(t));
      }
      TermCounts c = TermCounts.of(terms, t -> 1.0);
      Map<String, Integer> counts = new LinkedHashMap<>();
      for (String t : terms) counts.merge(t, 1, Integer::sum);
      String[] sorted = counts.keySet().toArray(new String[0]);
      Arrays.sort(sorted);
      assertEquals(counts.size(), c.size());
      for (int r = 0; r < sorted.length; r++) {
        int id = c.byRank(r);
        assertEquals(sorted[r], c.term(id), "trial " + trial + " rank " + r);
        assertEquals(r, c.rank(id));
        assertEquals(counts.get(sorted[r]), c.count(id));
      }
    }
  }

  /** More distinct terms than 16 bits of id take the plain comparison sort. */
  @Test
  void manyDistinctTerms() {
    List<String> terms = new ArrayList<>();
    for (int i = 70_000; i > 0; i--) terms.add("t" + i);
    TermCounts c = TermCounts.of(terms, t -> 1.0);
    String[] sorted = terms.toArray(new String[0]);
    Arrays.sort(sorted);
    for (int r = 0; r < sorted.length; r++) assertEquals(sorted[r], c.term(c.byRank(r)));
  }

  @Test
  void joinedUtf8IsTheJoinedString() {
    TermCounts c = TermCounts.of(List.of("油田", "a", "é", "\ud83d\ude00"), t -> 1.0);
    assertArrayEquals("é,油田,\ud83d\ude00".getBytes(StandardCharsets.UTF_8),
        c.joinUtf8(new int[] {2, 0, 3}, 3, ','));
    assertArrayEquals(new byte[0], c.joinUtf8(new int[0], 0, ','));
  }
}
