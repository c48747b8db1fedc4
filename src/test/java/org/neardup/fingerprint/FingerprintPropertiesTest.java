package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.neardup.extract.Language;
import org.neardup.text.TextNormalizer;

class FingerprintPropertiesTest {
  static final String TEXT = Fixtures.resource("oil-original.txt");

  @Test
  void identicalTextGivesDistanceZeroAndScoreOne() {
    Fingerprints a = Fixtures.of("美国油田发生爆炸", TEXT);
    Fingerprints b = Fixtures.of("美国油田发生爆炸", TEXT);
    for (MethodScore s : PairComparison.compare(a, b, MatchThresholds.defaults())) {
      if (s.method() == Method.SIMHASH) assertEquals(0, s.score());
      else if (s.method() == Method.SEGMENTS) assertEquals(a.segments().hashes().length, s.score());
      else if (s.method() == Method.SENTENCE_BOUNDARY) assertEquals(4.5, s.score());
      else assertEquals(1.0, s.score(), 1e-9, s.toString());
      if (s.method() != Method.KEYWORDS_DES || a.keywords().desHash() != 0) {
        assertTrue(s.duplicate(), s.toString());
      }
    }
  }

  /** Replacing more and more words moves the SimHash further away, on average over many trials. */
  @Test
  void simhashDistanceGrowsWithEdits() {
    Random rnd = new Random(1);
    List<String> vocab = new ArrayList<>();
    for (int i = 0; i < 2000; i++) vocab.add("w" + i);
    double previous = -1;
    for (double rate : new double[] {0.0, 0.05, 0.2, 0.5}) {
      double sum = 0;
      for (int trial = 0; trial < 40; trial++) {
        List<String> doc = new ArrayList<>();
        for (int i = 0; i < 300; i++) doc.add(vocab.get(rnd.nextInt(vocab.size())));
        List<String> edited = new ArrayList<>(doc);
        for (int i = 0; i < edited.size(); i++) if (rnd.nextDouble() < rate) edited.set(i, "x" + rnd.nextInt(100000));
        sum += SimHash.distance(tf(doc), tf(edited));
      }
      double mean = sum / 40;
      assertTrue(mean > previous || rate == 0, "rate " + rate + ": mean distance " + mean + " after " + previous);
      if (rate == 0) assertEquals(0, mean);
      previous = mean;
    }
  }

  /** SimHash weighted by raw counts. */
  private static long tf(List<String> terms) {
    TermCounts counts = TermCounts.of(terms, t -> 1.0);
    double[] w = new double[counts.size()];
    for (int id = 0; id < w.length; id++) w[id] = counts.count(id);
    return SimHash.of(counts, w);
  }

  /**
   * MinHash estimates Jaccard with standard error sqrt(J(1−J)/k); with k = 256 every estimate on
   * these random sets lies within 4 standard errors (0.125 at J = 0.5).
   */
  @Test
  void minhashEstimateWithinStatedError() {
    Random rnd = new Random(42);
    MinHash mh = new MinHash(256, 99);
    for (int trial = 0; trial < 50; trial++) {
      Set<Long> a = new HashSet<>();
      Set<Long> b = new HashSet<>();
      int shared = 50 + rnd.nextInt(300);
      for (int i = 0; i < shared; i++) { long v = rnd.nextLong(); a.add(v); b.add(v); }
      for (int i = rnd.nextInt(300); i > 0; i--) a.add(rnd.nextLong());
      for (int i = rnd.nextInt(300); i > 0; i--) b.add(rnd.nextLong());
      long[] sa = a.stream().mapToLong(Long::longValue).sorted().toArray();
      long[] sb = b.stream().mapToLong(Long::longValue).sorted().toArray();
      double exact = Shingles.jaccard(sa, sb);
      double est = MinHash.estimate(mh.signature(sa), mh.signature(sb));
      double se = Math.sqrt(exact * (1 - exact) / 256);
      assertEquals(exact, est, 4 * se + 1e-9, "trial " + trial);
      double est8 = MinHash.estimateFromSketch(MinHash.sketch(mh.signature(sa)), MinHash.sketch(mh.signature(sb)));
      assertEquals(exact, est8, 4 * se + 0.02, "8-bit sketch, trial " + trial);
    }
  }

  @Test
  void lshCandidateProbabilityIsAnSCurve() {
    assertEquals(1 - Math.pow(1 - Math.pow(0.5, 4), 32), MinHash.candidateProbability(0.5, 32, 4), 1e-12);
    assertTrue(MinHash.candidateProbability(0.8, 32, 4) > 0.999);
    assertTrue(MinHash.candidateProbability(0.1, 32, 4) < 0.01);
    assertThrows(IllegalArgumentException.class, () -> MinHash.bands(new long[8], 4, 4));
  }

  @Test
  void reorderedParagraphsKeepOrderFreeSignatures() {
    List<String> paras = new ArrayList<>(List.of(TEXT.strip().split("\n")));
    Fingerprints a = Fixtures.of("t", String.join("\n", paras));
    Collections.reverse(paras);
    Fingerprints b = Fixtures.of("t", String.join("\n", paras));
    assertEquals(a.longest(), b.longest());
    // Paragraphs long enough to be segments on their own match wherever they stand; short ones
    // are merged with their neighbour, so moving them changes those segments.
    long longParagraphs = paras.stream().filter(p -> p.length() >= 50).count();
    assertTrue(a.segments().matches(b.segments()) >= longParagraphs - 1,
        a.segments().matches(b.segments()) + " of " + longParagraphs);
    assertTrue(a.imatch().matches(b.imatch()));
    assertTrue(a.frequentTerms().matches(b.frequentTerms()));
    assertTrue(a.keywords().compare(b.keywords(), 0.1).sortWeighted());
    assertFalse(a.digest().equals(b.digest()));
    assertArrayEquals(a.shingles(), b.shingles()); // shingles stay inside paragraphs
  }

