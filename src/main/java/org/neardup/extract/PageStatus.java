package org.neardup.extract;

/**
 * What extraction made of a page. Extraction never throws on bad input: it returns a {@link Page}
 * with one of these and a message saying what was wrong with which input.
 */
public enum PageStatus {
  /** Main text was found. */
  OK,
  /** The page was larger than the configured limit; only the first part was used. */
  TRUNCATED,
  /** No bytes, or only white space. */
  EMPTY,
  /** The bytes are not text (binary: images, archives, PDFs...). */
  NOT_TEXT,
  /** The page parsed, but no main text survived boilerplate removal (menus, footers only). */
  NO_MAIN_TEXT;

  /** True when the page carries text worth fingerprinting. */
  public boolean hasText() {
    return this == OK || this == TRUNCATED;
  }
}
