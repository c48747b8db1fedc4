package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Worked examples of the methods (docs/METHODS.md) on small inputs: MinHash on integer sets, a
 * Chinese article against its rewrite and an unrelated article, the sentence-boundary score, the
 * core terms of a page's metadata.
 */
class WorkedExamplesTest {
  static final String TITLE = "美国得克萨斯州西部一座油田发生爆炸";
  static final Fingerprints OIL = Fixtures.of(TITLE, Fixtures.resource("oil-original.txt"));
  static final Fingerprints REWRITE = Fixtures.of(TITLE, Fixtures.resource("oil-rewrite.txt"));
  static final Fingerprints BANK = Fixtures.of("银行理财收益率突破7%", Fixtures.resource("bank.txt"));

  /**
   * Of the sets B, C and D, A is closest to D. Keeping the 4 smallest elements of each set (a
   * bottom-k sketch) ranks them so; MinHash with 256 permutations and exact Jaccard rank the sets
   * the same way.
   */
  @Test
  void minHashRanksSetsAsBottomKAndJaccardDo() {
    long[] a = {1, 7, 5, 9, 3, 11, 15, 13};
    long[] b = {10, 8, 2, 4, 6, 0, 1, 16};
    long[] c = {100, 700, 500, 900, 300, 1100, 1500, 1300};
    long[] d = {1, 3, 2, 4, 6, 5, 8, 7};
    // Bottom-4 overlaps are 1, 0 and 2.
    assertEquals(1, bottom4Overlap(a, b));
    assertEquals(0, bottom4Overlap(a, c));
    assertEquals(2, bottom4Overlap(a, d));

    MinHash mh = new MinHash(256, 7);
    long[] sa = mh.signature(hashed(a));
    double ab = MinHash.estimate(sa, mh.signature(hashed(b)));
    double ac = MinHash.estimate(sa, mh.signature(hashed(c)));
    double ad = MinHash.estimate(sa, mh.signature(hashed(d)));
    assertTrue(ad > ab && ab > ac, "A-D " + ad + ", A-B " + ab + ", A-C " + ac);
    assertEquals(4.0 / 12, Shingles.jaccard(sorted(a), sorted(d)), 1e-9);
  }

  private static int bottom4Overlap(long[] x, long[] y) {
    var bx = Arrays.stream(x).sorted().limit(4).boxed().collect(Collectors.toSet());
    return (int) Arrays.stream(y).sorted().limit(4).filter(v -> bx.contains(v)).count();
  }

  private static long[] hashed(long[] xs) {
    return Arrays.stream(xs).map(Hashes::fmix64).sorted().toArray();
  }

  private static long[] sorted(long[] xs) {
    return Arrays.stream(xs).sorted().toArray();
  }

  /**
   * An oil-field article and its "伪原创" (pseudo-original) rewrite (synonym swaps, sentences moved
   * between paragraphs) against an unrelated bank article. Measured here: 5-character shingle
   * Jaccard 0.39 vs 0.00 (a Jaccard of 0.2 is often taken to suffice for a search engine); SimHash
   * distance 14 vs 40 of 64 bits. The rewrite changes too many words for SimHash at k = 3 (it needs
   * a cosine similarity of about 0.98), so SimHash ranks the pair as close, not as duplicates.
   */
  @Test
  void aRewriteIsCaughtAndAnUnrelatedArticleIsNot() {
    MatchThresholds t = MatchThresholds.defaults();
    Map<Method, MethodScore> rewrite = byMethod(PairComparison.compare(OIL, REWRITE, t));
    Map<Method, MethodScore> bank = byMethod(PairComparison.compare(OIL, BANK, t));

    assertTrue(rewrite.get(Method.SHINGLES).duplicate(), rewrite.get(Method.SHINGLES).toString());
    assertTrue(rewrite.get(Method.MINHASH).duplicate(), rewrite.get(Method.MINHASH).toString());
    assertTrue(rewrite.get(Method.COMBINED).duplicate(), rewrite.get(Method.COMBINED).toString());
    assertTrue(rewrite.get(Method.CORE_TERMS).duplicate(), "same title: same core-term bucket");
    assertTrue(rewrite.get(Method.SHINGLES).score() > 0.3);
    assertTrue(rewrite.get(Method.SIMHASH).score() <= 16, rewrite.get(Method.SIMHASH).toString());
    assertTrue(bank.get(Method.SIMHASH).score() >= 28, bank.get(Method.SIMHASH).toString());

    for (MethodScore s : bank.values()) {
      assertFalse(s.duplicate(), "unrelated article called a duplicate by " + s);
    }
    for (MethodScore s : byMethod(PairComparison.compare(REWRITE, BANK, t)).values()) {
      assertFalse(s.duplicate(), "unrelated article called a duplicate by " + s);
    }
  }

  /** Sentence-boundary score: title 1.5, parts 1.0 each, duplicate at 3. */
  @Test
  void sentenceBoundaryScore() {
    SentenceBoundary a = new SentenceBoundary(11, new long[] {1, 2, 3}, 30);
    double tw = SentenceBoundary.TITLE_WEIGHT;
    assertEquals(4.5, a.score(new SentenceBoundary(11, new long[] {1, 2, 3}, 30), tw));
    assertEquals(3.5, a.score(new SentenceBoundary(11, new long[] {1, 2, 9}, 30), tw)); // title + 2 parts
    assertEquals(3.0, a.score(new SentenceBoundary(12, new long[] {1, 2, 3}, 30), tw)); // 3 parts, new title
    assertEquals(2.5, a.score(new SentenceBoundary(11, new long[] {1, 8, 9}, 30), tw)); // title + 1: not a copy
    assertEquals(2.0, a.score(new SentenceBoundary(12, new long[] {1, 2, 9}, 30), tw));
    assertTrue(3.5 >= SentenceBoundary.DUPLICATE_SCORE && 2.5 < SentenceBoundary.DUPLICATE_SCORE);
  }

  /** The sentence-boundary string: two characters on each side of ，。！？. */
  @Test
  void boundaryCharacters() {
    assertEquals("爆炸造成死亡另有受伤", SentenceBoundary.boundaryString("发生爆炸,造成2名工人死亡,另有9人受伤。"));
    assertEquals("ab" + "cd" + "ef", SentenceBoundary.boundaryString("xab!cd ef?"));
  }

  /** A Sina news page's title, keywords and description and a repost's give one core-term bucket. */
  @Test
  void coreTermsFromMetadata() {
    CoreTerms sina = CoreTerms.of(TitleCleaner.clean("最高法:用人单位隐匿加班证据应该担责_新闻中心_新浪网"),
        "最高法:用人单位隐匿加班证据应该担责,加班费", "最高法:用人单位隐匿加班证据应该担责",
        Fixtures.FINGERPRINTER.analyzer(), IdfTable.prior(), 3);
    CoreTerms repost = CoreTerms.of(TitleCleaner.clean("最高法：用人单位隐匿加班证据应该担责 | 转载网"),
        "加班费,最高法", "最高法:用人单位隐匿加班证据应该担责",
        Fixtures.FINGERPRINTER.analyzer(), IdfTable.prior(), 3);
    assertEquals(3, sina.terms().size(), sina.toString());
    assertEquals(sina.hash(), repost.hash(), sina + " vs " + repost);
    assertEquals("最高法:用人单位隐匿加班证据应该担责", TitleCleaner.clean("最高法:用人单位隐匿加班证据应该担责_新闻中心_新浪网"));
  }

  static Map<Method, MethodScore> byMethod(List<MethodScore> scores) {
    return scores.stream().collect(Collectors.toMap(MethodScore::method, s -> s));
  }
}
