package org.neardup.index.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.index.BloomMath;
import org.neardup.index.Candidate;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.Mirrors;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoredPage;

/**
 * The scripts' arguments and replies for one namespace layout: what the client computes for a
 * page (every key name and address the check writes, from {@link RedisKeys} and
 * {@link IndexLayout}), packed as each script's header lists its ARGV, and the replies read back
 * into {@link CheckResult}s and {@link StoredPage}s. No I/O.
 */
final class RedisCodec {

  static final byte[] EMPTY = new byte[0];

  private final IndexLayout layout;
  private final IndexSettings settings;
  private final String ns;
  private final List<byte[]> layoutArgs;
  /** The bytes of a page's SimHash entries without seq, all tables. */
  private final int simhashEntryBytes;
  /** Key name prefixes of the bucket groups: {ns}:s:<t>:, {ns}:b:, {ns}:c:. */
  private final byte[][] simhashPrefix;
  private final byte[] bandPrefix;
  private final byte[] corePrefix;

  RedisCodec(IndexLayout layout) {
    this.layout = layout;
    this.settings = layout.settings();
    this.ns = settings.namespace();
    this.layoutArgs = List.of(bytes(layout.fingerprint()), bytes(layout.description()), params(layout));
    int eb = 0;
    for (int t = 0; t < layout.simhashTables(); t++) eb += layout.simhashTagBytes(t) + layout.simhashRestBytes(t);
    this.simhashEntryBytes = eb;
    this.simhashPrefix = new byte[layout.simhashTables()][];
    for (int t = 0; t < simhashPrefix.length; t++) simhashPrefix[t] = bytes(RedisKeys.simhashGroups(ns, t));
    this.bandPrefix = bytes(RedisKeys.bandGroups(ns));
    this.corePrefix = bytes(RedisKeys.coreGroups(ns));
  }

  /**
   * ARGV[1..3] of every script: fingerprint, description, packed parameters (_common.lua); a new
   * list the caller adds the script's own arguments to.
   */
  List<byte[]> args(int more) {
    List<byte[]> a = new ArrayList<>(layoutArgs.size() + more);
    a.addAll(layoutArgs);
    return a;
  }

  /**
   * The layout parameters the scripts need, packed into one argument (each EVALSHA argument
   * costs the server about as much as a cheap command); the byte layout is in _common.lua.
   */
  static byte[] params(IndexLayout l) {
    IndexSettings s = l.settings();
    int nt = l.simhashTables();
    ByteBuffer b = ByteBuffer.allocate(8 + 2 * nt + 14 + 8 * nt);
    b.put((byte) ((s.countingBloom() ? 1 : 0) | (s.confirmExact() ? 2 : 0)));
    b.put((byte) s.simhashMaxDistance());
    b.putShort((short) s.maxCandidates());
    b.putShort((short) Math.min(0xFFFF, l.scanCap()));
    b.put((byte) nt);
    b.put((byte) l.bloomK());
    for (int t = 0; t < nt; t++) b.put((byte) l.simhashTagBytes(t)).put((byte) l.simhashRestBytes(t));
    b.put((byte) l.simhashGroupBits());
    b.putInt((int) l.registryKeys());
    b.putInt(l.bloomShards());
    b.putInt((int) l.bloomCellsPerShard());
    b.put((byte) s.simhashBlocks());
    for (int t = 0; t < nt; t++) b.putLong(l.simhashMask(t));
    return b.array();
  }

  // ---------------------------------------------------------------- arguments

  /** The arguments of check_and_record.lua for these pages (its header lists them). */
  List<byte[]> checkArgs(List<PageEntry> pages, boolean recheck) {
    int perPage = 14 + layout.simhashTables() + settings.lshBands() + 3;
    List<byte[]> a = args(pages.size() * perPage);
    for (PageEntry e : pages) addPageArgs(a, e, recheck);
    return a;
  }

