package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ContentDigestTest {
  /** White space is every char Character.isWhitespace names, and nothing else. */
  @Test
  void dropsExactlyWhiteSpace() {
    StringBuilder all = new StringBuilder();
    StringBuilder kept = new StringBuilder();
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      all.append((char) c);
      if (!Character.isWhitespace((char) c)) kept.append((char) c);
    }
    assertEquals(new ContentDigest(Hashes.md5(kept.toString())), ContentDigest.of(all.toString()));
  }
}
