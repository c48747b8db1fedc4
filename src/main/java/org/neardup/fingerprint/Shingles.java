package org.neardup.fingerprint;

import java.util.Arrays;
import org.neardup.extract.Language;
import org.neardup.text.LanguageGuesser;
import org.neardup.text.Letters;

/**
 * Shingles (Broder 1997): the set of n-grams of a text, each hashed to 64 bits, compared by
 * Jaccard |A∩B| / |A∪B|. Chinese is shingled by characters (5 by default), with punctuation
 * and white space removed so re-punctuated copies shingle the same; other text by words.
 */
public final class Shingles {
  private Shingles() {}

  /** {@link #of(String, Language, int, int, boolean)} for prose: a shingle counts once. */
  public static long[] of(String normalizedText, Language language, int charN, int wordN) {
    return of(normalizedText, language, charN, wordN, false);
  }

  /**
   * Sorted distinct shingle values of normalised text. Shingles do not span paragraph breaks, so a
   * copy with its paragraphs reordered has the same set; only a break between two items is spanned,
   * by values of their own ({@link Joins}), since the order of items is part of a list.
   * Consecutive lines shorter than n units (the items of a list, a table's cells, a heading) are
   * shingled as one run: one by one, each item would be a shingle of its own and two lists would
   * compare as sets of items, so a class's member list, which names again the members it inherits,
   * would equal its parent's. A run shorter than n units is one shingle. Empty for a text without
   * letters or digits.
   *
   * @param repeats whether the k-th repeat of a shingle is a value of its own (the text's multiset
   *     of shingles, {@link #numberRepeats}): for lists ({@link ItemList}), whose lines repeat
   *     what tells them apart ("digits (defined in numeric_limits&lt;double&gt;)" under each
   *     member). Prose repeats mostly its site's boilerplate, which counted repeats would weigh up.
   */
  public static long[] of(String normalizedText, Language language, int charN, int wordN, boolean repeats) {
    int n = language == Language.ZH ? charN : wordN;
    // About one shingle per character in Chinese, one per word otherwise; grown when short.
    long[] out = new long[16 + (language == Language.ZH ? normalizedText.length() : normalizedText.length() / 4)];
    int size = 0;
    // A shingle is hashed as the UTF-8 bytes of its units, each followed by one space. Written
    // into one buffer as "u0 u1 u2 ... ", every shingle is a contiguous slice of it, so each is
    // hashed in place: no String per unit, per shingle, nor a byte[] per shingle.
    Units units = new Units();
    Joins joins = new Joins(n);
    // whether the first and the last line of the run of short lines being gathered are items
    boolean runOpensWithItem = false;
    boolean runEndsWithItem = false;
    for (int from = 0; from <= normalizedText.length(); ) {
      int to = normalizedText.indexOf('\n', from);
      if (to < 0) to = normalizedText.length();
      int run = units.count;
      if (language == Language.ZH) characters(normalizedText, from, to, units);
      else words(normalizedText, from, to, units);
      boolean item = units.count > run && ItemList.isItem(normalizedText, from, to);
      from = to + 1;
      if (units.count - run >= n) {
        // a paragraph: the run of short lines before it, then the paragraph, each apart
        if (size + units.count + 1 > out.length) out = Arrays.copyOf(out, Math.max(out.length * 2, size + units.count + 1));
        size = shingle(units, 0, run, n, out, size);
        joins.next(units, 0, run, runOpensWithItem, runEndsWithItem);
        size = shingle(units, run, units.count, n, out, size);
        joins.next(units, run, units.count, item, item);
        units.clear();
      } else if (units.count > run) {
        if (run == 0) runOpensWithItem = item;
        runEndsWithItem = item;
      }
    }
    joins.next(units, 0, units.count, runOpensWithItem, runEndsWithItem);
    if (size + units.count + 1 + joins.size > out.length) out = Arrays.copyOf(out, size + units.count + 1 + joins.size);
    size = shingle(units, 0, units.count, n, out, size);
    if (!repeats) {
      size = joins.copyTo(out, size);
      RadixSort.sortSpread(out, size);
    } else {
      RadixSort.sortSpread(out, size);
      boolean numbered = numberRepeats(out, size);
      // after the repeats are numbered: a break between items repeats the list's template (a
      // header's name after every entry), and counted it would weigh that up
      size = joins.copyTo(out, size);
      if (numbered || joins.size > 0) RadixSort.sortSpread(out, size);
    }
    int distinct = 0;
    for (int i = 0; i < size; i++) {
      if (distinct == 0 || out[i] != out[distinct - 1]) out[distinct++] = out[i];
    }
    return Arrays.copyOf(out, distinct);
  }

