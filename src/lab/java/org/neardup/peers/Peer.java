package org.neardup.peers;

/**
 * Another crawler's duplicate signature, run in neardup's JVM on neardup's pages: two pages are
 * duplicates for the peer when their signatures are equal. Implementations call the peer's own
 * classes (StormCrawler's parse filter, Nutch's {@code Signature}s); they are not re-implementations.
 * An instance is used by one thread at a time.
 */
public interface Peer {
  /** What the peer's signature reads. */
  enum Source {
    /** the raw bytes of the page */
    BYTES,
    /** all visible text of the page (no boilerplate removal), as a crawler's HTML parser gives it */
    PAGE_TEXT,
    /** neardup's extracted main text */
    MAIN_TEXT
  }

  /** Short name used in tables and JSON, e.g. {@code nutch_text_profile}. */
  String key();

  /** One line: which class, configured how, on which input. */
  String description();

  Source source();

  /** The signature, hex; equal strings = duplicates. */
  String signature(PeerInput page);

  /** A fresh instance for another thread. */
  Peer copy();
}
