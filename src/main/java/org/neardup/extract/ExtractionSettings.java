package org.neardup.extract;

/**
 * The knobs of page extraction, in one immutable value so a bolt, the CLI and the tests all build
 * their extractors the same way. Every knob has a documented default; {@link #defaults()} returns
 * them all.
 *
 * @param maxBytes at most this many bytes of a page are decoded and parsed (default 5 MiB). A
 *     larger body is cut to the limit and the page gets {@link PageStatus#TRUNCATED}: main text
 *     sits near the top of real pages, and a hard cap keeps a 20 MB page from blowing the heap.
 * @param sniffBytes how many leading bytes are scanned (as ASCII) for {@code <meta charset>}
 *     (default 4096; HTML5 says 1024, but Chinese portals put long head sections before it).
 * @param maxReplacementShare a declared charset is distrusted when decoding it yields more
 *     replacement characters than this share of the non-ASCII bytes (default 0.05). A few bad
 *     bytes are normal on the web; a GBK page read as UTF-8 yields about one per two bytes.
 * @param minParagraphChars a block shorter than this (in non-blank characters) gives no content
 *     score of its own (default 20, Readability uses 25 including spaces).
 * @param retryBelowChars when the extracted text is shorter than this (non-blank characters, a
 *     Han character counting twice), extraction is retried with less aggressive boilerplate
 *     filters, as Readability does (default 250).
 * @param maxLineLinkDensity an output line whose characters are more than this share link text is
 *     navigation, not content, and is dropped (default 0.5).
 * @param maxControlShare bytes are considered binary (not text) when control characters other
 *     than tab, CR, LF and FF exceed this share of the first 8 KB (default 0.05).
 * @param minMarkerShare the element a page marks as its main content ({@code role="main"}, its
 *     one {@code <main>} or {@code <article>}) is where extraction looks only when it holds at
 *     least this share of the text the body shows (default 0.5): a marker around a teaser or a
 *     heading alone is not the content.
 * @param minProseShare the best-scoring element and the siblings merged with it must hold at least
 *     this share of the prose (non-link text of paragraphs) of the page (default 1/3); when they
 *     hold less, they are a box inside the content (a note, a figure caption, a code example) and
 *     the content is the lowest container around them that leaves less than this share outside.
 */
public record ExtractionSettings(
    int maxBytes,
    int sniffBytes,
    double maxReplacementShare,
    int minParagraphChars,
    int retryBelowChars,
    double maxLineLinkDensity,
    double maxControlShare,
    double minMarkerShare,
    double minProseShare) {

  public static final int DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

  public ExtractionSettings {
    if (maxBytes <= 0) throw new IllegalArgumentException("maxBytes must be > 0, got " + maxBytes);
    if (sniffBytes <= 0) {
      throw new IllegalArgumentException("sniffBytes must be > 0, got " + sniffBytes);
    }
    if (minParagraphChars < 0 || retryBelowChars < 0) {
      throw new IllegalArgumentException("minParagraphChars and retryBelowChars must be >= 0");
    }
    checkShare("maxReplacementShare", maxReplacementShare);
    checkShare("maxLineLinkDensity", maxLineLinkDensity);
    checkShare("maxControlShare", maxControlShare);
    checkShare("minMarkerShare", minMarkerShare);
    checkShare("minProseShare", minProseShare);
  }

  public static ExtractionSettings defaults() {
    return new ExtractionSettings(DEFAULT_MAX_BYTES, 4096, 0.05, 20, 250, 0.5, 0.05, 0.5, 1.0 / 3);
  }

  /** The defaults with another byte limit (the one knob callers change most often). */
  public ExtractionSettings withMaxBytes(int newMaxBytes) {
    return new ExtractionSettings(newMaxBytes, sniffBytes, maxReplacementShare, minParagraphChars,
        retryBelowChars, maxLineLinkDensity, maxControlShare, minMarkerShare, minProseShare);
  }

  private static void checkShare(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0,1], got " + value);
    }
  }
}