  /** A page's arguments: their number, then the arguments. */
  private void addPageArgs(List<byte[]> a, PageEntry e, boolean recheck) {
    int k = layout.bloomK();
    int count = a.size();
    a.add(null); // their number, known at the end
    long uh = IndexLayout.urlHash(e.url());
    a.add(bytes(registryKey(uh)));
    a.add(longBytes(uh));
    long tk = e.titleKey();
    a.add(RedisRecord.encode(e, recheck, tk));
    if (e.canonical().isEmpty() || e.canonical().equals(e.url())) {
      a.add(EMPTY);
      a.add(EMPTY);
      a.add(EMPTY);
    } else {
      long ch = IndexLayout.urlHash(e.canonical());
      a.add(bytes(e.canonical()));
      a.add(bytes(registryKey(ch)));
      a.add(longBytes(ch));
    }
    a.add(bytes(RedisKeys.digests(ns, BloomMath.u32(e.digest(), 12) % layout.registryKeys())));
    a.add(bytes(RedisKeys.bloomShard(ns, BloomMath.shardOf(e.digest(), layout.bloomShards()))));
    int blockCells = layout.bloomBlockCells();
    int blockBytes = BloomMath.blockBytes(settings.countingBloom());
    long block = BloomMath.blockOf(e.digest(), layout.bloomCellsPerShard(), blockCells);
    a.add(num(block * blockBytes));
    a.add(num(block * blockBytes + blockBytes - 1));
    a.add(bloomCells(BloomMath.cellsInBlock(e.digest(), k, blockCells), settings.countingBloom()));
    a.add(e.site().isEmpty() ? EMPTY : longBytes(Mirrors.hash(e.site())));
    a.add(tk == 0 ? EMPTY : bytes(titlesKey(tk)));
    long pk = e.patternKey();
    a.add(pk == 0 ? EMPTY : bytes(titlesKey(pk)));
    a.add(pk == 0 ? EMPTY : longBytes(pk));
    if (e.nearLookup()) addGroups(a, e);
    a.set(count, num(a.size() - count - 1));
  }

  /**
   * The cells as check_and_record.lua reads them: per cell the 0-based byte of the block that
   * holds it and its bit in that byte (most significant first), or for 4-bit counters the unit of
   * its nibble (16 for the high one, cell c even; 1 for the low one). The script then needs no
   * arithmetic per cell beyond one test and one add.
   */
  static byte[] bloomCells(int[] cells, boolean counting) {
    byte[] out = new byte[2 * cells.length];
    for (int i = 0; i < cells.length; i++) {
      int c = cells[i];
      out[2 * i] = (byte) (counting ? c >>> 1 : c >>> 3);
      out[2 * i + 1] = (byte) (counting ? ((c & 1) == 0 ? 16 : 1) : 0x80 >>> (c & 7));
    }
    return out;
  }

  /**
   * The titles hash of a title key ({@link PageEntry#titleKey()}), as title_key in _common.lua;
   * also of a pattern key ({@link PageEntry#patternKey()}), counted in the same hashes.
   */
  String titlesKey(long titleKey) {
    return RedisKeys.titles(ns, (titleKey >>> 32) % layout.registryKeys());
  }

  /** The registry hash of a url hash. */
  String registryKey(long urlHash) {
    return RedisKeys.registry(ns, (urlHash >>> 32) % layout.registryKeys());
  }

