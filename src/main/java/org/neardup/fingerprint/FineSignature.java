package org.neardup.fingerprint;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The part of a page's fingerprints kept in the index to verify candidates without refetching
 * anything: SimHash, the sentence-boundary hashes, the longest-sentence hashes, the 8-bit MinHash
 * sketch, the number of distinct shingles, the names the title gives ({@link TitleNames}),
 * whether the text is a list of items ({@link ItemList}) and how much of it is written in another
 * script than Latin.
 * Sentence hashes are cut to 32 bits: they are only compared pairwise, where a 2^-32 collision
 * chance is noise, and it halves their size.
 *
 * <p>Stored form (big-endian), version 6 — append fields only with a new version byte:
 * <pre>
 *   u8  version (6)
 *   u64 simhash
 *   u32 title hash (0: no title)
 *   u8  n parts,   n × u32 boundary part hashes (0: empty part)
 *   u8  m longest, m × u32 sorted longest-sentence hashes
 *   u16 k,         k × u8  MinHash sketch
 *   u32 distinct shingles
 *   u8  n names,   n × (u32 name hash, u16 count in the text)
 *   u8  flags: bit 0 the text is a list of items
 *   u8  share of the text's words in another script than Latin, in 255ths
 *   u8  n text names, n × u16 ascending smallest name hashes ({@link TextNames})
 * </pre>
 *
 * A sketch of another version is rejected: its page cannot be verified (no match, never a false
 * one). The Redis layout's format ({@code IndexLayout.FORMAT}) changes with the version, so a
 * namespace of older sketches is refused as a whole.
 *
 * @param shingles distinct shingles of the page (the size of the set the MinHash sketch summarises)
 * @param names the names the page's title gives, with their counts in its text
 * @param list whether the page's text is a list of items
 * @param nonLatin the share of the text's words written in another script than Latin
 *     ({@code LanguageGuesser.nonLatinShare}), in 255ths (0 to 255)
 * @param textNames a sketch of the names the page's text writes
 */
