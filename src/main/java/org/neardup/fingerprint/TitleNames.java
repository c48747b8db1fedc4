package org.neardup.fingerprint;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;

/**
 * The names a page's title gives, and how often its text writes each. A name is an identifier as
 * code writes it: a run of ASCII letters, digits and underscores that holds a letter and a digit,
 * an underscore, or a capital after a small letter ({@code is_fifo}, {@code i16}, {@code
 * GFileOutputStream}, {@code ShrAssign}), or a word of a title joined to another by {@code ::}
 * ({@code deque} in {@code std::deque}); other plain words ({@code Colour}, {@code 2024}) are not
 * names. Names are compared and counted without regard to case ({@code IPv6} in one edition's title is
 * {@code IPV6} in another's).
 *
 * <p>Reference sites write one page per name from one template: the page of {@code is_fifo} and
 * the page of {@code is_directory} share their example, their "see also" list and every sentence
 * but the name, so their shingles agree as a copy's do. What tells such twins apart is what each
 * is about: each title gives a name the other's does not, and each text writes its own
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
    String[] names = new String[MAX];
    int[] n = {0};
    forEachRun(title, (start, end) -> {
      CharSequence token = title.subSequence(start, end);
      // a word joined to another by "::" is a qualified name of code (std::deque, os::linux)
      boolean qualified = start >= 2 && title.startsWith("::", start - 2) || title.startsWith("::", end);
      if (n[0] == MAX || !(isName(token) || qualified && token.length() > 1)) return;
      String name = token.toString().toLowerCase(Locale.ROOT);
      for (int i = 0; i < n[0]; i++) if (names[i].equals(name)) return;
      names[n[0]++] = name;
    });
    if (n[0] == 0) return NONE;
    int[] counts = new int[n[0]];
    // a run of the text is a title name when it equals one, whatever its case
    forEachRun(text, (start, end) -> {
      for (int i = 0; i < counts.length; i++) {
        String name = names[i];
        boolean same = end - start == name.length() && text.regionMatches(true, start, name, 0, name.length());
        if (same && counts[i] < 0xFFFF) counts[i]++;
      }
    });
    int[] hashes = new int[n[0]];
    for (int i = 0; i < hashes.length; i++) hashes[i] = hash(names[i]);
    return new TitleNames(hashes, counts);
  }

  /** How many names the title gives (at most {@value #MAX}). */
  public int size() {
    return hashes.length;
  }

  /**
   * Whether the two titles name two things: each gives a name the other does not, and each text
   * writes that name at least {@code minMentions} times. Never with {@code minMentions} 0.
   */
  public boolean namesAnother(TitleNames other, int minMentions) {
    return minMentions > 0 && ownName(other, minMentions) && other.ownName(this, minMentions);
  }

  /** Whether this title gives a name {@code other}'s does not, written minMentions times in its text. */
  private boolean ownName(TitleNames other, int minMentions) {
    for (int i = 0; i < hashes.length; i++) {
      if (counts[i] >= minMentions && !other.names(hashes[i])) return true;
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

  /** Where {@link #forEachRun} found a run: {@code s.substring(start, end)}. */
  private interface Run {
    void at(int start, int end);
  }

  /** Each maximal run of ASCII letters, digits and underscores of {@code s}. */
  private static void forEachRun(String s, Run out) {
    if (s == null) return;
    int start = -1;
    for (int i = 0; i <= s.length(); i++) {
      char c = i < s.length() ? s.charAt(i) : ' ';
      boolean part = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
      if (part) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        out.at(start, i);
        start = -1;
      }
    }
  }

  /** A name's hash, of its lower case ({@code IPv6} and {@code IPV6} are one name). */
  private static int hash(String lowerCaseName) {
    long h = Hashes.murmur64(lowerCaseName);
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
