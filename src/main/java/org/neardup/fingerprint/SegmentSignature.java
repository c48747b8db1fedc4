package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Segment signatures of seed 002 §2, cut the way §9 suggests: paragraphs, small ones merged into
 * the next until a segment has {@code minChars} letters, then the {@code count} largest segments
 * each hashed. Two pages are copies when M of their N segment hashes match, wherever the segments
 * stand (reordered paragraphs still match).
 *
 * @param hashes sorted distinct segment hashes
 */
public record SegmentSignature(long[] hashes) {
  public static SegmentSignature of(String normalizedText, int count, int minChars) {
    List<String> segments = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String paragraph : normalizedText.split("\n")) {
      current.append(LongestSentences.lettersAndDigits(paragraph));
      if (current.length() >= minChars) {
        segments.add(current.toString());
        current.setLength(0);
      }
    }
    if (current.length() > 0) {
      if (segments.isEmpty()) segments.add(current.toString());
      else segments.set(segments.size() - 1, segments.get(segments.size() - 1) + current);
    }
    segments.sort(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
    long[] h = segments.stream().limit(count).mapToLong(Hashes::murmur64).sorted().distinct().toArray();
    return new SegmentSignature(h);
  }

  public int matches(SegmentSignature o) {
    int m = 0;
    for (long x : hashes) if (Arrays.binarySearch(o.hashes, x) >= 0) m++;
    return m;
  }

  /** M of N: at least {@code m} shared segments, or all of the smaller page's when it has fewer. */
  public boolean isDuplicate(SegmentSignature o, int m) {
    int matches = matches(o);
    int need = Math.min(m, Math.min(hashes.length, o.hashes.length));
    return need > 0 && matches >= need;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SegmentSignature s && Arrays.equals(hashes, s.hashes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }
}
