package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractionEvalTest {

  private static final double EPS = 1e-9;

  @Test
  void tokensAreWordsAndSingleCjkCharacters() {
    assertEquals(List.of("Hello", "world", "42"), ExtractionEval.tokens("Hello, world! 42"));
    assertEquals(List.of("中", "文", "abc", "本"), ExtractionEval.tokens("中文abc本。"));
    assertEquals(List.of(), ExtractionEval.tokens("… — !!"));
  }

  @Test
  void shortTextsGiveOneShortShingleAndEmptyTextsNone() {
    assertEquals(Map.of(List.of("hello", "world"), 1), ExtractionEval.shingles("hello world", 4));
    assertEquals(Map.of(), ExtractionEval.shingles("", 4));
    assertEquals(Map.of(List.of("a", "a", "a", "a"), 2), ExtractionEval.shingles("a a a a a", 4));
  }

  @Test
  void countsAreNormalisedPerPage() {
    // gold shingles: [a b c d], [b c d e]; predicted: [a b c d], [b c d x]
    ExtractionEval.Counts c = ExtractionEval.match("a b c d e", "a b c d x");
    assertEquals(1 / 3.0, c.tp(), EPS);
    assertEquals(1 / 3.0, c.fp(), EPS);
    assertEquals(1 / 3.0, c.fn(), EPS);
    assertEquals(0.5, c.precision(), EPS);
    assertEquals(0.5, c.recall(), EPS);

    ExtractionEval.Counts same = ExtractionEval.match("一二三四五", "一二三四五");
    assertEquals(1, same.precision(), EPS);
    assertEquals(1, same.recall(), EPS);

    // extra text: all gold found, half of the prediction is wrong
    ExtractionEval.Counts extra = ExtractionEval.match("a b c d", "a b c d x y z w");
    assertEquals(1, extra.recall(), EPS);
    assertEquals(1 / 5.0, extra.precision(), EPS); // 1 right shingle of 5 predicted
  }

  @Test
  void aggregateAveragesPrecisionOnlyOverPagesWithAPrediction() {
    ExtractionEval.Counts half = ExtractionEval.match("a b c d e", "a b c d x");
    ExtractionEval.Counts missed = ExtractionEval.match("a b c d e", "");
    assertEquals(0, missed.tp(), EPS);
    assertEquals(1, missed.fn(), EPS);

    ExtractionEval.Scores s = ExtractionEval.aggregate(List.of(half, missed));
    assertEquals(0.5, s.precision(), EPS); // the empty prediction does not count
    assertEquals(0.25, s.recall(), EPS); // but its recall of 0 does
    assertEquals(2 * 0.5 * 0.25 / 0.75, s.f1(), EPS);
  }
}
