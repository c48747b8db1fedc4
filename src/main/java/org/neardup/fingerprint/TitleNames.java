package org.neardup.fingerprint;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;

/**
 * The names a page's title gives, and how often its text repeats each. A name is an identifier as
 * code writes it: a run of ASCII letters, digits and underscores that holds a letter and a digit,
 * an underscore, or a capital after a small letter ({@code is_fifo}, {@code i16}, {@code
 * GFileOutputStream}, {@code ShrAssign}); plain words ({@code std}, {@code Colour}) are not names.
 * Names are compared and counted without regard to case ({@code IPv6} in one edition's title is
 * {@code IPV6} in another's).
 *
 * <p>Reference sites write one page per name from one template: the page of {@code is_fifo} and
 * the page of {@code is_directory} share their example, their "see also" list and every sentence
 * but the name, so their shingles agree as a copy's do. What tells such twins apart is what each
 * is about: each title gives a name the other's does not, and each text repeats its own
 * ({@link #namesAnother}). A localised edition, a later version or a repost of a page keeps the
 * names of its title, or adds to them, so the rule leaves them alone.
 *
 * <p>Stored with the page ({@link FineSignature}): the title's first {@value #MAX} names, each a
 * 32-bit hash and its count in the text.
 */
public final class TitleNames {
  /** At most this many names of a title are kept. */
  public static final int MAX = 4;

  /** A title without names. */
  public static final TitleNames NONE = new TitleNames(new int[0], new int[0]);

  private final int[] hashes;
  private final int[] counts;

  private TitleNames(int[] hashes, int[] counts) {
    this.hashes = hashes;
    this.counts = counts;
  }

  /** The names of {@code title} (the first {@value #MAX}) and how often {@code text} holds each. */
  public static TitleNames of(String title, String text) {
    int[] found = new int[MAX];
    int[] n = {0};
    forEachName(title, h -> {
      for (int i = 0; i < n[0]; i++) if (found[i] == h) return;
      if (n[0] < MAX) found[n[0]++] = h;
    });
    if (n[0] == 0) return NONE;
    int[] hashes = Arrays.copyOf(found, n[0]);
    int[] counts = new int[n[0]];
    forEachName(text, h -> {
      for (int i = 0; i < hashes.length; i++) if (hashes[i] == h && counts[i] < 0xFFFF) counts[i]++;
    });
    return new TitleNames(hashes, counts);
  }

  /** How many names the title gives (at most {@value #MAX}). */
  public int size() {
    return hashes.length;
  }

  /**
   * Whether the two titles name two things: each gives a name the other does not, and each text
   * repeats that name at least {@code minRepeats} times. Never with {@code minRepeats} 0.
   */
  public boolean namesAnother(TitleNames other, int minRepeats) {
    return minRepeats > 0 && ownName(other, minRepeats) && other.ownName(this, minRepeats);
  }

  /** Whether this title gives a name {@code other}'s does not, repeated minRepeats times in its text. */
  private boolean ownName(TitleNames other, int minRepeats) {
    for (int i = 0; i < hashes.length; i++) {
      if (counts[i] >= minRepeats && !other.names(hashes[i])) return true;
    }
    return false;
  }

  private boolean names(int hash) {
    for (int h : hashes) if (h == hash) return true;
    return false;
  }

  /** Bytes of {@link #encode}: a count, then per name a u32 hash and a u16 count. */
  int encodedSize() {
    return 1 + 6 * hashes.length;
  }

  void encode(ByteBuffer b) {
    b.put((byte) hashes.length);
    for (int i = 0; i < hashes.length; i++) b.putInt(hashes[i]).putShort((short) counts[i]);
  }

  /** {@link #encode}'s form. */
  static TitleNames decode(ByteBuffer b) {
    int n = b.get() & 0xff;
    if (n > MAX) throw new IllegalArgumentException("sketch lists " + n + " title names, at most " + MAX);
    if (n == 0) return NONE;
    int[] hashes = new int[n];
    int[] counts = new int[n];
    for (int i = 0; i < n; i++) {
      hashes[i] = b.getInt();
      counts[i] = b.getShort() & 0xFFFF;
    }
    return new TitleNames(hashes, counts);
  }
  /** Whether {@code token} (letters, digits, underscores) is a name, as the class comment says. */
  static boolean isName(CharSequence token) {
    boolean letter = false;
    boolean digit = false;
    boolean mark = false;
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c >= '0' && c <= '9') digit = true;
      else if (c == '_') mark = true;
      else {
        letter = true;
        if (c >= 'A' && c <= 'Z' && i > 0 && token.charAt(i - 1) >= 'a' && token.charAt(i - 1) <= 'z') mark = true;
      }
    }
    return letter && (digit || mark);
  }

  private static void forEachName(String s, java.util.function.IntConsumer out) {
    if (s == null) return;
    int start = -1;
    for (int i = 0; i <= s.length(); i++) {
      char c = i < s.length() ? s.charAt(i) : ' ';
      boolean part = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
      if (part) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        CharSequence token = s.subSequence(start, i);
        if (isName(token)) out.accept(hash(token));
        start = -1;
      }
    }
  }

  /** A name's hash, of its lower case: {@code IPv6} and {@code IPV6} are one name. */
  private static int hash(CharSequence token) {
    long h = Hashes.murmur64(token.toString().toLowerCase(Locale.ROOT));
    return (int) (h ^ (h >>> 32));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TitleNames t && Arrays.equals(hashes, t.hashes) && Arrays.equals(counts, t.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }
}
