package org.neardup.fingerprint;

/**
 * Whether a text is a list of items rather than prose: an index, a table of contents, a menu, the
 * members of a class, the products of a category, the declarations and parameters of a reference
 * page. Most of its lines are items, short lines with no sentence end, and they hold at least half
 * its text.
 *
 * <p>Lists of one site hold each other's items without copying each other: the functions among an
 * index's names, a class's own members among those it inherits, one category's products among
 * another's. So the rules of {@link CombinedRule} that call a page a copy when a part of it is
 * found in another page never apply into a list (containment) or between two (longest sentences),
 * and on one site a list must agree with another as a short page does.
 */
public final class ItemList {
  private ItemList() {}

  /** Fewer items than this are no list. */
  static final int MIN_ITEMS = 4;

  /** An item has at most this many characters. */
  static final int MAX_ITEM_CHARS = 80;

  /** An entry (a name, a dash, what the name is) has at most this many characters. */
  static final int MAX_ENTRY_CHARS = 160;

  /**
   * Whether at least three quarters of the non-blank lines of {@code normalizedText}, and at least
   * {@value #MIN_ITEMS} of them, are items, and the items hold at least half of its characters. An
   * item is a line of at most {@value #MAX_ITEM_CHARS} characters without a sentence end: 。, a
   * question or exclamation mark (normalised text has them half-width), or a full stop before a
   * space or the line's end; the number that opens a numbered item ("1. ", "12) ") is none. An
   * entry of an index is an item too, whatever its end: a line of at most {@value
   * #MAX_ENTRY_CHARS} characters that opens with a name (one word), a dash between spaces and what
   * the name is ("callout.unicode - Use Unicode characters rather than images for callouts.";
   * normalised text writes every dash as "-"). An article with a list under it (a tour's dates, a
   * recipe's ingredients) is prose: its paragraphs hold more of the text.
   */
  public static boolean is(String normalizedText) {
    int lines = 0;
    int chars = 0;
    int items = 0;
    int itemChars = 0;
    int n = normalizedText.length();
    for (int from = 0; from < n; ) {
      int to = normalizedText.indexOf('\n', from);
      if (to < 0) to = n;
      int start = from;
      int end = to;
      from = to + 1;
      while (start < end && Character.isWhitespace(normalizedText.charAt(start))) start++;
      while (end > start && Character.isWhitespace(normalizedText.charAt(end - 1))) end--;
      if (start == end) continue;
      int length = end - start;
      lines++;
      chars += length;
      if (isTrimmedItem(normalizedText, start, end)) {
        items++;
        itemChars += length;
      }
    }
    return items >= MIN_ITEMS && items * 4 >= lines * 3 && itemChars * 2L >= chars;
  }

  /** Whether the line {@code [start, end)} of {@code normalizedText} is an item, as {@link #is} says. */
  static boolean isItem(String normalizedText, int start, int end) {
    while (start < end && Character.isWhitespace(normalizedText.charAt(start))) start++;
    while (end > start && Character.isWhitespace(normalizedText.charAt(end - 1))) end--;
    return start < end && isTrimmedItem(normalizedText, start, end);
  }

  private static boolean isTrimmedItem(String s, int start, int end) {
    int length = end - start;
    return length <= MAX_ITEM_CHARS && !hasSentenceEnd(s, afterNumber(s, start, end), end)
        || length <= MAX_ENTRY_CHARS && isEntry(s, start, end);
  }

  /** Whether the line {@code [start, end)} is a name, " - " and more. */
  private static boolean isEntry(String s, int start, int end) {
    int space = s.indexOf(' ', start);
    return space > start && space + 2 < end && s.charAt(space + 1) == '-'
        && s.charAt(space + 2) == ' ';
  }

  /** Where the line {@code [start, end)} goes on after the number of a numbered item, or start. */
  private static int afterNumber(String s, int start, int end) {
    int i = start;
    while (i < end && i - start < 3 && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
    if (i == start || i + 1 >= end || (s.charAt(i) != '.' && s.charAt(i) != ')')) return start;
    if (!Character.isWhitespace(s.charAt(i + 1))) return start;
    return i + 2;
  }

  /**
   * The sentence ends of {@link #is}; not {@code SentenceSplitter}'s, which also ends a sentence at
   * ; and …: a declaration line ("int abs(int n);") is an item.
   */
  private static boolean hasSentenceEnd(String s, int start, int end) {
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (c == '。' || c == '！' || c == '？' || c == '!' || c == '?') return true;
      if (c == '.' && (i + 1 == end || Character.isWhitespace(s.charAt(i + 1)))) return true;
    }
    return false;
  }
}
