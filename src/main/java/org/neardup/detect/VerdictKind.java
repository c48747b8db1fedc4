package org.neardup.detect;

/** What the detector decided about a page. The lower-case names are the stable output form. */
public enum VerdictKind {
  /** Content not seen before: the page is an original and goes on to the index. */
  UNIQUE,
  /** The same normalised main text was seen before. */
  EXACT,
  /** A near copy of an earlier page. */
  NEAR,
  /** Too little text to judge near-duplication, and no exact copy: passed on like a unique page. */
  SKIPPED,
  /** The store could not be asked and {@code neardup.fail_open} let the page through unchecked. */
  UNCHECKED;

  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public boolean isDuplicate() {
    return this == EXACT || this == NEAR;
  }
}
