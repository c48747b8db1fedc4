package org.neardup.fingerprint;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the index keeps of a page's fingerprints, and all the detector needs to decide: the exact
 * digest, the coarse keys (SimHash, LSH bands, core terms) and the fine signature that verifies
 * candidates. Small enough to travel in tuple metadata from the parse filter to the bolt.
 *
 * @param textChars letters and digits in the main text (the "too little text" test)
 * @param digest MD5 of the normalised main text
 * @param simhash 64-bit SimHash
 * @param bands MinHash LSH band keys
 * @param coreTerms core-term fingerprint, 0 when the page has too little metadata
 * @param fine the fine signature stored with the page
 */
public record IndexSignature(int textChars, ContentDigest digest, long simhash, long[] bands,
    long coreTerms, FineSignature fine) {

  public IndexSignature {
    if (textChars < 0) throw new IllegalArgumentException("textChars must be >= 0, got " + textChars);
    Objects.requireNonNull(digest, "digest");
    Objects.requireNonNull(bands, "bands");
    Objects.requireNonNull(fine, "fine");
    if (fine.simhash() != simhash) {
      throw new IllegalArgumentException("fine signature's SimHash " + Hashes.hex(fine.simhash())
          + " differs from the page's " + Hashes.hex(simhash));
    }
  }

  public static IndexSignature of(Fingerprints f) {
    return new IndexSignature(f.textChars(), f.digest(), f.simhash(), f.bands(), f.coreTerms().hash(),
        FineSignature.of(f));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IndexSignature s && textChars == s.textChars && digest.equals(s.digest)
        && simhash == s.simhash && Arrays.equals(bands, s.bands) && coreTerms == s.coreTerms
        && fine.equals(s.fine);
  }

  @Override
  public int hashCode() {
    return Objects.hash(digest, simhash, coreTerms);
  }
}
