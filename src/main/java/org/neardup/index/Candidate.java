package org.neardup.index;

/**
 * An earlier page that one of the coarse structures proposed as a near duplicate. The store says
 * which structures proposed it; the detector verifies it with the sketch.
 *
 * @param page the candidate as recorded
 * @param original the page the candidate itself copies, when it is a recorded copy; else null
 * @param hamming SimHash Hamming distance to the query, or -1 when the SimHash tables did not propose it
 * @param bandHits how many MinHash LSH bands collided (0 when none)
 * @param coreTermMatch true when the candidate shares the query's core-term bucket
 */
public record Candidate(
    StoredPage page, StoredPage original, int hamming, int bandHits, boolean coreTermMatch) {

  /** The page a duplicate of this candidate copies: the candidate's own original, or itself. */
  public StoredPage effectiveOriginal() {
    return original != null ? original : page;
  }
}
