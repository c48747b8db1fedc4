package org.neardup.index.redis;

import java.nio.charset.StandardCharsets;
import redis.clients.jedis.UnifiedJedis;

/**
 * What {@link RedisFingerprintStore#compact} knows of which seqs still have a record: a copy of
 * the namespace's live-seq bitmaps ({@link RedisKeys#liveSeqs}: bit {@code seq mod 2^32} of key
 * {@code seq / 2^32}, set by the script that writes a page's record and cleared by the one that
 * deletes it). One bit per seq up to {@code lastSeq}: 12.5 MB at 10^8 seqs.
 *
 * <p>The invariant that makes this safe: a seq whose record is gone never has one again (a page
 * that comes back gets a new seq; a recheck replaces a record inside one script call). So a seq
 * whose bit is clear is gone for good, and its entries can be dropped whenever. A set bit can be
 * stale (the page left after the copy was made): that entry waits for the next compaction. Seqs
 * above {@code lastSeq} were given after the copy began, so they count as live.
 */
final class LiveSeqs {

  /** Bytes per GETRANGE: a call copies at most this much while the server answers no one else. */
  private static final int CHUNK = 1 << 20;

  private final long lastSeq;
  /** Per bitmap key: the copy's bits. */
  private final byte[][] live;

  private LiveSeqs(long lastSeq, byte[][] live) {
    this.lastSeq = lastSeq;
    this.live = live;
  }

  /**
   * Copies the bitmaps of seqs 0..{@code lastSeq}. Read {@code lastSeq} (the seq counter) first:
   * a page's record and bit are written by one script, so every seq up to it has its bit by then.
   */
  static LiveSeqs read(UnifiedJedis jedis, String ns, long lastSeq) {
    int keys = lastSeq < 0 ? 0 : (int) (lastSeq >>> 32) + 1;
    byte[][] bitmaps = new byte[keys][];
    for (int i = 0; i < keys; i++) {
      long lastBit = i == keys - 1 ? lastSeq & 0xFFFFFFFFL : 0xFFFFFFFFL;
      int length = (int) (lastBit / 8 + 1);
      byte[] key = RedisKeys.liveSeqs(ns, i).getBytes(StandardCharsets.UTF_8);
      byte[] bits = new byte[length];
      for (int from = 0; from < length; from += CHUNK) {
        int to = Math.min(length, from + CHUNK);
        byte[] part = jedis.getrange(key, from, to - 1L);
        // a bitmap ends at the byte of its highest set bit: what lies beyond reads as clear
        System.arraycopy(part, 0, bits, from, Math.min(part.length, to - from));
        if (part.length < to - from) break;
      }
      bitmaps[i] = bits;
    }
    return new LiveSeqs(lastSeq, bitmaps);
  }

  /** Had a record when the copy was made, or was given after. */
  boolean live(long seq) {
    return seq > lastSeq || seq < 0 || test(live, seq);
  }

  /** Had no record when the copy was made: gone for good. */
  boolean gone(long seq) {
    return !live(seq);
  }

  // SETBIT numbers a byte's bits from its most significant one
  private static boolean test(byte[][] bits, long seq) {
    long bit = seq & 0xFFFFFFFFL;
    return (bits[(int) (seq >>> 32)][(int) (bit >>> 3)] & (0x80 >>> (bit & 7))) != 0;
  }
}
