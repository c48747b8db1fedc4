package org.neardup.index.redis;

import static org.neardup.index.redis.RedisCodec.bandEntrySeq;
import static org.neardup.index.redis.RedisCodec.bytes;
import static org.neardup.index.redis.RedisCodec.num;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.StoreException;
import org.neardup.index.StoreMaintenance;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisMovedDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Expiry, compaction and reset of a Redis namespace: the long operator runs, in calls that each
 * hold the server for about a millisecond or a few, while the namespace stays in use. The expiry
 * and compaction scripts are left to their first use (EVALSHA falls back to EVAL, which caches
 * them), so a bolt's server never holds them.
 */
final class RedisMaintenance {

  static final RedisScript FIND_EXPIRED = new RedisScript("find_expired.lua");
  static final RedisScript EXPIRE = new RedisScript("expire.lua");
  static final RedisScript COMPACT = new RedisScript("compact.lua");

  /**
   * Record keys (64 records each) one find_expired.lua call reads, and pages one expire.lua call
   * removes: each call blocks the server for about a millisecond or a few, not longer.
   */
  static final int EXPIRE_SCAN_KEYS = 4;
  static final int EXPIRE_REMOVALS = 4;
  /** The number at the end of a band group's key; another key under {ns}:b: is not ours. */
  private static final Pattern GROUP_NUMBER = Pattern.compile("\\d{1,18}");
  /** Band groups per MGET of {@link #compact} (about 110 KB at the planned 48 entries a group). */
  static final int COMPACT_READ_GROUPS = 256;
  /** Band entries per compact.lua call, about: each call rewrites the groups that hold them. */
  static final int COMPACT_DROPS = 1024;
  /**
   * Group bytes per compact.lua call, about: groups of a namespace sized too small are large, and
   * a call carries each twice.
   */
  static final int COMPACT_CALL_BYTES = 1 << 20;

  private final RedisCalls calls;
  private final RedisCodec codec;
  private final IndexLayout layout;
  private final UnifiedJedis jedis;
  private final String ns;

  RedisMaintenance(RedisCalls calls, RedisCodec codec, IndexLayout layout) {
    this.calls = calls;
    this.codec = codec;
    this.layout = layout;
    this.jedis = calls.jedis;
    this.ns = calls.ns;
  }

  // ---------------------------------------------------------------- expiry

  /**
   * {@link StoreMaintenance#expire}, telling {@code progress} (seqs scanned, pages removed) after
   * each call. Two phases per {@value #EXPIRE_SCAN_KEYS} record keys: find_expired.lua reads the
   * records and returns the urls of the old ones; the client hashes the urls (the registry
   * address), and expire.lua removes each page that is still there and still old. Every record is
   * read once; the namespace stays usable meanwhile.
   */
  long expire(long fetchedBefore, BiConsumer<Long, Long> progress) {
    fetchedBefore = StoreMaintenance.expiryTime(fetchedBefore); // the scripts read 0..2^53
    String seq = calls.call("expire: read seq", () -> jedis.hget(RedisKeys.counters(ns), "seq"));
    long lastKey = seq == null ? -1 : Long.parseLong(seq) / 64;
    long removed = 0;
    long scanned = 0;
    // latest first: a copy leaves before its original, so it still finds where its count is in
    // {ns}:top (as the memory store does)
    for (long k = lastKey - lastKey % EXPIRE_SCAN_KEYS; k >= 0; k -= EXPIRE_SCAN_KEYS) {
      int n = (int) Math.min(EXPIRE_SCAN_KEYS, lastKey + 1 - k);
      List<Expired> found = new ArrayList<>(findExpired(fetchedBefore, k, n));
      found.sort(Comparator.comparingLong(Expired::seq).reversed());
      for (int from = 0; from < found.size(); from += EXPIRE_REMOVALS) {
        int to = Math.min(found.size(), from + EXPIRE_REMOVALS);
        removed += expirePages(fetchedBefore, found.subList(from, to));
      }
      scanned += 64L * n;
      progress.accept(scanned, removed);
    }
    return removed;
  }

  /** A page find_expired.lua found first recorded before the cutoff. */
  record Expired(long seq, String url) {}