  @Test
  void fineSignatureRoundTripsAndRejectsGarbage() {
    FineSignature f = FineSignature.of(Fixtures.of("t", TEXT));
    assertEquals(f, FineSignature.decode(f.encode()));
    assertEquals(1 + 8 + 4 + 1 + 12 + 1 + 20 + 2 + 128 + 4 + 1 + 1 + 1 + 1, f.encode().length,
        "names of title and text: none; flags and the script share: 1 byte each");
    assertThrows(IllegalArgumentException.class, () -> FineSignature.decode(new byte[] {1, 2, 3}));
    assertThrows(IllegalArgumentException.class, () -> FineSignature.decode(new byte[] {9}));
  }

  /** Frequent-terms arithmetic: sum2 = sum1 × Percentage, sum3 = sum2 DIV Sum_interval × Sum_interval. */
  @Test
  void frequentTermsArithmetic() {
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < 23; i++) terms.addAll(Collections.nCopies(30 - i, "t" + i));
    TermCounts counts = TermCounts.of(terms, t -> 1.0);
    assertEquals(16, FrequentTermsFingerprint.of(counts, 0.8, 4).terms()); // 23 × 0.8 = 18 → 16
    assertEquals(18, FrequentTermsFingerprint.of(counts, 0.8, 1).terms());
    assertEquals(0, FrequentTermsFingerprint.of(TermCounts.of(List.of("a", "b"), t -> 1.0), 0.8, 4).terms());
    // Adding one rare word does not change the fingerprint: the kept terms are the frequent ones.
    List<String> plus = new ArrayList<>(terms);
    plus.add("rare");
    assertEquals(FrequentTermsFingerprint.of(counts, 0.8, 4),
        FrequentTermsFingerprint.of(TermCounts.of(plus, t -> 1.0), 0.8, 4));
  }

  /** Keyword rules 4 and 5: Σ(wi − wj)² / (Σwi² + Σwj²) against a. */
  @Test
  void keywordWeightDistance() {
    assertEquals(0, KeywordFingerprint.distance(new double[] {0.5, 0.5}, new double[] {0.5, 0.5}));
    assertEquals(1.0, KeywordFingerprint.distance(new double[] {1, 0}, new double[] {0, 1}), 1e-12);
    assertEquals((0.01 + 0.01) / (0.36 + 0.16 + 0.25 + 0.25),
        KeywordFingerprint.distance(new double[] {0.6, 0.4}, new double[] {0.5, 0.5}), 1e-12);
  }

  @Test
  void segmentsMofN() {
    SegmentSignature a = new SegmentSignature(new long[] {1, 2, 3, 4, 5, 6});
    assertTrue(a.isDuplicate(new SegmentSignature(new long[] {1, 2, 3, 7, 8, 9}), 3));
    assertFalse(a.isDuplicate(new SegmentSignature(new long[] {1, 2, 7, 8, 9, 10}), 3));
    assertTrue(a.isDuplicate(new SegmentSignature(new long[] {4, 5}), 3)); // all of the smaller page
    assertFalse(a.isDuplicate(new SegmentSignature(new long[] {}), 3));
  }

  @Test
  void emptyTextGivesEmptySignaturesNotErrors() {
    Fingerprints f = Fixtures.of("", "");
    assertEquals(0, f.textChars());
    assertEquals(0, f.simhash());
    assertArrayEquals(new long[0], f.shingles());
    assertEquals(0, f.imatch().hash());
    assertEquals(CoreTerms.NONE, f.coreTerms());
  }

  @Test
  void imatchKeepsTopIdfShare() {
    IMatch m = imatch(List.of("aaaa", "bbb", "cc", "d", "aaaa"));
    assertEquals(3, m.features()); // ceil(4 × 0.7)
    assertTrue(m.matches(imatch(List.of("aaaa", "bbb", "cc", "e"))));
    assertFalse(m.matches(imatch(List.of("aaaa", "bbb", "xx"))));
  }

  /** A list's repeated lines count as often as it writes them; prose's count once. */
  @Test
  void aListIsShingledWithItsRepeats() {
    Fingerprints list = Fixtures.of("Member List", ShinglesTest.memberList("double"));
    assertTrue(list.list());
    assertEquals(Shingles.of(TextNormalizer.normalize(ShinglesTest.memberList("double")), Language.EN, 5, 3, true).length,
        list.shingles().length);
    Fingerprints prose = Fixtures.of("", TEXT);
    assertFalse(prose.list());
    assertEquals(Shingles.of(TextNormalizer.normalize(TEXT), prose.language(), 5, 3).length, prose.shingles().length);
  }

  /** I-Match with a term's length as its IDF. */
  private static IMatch imatch(List<String> terms) {
    return IMatch.of(TermCounts.of(terms, t -> t.length()), 0.7);
  }
}
