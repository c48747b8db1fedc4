package org.neardup.index.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.neardup.index.IndexLayout;
import org.neardup.index.PageEntry;
import org.neardup.index.RecordedVerdict;
import org.neardup.index.StoredPage;

/**
 * The stored form of a page ({@code {ns}:r:<i>} hash values), built here and decoded here; the
 * scripts only write the first 6 bytes and read fixed offsets (_common.lua has the same table).
 * Offsets are 0-based here, 1-based in Lua. All numbers are big-endian.
 *
 * <pre>
 *   0      verdict code: u(nique) e(xact) n(ear) s(kipped)      written by the script
 *   1-5    original seq (0 = none)                              written by the script
 *   6-13   fetchedAt, epoch ms
 *   14-29  digest (16 bytes)
 *   30-37  SimHash (zeros when the page is not in the near structures)
 *   38     flags: 1 = in the near structures; 2 = its check found candidates or its
 *          canonical and no decision came since (set by the script, cleared by recordUnique or
 *          by a replay whose second look found nothing; a replay of a unique page looks again
 *          only while it is set); 8 = an earlier version of the url may be in the index (set by
 *          the script when the page replaced an original, or a copy with flag 8:
 *          CheckResult.earlierVersionIndexed)
 *   39-46  core-term address (zeros: none)
 *   47-54  title key (PageEntry.titleKey; zeros: none): where an original counts in {ns}:t
 *   55..   url, id ("" when equal to the url), title, sketch: each a varint length and bytes
 * </pre>
 *
 * The client sends the whole record as a new page's is stored ({@link #encode}: unique, or
 * skipped without near lookup, and no original), so the script stores it as it came; only an
 * exact copy (in check_and_record.lua) and a near duplicate (record_near.lua) get their first 6
 * bytes rewritten, and a unique page whose check found candidates or its canonical its flag 2.
 * A record does not list the page's band addresses: removal leaves its band entries, lookups drop
 * them once they find the page gone (check_and_record.lua), and compaction drops the rest.
 */
final class RedisRecord {

  private static final byte[] NO_CORE = new byte[8];

  private RedisRecord() {}

  /** Flag 4 of the flags byte (offset 38; byte 39 in Lua), sent only: a recheck (check_and_record.lua clears it). */
  static final int RECHECK = 4;

  /**
   * The record of {@code e} as stored for a new page: UNIQUE, or SKIPPED without near lookup;
   * with {@code recheck}, flagged for the script ({@link #RECHECK}).
   */
  static byte[] encode(PageEntry e, boolean recheck) {
    return encode(e, recheck, e.titleKey());
  }

  /** As above, with the entry's {@link PageEntry#titleKey()} computed by the caller. */
  static byte[] encode(PageEntry e, boolean recheck, long titleKey) {
    boolean near = e.nearLookup();
    byte[] url = utf8(e.url());
    byte[] id = e.id().equals(e.url()) ? new byte[0] : utf8(e.id());
    byte[] title = utf8(e.title());
    byte[] sketch = e.sketch();
    ByteBuffer b = ByteBuffer.allocate(55 + 20 + url.length + id.length
        + title.length + sketch.length);
    b.put((byte) (near ? RecordedVerdict.UNIQUE : RecordedVerdict.SKIPPED).code());
    b.put(new byte[5]); // original: none
    b.putLong(e.fetchedAt());
    b.put(e.digest());
    b.putLong(near ? e.simhash() : 0L);
    b.put((byte) ((near ? 1 : 0) | (recheck ? RECHECK : 0)));
    if (near && e.coreTerms() != 0) b.putLong(IndexLayout.coreAddress(e.coreTerms()));
    else b.put(NO_CORE);
    b.putLong(titleKey);
    for (byte[] s : new byte[][] {url, id, title, sketch}) {
      putVarint(b, s.length);
      b.put(s);
    }
    return java.util.Arrays.copyOf(b.array(), b.position());
  }

  /** The page a script returned as {@code {seq, record}}. */
  static StoredPage decode(long seq, byte[] r) {
    return decode(seq, ByteBuffer.wrap(r));
  }

  /** As above, from the record's bytes at {@code b}'s position. */
  static StoredPage decode(long seq, ByteBuffer b) {
    RecordedVerdict verdict = RecordedVerdict.fromCode((char) b.get());
    long original = ((b.get() & 0xFFL) << 32) | (b.getInt() & 0xFFFFFFFFL);
    long fetchedAt = b.getLong();
    b.position(b.position() + 16); // digest
    long simhash = b.getLong();
    b.get(); // flags
    b.position(b.position() + 16); // core-term address, title key
    String url = string(b);
    String id = string(b);
    String title = string(b);
    byte[] sketch = new byte[varint(b)];
    b.get(sketch);
    return new StoredPage(seq, id.isEmpty() ? url : id, url, fetchedAt, title, simhash, sketch,
        verdict, original);
  }

  private static void putVarint(ByteBuffer b, int n) {
    while (n >= 0x80) {
      b.put((byte) (n | 0x80));
      n >>>= 7;
    }
    b.put((byte) n);
  }

  private static int varint(ByteBuffer b) {
    int n = 0;
    for (int shift = 0; ; shift += 7) {
      int x = b.get() & 0xFF;
      n |= (x & 0x7F) << shift;
      if (x < 0x80) return n;
    }
  }

  private static String string(ByteBuffer b) {
    int len = varint(b);
    String s = new String(b.array(), b.arrayOffset() + b.position(), len, StandardCharsets.UTF_8);
    b.position(b.position() + len);
    return s;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