public record FineSignature(long simhash, int titleHash, int[] parts, int[] longest, byte[] minhash, int shingles,
    TitleNames names, boolean list, int nonLatin, TextNames textNames) {
  static final byte VERSION = 6;
  private static final int LIST = 1;

  public FineSignature {
    if (shingles < 0) throw new IllegalArgumentException("shingle count must be >= 0, got " + shingles);
    if (names == null) names = TitleNames.NONE;
    if (textNames == null) textNames = TextNames.NONE;
    if (nonLatin < 0 || nonLatin > 255) throw new IllegalArgumentException("nonLatin must be in [0, 255], got " + nonLatin);
  }

  /** A signature of prose in Latin script without title names. */
  public FineSignature(long simhash, int titleHash, int[] parts, int[] longest, byte[] minhash, int shingles) {
    this(simhash, titleHash, parts, longest, minhash, shingles, TitleNames.NONE, false, 0);
  }

  /** A signature without a sketch of the names its text writes. */
  public FineSignature(long simhash, int titleHash, int[] parts, int[] longest, byte[] minhash, int shingles,
      TitleNames names, boolean list, int nonLatin) {
    this(simhash, titleHash, parts, longest, minhash, shingles, names, list, nonLatin, TextNames.NONE);
  }

  public static FineSignature of(Fingerprints f) {
    int[] parts = new int[f.boundary().partHashes().length];
    for (int i = 0; i < parts.length; i++) parts[i] = fold(f.boundary().partHashes()[i]);
    long[] l = f.longest().hashes();
    int[] longest = new int[l.length];
    for (int i = 0; i < l.length; i++) longest[i] = fold(l[i]);
    Arrays.sort(longest);
    return new FineSignature(f.simhash(), fold(f.boundary().titleHash()), parts, longest,
        MinHash.sketch(f.minhash()), f.shingles().length, f.names(), f.list(),
        (int) Math.round(f.nonLatinShare() * 255), f.textNames());
  }

  /** 64 → 32 bits keeping 0 as "absent". */
  private static int fold(long h) {
    if (h == 0) return 0;
    int v = (int) (h ^ (h >>> 32));
    return v == 0 ? 1 : v;
  }

  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(1 + 8 + 4 + 1 + 4 * parts.length + 1 + 4 * longest.length + 2 + minhash.length + 4
        + names.encodedSize() + 1 + 1 + textNames.encodedSize());
    b.put(VERSION).putLong(simhash).putInt(titleHash);
    b.put((byte) parts.length);
    for (int p : parts) b.putInt(p);
    b.put((byte) longest.length);
    for (int l : longest) b.putInt(l);
    b.putShort((short) minhash.length).put(minhash);
    b.putInt(shingles);
    names.encode(b);
    b.put((byte) (list ? LIST : 0));
    b.put((byte) nonLatin);
    textNames.encode(b);
    return b.array();
  }

  /**
   * Reads {@link #encode()}'s form; a sketch of another version or malformed is an {@link
   * IllegalArgumentException}.
   */
  public static FineSignature decode(byte[] bytes) {
    try {
      ByteBuffer b = ByteBuffer.wrap(bytes);
      byte version = b.get();
      if (version != VERSION) throw new IllegalArgumentException("unknown sketch version " + version);
      long simhash = b.getLong();
      int title = b.getInt();
      int[] parts = new int[b.get() & 0xff];
      for (int i = 0; i < parts.length; i++) parts[i] = b.getInt();
      int[] longest = new int[b.get() & 0xff];
      for (int i = 0; i < longest.length; i++) longest[i] = b.getInt();
      byte[] minhash = new byte[b.getShort() & 0xffff];
      b.get(minhash);
      int shingles = b.getInt();
      if (shingles < 0) throw new IllegalArgumentException("negative shingle count in sketch");
      TitleNames names = TitleNames.decode(b);
      int flags = b.get();
      int nonLatin = b.get() & 0xff;
      TextNames textNames = TextNames.decode(b);
      return new FineSignature(simhash, title, parts, longest, minhash, shingles, names, (flags & LIST) != 0, nonLatin,
          textNames);
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("truncated sketch of " + bytes.length + " bytes", e);
    }
  }

  public double boundaryScore(FineSignature o, double titleWeight) {
    double s = (titleHash != 0 && titleHash == o.titleHash) ? titleWeight : 0;
    for (int i = 0; i < Math.min(parts.length, o.parts.length); i++) {
      if (parts[i] != 0 && parts[i] == o.parts[i]) s += 1;
    }
    return s;
  }

  /** Shared longest sentences over the smaller signature's size. */
  public double longestScore(FineSignature o) {
    int n = Math.min(longest.length, o.longest.length);
    if (n == 0) return 0;
    int common = 0;
    for (int h : longest) if (Arrays.binarySearch(o.longest, h) >= 0) common++;
    return (double) common / n;
  }

  public double jaccardEstimate(FineSignature o) {
    if (minhash.length == 0 || minhash.length != o.minhash.length) return 0;
    return MinHash.estimateFromSketch(minhash, o.minhash);
  }

  /**
   * The Jaccard estimate over the sketch positions not in {@code skip} (the page's template
   * values, {@link SiteContext}): the share of the other positions where the sketches agree,
   * corrected for 8-bit collisions as {@link MinHash#estimateFromSketch} does. 0 when no position
   * is left.
   */
  public double jaccardEstimate(FineSignature o, java.util.BitSet skip) {
    if (skip.isEmpty()) return jaccardEstimate(o);
    if (minhash.length == 0 || minhash.length != o.minhash.length) return 0;
    int kept = 0;
    int eq = 0;
    for (int i = 0; i < minhash.length; i++) {
      if (skip.get(i)) continue;
      kept++;
      if (minhash[i] == o.minhash[i]) eq++;
    }
    if (kept == 0) return 0;
    double p = (double) eq / kept;
    double c = 1.0 / 256;
    return Math.max(0, Math.min(1, (p - c) / (1 - c)));
  }

  /**
   * Estimated share of this page's shingles that the other page also has, |A∩B| / |A|, from the
   * Jaccard estimate J and the two set sizes: |A∩B| = J·(|A| + |B|) / (1 + J). Clamped to [0, 1]; 0
   * when either shingle count is zero.
   */
  public double containmentEstimate(FineSignature o) {
    if (shingles == 0 || o.shingles == 0) return 0;
    return containment(jaccardEstimate(o), shingles, o.shingles);
  }

  /** {@link #containmentEstimate(FineSignature)} from a given Jaccard estimate. */
  public double containmentEstimate(FineSignature o, double jaccard) {
    if (shingles == 0 || o.shingles == 0) return 0;
    return containment(jaccard, shingles, o.shingles);
  }

  /** |A∩B| / |A| for sets of sizes a and b at Jaccard j, clamped to [0, 1]. */
  static double containment(double j, int a, int b) {
    if (a <= 0 || b <= 0) return 0;
    double common = j * ((double) a + b) / (1 + j);
    return Math.max(0, Math.min(1, common / a));
  }

  /**
   * How far apart the two texts' shares of words in another script than Latin are, 0 to 1: about
   * 0 for two texts of one language, the share translated for a text and its partial translation
   * into a language of another script.
   */
  public double scriptDifference(FineSignature o) {
    return Math.abs(nonLatin - o.nonLatin) / 255.0;
  }

  /** Smaller shingle count over the larger: 1 for equal sizes, 0 when either is unknown. */
  public double sizeRatio(FineSignature o) {
    if (shingles == 0 || o.shingles == 0) return 0;
    return (double) Math.min(shingles, o.shingles) / Math.max(shingles, o.shingles);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FineSignature f && simhash == f.simhash && titleHash == f.titleHash
        && Arrays.equals(parts, f.parts) && Arrays.equals(longest, f.longest) && Arrays.equals(minhash, f.minhash) && shingles == f.shingles
        && names.equals(f.names) && list == f.list && nonLatin == f.nonLatin && textNames.equals(f.textNames);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(simhash);
  }
}
