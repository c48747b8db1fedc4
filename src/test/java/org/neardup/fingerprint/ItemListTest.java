package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemList}, and what {@link CombinedRule} does with a list: an index that holds another
 * index's items, or a class's member list that holds the members it inherits, is no copy of it.
 * Fixtures: the index of a made-up library's functions, written for this test.
 */
class ItemListTest {
  static final MatchThresholds T = MatchThresholds.defaults();

  /** "name() : file.h" lines, as an API index lists functions and macros (every fourth name). */
  static String index(int from, int to, boolean macrosOnly) {
    List<String> lines = new ArrayList<>();
    for (int i = from; i < to; i++) {
      boolean macro = i % 4 == 0;
      if (!macrosOnly || macro) lines.add("bp_" + WORDS[i % WORDS.length] + "_" + i + (macro ? " : bytepack_macros.h" : "() : bytepack.h"));
    }
    return String.join("\n", lines);
  }

  static final String[] WORDS = {"pack", "unpack", "open", "close", "grow", "seek", "flush", "peek", "skip", "mark"};

  @Test
  void aTextOfShortLinesWithoutSentenceEndsIsAList() {
    assertTrue(ItemList.is(index(0, 40, false)));
    assertTrue(ItemList.is("Create (TThread)\nDestroy (TThread)\nExecute (TThread)\nTerminate (TThread)"), "a member list");
    assertTrue(ItemList.is("Contents\n1. Installing\n2. First steps\n3. Configuration\nIndex"), "a table of contents");
    assertFalse(ItemList.is("Create (TThread)\nDestroy (TThread)\nExecute (TThread)"), "three lines are too few");
  }

  @Test
  void proseIsNoList() {
    assertFalse(ItemList.is(String.join("\n", ContainmentRuleTest.PARAGRAPHS)), "a news article");
    // Chinese: sentence ends are 。 and, once normalised, ! and ? before the next character
    assertFalse(ItemList.is("记者从市交通局获悉，新线明年通车。\n票价多少?市民关心\n沿线设站十二座!\n工程进展顺利。"));
    // a page of headings and paragraphs: a quarter of short lines is not most
    assertFalse(ItemList.is("Usage\nThe command reads the file and writes the packed bytes to the output."
        + "\nOptions\nEvery option can be given twice; the last one counts when they disagree."));
  }

  @Test
  void aListHeldInALongerListIsNoContainmentCopy() {
    Fingerprints all = Fixtures.of("Index of names - bytepack", index(0, 90, false));
    Fingerprints macros = Fixtures.of("Index of macros - bytepack", index(0, 90, true));
    assertTrue(all.list() && macros.list());
    FineSignature sub = FineSignature.of(macros);
    CombinedRule.Outcome o = CombinedRule.evaluate(sub, FineSignature.of(all), T);
    assertTrue(o.containment() >= T.containment() && o.sizeRatio() >= T.containmentMinRatio(), "contained: " + o);
    assertTrue(o.lists(), o.toString());
    assertFalse(o.duplicate(), "a filtered index is an index of its own: " + o);

    // The same share of an article is an excerpt, a copy.
    FineSignature prose = new FineSignature(sub.simhash(), sub.titleHash(), sub.parts(), sub.longest(), sub.minhash(),
        sub.shingles(), sub.names(), false);
    assertEquals(Method.CONTAINMENT, CombinedRule.evaluate(prose, FineSignature.of(all), T).decidedBy());
    assertEquals(sub, FineSignature.decode(sub.encode()), "the sketch keeps the flag");
    assertNotEquals(prose, sub);
  }

  @Test
  void aListCopiedOutOfAnArticleIsAnExcerpt() {
    // a story with the list of its stops under it, and the list alone on another site
    String stops = index(0, 60, false);
    Fingerprints article = Fixtures.of("Council approves Riverside tram extension",
        String.join("\n", ContainmentRuleTest.PARAGRAPHS) + "\n" + stops);
    Fingerprints list = Fixtures.of("Riverside tram: the stops", stops);
    assertFalse(article.list(), "the paragraphs hold most of the text");
    assertTrue(list.list());
    CombinedRule.Outcome o = CombinedRule.evaluate(FineSignature.of(list), FineSignature.of(article), T);
    assertFalse(o.lists(), o.toString());
    assertEquals(Method.CONTAINMENT, o.decidedBy(), o.toString());
  }

  @Test
  void listsOfOneSiteMustAgreeAsShortPagesDo() {
    // Two member lists of one site that share most items (those both classes inherit).
    Fingerprints a = Fixtures.of("", index(0, 60, false));
    Fingerprints b = Fixtures.of("", index(6, 66, false));
    double j = Shingles.jaccard(a.shingles(), b.shingles());
    assertTrue(j > 0.75 && j < T.sameSiteShortJaccard(), "J " + j);
    assertTrue(a.shingles().length > T.sameSiteShortShingles(), "not short: " + a.shingles().length);
    SiteContext oneSite = SiteContext.oneSite(true);
    assertFalse(CombinedRule.evaluate(FineSignature.of(b), FineSignature.of(a), oneSite, T).duplicate());
    assertTrue(CombinedRule.evaluate(FineSignature.of(b), FineSignature.of(a), T).duplicate(), "on two sites, a mirror");
  }
}
