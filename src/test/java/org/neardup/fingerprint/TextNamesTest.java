package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TextNamesTest {
  @Test
  void namesAreIdentifiersAsCodeWritesThem() {
    TextNames n = TextNames.of("Sets BUCKET_REGION and Vector3D, i16 and getSegments() in 2024; plain words, x,"
        + " Colour, 3.11 and e-mail are no names.");
    assertEquals(4, n.size());
    assertEquals(0, TextNames.of("Plain words, 2024 and 3.11 only.").size());
    assertEquals(0, TextNames.of("").size());
    assertEquals(TextNames.NONE, TextNames.of(null));
  }

  @Test
  void twoSmallSetsAreComparedExactlyAndWithoutRegardToCase() {
    TextNames a = TextNames.of("a_1 b_2 c_3 d_4 d_4 D_4");
    TextNames b = TextNames.of("A_1 b_2 e_5 f_6");
    assertEquals(4, a.size(), "each name once, whatever its case");
    assertEquals(2.0 / 6, a.jaccard(b), 1e-9);
    assertEquals(a.jaccard(b), b.jaccard(a), 1e-9);
    assertEquals(1.0, a.jaccard(a), 1e-9);
    assertEquals(0, a.jaccard(TextNames.NONE), 1e-9);
  }

  @Test
  void largeSetsAreEstimatedFromTheirSmallestHashes() {
    StringBuilder a = new StringBuilder();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      if (i < 300) a.append("name_").append(i).append(' ');
      if (i >= 100) b.append("name_").append(i).append(' ');
    }
    TextNames x = TextNames.of(a.toString());
    TextNames y = TextNames.of(b.toString());
    assertEquals(TextNames.K, x.size());
    // 200 of 400 names shared: Jaccard 0.5, estimated from 32 hashes (standard error ≈ 0.09)
    double j = x.jaccard(y);
    assertTrue(j > 0.25 && j < 0.75, "estimate " + j);
  }

  @Test
  void theSketchIsStoredAndReadBack() {
    TextNames n = TextNames.of("Sets BUCKET_REGION, BUCKET_ENDPOINT and MaxRetries.");
    ByteBuffer b = ByteBuffer.allocate(n.encodedSize());
    n.encode(b);
    assertEquals(1 + 2 * 3, b.position());
    assertEquals(n, TextNames.decode(ByteBuffer.wrap(b.array())));
    byte[] tooMany = {(byte) (TextNames.K + 1)};
    assertThrows(IllegalArgumentException.class, () -> TextNames.decode(ByteBuffer.wrap(tooMany)));
    byte[] unordered = {2, 0, 9, 0, 3};
    assertThrows(IllegalArgumentException.class, () -> TextNames.decode(ByteBuffer.wrap(unordered)));
  }
}