  /**
   * After the Bloom block: the group key of each of the page's buckets, then their tags in one
   * argument, then the buckets whose group an earlier bucket already names (usually none; two
   * bands can share a group). Computed here so the script builds no key names (Lua string
   * building costs more than the Redis commands). A SimHash table's "tag" is the page's whole
   * entry without its seq (IndexLayout.simhashEntry: tag and non-key bits), a band's the address
   * bytes 4-7, the core terms' the whole address. The same addresses as remove_page in
   * _common.lua.
   */
  private void addGroups(List<byte[]> a, PageEntry e) {
    long sh = e.simhash();
    long[] bands = e.bands();
    ByteBuffer tags = ByteBuffer.allocate(simhashEntryBytes + 4 * bands.length + 8);
    for (int t = 0; t < layout.simhashTables(); t++) {
      a.add(key(simhashPrefix[t], layout.simhashGroup(t, sh)));
      tags.put(layout.simhashEntry(t, sh));
    }
    long[] groups = new long[bands.length];
    for (int i = 0; i < bands.length; i++) {
      long addr = IndexLayout.bandAddress(i, bands[i]);
      groups[i] = (addr >>> 32) % layout.bandKeys();
      a.add(key(bandPrefix, groups[i]));
      tags.putInt((int) addr);
    }
    if (e.coreTerms() != 0) {
      long addr = IndexLayout.coreAddress(e.coreTerms());
      a.add(key(corePrefix, (addr >>> 32) % layout.coreKeys()));
      tags.putLong(addr);
    }
    a.add(Arrays.copyOf(tags.array(), tags.position()));
    a.add(repeatedGroups(groups, layout.simhashTables()));
  }

  /**
   * Pairs of 1-based bucket numbers (later, previous) whose group keys are equal, in order of
   * the later one; 2 bytes each. Only bands can share a group (bucket {@code first + i + 1} is
   * band i); with about 48 entries per group two of a page's 32 bands share one for about 1
   * page in 100 000 at 10^8 pages, so the common case is one sort and no pairs.
   */
  static byte[] repeatedGroups(long[] groups, int first) {
    long[] sorted = groups.clone();
    Arrays.sort(sorted);
    boolean repeats = false;
    for (int i = 1; i < sorted.length && !repeats; i++) repeats = sorted[i] == sorted[i - 1];
    if (!repeats) return EMPTY;
    ByteBuffer out = ByteBuffer.allocate(4 * groups.length);
    for (int i = 1; i < groups.length; i++) {
      for (int j = i - 1; j >= 0; j--) {
        if (groups[j] == groups[i]) {
          out.putShort((short) (first + i + 1)).putShort((short) (first + j + 1));
          break;
        }
      }
    }
    return Arrays.copyOf(out.array(), out.position());
  }

  /** A band group's key name, as {@link RedisKeys#bandGroup} names it, without a String. */
  byte[] bandGroupKey(long group) {
    return key(bandPrefix, group);
  }

  /** prefix followed by the decimal digits of n (n >= 0): a key name without a String. */
  private static byte[] key(byte[] prefix, long n) {
    int digits = 1;
    for (long x = n; x >= 10; x /= 10) digits++;
    byte[] out = Arrays.copyOf(prefix, prefix.length + digits);
    for (int i = out.length - 1; i >= prefix.length; i--) {
      out[i] = (byte) ('0' + n % 10);
      n /= 10;
    }
    return out;
  }

  /** The arguments of record_near.lua for these decisions (its header lists them). */
  List<byte[]> nearArgs(List<NearDecision> decisions) {
    List<byte[]> args = args(3 * decisions.size());
    for (NearDecision d : decisions) {
      args.add(num(d.seq()));
      args.add(num(d.originalSeq()));
      args.add(bytes(d.detector()));
    }
    return args;
  }

  /** The arguments of record_mirrors.lua: the most mirrors a site keeps, then each pair's two site hashes. */
  List<byte[]> mirrorArgs(List<Mirrors.Pair> pairs) {
    List<byte[]> args = args(1 + 2 * pairs.size());
    args.add(num(Mirrors.MAX));
    for (Mirrors.Pair p : pairs) {
      args.add(longBytes(Mirrors.hash(p.site())));
      args.add(longBytes(Mirrors.hash(p.mirror())));
    }
    return args;
  }

  /** The arguments of remove.lua: the url, its registry key and its hash. */
  List<byte[]> removeArgs(String url) {
    long uh = IndexLayout.urlHash(url);
    List<byte[]> args = args(3);
    args.add(bytes(url));
    args.add(bytes(registryKey(uh)));
    args.add(longBytes(uh));
    return args;
  }

