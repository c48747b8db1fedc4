package org.neardup.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.SiteContext;
import org.neardup.index.Mirrors;

/**
 * What the candidates of a lookup say of each pair, on sketches written for the test: the page's
 * sketch is all zeros, and a candidate holds the page's value (0) on the positions given and its
 * own id elsewhere, so two candidates agree exactly where both agree with the page.
 */
class NeighboursTest {
  static final int K = 128;
  static final MatchThresholds T = MatchThresholds.defaults();
  static final FineSignature PAGE = sketch(0, 0, K);
  static final long SELF = 100;

  /** A candidate's sketch: the page's value on [from, to) (pairs of bounds), its own id elsewhere. */
  static FineSignature sketch(int id, int... ranges) {
    byte[] m = new byte[K];
    Arrays.fill(m, (byte) id);
    for (int r = 0; r < ranges.length; r += 2) Arrays.fill(m, ranges[r], ranges[r + 1], (byte) 0);
    return new FineSignature(0, 0, new int[0], new int[0], m, 1000);
  }

  static BitSet range(int from, int to) {
    BitSet b = new BitSet(K);
    b.set(from, to);
    return b;
  }

  static Neighbours of(String site, Neighbours.Neighbour... candidates) {
    return new Neighbours("https://" + site + "/page.html", site, Mirrors.NONE, "Title", 0, 0, SELF, PAGE, List.of(candidates), T);
  }