  /**
   * Makes the k-th repeat of a shingle (k >= 1) a value of its own, in sorted {@code out[0,
   * size)}: the set is then the text's multiset of shingles, so a line a page repeats counts as
   * often as it is written, as a weighted MinHash counts a repeated element (Chum, Philbin and
   * Zisserman 2008). Returns whether anything was repeated (and the array needs sorting again).
   */
  private static boolean numberRepeats(long[] out, int size) {
    boolean any = false;
    for (int i = 1, k = 0; i < size; i++) {
      if (out[i] == out[i - k - 1]) {
        k++;
        out[i] = Hashes.fmix64(out[i] ^ k * 0x9E3779B97F4A7C15L);
        any = true;
      } else {
        k = 0;
      }
    }
    return any;
  }

  /**
   * Hashes the n-unit shingles of units [from, to) into out at size, one when there are fewer than
   * n; returns the new size.
   */
  private static int shingle(Units units, int from, int to, int n, long[] out, int size) {
    if (to <= from) return size;
    int count = Math.max(1, to - from - n + 1);
    for (int i = from; i < from + count; i++) {
      int start = units.starts[i];
      int end = units.starts[Math.min(i + n, to)];
      out[size++] = Hashes.murmur64(units.bytes, start, end - start, 0L);
    }
    return size;
  }

  /**
   * The order of a list's items: the shingles that span each break between two consecutive items
   * ({@link ItemList#isItem}: a paragraph or a run of short lines that is an item where the break
   * is), from the last n-1 units of one and the first n-1 of the next (one shingle when the two hold
   * fewer than n), hashed apart from the shingles inside them. Items shingled apart would otherwise
   * compare as a set, and two lists of one site holding the same items in two orders (a class list
   * by name and the class hierarchy) as one. Prose paragraphs get none, so a copy that reorders
   * them has the same set; a list keeps the same values inside an article and alone.
   */
  private static final class Joins {
    private static final long SEED = 0x6A6F696E73L; // "joins"
    private final int n;
    /** The units around one break, as UTF-8 each followed by a space; starts[count] is the end. */
    private byte[] bytes = new byte[64];
    private final int[] starts;
    private int count;
    /** How many of the units are the last ones of the segment before the break (0: none yet). */
    private int tail;
    /** Whether the segment before the break ends with an item. */
    private boolean tailIsItem;
    /** The shingles across breaks so far. */
    private long[] values = new long[16];
    int size;

    Joins(int n) {
      this.n = n;
      this.starts = new int[2 * n];
    }

    /**
     * Adds the shingles across the break before segment [from, to) of units when an item ends the
     * segment before it and one opens this one.
     */
    void next(Units units, int from, int to, boolean opensWithItem, boolean endsWithItem) {
      if (to <= from) return;
      if (tail > 0 && tailIsItem && opensWithItem) {
        count = tail;
        for (int u = from; u < Math.min(to, from + n - 1); u++) append(units, u);
        if (size + n > values.length) values = Arrays.copyOf(values, Math.max(values.length * 2, size + n));
        if (count < n) {
          values[size++] = Hashes.murmur64(bytes, 0, starts[count], SEED);
        } else {
          // tail holds at most n-1 units, so each shingle across the break starts in it
          for (int i = 0; i < tail && i + n <= count; i++) {
            values[size++] = Hashes.murmur64(bytes, starts[i], starts[i + n] - starts[i], SEED);
          }
        }
      }
      // keep the segment's last n-1 units for the next break
      count = 0;
      for (int u = Math.max(from, to - n + 1); u < to; u++) append(units, u);
      tail = count;
      tailIsItem = endsWithItem;
    }

    /** Copies the shingles across breaks into {@code out} at {@code at}; returns the new size. */
    int copyTo(long[] out, int at) {
      System.arraycopy(values, 0, out, at, size);
      return at + size;
    }

