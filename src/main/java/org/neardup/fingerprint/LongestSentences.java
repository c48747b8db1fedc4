package org.neardup.fingerprint;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.neardup.text.Letters;
import org.neardup.text.Sentence;

/**
 * The longest-sentence signature (docs/METHODS.md): the hashes of a page's n longest sentences
 * (n = 5), because long sentences tell pages apart better than short ones and copiers rarely touch
 * all of them. Sentence order does not matter, so reordered copies keep the signature. Compared by
 * overlap: how many of the hashes the two pages share.
 *
 * @param hashes sorted hashes of the longest sentences (fewer when the page has fewer sentences)
 */
public record LongestSentences(long[] hashes) {
  /** Sentences shorter than this (letters and digits) are too generic to be a signature. */
  public static final int MIN_SENTENCE_WEIGHT = 8;

  private record Ranked(String text, int weight) {}

  /** Longest first; equal lengths by text so the choice is the same on every machine. */
  private static final Comparator<Ranked> LONGEST_FIRST = (a, b) -> {
    int c = Integer.compare(b.weight(), a.weight());
    return c != 0 ? c : a.text().compareTo(b.text());
  };

  public static LongestSentences of(List<Sentence> sentences, int count) {
    // Sentence.weight() counts letters over the whole sentence; compute it once per sentence,
    // not in every comparison of the sort.
    Ranked[] ranked = new Ranked[sentences.size()];
    for (int i = 0; i < ranked.length; i++) {
      Sentence s = sentences.get(i);
      ranked[i] = new Ranked(s.text(), s.weight());
    }
    Arrays.sort(ranked, LONGEST_FIRST);
    long[] out = Arrays.stream(ranked)
        .filter(s -> s.weight() >= MIN_SENTENCE_WEIGHT)
        .mapToLong(s -> Hashes.murmur64(Letters.only(s.text())))
        .distinct()
        .limit(count)
        .sorted()
        .toArray();
    return new LongestSentences(out);
  }

  /** Number of shared sentence hashes. */
  public int overlap(LongestSentences other) {
    int common = 0;
    for (long h : hashes) if (Arrays.binarySearch(other.hashes, h) >= 0) common++;
    return common;
  }

  /** Shared hashes over the smaller signature's size: 1 when one page's longest sentences are all in the other. */
  public double score(LongestSentences other) {
    int n = Math.min(hashes.length, other.hashes.length);
    return n == 0 ? 0 : (double) overlap(other) / n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LongestSentences l && Arrays.equals(hashes, l.hashes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }
}