  /** The pages of record keys {@code firstKey}.. ({@code n} keys) first recorded before the cutoff. */
  List<Expired> findExpired(long fetchedBefore, long firstKey, int n) {
    List<byte[]> args = codec.args(3);
    args.add(num(fetchedBefore));
    args.add(num(firstKey));
    args.add(num(n));
    List<?> r = (List<?>) calls.run("expire: find", FIND_EXPIRED, args);
    List<Expired> out = new ArrayList<>(r.size() / 2);
    for (int i = 0; i < r.size(); i += 2) {
      out.add(new Expired(Long.parseLong(new String((byte[]) r.get(i), StandardCharsets.US_ASCII)),
          new String((byte[]) r.get(i + 1), StandardCharsets.UTF_8)));
    }
    return out;
  }

  /** Removes those of {@code pages} that are still recorded and still old; returns how many. */
  long expirePages(long fetchedBefore, List<Expired> pages) {
    List<byte[]> args = codec.args(1 + 3 * pages.size());
    args.add(num(fetchedBefore));
    for (Expired e : pages) {
      long uh = IndexLayout.urlHash(e.url());
      args.add(num(e.seq()));
      args.add(bytes(codec.registryKey(uh)));
      args.add(RedisCodec.longBytes(uh));
    }
    return (Long) calls.run("expire", EXPIRE, args);
  }

  // ---------------------------------------------------------------- compaction

