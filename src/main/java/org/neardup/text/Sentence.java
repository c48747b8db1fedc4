package org.neardup.text;

/**
 * One sentence of normalised text.
 *
 * @param text the sentence without its terminator, trimmed
 * @param start offset of the first character in the normalised text
 * @param end offset just past the terminator (or the last character when there is none)
 * @param terminator the punctuation that ended it, or 0 at a paragraph or text end
 */
public record Sentence(String text, int start, int end, char terminator) {
  /** Length in characters that count: letters and digits, so punctuation noise does not rank. */
  public int weight() {
    return Letters.count(text);
  }
}
