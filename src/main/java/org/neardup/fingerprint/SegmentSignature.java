package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.neardup.text.Letters;

/**
 * Segment signatures of seed 002 §2, cut the way §9 suggests: paragraphs, small ones merged into
 * the following short ones until a segment has {@code minChars} letters (long paragraphs stand alone), then the {@code count} largest segments
 * each hashed. Two pages are copies when M of their N segment hashes match, wherever the segments
 * stand (reordered paragraphs still match).
 *
 * @param hashes sorted distinct segment hashes
 */
public record SegmentSignature(long[] hashes) {
  public static SegmentSignature of(String normalizedText, int count, int minChars) {
    List<String> segments = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    for (String paragraph : normalizedText.split("\n")) {
      String p = Letters.only(paragraph);
      if (p.length() >= minChars) {
        // A long paragraph is a segment by itself, so it matches wherever a copy moves it.
        flush(pending, segments);
        segments.add(p);
      } else {
        pending.append(p);
        if (pending.length() >= minChars) flush(pending, segments);
      }
    }
    flush(pending, segments);
    segments.sort(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
    long[] h = segments.stream().limit(count).mapToLong(Hashes::murmur64).sorted().distinct().toArray();
    return new SegmentSignature(h);
  }

  private static void flush(StringBuilder pending, List<String> segments) {
    if (pending.length() > 0) segments.add(pending.toString());
    pending.setLength(0);
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
