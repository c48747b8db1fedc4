package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What the page's site changes in {@link CombinedRule}: the stricter Jaccard for two pages of one
 * site, the template positions left out of the estimate, the share of template that leaves a page
 * no near call, and the ratio test against the page's other neighbours. Sketches are built with a
 * known agreement, so each estimate is exact.
 */
class SiteRuleTest {
  static final MatchThresholds T = MatchThresholds.defaults();
  static final int K = 128;

  /** A sketch of K values that no other sketch made here shares by chance. */
  static byte[] sketch(long seed) {
    byte[] b = new byte[K];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** {@code base} with the values at positions [from, to) replaced by those of {@code other}. */
  static byte[] mix(byte[] base, byte[] other, int from, int to) {
    byte[] b = base.clone();
    System.arraycopy(other, from, b, from, to - from);
    return b;
  }

  static FineSignature sig(byte[] minhash) {
    return new FineSignature(0L, 0, new int[0], new int[0], minhash, 400);
  }

  /** A sketch agreeing with {@code a} at exactly the first {@code agree} positions. */
  static byte[] agreeingAt(byte[] a, int agree, long seed) {
    byte[] b = sketch(seed);
    System.arraycopy(a, 0, b, 0, agree);
    for (int i = agree; i < K; i++) if (b[i] == a[i]) b[i] = (byte) (a[i] + 1);
    return b;
  }

  @Test
  void theSameSimilarityIsACopyAcrossSitesAndASiblingOnOneSite() {
    byte[] a = sketch(1);
    FineSignature page = sig(a);
    FineSignature earlier = sig(agreeingAt(a, 64, 2)); // Jaccard estimate ≈ 0.5
    CombinedRule.Outcome across = CombinedRule.evaluate(page, earlier, SiteContext.NONE, T);
    assertTrue(across.duplicate(), across.toString());
    assertEquals(Method.MINHASH, across.decidedBy());
    CombinedRule.Outcome oneSite = CombinedRule.evaluate(page, earlier, SiteContext.oneSite(true), T);
    assertFalse(oneSite.duplicate(), oneSite.toString());
    assertTrue(oneSite.sameSite());
    // a copy on one site: most of the text agrees
    CombinedRule.Outcome copy = CombinedRule.evaluate(page, sig(agreeingAt(a, 110, 3)), SiteContext.oneSite(true), T);
    assertTrue(copy.duplicate(), copy.toString());
  }

  /**
   * A short text's sentence-boundary string is a few characters around one or two commas, and
   * pages of unrelated sites share its three parts by chance: the score needs the support of
   * shared text, as the longest sentences and SimHash do.
   */
  @Test
  void theSentenceBoundaryScoreNeedsSharedTextToo() {
    byte[] a = sketch(1);
    int[] parts = {11, 22, 33};
    FineSignature page = new FineSignature(0L, 7, parts, new int[0], a, 400);
    FineSignature unrelated = new FineSignature(-1L, 8, parts, new int[0], agreeingAt(a, 8, 2), 400);
    CombinedRule.Outcome chance = CombinedRule.evaluate(page, unrelated, SiteContext.NONE, T);
    assertEquals(3.0, chance.boundaryScore(), 1e-9);
    assertFalse(chance.duplicate(), "three equal parts, 1 in 16 of the text: " + chance);
    FineSignature rewritten = new FineSignature(-1L, 8, parts, new int[0], agreeingAt(a, 40, 3), 400);
    CombinedRule.Outcome copy = CombinedRule.evaluate(page, rewritten, SiteContext.NONE, T);
    assertTrue(copy.duplicate(), copy.toString());
    assertEquals(Method.SENTENCE_BOUNDARY, copy.decidedBy());
  }

  /**
   * A page and its partial translation share their untranslated part word for word, as much as a
   * rewritten repost shares with its source; what tells them apart is that the text one lacks is in
   * another writing system. Such a pair is held to what two pages of one site need.
   */
  @Test
  void aPartialTranslationIntoAnotherScriptIsHeldToTheBarOfOneSite() {
    byte[] a = sketch(1);
    byte[] half = agreeingAt(a, 64, 2); // Jaccard estimate ≈ 0.5
    FineSignature english = new FineSignature(0L, 0, new int[0], new int[0], a, 400, TitleNames.NONE, false, 0);
    FineSignature rewritten = new FineSignature(0L, 0, new int[0], new int[0], half, 400, TitleNames.NONE, false, 3);
    CombinedRule.Outcome rewrite = CombinedRule.evaluate(rewritten, english, SiteContext.NONE, T);
    assertTrue(rewrite.duplicate(), rewrite.toString());
    assertFalse(rewrite.twoScripts());
    // a third of the words now in Chinese: a translation of part of the page, no copy either way
    FineSignature translated = new FineSignature(0L, 0, new int[0], new int[0], half, 400, TitleNames.NONE, false, 85);
    CombinedRule.Outcome partial = CombinedRule.evaluate(translated, english, SiteContext.NONE, T);
    assertFalse(partial.duplicate(), partial.toString());
    assertTrue(partial.twoScripts());
    assertFalse(CombinedRule.evaluate(english, translated, SiteContext.NONE, T).duplicate());
    // with most of the text still shared it is a copy, as on one site
    FineSignature fewTranslated = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 110, 3), 400,
        TitleNames.NONE, false, 40);
    assertTrue(CombinedRule.evaluate(fewTranslated, english, SiteContext.NONE, T).duplicate());
    assertEquals(translated, FineSignature.decode(translated.encode()), "the sketch keeps the share");
  }

  @Test
  void templatePositionsLeaveTheEstimate() {
    byte[] a = sketch(1);
    // the earlier page agrees with the page at 0..79; 0..47 of that is template (other pages of
    // the site hold those values too)
    FineSignature earlier = sig(agreeingAt(a, 80, 2));
    BitSet template = new BitSet();
    template.set(0, 48);
    SiteContext site = new SiteContext(true, true, template, 0, 0, false, false);
    CombinedRule.Outcome o = CombinedRule.evaluate(sig(a), earlier, site, T);
    assertEquals(0.625, o.jaccard(), 0.01);       // 80 of 128, every position
    assertEquals(32.0 / 80, o.ownJaccard(), 0.01); // 32 of the 80 positions that are the page's own
    assertEquals(48.0 / 128, o.templateShare(), 1e-9);
    assertFalse(o.duplicate(), "what agrees beyond the template is too little: " + o);
    // without the template the same pair is a copy
    assertTrue(CombinedRule.evaluate(sig(a), earlier, SiteContext.oneSite(true), T).duplicate());
  }

  @Test
  void aPageMostlyTemplateIsNoNearCopyOfAnything() {
    byte[] a = sketch(1);
    BitSet template = new BitSet();
    template.set(0, 100); // 78 % template
    CombinedRule.Outcome o = CombinedRule.evaluate(sig(a), sig(a.clone()), new SiteContext(true, true, template, 0, 0, false, false), T);
    assertEquals(1.0, o.ownJaccard(), 1e-9);
    assertFalse(o.duplicate(), o.toString());
    assertNull(o.decidedBy());
  }

  @Test
  void aCandidateMustStandOutFromThePagesOtherNeighbours() {
    byte[] a = sketch(1);
    FineSignature earlier = sig(agreeingAt(a, 90, 2)); // ≈ 0.70
    // another page, not a copy of the earlier one, nearly as close: a family of siblings
    CombinedRule.Outcome family = CombinedRule.evaluate(sig(a), earlier, new SiteContext(false, false, new BitSet(), 0, 0.6, false, false), T);
    assertFalse(family.duplicate(), family.toString());
    assertEquals(0.6, family.siblingJaccard(), 1e-9);
    // the other neighbours far below: the earlier page is the one the page copies
    assertTrue(CombinedRule.evaluate(sig(a), earlier, new SiteContext(false, false, new BitSet(), 0, 0.1, false, false), T).duplicate());
    assertTrue(CombinedRule.evaluate(sig(a), earlier, new SiteContext(true, true, new BitSet(), 0, 0.1, false, false), T).duplicate());
    // the threshold is the sibling ratio
    assertTrue(CombinedRule.evaluate(sig(a), earlier, new SiteContext(false, false, new BitSet(), 0, 0.6, false, false),
        T.with("sibling_ratio", 0.9)).duplicate());
  }

  /**
   * Two views of one thing (a listing and its reference) share most of their sentences: held to
   * the bar of short pages and lists, and never one contained in the other.
   */
  @Test
  void twoViewsOfOneThingNeedTheBarOfShortPagesAndNoContainment() {
    byte[] a = sketch(1);
    FineSignature earlier = sig(agreeingAt(a, 104, 2)); // ≈ 0.81
    SiteContext oneSite = new SiteContext(true, false, new BitSet(), 0, 0, false, false);
    SiteContext views = new SiteContext(true, false, new BitSet(), 0, 0, false, true);
    assertTrue(CombinedRule.evaluate(sig(a), earlier, oneSite, T).duplicate());
    CombinedRule.Outcome o = CombinedRule.evaluate(sig(a), earlier, views, T);
    assertFalse(o.duplicate(), o.toString());
    assertTrue(o.views());
    assertTrue(CombinedRule.evaluate(sig(a), sig(agreeingAt(a, 120, 2)), views, T).duplicate(), "≈ 0.94: a copy still");
    // a page of 240 shingles all in a page of 400 (containment 1, Jaccard 0.6): contained, unless views
    FineSignature part = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 77, 3), 240);
    FineSignature whole = new FineSignature(0L, 0, new int[0], new int[0], a, 400);
    assertTrue(CombinedRule.evaluate(part, whole, new SiteContext(true, true, new BitSet(), 0, 0, false, false),
        T.with("same_site_jaccard", 0.7)).duplicate());
    CombinedRule.Outcome contained = CombinedRule.evaluate(part, whole, new SiteContext(true, true, new BitSet(), 0, 0, false, true),
        T.with("same_site_jaccard", 0.7));
    assertFalse(contained.duplicate(), contained.toString());
    assertThrows(IllegalArgumentException.class, () -> new SiteContext(false, false, new BitSet(), 0, 0, false, true));
  }

  @Test
  void pagesOfOneSiteUnderTwoTitlesNeedTheirWholeTextsToAgree() {
    byte[] a = sketch(1);
    FineSignature earlier = sig(agreeingAt(a, 84, 2)); // ≈ 0.66
    assertTrue(CombinedRule.evaluate(sig(a), earlier, SiteContext.oneSite(true), T).duplicate());
    CombinedRule.Outcome twins = CombinedRule.evaluate(sig(a), earlier, SiteContext.oneSite(false), T);
    assertFalse(twins.duplicate(), twins.toString());
    assertFalse(twins.sameTitle());
    assertTrue(CombinedRule.evaluate(sig(a), sig(agreeingAt(a, 100, 3)), SiteContext.oneSite(false), T).duplicate());
    // across sites a title says nothing: reposts retitle
    assertTrue(CombinedRule.evaluate(sig(a), earlier, SiteContext.NONE, T).duplicate());
    assertTrue(SiteContext.sameTitle("Zoom Motion Blur", " zoom motion  blur"));
    assertFalse(SiteContext.sameTitle("Zoom Motion Blur", "Circular Motion Blur"));
    // a page without a title says nothing about it
    assertTrue(SiteContext.sameTitle("", null));
    assertTrue(SiteContext.sameTitle("Zoom Motion Blur", " "));
  }

  @Test
  void shortPagesOfOneSiteNeedMoreOfTheirTextToAgree() {
    byte[] a = sketch(1);
    FineSignature shortPage = new FineSignature(0L, 0, new int[0], new int[0], a, 21);
    FineSignature shortEarlier = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 84, 2), 22);
    CombinedRule.Outcome o = CombinedRule.evaluate(shortPage, shortEarlier, SiteContext.oneSite(true), T);
    assertFalse(o.duplicate(), "0.66 of 21 shingles on one site: " + o);
    assertTrue(CombinedRule.evaluate(shortPage, shortEarlier, SiteContext.NONE, T).duplicate());
    // 0.86: under the bar, and no excerpt either (containment 0.95) between short pages of one site
    FineSignature near = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 110, 3), 22);
    assertFalse(CombinedRule.evaluate(shortPage, near, SiteContext.oneSite(true), T).duplicate());
    FineSignature closer = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 118, 3), 22);
    CombinedRule.Outcome copy = CombinedRule.evaluate(shortPage, closer, SiteContext.oneSite(true), T);
    assertEquals(Method.MINHASH, copy.decidedBy(), copy.toString());
    // an unknown size (0) is not taken for short
    FineSignature unknown = new FineSignature(0L, 0, new int[0], new int[0], agreeingAt(a, 84, 2), 0);
    assertTrue(CombinedRule.evaluate(sig(a), unknown, SiteContext.oneSite(true), T).duplicate());
  }

  /**
   * A page of a few lines that a longer page holds whole (an operand of "8 dwords" and the one of "8
   * dwords by default, 4 dwords if r128 is specified"): an excerpt across sites, and between long
   * pages of one site, but on one site a short page is a sibling's stub, no copy by containment.
   */
  @Test
  void aShortPageHeldWholeByASiblingIsNoExcerptOfIt() {
    byte[] a = sketch(1);
    byte[] held = agreeingAt(a, 27, 2); // Jaccard ≈ 0.21, the smaller's size over the larger's
    FineSignature shortPage = new FineSignature(0L, 0, new int[0], new int[0], a, 19);
    FineSignature sibling = new FineSignature(0L, 0, new int[0], new int[0], held, 90);
    CombinedRule.Outcome across = CombinedRule.evaluate(shortPage, sibling, SiteContext.NONE, T);
    assertEquals(Method.CONTAINMENT, across.decidedBy(), across.toString());
    CombinedRule.Outcome oneSite = CombinedRule.evaluate(shortPage, sibling, SiteContext.oneSite(true), T);
    assertTrue(oneSite.containment() >= T.sameSiteContainment(), oneSite.toString());
    assertFalse(oneSite.duplicate(), oneSite.toString());
    // ten times the text, in the same proportions: an excerpt on one site
    FineSignature longPage = new FineSignature(0L, 0, new int[0], new int[0], a, 190);
    FineSignature longer = new FineSignature(0L, 0, new int[0], new int[0], held, 900);
    CombinedRule.Outcome excerpt = CombinedRule.evaluate(longPage, longer, SiteContext.oneSite(true), T);
    assertEquals(Method.CONTAINMENT, excerpt.decidedBy(), excerpt.toString());
  }

  /**
   * Two reference pages of one template, each for its own item: most of their text agrees, but
   * each names its own properties. On one site they are siblings; across sites, or when the names
   * agree, the text decides; 0 turns the rule off.
   */
  @Test
  void pagesOfOneSiteThatNameOtherThingsAreNoCopies() {
    byte[] a = sketch(1);
    byte[] b = agreeingAt(a, 100, 2); // Jaccard ≈ 0.78
    TextNames bucket = TextNames.of("Sets BUCKET_REGION, BUCKET_ENDPOINT, BUCKET_RETRIES, MaxRetries and EndpointUrl.");
    TextNames queue = TextNames.of("Sets QUEUE_TOPIC, QUEUE_ENDPOINT, QUEUE_RETRIES, MaxRetries and EndpointUrl.");
    TextNames revised = TextNames.of("Sets BUCKET_REGION, BUCKET_ENDPOINT, BUCKET_RETRIES, BUCKET_CLASS, MaxRetries"
        + " and EndpointUrl.");
    FineSignature page = new FineSignature(0L, 0, new int[0], new int[0], a, 400, TitleNames.NONE, false, 0, bucket);
    FineSignature sibling = new FineSignature(0L, 0, new int[0], new int[0], b, 400, TitleNames.NONE, false, 0, queue);
    CombinedRule.Outcome oneSite = CombinedRule.evaluate(sibling, page, SiteContext.oneSite(true), T);
    assertEquals(2.0 / 8, oneSite.nameJaccard(), 1e-9);
    assertTrue(oneSite.namesApart(), oneSite.toString());
    assertFalse(oneSite.duplicate(), oneSite.toString());
    CombinedRule.Outcome across = CombinedRule.evaluate(sibling, page, SiteContext.NONE, T);
    assertFalse(across.namesApart(), across.toString());
    assertEquals(Method.MINHASH, across.decidedBy(), across.toString());
    FineSignature later = new FineSignature(0L, 0, new int[0], new int[0], b, 400, TitleNames.NONE, false, 0, revised);
    CombinedRule.Outcome version = CombinedRule.evaluate(later, page, SiteContext.oneSite(true), T);
    assertEquals(5.0 / 6, version.nameJaccard(), 1e-9);
    assertEquals(Method.MINHASH, version.decidedBy(), version.toString());
    CombinedRule.Outcome off = CombinedRule.evaluate(sibling, page, SiteContext.oneSite(true),
        T.with("same_site_name_jaccard", 0));
    assertEquals(Method.MINHASH, off.decidedBy(), off.toString());
    // a text of fewer than same_site_min_names names says too little of what it documents
    FineSignature few = new FineSignature(0L, 0, new int[0], new int[0], b, 400, TitleNames.NONE, false, 0,
        TextNames.of("Sets QUEUE_TOPIC and MaxRetries."));
    CombinedRule.Outcome fewNames = CombinedRule.evaluate(few, page, SiteContext.oneSite(true), T);
    assertEquals(-1, fewNames.nameJaccard(), 0);
    assertEquals(Method.MINHASH, fewNames.decidedBy(), fewNames.toString());
  }

  @Test
  void templateOfMarksThePositionsSiblingsShare() {
    byte[] a = sketch(1);
    byte[] sibling1 = mix(sketch(5), a, 0, 10);
    byte[] sibling2 = mix(sketch(6), a, 5, 20);
    byte[] shorter = new byte[K / 2];
    BitSet t = SiteContext.templateOf(a, List.of(sibling1, sibling2, shorter));
    BitSet expected = new BitSet();
    expected.set(0, 20);
    assertEquals(expected, t);
    assertEquals(20.0 / K, new SiteContext(true, true, t, 0, 0, false, false).templateShare(K), 1e-9);
    // the positions two siblings mark by chance do not count (about one of 128 each)
    double chance = 1 - Math.pow(255.0 / 256, 2);
    assertEquals((20.0 / K - chance) / (1 - chance), new SiteContext(true, true, t, 2, 0, false, false).templateShare(K), 1e-9);
    BitSet byChance = new BitSet();
    byChance.set(0, 12); // what 100 unrelated siblings mark by chance, about 0.32 of 128
    assertEquals(0, new SiteContext(true, true, byChance, 100, 0, false, false).templateShare(K), 1e-9);
  }

  @Test
  void newThresholdsAreCheckedAndSweepable() {
    for (String key : List.of("same_site_jaccard", "same_site_containment", "max_template_share", "sibling_ratio",
        "same_site_title_jaccard", "same_site_short_jaccard")) {
      assertTrue(MatchThresholds.SWEEPABLE.contains(key), key);
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> T.with(key, 1.5));
      assertTrue(e.getMessage().contains("1.5"), e.getMessage());
    }
    assertEquals(0.7, T.with("same_site_jaccard", 0.7).sameSiteJaccard());
  }
}
