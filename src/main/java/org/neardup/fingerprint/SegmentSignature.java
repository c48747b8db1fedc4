package org.neardup.fingerprint;

import java.util.Arrays;
import org.neardup.text.Letters;

/**
 * Segment signatures (docs/METHODS.md): paragraphs, small ones merged into
 * the following short ones until a segment has {@code minChars} letters (long paragraphs stand alone), then the {@code count} largest segments
 * each hashed. Two pages are copies when M of their N segment hashes match, wherever the segments
 * stand (reordered paragraphs still match).
 *
 * @param hashes sorted distinct segment hashes
 */
public record SegmentSignature(long[] hashes) {
  public static SegmentSignature of(String normalizedText, int count, int minChars) {
    // The letters and digits of all paragraphs go into one buffer in text order, so a segment (a
    // long paragraph, or short ones merged) is a range of it; strings are made only for the
    // segments that are hashed.
    char[] letters = normalizedText.toCharArray(); // filtered in place, paragraph by paragraph
    int n = 0;
    Ranges segments = new Ranges();
    int pendingFrom = 0; // merged short paragraphs not yet a segment: [pendingFrom, paragraphFrom)
    int paragraphFrom = 0;
    for (int from = 0; from <= letters.length; ) {
      int to = normalizedText.indexOf('\n', from);
      if (to < 0) to = letters.length;
      n = Letters.keep(letters, from, to, n);
      from = to + 1;
      if (n - paragraphFrom >= minChars) {
        // A long paragraph is a segment by itself, so it matches wherever a copy moves it.
        if (paragraphFrom > pendingFrom) segments.add(pendingFrom, paragraphFrom);
        segments.add(paragraphFrom, n);
        pendingFrom = n;
      } else if (n - pendingFrom >= minChars) {
        segments.add(pendingFrom, n);
        pendingFrom = n;
      }
      paragraphFrom = n;
    }
    if (n > pendingFrom) segments.add(pendingFrom, n);
    // The count largest, equal lengths by their text.
    int[] best = new int[Math.min(count, segments.size)];
    int size = 0;
    for (int k = 0; k < segments.size; k++) {
      if (size == best.length && !segments.before(letters, k, best[size - 1])) continue;
      int i = size == best.length ? size - 1 : size++;
      for (; i > 0 && segments.before(letters, k, best[i - 1]); i--) best[i] = best[i - 1];
      best[i] = k;
    }
    long[] h = new long[size];
    for (int i = 0; i < size; i++) {
      int k = best[i];
      h[i] = Hashes.murmur64(new String(letters, segments.from[k], segments.to[k] - segments.from[k]));
    }
    return new SegmentSignature(Arrays.stream(h).sorted().distinct().toArray());
  }

  /** Segments as [from, to) ranges of the letter buffer. */
  private static final class Ranges {
    int[] from = new int[16];
    int[] to = new int[16];
    int size;

    void add(int f, int t) {
      if (size == from.length) {
        from = Arrays.copyOf(from, size * 2);
        to = Arrays.copyOf(to, size * 2);
      }
      from[size] = f;
      to[size++] = t;
    }

    /** Whether segment a ranks before b: longer, or as long and lexicographically smaller. */
    boolean before(char[] letters, int a, int b) {
      int la = to[a] - from[a];
      int lb = to[b] - from[b];
      if (la != lb) return la > lb;
      return Arrays.compare(letters, from[a], to[a], letters, from[b], to[b]) < 0;
    }
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
