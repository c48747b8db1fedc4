package org.neardup.fingerprint;

import java.util.Arrays;

/**
 * MD5 of the normalised main text (seed 000 §1, seed 001): equal digests mean the copies are the
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

  /**
   * Digest of normalised text. White space is dropped first: it is layout, and templates re-wrap
   * paragraphs differently.
   */
  public static ContentDigest of(String normalizedText) {
    char[] kept = new char[normalizedText.length()];
    int n = 0;
    for (int i = 0; i < normalizedText.length(); i++) {
      char c = normalizedText.charAt(i);
      // Printable ASCII and Han are never white space: skip the table lookup for them.
      if ((c > ' ' && c < 0x7F) || (c >= 0x4E00 && c <= 0x9FEA) || !Character.isWhitespace(c)) kept[n++] = c;
    }
    return new ContentDigest(Hashes.md5(new String(kept, 0, n)));
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