  /**
   * {@link StoreMaintenance#compact}, telling {@code progress} (band groups read, entries
   * dropped) after each {@value #COMPACT_READ_GROUPS} groups. The reading is the client's, with
   * plain commands: it copies the live bitmap ({@link LiveSeqs}, after the seq counter), reads the
   * band groups with MGET (every planned group number, or, when the database holds fewer keys
   * than the namespace plans groups, the groups SCAN finds), and sends compact.lua only the groups
   * that hold entries of seqs whose bit is clear, in calls of about {@value #COMPACT_DROPS}
   * entries or 1 MiB. So a group without garbage costs the server its share of an MGET, and no
   * call holds the server for long. Progress counts the entries of the calls made so far.
   *
   * @throws StoreException when the namespace is reset (or its seq counter goes back) while it
   *     runs: what it learnt is void, and it stops before it drops anything more
   */
  long compact(BiConsumer<Long, Long> progress) {
    // created before seq: a reset between the two reads then shows as a changed created
    String created = calls.call("compact: read config", () -> jedis.hget(RedisKeys.config(ns), "created"));
    String seq = calls.call("compact: read seq", () -> jedis.hget(RedisKeys.counters(ns), "seq"));
    if (seq == null) return 0; // nothing was ever recorded
    long lastSeq = Long.parseLong(seq);
    LiveSeqs live = calls.call("compact: read " + RedisKeys.liveSeqs(ns, 0),
        () -> LiveSeqs.read(jedis, ns, lastSeq));
    Drops drops = new Drops(lastSeq, created);
    long groups = layout.bandKeys();
    // A namespace sized for far more pages than it holds (the default is 10^8) has few of its
    // planned groups: then SCAN the database for the ones there are instead of asking for each.
    long dbKeys = calls.call("compact: DBSIZE",
        () -> (Long) jedis.sendCommand(calls.configKey(), Protocol.Command.DBSIZE));
    long read = 0;
    if (dbKeys < groups) {
      int prefix = RedisKeys.bandGroups(ns).length();
      List<Long> found = new ArrayList<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        String at = cursor;
        ScanResult<String> sr = calls.call("compact: SCAN",
            () -> RedisCalls.scanNamespace(jedis, ns, at, RedisKeys.pattern(ns, RedisKeys.BAND_GROUPS)));
        for (String k : sr.getResult()) {
          String n = k.substring(prefix);
          if (GROUP_NUMBER.matcher(n).matches()) found.add(Long.parseLong(n)); // else not ours
        }
        cursor = sr.getCursor();
        while (found.size() >= COMPACT_READ_GROUPS || (cursor.equals("0") && !found.isEmpty())) {
          List<Long> batch = found.subList(0, Math.min(COMPACT_READ_GROUPS, found.size()));
          compactGroups(batch.stream().mapToLong(Long::longValue).toArray(), live, drops);
          read += batch.size();
          batch.clear();
          progress.accept(read, drops.dropped);
        }
        progress.accept(read, drops.dropped); // a long SCAN of a large database reports too
      } while (!cursor.equals("0"));
    } else {
      for (long g = 0; g < groups; g += COMPACT_READ_GROUPS) {
        long[] batch = new long[(int) Math.min(COMPACT_READ_GROUPS, groups - g)];
        for (int i = 0; i < batch.length; i++) batch[i] = g + i;
        compactGroups(batch, live, drops);
        read += batch.length;
        progress.accept(read, drops.dropped);
      }
    }
    if (drops.flush()) progress.accept(read, drops.dropped);
    return drops.dropped;
  }

  /**
   * The script arguments of the groups compact.lua is yet to rewrite, sent once they hold about
   * {@value #COMPACT_DROPS} entries or 1 MiB.
   */
  private final class Drops {
    final List<byte[]> args = codec.args(2);
    final int fixedArgs;
    int listed;
    long bytes;
    long dropped;

    Drops(long lastSeq, String created) {
      // what the client learns is void if the namespace is reset meanwhile: the script checks these
      args.add(num(lastSeq));
      args.add(RedisCodec.bytes(created == null ? "" : created));
      fixedArgs = args.size();
    }

    void add(long group, byte[] value, byte[] gone, LiveSeqs live) {
      args.add(codec.bandGroupKey(group));
      args.add(value);
      args.add(withoutSeqs(value, gone.length / 5, live));
      args.add(gone);
      listed += gone.length / 5;
      bytes += 2L * value.length;
      if (listed >= COMPACT_DROPS || bytes >= COMPACT_CALL_BYTES) flush();
    }

    /** Sends what is pending; false when nothing was. */
    boolean flush() {
      if (listed == 0) return false;
      dropped += (Long) calls.run("compact", COMPACT, args);
      args.subList(fixedArgs, args.size()).clear();
      listed = 0;
      bytes = 0;
      return true;
    }
  }

  /** Reads these band groups (one MGET) and queues their drops. */
  private void compactGroups(long[] groups, LiveSeqs live, Drops drops) {
    byte[][] groupKeys = new byte[groups.length][];
    for (int i = 0; i < groups.length; i++) groupKeys[i] = codec.bandGroupKey(groups[i]);
    List<byte[]> values = calls.call("compact: read band groups", () -> jedis.mget(groupKeys));
    for (int i = 0; i < groups.length; i++) {
      byte[] gone = goneSeqs(values.get(i), live);
      if (gone.length > 0) drops.add(groups[i], values.get(i), gone, live);
    }
  }

  /**
   * The seqs (5 bytes each, as the group holds them) of the band entries of {@code group} whose
   * page {@code live} knows to be gone; empty for a group that is missing, not a string (MGET
   * answers nil) or not a whole number of entries, or has none.
   */
  static byte[] goneSeqs(byte[] group, LiveSeqs live) {
    if (group == null || group.length % 9 != 0) return RedisCodec.EMPTY; // not a group this store wrote
    byte[] out = null;
    int n = 0;
    for (int p = 0; p + 9 <= group.length; p += 9) {
      if (!live.gone(bandEntrySeq(group, p))) continue;
      if (out == null) out = new byte[group.length / 9 * 5];
      System.arraycopy(group, p + 4, out, n, 5);
      n += 5;
    }
    return out == null ? RedisCodec.EMPTY : Arrays.copyOf(out, n);
  }

  /** {@code group} without the {@code n} entries whose pages {@code live} knows to be gone. */
  private static byte[] withoutSeqs(byte[] group, int n, LiveSeqs live) {
    byte[] out = new byte[group.length - 9 * n];
    int o = 0;
    for (int p = 0; p + 9 <= group.length; p += 9) {
      if (live.gone(bandEntrySeq(group, p))) continue;
      System.arraycopy(group, p, out, o, 9);
      o += 9;
    }
    return out;
  }

  // ---------------------------------------------------------------- reset

  /**
   * Deletes every key of {@code namespace} with SCAN MATCH and UNLINK, 1000 at a time; never
   * KEYS, FLUSHDB or FLUSHALL. Returns the number of keys unlinked.
   */
  static long resetNamespace(UnifiedJedis jedis, String namespace) {
    new IndexSettings(namespace, 1, 0.5, false, false, 0, 1, 1, 1, 1); // validates the name
    if (!(jedis instanceof JedisCluster)) {
      // a plain client on a cluster node would SCAN that node only and silently delete nothing
      try {
        jedis.exists(RedisKeys.config(namespace));
      } catch (JedisMovedDataException e) {
        throw RedisCalls.notACluster("reset", namespace, e);
      }
    }
    long n = 0;
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> sr = RedisCalls.scanNamespace(jedis, namespace, cursor);
      cursor = sr.getCursor();
      List<String> ks = sr.getResult();
      if (!ks.isEmpty()) n += jedis.unlink(ks.toArray(new String[0]));
    } while (!cursor.equals("0"));
    return n;
  }
}