    private void append(Units units, int u) {
      int len = units.starts[u + 1] - units.starts[u];
      int at = starts[count];
      if (at + len > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, at + len));
      System.arraycopy(units.bytes, units.starts[u], bytes, at, len);
      starts[++count] = at + len;
    }
  }

  /**
   * Units of one paragraph, or of one run of short lines, as UTF-8, each followed by a space;
   * starts[count] is the end.
   */
  private static final class Units {
    byte[] bytes;
    int length;
    int[] starts = new int[64];
    int count;

    /** Holds one paragraph or run at a time: starts small and grows with the longest. */
    Units() {
      bytes = new byte[256];
    }

    void clear() {
      length = 0;
      count = 0;
      starts[0] = 0;
    }

    /** Closes the unit just written: its separating space, and where the next one starts. */
    private void endUnit() {
      bytes[length++] = ' ';
      count++;
      if (count + 1 > starts.length) starts = Arrays.copyOf(starts, starts.length * 2);
      starts[count] = length;
    }

    /** Appends one char from U+0800..U+FFFF, not a surrogate, as one unit: 3 UTF-8 bytes. */
    void addBmp(char c) {
      if (length + 4 > bytes.length) bytes = Arrays.copyOf(bytes, bytes.length * 2);
      bytes[length++] = (byte) (0xE0 | c >> 12);
      bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
      bytes[length++] = (byte) (0x80 | c & 0x3F);
      endUnit();
    }

    /** Appends {@code s[from..to)} (whole code points, no lone surrogates) as one unit. */
    void add(String s, int from, int to) {
      if (length + (to - from) * 3 + 1 > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + (to - from) * 3 + 1));
      }
      for (int i = from; i < to; ) {
        char c = s.charAt(i);
        if (c < 0x80) {
          bytes[length++] = (byte) c;
          i++;
          continue;
        }
        int cp = s.codePointAt(i);
        i += Character.charCount(cp);
        if (cp < 0x800) {
          bytes[length++] = (byte) (0xC0 | cp >> 6);
          bytes[length++] = (byte) (0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
          bytes[length++] = (byte) (0xE0 | cp >> 12);
          bytes[length++] = (byte) (0x80 | cp >> 6 & 0x3F);
          bytes[length++] = (byte) (0x80 | cp & 0x3F);
        } else {
          bytes[length++] = (byte) (0xF0 | cp >> 18);
          bytes[length++] = (byte) (0x80 | cp >> 12 & 0x3F);
          bytes[length++] = (byte) (0x80 | cp >> 6 & 0x3F);
          bytes[length++] = (byte) (0x80 | cp & 0x3F);
        }
      }
      endUnit();
    }
  }

  /** Letters and digits one by one, Latin words kept whole (a mixed text's English stays words). */
  private static void characters(String text, int from, int to, Units out) {
    int i = from;
    while (i < to) {
      char c = text.charAt(i);
      if (c >= 0x4E00 && c <= 0x9FEA) { // the common ideographs: most characters, one unit each
        out.addBmp(c);
        i++;
        continue;
      }
      int cp = text.codePointAt(i);
      if (LanguageGuesser.isHan(cp) || (Letters.isLetterOrDigit(cp) && !isLatinOrDigit(cp))) {
        int next = i + Character.charCount(cp);
        out.add(text, i, next);
        i = next;
      } else if (isLatinOrDigit(cp)) {
        int j = i;
        while (j < to && isLatinOrDigit(text.codePointAt(j))) j += Character.charCount(text.codePointAt(j));
        out.add(text, i, j);
        i = j;
      } else {
        i += Character.charCount(cp);
      }
    }
  }

  /** Runs of letters and digits. */
  private static void words(String text, int from, int to, Units out) {
    int i = from;
    while (i < to) {
      int cp = text.codePointAt(i);
      int next = i + Character.charCount(cp);
      if (LanguageGuesser.isHan(cp)) {
        // Chinese inside other text (a partly translated page, a name): a character is a unit,
        // as in Chinese text, not a whole run one word, which would let a page's Chinese
        // paragraphs count for a few shingles against its English ones
        out.add(text, i, next);
      } else if (Letters.isLetterOrDigit(cp)) {
        while (next < to) {
          int c = text.codePointAt(next);
          if (!Letters.isLetterOrDigit(c) || LanguageGuesser.isHan(c)) break;
          next += Character.charCount(c);
        }
        out.add(text, i, next);
      }
      i = next;
    }
  }

  private static boolean isLatinOrDigit(int cp) {
    return (cp < 0x3000 && Letters.isLetterOrDigit(cp) && !LanguageGuesser.isHan(cp));
  }

  /** Hashes two sorted distinct hash arrays have in common (one merge pass). */
  static int common(long[] a, long[] b) {
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) { n++; i++; j++; }
      else if (a[i] < b[j]) i++;
      else j++;
    }
    return n;
  }

  /** Exact Jaccard of two sorted distinct hash arrays; 1 for two empty sets. */
  public static double jaccard(long[] a, long[] b) {
    if (a.length == 0 && b.length == 0) return 1.0;
    int common = common(a, b);
    return (double) common / (a.length + b.length - common);
  }
}
