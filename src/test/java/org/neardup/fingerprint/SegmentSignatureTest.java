package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SegmentSignatureTest {
  /** The segments as first written, with strings: split, filter, merge, sort, hash the first N. */
  static long[] reference(String text, int count, int minChars) {
    List<String> segments = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    for (String paragraph : text.split("\n")) {
      StringBuilder letters = new StringBuilder();
      for (char c : paragraph.toCharArray()) if (Character.isLetterOrDigit(c)) letters.append(c);
      String p = letters.toString();
      if (p.length() >= minChars) {
        if (pending.length() > 0) segments.add(pending.toString());
        pending.setLength(0);
        segments.add(p);
      } else {
        pending.append(p);
        if (pending.length() >= minChars) {
          segments.add(pending.toString());
          pending.setLength(0);
        }
      }
    }
    if (pending.length() > 0) segments.add(pending.toString());
    segments.sort(Comparator.comparingInt(String::length).reversed().thenComparing(s -> s));
    return segments.stream().limit(count).mapToLong(Hashes::murmur64).sorted().distinct().toArray();
  }

  @Test
  void sameAsMergingStrings() {
    Random rnd = new Random(17);
    String alphabet = "ab油, .\n\n\n";
    for (int trial = 0; trial < 2000; trial++) {
      StringBuilder text = new StringBuilder();
      for (int i = rnd.nextInt(trial % 10 == 0 ? 2000 : 200); i > 0; i--) {
        text.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
      }
      int count = 1 + rnd.nextInt(8);
      int minChars = 1 + rnd.nextInt(60);
      assertArrayEquals(reference(text.toString(), count, minChars),
          SegmentSignature.of(text.toString(), count, minChars).hashes(), "trial " + trial);
    }
  }
}
