package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The containment match of {@link CombinedRule}: an excerpt of an article (a run of its paragraphs)
 * has a low Jaccard with it only because it is short. Fixture: a news article of 12 paragraphs
 * written for this test (test resource containment/tram-article.txt).
 */
class ContainmentRuleTest {
  static final String[] PARAGRAPHS = article().strip().split("\n\\s*\n");
  static final Fingerprints FULL = Fixtures.of("Council approves Riverside tram extension", String.join("\n\n", PARAGRAPHS));
  /** Paragraphs 1-3 of 12 (about a quarter of the article) under another title. */
  static final Fingerprints EXCERPT = excerpt(0, 3);
  static final MatchThresholds T = MatchThresholds.defaults();

  static String article() {
    try (InputStream in = ContainmentRuleTest.class.getResourceAsStream("/containment/tram-article.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static Fingerprints excerpt(int from, int to) {
    return Fixtures.of("Riverside tram line to reach the hospital", String.join("\n\n", Arrays.copyOfRange(PARAGRAPHS, from, to)));
  }

  @Test
  void containmentFromJaccardAndSetSizes() {
    // A (30) inside B (100): J = 30/100, |A∩B| = 0.3 × 130 / 1.3 = 30, all of A.
    assertEquals(1.0, FineSignature.containment(0.3, 30, 100), 1e-12);
    assertEquals(0.3, FineSignature.containment(0.3, 100, 30), 1e-12);
    // Equal sizes: C = 2J / (1 + J).
    assertEquals(2 * 0.2 / 1.2, FineSignature.containment(0.2, 100, 100), 1e-12);
    // An overestimated J is clamped, unknown sizes give 0.
    assertEquals(1.0, FineSignature.containment(0.5, 10, 1000));
    assertEquals(0.0, FineSignature.containment(0.5, 0, 1000));
  }

  @Test
  void sketchCarriesTheShingleCountAndOnlyItsOwnVersionDecodes() {
    FineSignature f = FineSignature.of(FULL);
    assertEquals(FULL.shingles().length, f.shingles());
    assertEquals(f, FineSignature.decode(f.encode()));
    assertEquals(6, f.encode()[0], "version byte");

    byte[] older = f.encode();
    older[0] = 5;
    assertThrows(IllegalArgumentException.class, () -> FineSignature.decode(older));
    byte[] cut = Arrays.copyOf(f.encode(), f.encode().length - 2);
    assertThrows(IllegalArgumentException.class, () -> FineSignature.decode(cut));
  }

  @Test
  void anExcerptIsContainedThoughItsJaccardIsUnderTheThreshold() {
    assertTrue(Shingles.jaccard(EXCERPT.shingles(), FULL.shingles()) < T.jaccard(), "the Jaccard rule alone misses it");
    CombinedRule.Outcome o = CombinedRule.evaluate(FineSignature.of(EXCERPT), FineSignature.of(FULL), T);
    assertTrue(o.jaccard() < T.jaccard(), o.toString());
    assertTrue(o.sizeRatio() >= T.containmentMinRatio() && o.sizeRatio() < 0.35, o.toString());
    assertTrue(o.containment() >= T.containment(), o.toString());
    assertEquals(Method.CONTAINMENT, o.decidedBy(), o.toString());

    // Pairwise, without an order, the shorter page is taken as the copy, whichever is given first.
    assertEquals(Method.CONTAINMENT, CombinedRule.evaluatePair(FineSignature.of(FULL), FineSignature.of(EXCERPT), T).decidedBy());
    assertEquals(Method.CONTAINMENT, CombinedRule.evaluatePair(FineSignature.of(EXCERPT), FineSignature.of(FULL), T).decidedBy());
  }

  @Test
  void theFullArticleIsNotContainedInAnEarlierExcerpt() {
    CombinedRule.Outcome o = CombinedRule.evaluate(FineSignature.of(FULL), FineSignature.of(EXCERPT), T);
    assertTrue(o.containment() < 0.5, o.toString());
    assertFalse(o.duplicate(), o.toString());
  }

  @Test
  void aSingleParagraphIsUnderTheSizeRatioGuard() {
    FineSignature one = FineSignature.of(excerpt(5, 6));
    CombinedRule.Outcome o = CombinedRule.evaluate(one, FineSignature.of(FULL), T);
    assertTrue(o.sizeRatio() < T.containmentMinRatio(), o.toString());
    assertTrue(o.containment() >= T.containment(), "contained, and estimated so: " + o);
    assertFalse(o.duplicate(), "but a twelfth of the article is a quote: " + o);
    assertEquals(Method.CONTAINMENT, CombinedRule.evaluate(one, FineSignature.of(FULL), T.with("containment_min_ratio", 0.05)).decidedBy());
  }

  @Test
  void pairComparisonReportsExactContainmentAlone() {
    MethodScore c = PairComparison.compare(FULL, EXCERPT, T).stream().filter(s -> s.method() == Method.CONTAINMENT).findFirst().orElseThrow();
    assertEquals(1.0, c.score(), 1e-9, c.toString());
    assertTrue(c.duplicate());
    MethodScore shingles = PairComparison.compare(FULL, EXCERPT, T).stream().filter(s -> s.method() == Method.SHINGLES).findFirst().orElseThrow();
    assertFalse(shingles.duplicate(), shingles.toString());
    MethodScore combined = PairComparison.compare(EXCERPT, FULL, T).stream().filter(s -> s.method() == Method.COMBINED).findFirst().orElseThrow();
    assertTrue(combined.duplicate());
    assertEquals("containment", combined.details().get("decided_by"));

    // Under the ratio guard the score is 0, so a threshold sweep over it is the rule's own.
    MethodScore guarded = PairComparison.compare(FULL, excerpt(5, 6), T).stream().filter(s -> s.method() == Method.CONTAINMENT).findFirst().orElseThrow();
    assertEquals(0, guarded.score());
    assertFalse(guarded.duplicate());
  }

  @Test
  void thresholdsAreValidatedAndChangedByKey() {
    assertEquals(0.75, T.containment());
    assertEquals(0.2, T.containmentMinRatio());
    assertEquals(0.9, T.with("containment", 0.9).containment());
    assertEquals(T.jaccard(), T.with("containment", 0.9).jaccard());
    assertThrows(IllegalArgumentException.class, () -> T.with("containment", 1.5));
    assertThrows(IllegalArgumentException.class, () -> T.with("nonsense", 0.5));
  }
}
