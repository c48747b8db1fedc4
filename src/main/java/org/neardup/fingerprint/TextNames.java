package org.neardup.fingerprint;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.neardup.text.CodeNames;

/**
 * A bottom-k sketch of the names a page's text writes: identifiers as code writes them ({@link
 * TitleNames#isName}: {@code MACOSX_BUNDLE_ICON_FILE}, {@code Vector3D}, {@code i16}), compared
 * without regard to case. Broder's bottom-k estimate (1997) of two pages' Jaccard over these sets
 * is exact while the two write at most {@value #K} names together.
 *
 * <p>A reference writes one page per item from one template, so two such pages share their
 * sentences, and their shingles agree nearly as a copy's do; what differs is the names in them:
 * the properties {@code MACOSX_FRAMEWORK_ICON_FILE} and {@code MACOSX_FRAMEWORK_IDENTIFIER} on one
 * page, {@code MACOSX_BUNDLE_ICON_FILE} and {@code MACOSX_BUNDLE_GUI_IDENTIFIER} on its sibling; the
 * types {@code Vector2D} and {@code Euclidean2D} on the page of a class for the plane, {@code
 * Vector3D} and {@code Euclidean3D} on that of its namesake for space. A copy keeps the names of
 * what it copies whatever else it changes: a later version of a page adds names to those it had,
 * a localisation or a translation writes the same, a rewritten repost has no reason to rename.
 */
public final class TextNames {
  /** At most this many of the smallest name hashes are kept. */
  public static final int K = 32;

  /** A text without names. */
  public static final TextNames NONE = new TextNames(new char[0]);

  /** The smallest distinct 16-bit name hashes, ascending (unsigned). */
  private final char[] hashes;

  private TextNames(char[] hashes) {
    this.hashes = hashes;
  }

  /**
   * The sketch of the names {@code text} writes. One pass: whether a run of letters, digits and
   * underscores is a name ({@link TitleNames#isName}: a letter, and a mark as {@link
   * CodeNames#isMark} has it) and its hash are taken as it is read.
   */
  public static TextNames of(String text) {
    if (text == null || text.isEmpty()) return NONE;
    // the smallest distinct hashes so far, ascending: insertion into K values beats a tree
    char[] smallest = new char[K];
    int n = 0;
    int length = 0;
    boolean letter = false;
    boolean mark = false;
    long h = SEED;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      boolean small = c >= 'a' && c <= 'z';
      boolean capital = c >= 'A' && c <= 'Z';
      if (small || capital || c >= '0' && c <= '9' || c == '_') {
        letter |= small || capital;
        mark |= CodeNames.isMark(text, i);
        // in lower case: names are compared without regard to case
        h = (h ^ (capital ? c + ('a' - 'A') : c)) * PRIME;
        length++;
      } else {
        if (length > 1 && letter && mark) n = keep(smallest, n, top(h, length));
        length = 0;
        letter = false;
        mark = false;
        h = SEED;
      }
    }
    return n == 0 ? NONE : new TextNames(Arrays.copyOf(smallest, n));
  }

  /**
   * Adds {@code hash} to the first {@code n} values of {@code smallest}, ascending, unless they
   * hold it or it is above all {@value #K} of them; returns how many they are now.
   */
  private static int keep(char[] smallest, int n, char hash) {
    if (n == K && hash >= smallest[K - 1]) return n;
    int at = Arrays.binarySearch(smallest, 0, n, hash);
    if (at >= 0) return n;
    at = -at - 1;
    System.arraycopy(smallest, at, smallest, at + 1, Math.min(n, K - 1) - at);
    smallest[at] = hash;
    return Math.min(n + 1, K);
  }

  /** How many names are kept: the number the text writes, up to {@value #K}. */
  public int size() {
    return hashes.length;
  }

  /**
   * The estimated Jaccard of the two texts' sets of names: of the {@value #K} smallest hashes of
   * both sketches together, the share that both hold. Exact while the two write at most {@value
   * #K} names together; 0 when either writes none.
   */
  public double jaccard(TextNames o) {
    if (hashes.length == 0 || o.hashes.length == 0) return 0;
    int i = 0;
    int j = 0;
    int union = 0;
    int both = 0;
    // the K smallest of the union are among the two sketches' values; a truncated sketch is never
    // read past its end before K values are taken, since all its values count towards them
    while (union < K && (i < hashes.length || j < o.hashes.length)) {
      if (j == o.hashes.length || i < hashes.length && hashes[i] < o.hashes[j]) {
        i++;
      } else if (i == hashes.length || o.hashes[j] < hashes[i]) {
        j++;
      } else {
        both++;
        i++;
        j++;
      }
      union++;
    }
    return (double) both / union;
  }

  /** Bytes of {@link #encode}: a count, then a u16 per hash. */
  int encodedSize() {
    return 1 + 2 * hashes.length;
  }

  void encode(ByteBuffer b) {
    b.put((byte) hashes.length);
    for (char h : hashes) b.putChar(h);
  }

  /** {@link #encode}'s form. */
  static TextNames decode(ByteBuffer b) {
    int n = b.get() & 0xff;
    if (n > K) throw new IllegalArgumentException("sketch lists " + n + " text names, at most " + K);
    if (n == 0) return NONE;
    char[] hashes = new char[n];
    for (int i = 0; i < n; i++) {
      hashes[i] = b.getChar();
      if (i > 0 && hashes[i] <= hashes[i - 1]) throw new IllegalArgumentException("text names out of order in sketch");
    }
    return new TextNames(hashes);
  }

  /** FNV-1a's offset basis and prime: each character of a run is mixed in by a multiply. */
  private static final long SEED = 0xCBF29CE484222325L;
  private static final long PRIME = 0x100000001B3L;

  /** The top 16 bits of a run's hash after MurmurHash3's finaliser. */
  private static char top(long h, int length) {
    return (char) (Hashes.fmix64(h ^ length) >>> 48);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TextNames t && Arrays.equals(hashes, t.hashes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }

  @Override
  public String toString() {
    return "TextNames[" + hashes.length + "]";
  }
}