  /** The arguments of get_pages.lua: the seqs. */
  List<byte[]> pagesArgs(List<Long> seqs) {
    List<byte[]> args = args(seqs.size());
    for (long s : seqs) args.add(num(s));
    return args;
  }

  // ---------------------------------------------------------------- replies

  /** check_and_record.lua's reply for {@code pages} pages: their replies, one after the other. */
  static List<CheckResult> parseChecks(Object reply, int pages) {
    ByteBuffer b = ByteBuffer.wrap((byte[]) reply);
    List<CheckResult> out = new ArrayList<>(pages);
    for (int i = 0; i < pages; i++) out.add(parseCheck(b));
    if (b.hasRemaining()) {
      throw new IllegalStateException("check_and_record.lua replied with " + b.remaining()
          + " bytes more than " + pages + " pages' replies");
    }
    return out;
  }

  /** One page's reply at {@code b}'s position (laid out in check_and_record.lua's header). */
  private static CheckResult parseCheck(ByteBuffer b) {
    int flags = b.get();
    long seq = seq5(b);
    StoredPage self = page(b);
    StoredPage selfOriginal = page(b);
    StoredPage exact = page(b);
    StoredPage exactOriginal = page(b);
    StoredPage canonical = page(b);
    StoredPage canonicalOriginal = page(b);
    int n = b.getShort() & 0xFFFF;
    List<Candidate> cands = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      StoredPage page = page(b);
      StoredPage original = page(b);
      int hamming = (b.get() & 0xFF) - 1;
      int bandHits = b.getShort() & 0xFFFF;
      cands.add(new Candidate(page, original, hamming, bandHits, b.get() == 1));
    }
    long[] mirrors = new long[b.get() & 0xFF];
    for (int i = 0; i < mirrors.length; i++) mirrors[i] = b.getLong();
    int titlePages = b.getShort() & 0xFFFF;
    int patternPages = b.getShort() & 0xFFFF;
    return new CheckResult(seq, (flags & 1) != 0, self, selfOriginal, exact, exactOriginal,
        (flags & 2) != 0, cands, canonical, canonicalOriginal, (flags & 4) != 0, Mirrors.ofHashes(mirrors),
        titlePages, patternPages);
  }

  /** A page in check_and_record.lua's reply: 0, or 1, seq (5 bytes), length (4), record. */
  private static StoredPage page(ByteBuffer b) {
    if (b.get() == 0) return null;
    long seq = seq5(b);
    int length = b.getInt();
    StoredPage page = RedisRecord.decode(seq, b.slice(b.position(), length));
    b.position(b.position() + length);
    return page;
  }

  private static long seq5(ByteBuffer b) {
    return ((b.get() & 0xFFL) << 32) | (b.getInt() & 0xFFFFFFFFL);
  }

  /** get_pages.lua's reply: per seq {seq, record}, or nil. */
  static List<StoredPage> parsePages(Object reply) {
    List<StoredPage> out = new ArrayList<>();
    for (Object o : (List<?>) reply) {
      out.add(o instanceof List<?> p ? RedisRecord.decode((Long) p.get(0), (byte[]) p.get(1)) : null);
    }
    return out;
  }

  /** The seq of the band entry at {@code p} of a band group: bytes 4-8 (address bytes 4-7 come first). */
  static long bandEntrySeq(byte[] group, int p) {
    return ((group[p + 4] & 0xFFL) << 32) | ((group[p + 5] & 0xFFL) << 24)
        | ((group[p + 6] & 0xFFL) << 16) | ((group[p + 7] & 0xFFL) << 8) | (group[p + 8] & 0xFFL);
  }

  // ---------------------------------------------------------------- bytes

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] num(long n) {
    return bytes(Long.toString(n));
  }

  static byte[] longBytes(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }

  static String str(Object o) {
    return new String((byte[]) o, StandardCharsets.UTF_8);
  }
}