  @Test
  void aCandidatesOwnGroupIsNoSiblingOfIt() {
    // y is a copy of x (recorded by containment, so its Jaccard with x is below the threshold for
    // one site): the text it shares with the page is x's, not the site's
    FineSignature x = sketch(1, 0, 96);
    FineSignature y = sketch(2, 0, 50);
    FineSignature w = sketch(3, 100, 110);
    assertTrue(x.jaccardEstimate(y) < T.sameSiteJaccard());
    Neighbours n = of("b.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", y),
        new Neighbours.Neighbour(3, "https://a.example/p3.html", "a.example", "W", w));
    SiteContext cx = n.context(0);
    assertEquals(range(100, 110), cx.template());
    assertEquals(1, cx.templateSiblings());
    assertEquals(PAGE.jaccardEstimate(w), cx.siblingJaccard(), 1e-9);
    // for w, x and y are both siblings
    SiteContext cw = n.context(2);
    assertEquals(2, cw.templateSiblings());
    assertEquals(range(0, 96), cw.template());
    assertEquals(PAGE.jaccardEstimate(x), cw.siblingJaccard(), 1e-9);
  }

  @Test
  void aCopyOfTheCandidateIsNoSiblingByTheThresholdOfTheirTwoSites() {
    FineSignature x = sketch(1, 0, 96);
    FineSignature sameSiteCopy = sketch(2, 0, 80); // Jaccard with x ≈ 0.62: a copy on one site
    // ≈ 0.31 with x: a copy between two sites only; closer to the page than the sibling below
    FineSignature otherSiteCopy = sketch(3, 0, 40, 96, 128);
    FineSignature sameSiteSibling = sketch(4, 0, 52); // ≈ 0.40: a sibling on one site
    FineSignature otherSiteSibling = sketch(5, 0, 20); // ≈ 0.15
    assertTrue(x.jaccardEstimate(sameSiteCopy) >= T.sameSiteJaccard());
    double between = x.jaccardEstimate(otherSiteCopy);
    assertTrue(between >= T.jaccard() && between < T.sameSiteJaccard(), "" + between);
    assertTrue(PAGE.jaccardEstimate(otherSiteCopy) > PAGE.jaccardEstimate(sameSiteSibling));
    Neighbours n = of("b.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(2, "https://a.example/p2.html", "a.example", "X (print)", sameSiteCopy),
        new Neighbours.Neighbour(3, "https://c.example/p3.html", "c.example", "X", otherSiteCopy),
        new Neighbours.Neighbour(4, "https://a.example/p4.html", "a.example", "S", sameSiteSibling),
        new Neighbours.Neighbour(5, "https://c.example/p5.html", "c.example", "T", otherSiteSibling));
    SiteContext cx = n.context(0);
    assertEquals(range(0, 52), cx.template(), "the template is the sibling on x's site");
    assertEquals(1, cx.templateSiblings());
    assertEquals(PAGE.jaccardEstimate(sameSiteSibling), cx.siblingJaccard(), 1e-9);
  }

  @Test
  void theTemplateIsReadOnTheCandidatesSiteOnlyNotOnThePages() {
    // v shares the page's own site's boilerplate (the positions 100..127), not x's
    FineSignature x = sketch(1, 0, 60);
    FineSignature v = sketch(2, 100, 128);
    Neighbours n = of("b.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(2, "https://b.example/p2.html", "b.example", "V", v));
    SiteContext cx = n.context(0);
    assertTrue(cx.template().isEmpty(), cx.toString());
    assertEquals(0, cx.templateSiblings());
    assertFalse(cx.sameSite());
    assertEquals(PAGE.jaccardEstimate(v), cx.siblingJaccard(), 1e-9, "v is still a neighbour the page is close to");
    SiteContext cv = n.context(1);
    assertTrue(cv.sameSite());
    assertTrue(cv.template().isEmpty(), "x is on another site than v: " + cv);
    assertEquals(PAGE.jaccardEstimate(x), cv.siblingJaccard(), 1e-9);
  }

  @Test
  void aCopyOfThePageIsNobodysSiblingAndMatchesNothing() {
    FineSignature x = sketch(1, 0, 60);
    FineSignature copyOfPage = sketch(2, 0, 120);
    Neighbours n = of("a.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(SELF, "https://a.example/pSELF.html", "a.example", "Title", copyOfPage));
    assertNull(n.signature(1));
    assertNotNull(n.signature(0));
    SiteContext cx = n.context(0);
    assertTrue(cx.template().isEmpty(), cx.toString());
    assertEquals(0, cx.templateSiblings());
    assertEquals(0, cx.siblingJaccard());
  }

  @Test
  void aSketchOfAnotherLengthIsNeitherVerifiedNorASibling() {
    FineSignature x = sketch(1, 0, 60);
    FineSignature other = new FineSignature(0, 0, new int[0], new int[0], new byte[64], 1000);
    Neighbours n = of("a.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(2, "https://a.example/p2.html", "a.example", "Y", other),
        new Neighbours.Neighbour(3, "https://a.example/p3.html", "a.example", "Z", null));
    assertNull(n.signature(1));
    assertNull(n.signature(2));
    assertEquals(0, n.context(0).templateSiblings());
  }

  @Test
  void aTargetWithoutAComparableSketchHasEveryCandidateOutsideItsGroupAsSibling() {
    FineSignature x = sketch(1, 0, 96); // a copy of the target, but its sketch is unknown
    FineSignature w = sketch(2, 100, 110);
    Neighbours n = of("a.example",
        new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "X", x),
        new Neighbours.Neighbour(2, "https://a.example/p2.html", "a.example", "W", w));
    SiteContext inGroup = n.contextFor(1, null, "https://a.example/p1.html", "a.example", "Title");
    assertEquals(range(100, 110), inGroup.template());
    SiteContext outside = n.contextFor(7, null, "https://a.example/p7.html", "a.example", "Other title");
    assertEquals(2, outside.templateSiblings());
    assertTrue(outside.sameSite());
    assertFalse(outside.sameTitle());
  }

  @Test
  void titlesAreComparedOnlyBetweenPagesOfOneSite() {
    Neighbours n = of("b.example", new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "Title", sketch(1, 0, 96)));
    assertFalse(n.context(0).sameSite());
    assertFalse(n.context(0).sameTitle());
    Neighbours m = of("a.example", new Neighbours.Neighbour(1, "https://a.example/p1.html", "a.example", "Title", sketch(1, 0, 96)));
    assertTrue(m.context(0).sameTitle());
    Neighbours unknown = of("", new Neighbours.Neighbour(1, "https:///p1.html", "", "Title", sketch(1, 0, 96)));
    assertFalse(unknown.context(0).sameSite(), "no site key says nothing of one site");
  }

  @Test
  void aTitleTwoOtherOriginalsOfTheSiteCarryNamesNoOnePage() {
    Neighbours.Neighbour name = new Neighbours.Neighbour(1, "https://a.example/asset.html", "a.example", "NAME", sketch(1, 0, 96));
    for (int pages = 0; pages <= 3; pages++) {
      Neighbours n = new Neighbours("https://a.example/attribute.html", "a.example", Mirrors.NONE, "NAME", pages, 0, SELF, PAGE,
          List.of(name), T);
      assertEquals(pages < T.sharedTitlePages(), n.context(0).sameTitle(), pages + " originals under the title");
    }
    Neighbours untitled = new Neighbours("https://a.example/x.html", "a.example", Mirrors.NONE, "", 0, 0, SELF, PAGE, List.of(name), T);
    assertTrue(untitled.context(0).sameTitle(), "a page without a title says nothing");
  }

  @Test
  void aPageOfAnotherNameOnAMirrorIsOnThePagesSite() {
    Mirrors mirrors = Mirrors.ofHashes(new long[] {Mirrors.hash("mirror.example")});
    Neighbours n = new Neighbours("https://help.example/en/sumx.html", "help.example", mirrors, "SUMX", 0, 0, SELF, PAGE,
        List.of(new Neighbours.Neighbour(1, "https://mirror.example/help/en/avgx.html", "mirror.example", "AVGX", sketch(1, 0, 96)),
            new Neighbours.Neighbour(2, "https://mirror.example/help/en-GB/sumx.html", "mirror.example", "SUMX", sketch(2, 0, 96)),
            new Neighbours.Neighbour(3, "https://other.example/avgx.html", "other.example", "AVGX", sketch(3, 0, 96))),
        T);
    SiteContext sibling = n.context(0);
    assertTrue(sibling.sameSite(), "another name on a mirror: a page of the page's site");
    assertTrue(sibling.mirrors());
    assertFalse(sibling.sameTitle());
    SiteContext counterpart = n.context(1);
    assertFalse(counterpart.sameSite(), "the same name on a mirror: the mirror's copy, judged as a repost is");
    assertFalse(counterpart.mirrors());
    assertFalse(n.context(2).sameSite(), "a site that is no mirror");
    Neighbours unlearned = of("help.example",
        new Neighbours.Neighbour(1, "https://mirror.example/help/en/avgx.html", "mirror.example", "AVGX", sketch(1, 0, 96)));
    assertFalse(unlearned.context(0).sameSite());
  }
}
