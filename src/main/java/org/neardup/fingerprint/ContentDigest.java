package org.neardup.fingerprint;

import java.util.Arrays;

/**
 * MD5 of the normalised main text: equal digests mean the copies are the
 * same text after normalisation. Kept as bytes because the exact index keys on all 128 bits.
 */
public record ContentDigest(byte[] bytes) {
  public ContentDigest {
    if (bytes == null || bytes.length != 16) {
      throw new IllegalArgumentException("an MD5 digest has 16 bytes, got "
          + (bytes == null ? "null" : bytes.length));
    }
    bytes = bytes.clone();
  }

  /** Bit c: whether char c is not {@link Character#isWhitespace} white space. */
  private static final long[] NOT_WHITESPACE = new long[(Character.MAX_VALUE + 1) / 64];

  static {
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      if (!Character.isWhitespace((char) c)) NOT_WHITESPACE[c >>> 6] |= 1L << c;
    }
  }

  /**
   * Digest of normalised text. White space is dropped first: it is layout, and templates re-wrap
   * paragraphs differently.
   */
  public static ContentDigest of(String normalizedText) {
    char[] chars = normalizedText.toCharArray();
    int n = 0;
    for (char c : chars) {
      // Adds the table's bit instead of branching on it (see Letters): filtered in place.
      chars[n] = c;
      n += (int) (NOT_WHITESPACE[c >>> 6] >>> c) & 1;
    }
    return new ContentDigest(Hashes.md5(new String(chars, 0, n)));
  }

  /**
   * This digest bound to a page title: the MD5 of the (normalised) title and this digest's bytes. The detector keys pages with too little
   * text for a near check on it: a few dozen letters ("Instruction input.", "From example.com",
   * a licence line the extractor kept) are what many different pages of a site share, so for
   * them only the same text under the same title is the same content.
   */
  public ContentDigest withTitle(String cleanedTitle) {
    byte[] t = cleanedTitle.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] in = Arrays.copyOf(t, t.length + 1 + bytes.length);
    System.arraycopy(bytes, 0, in, t.length + 1, bytes.length);
    return new ContentDigest(Hashes.md5(in));
  }

  @Override
  public byte[] bytes() {
    return bytes.clone();
  }

  public String hex() {
    return Hashes.hex(bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContentDigest d && Arrays.equals(bytes, d.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return hex();
  }
}
