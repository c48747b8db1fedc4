package org.neardup.index.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.neardup.index.BloomMath;
import org.neardup.index.Candidate;
import org.neardup.index.CheckResult;
import org.neardup.index.FingerprintStore;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;
import org.neardup.index.StoreStats;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.StoredPage;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisMovedDataException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

/**
 * The {@link FingerprintStore} every bolt of every worker shares: one Redis (or one Redis Cluster
 * master per namespace, see {@link RedisKeys}). Each operation is one Lua script run with one
 * EVALSHA, so {@link #checkAndRecord} either records a page completely or not at all, and N
 * workers offering the same page at once are serialised by Redis.
 *
 * <p>Key layout and memory: see {@link RedisKeys}, {@link IndexLayout} and docs/STORE.md.
 *
 * <p>Errors: a broken connection, a timeout or a server that is loading or busy raises
 * {@link StoreException.Unavailable}; the pool replaces broken connections, so a later call
 * reconnects. When a socket timeout strikes after the server ran the script, the page may have
 * been recorded: a retry then gets a replay (same url and digest), which is harmless. Settings
 * that differ from the ones the namespace was created with, or a key of the wrong type, raise
 * {@link StoreException.Misconfigured} naming the key. The password of the Redis url never
 * appears in {@link #toString()}, exception messages or stats.
 */
public final class RedisFingerprintStore implements IndexStore {

  static final RedisScript CHECK = new RedisScript("check_and_record.lua");
  static final RedisScript NEAR = new RedisScript("record_near.lua");
  static final RedisScript REMOVE = new RedisScript("remove.lua");
  static final RedisScript PAGES = new RedisScript("get_pages.lua");
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
  private static final java.util.regex.Pattern GROUP_NUMBER = java.util.regex.Pattern.compile("\\d{1,18}");
  /** Band groups per MGET of {@link #compact} (about 110 KB at the planned 48 entries a group). */
  static final int COMPACT_READ_GROUPS = 256;
  /** Band entries per compact.lua call, about: each call rewrites the groups that hold them. */
  static final int COMPACT_DROPS = 1024;
  /**
   * Group bytes per compact.lua call, about: groups of a namespace sized too small are large, and
   * a call carries each twice.
   */
  static final int COMPACT_CALL_BYTES = 1 << 20;

  private static final byte[] EMPTY = new byte[0];

  private final UnifiedJedis jedis;
  private final boolean ownsJedis;
  private final IndexSettings settings;
  private final IndexLayout layout;
  private final String ns;
  private final String where;
  private final List<byte[]> keys;
  private final List<byte[]> layoutArgs;
  /** The bytes of a page's SimHash entries without seq, all tables. */
  private final int simhashEntryBytes;
  /** Key name prefixes of the bucket groups: {ns}:s:<t>:, {ns}:b:, {ns}:c:. */
  private final byte[][] simhashPrefix;
  private final byte[] bandPrefix;
  private final byte[] corePrefix;

  /**
   * Connects with a connection pool of {@code redis.poolSize()} (per node: a
   * {@code redis-cluster://} url opens a {@code JedisCluster}).
   */
  public RedisFingerprintStore(RedisSettings redis, IndexSettings settings) {
    this(RedisConnections.open(redis), true, settings, redis.maskedUrl());
  }

  /**
   * Uses a client the caller owns (a {@code JedisPooled}, or a {@code JedisCluster}: all of a
   * namespace's keys share one hash tag). {@code where} names the server in messages; it must
   * not contain a password.
   */
  public RedisFingerprintStore(UnifiedJedis jedis, IndexSettings settings, String where) {
    this(jedis, false, settings, where);
  }

  private RedisFingerprintStore(
      UnifiedJedis jedis, boolean owns, IndexSettings settings, String where) {
    this.jedis = jedis;
    this.ownsJedis = owns;
    this.settings = settings;
    this.layout = new IndexLayout(settings);
    this.ns = settings.namespace();
    this.where = where;
    this.keys = List.of(bytes(RedisKeys.config(ns)));
    this.layoutArgs = layoutArgs(layout);
    int eb = 0;
    for (int t = 0; t < layout.simhashTables(); t++) eb += layout.simhashTagBytes(t) + layout.simhashRestBytes(t);
    this.simhashEntryBytes = eb;
    this.simhashPrefix = new byte[layout.simhashTables()][];
    for (int t = 0; t < simhashPrefix.length; t++) simhashPrefix[t] = bytes(RedisKeys.prefix(ns) + "s:" + t + ":");
    this.bandPrefix = bytes(RedisKeys.bandGroups(ns));
    this.corePrefix = bytes(RedisKeys.prefix(ns) + "c:");
    try {
      // A small command first: a server that wants a password closes the connection of a client
      // without one that sends a large bulk (a script body) before it answers NOAUTH
      call("EXISTS " + RedisKeys.config(ns), () -> jedis.exists(keys.get(0)));
      // The expiry scripts are left to their first use (EVAL after NOSCRIPT caches them): every
      // script loaded is one more copy of _common.lua in the server's Lua heap, which every call
      // pays for in garbage collection (about 2.5 % more instructions per new page with both
      // loaded; docs/STORE.md, "Scripts and round trips"). Bolts never expire.
      for (RedisScript s : List.of(CHECK, NEAR, REMOVE, PAGES)) {
        call("SCRIPT LOAD " + s.name, () -> {
          s.load(jedis, keys.get(0));
          return null;
        });
      }
      pages(List.of()); // creates or checks {ns}:config now: fail fast on settings drift
    } catch (RuntimeException e) {
      if (owns) jedis.close();
      throw e;
    }
  }

  /** ARGV[1..3] of every script: fingerprint, description, packed parameters (_common.lua). */
  private static List<byte[]> layoutArgs(IndexLayout l) {
    return List.of(bytes(l.fingerprint()), bytes(l.description()), params(l));
  }

  /**
   * The layout parameters the scripts need, packed into one argument (each EVALSHA argument
   * costs the server about as much as a cheap command); the byte layout is in _common.lua.
   */
  static byte[] params(IndexLayout l) {
    IndexSettings s = l.settings();
    int nt = l.simhashTables();
    ByteBuffer b = ByteBuffer.allocate(8 + 2 * nt + 18 + 8 * nt);
    b.put((byte) ((s.countingBloom() ? 1 : 0) | (s.confirmExact() ? 2 : 0)));
    b.put((byte) s.simhashMaxDistance());
    b.putShort((short) s.maxCandidates());
    b.putShort((short) Math.min(0xFFFF, l.scanCap()));
    b.put((byte) nt);
    b.put((byte) l.bloomK());
    for (int t = 0; t < nt; t++) b.put((byte) l.simhashTagBytes(t)).put((byte) l.simhashRestBytes(t));
    b.put((byte) l.simhashGroupBits());
    b.putInt((int) l.registryKeys());
    b.putInt((int) l.bandKeys());
    b.putInt(l.bloomShards());
    b.putInt((int) l.bloomCellsPerShard());
    b.put((byte) s.simhashBlocks());
    for (int t = 0; t < nt; t++) b.putLong(l.simhashMask(t));
    return b.array();
  }

  public IndexLayout layout() {
    return layout;
  }

  public IndexSettings settings() {
    return settings;
  }

  // ---------------------------------------------------------------- operations

  /**
   * Pages per check_and_record.lua call. The call's fixed cost (EVALSHA, the script's prelude,
   * the drift check) is shared by its pages, and its replies reach the client in one piece; but
   * the server runs nothing else during a call (≈ 0.15 ms per page), so a bulk load goes in calls
   * of this many pages, pipelined. The bolt's default batch (16) is one call.
   */
  static final int PAGES_PER_CALL = 32;

  @Override
  public CheckResult checkAndRecord(PageEntry entry) {
    return check("checkAndRecord " + entry.url(), List.of(entry), false).get(0);
  }

  @Override
  public CheckResult recheck(PageEntry entry) {
    return check("recheck " + entry.url(), List.of(entry), true).get(0);
  }

  /**
   * Every entry's {@link #checkAndRecord}, in order, results in input order: bulk loading, and
   * the bolt's batches. Each page is still checked and recorded atomically, and sees the pages
   * before it; {@link #PAGES_PER_CALL} pages share a script call (see {@link #inCalls}).
   */
  @Override
  public List<CheckResult> checkAndRecordAll(List<PageEntry> entries) {
    return check("checkAndRecordAll", entries, false);
  }

  /** check_and_record.lua for these pages, their results in order. */
  private List<CheckResult> check(String what, List<PageEntry> pages, boolean recheck) {
    List<Object> replies = inCalls(what, CHECK, pages, c -> checkArgs(c, recheck));
    List<CheckResult> out = new ArrayList<>(pages.size());
    for (int i = 0; i < replies.size(); i++) {
      int inCall = Math.min(PAGES_PER_CALL, pages.size() - i * PAGES_PER_CALL);
      out.addAll(parseChecks(replies.get(i), inCall));
    }
    return out;
  }

  @Override
  public void recordNear(long seq, long originalSeq, String detector) {
    inCalls("recordNear " + seq, NEAR, List.of(new NearDecision(seq, originalSeq, detector)),
        this::nearArgs);
  }

  @Override
  public void recordUnique(long seq) {
    inCalls("recordUnique " + seq, NEAR, List.of(NearDecision.unique(seq)), this::nearArgs);
  }

  /**
   * Every decision's {@link #recordNear} or {@link #recordUnique}, in order,
   * {@link #PAGES_PER_CALL} per script call.
   */
  @Override
  public void recordNearAll(List<NearDecision> decisions) {
    inCalls("recordNearAll", NEAR, decisions, this::nearArgs);
  }

  /**
   * The items in script calls of at most {@link #PAGES_PER_CALL}, in order: one call on its own,
   * more in one pipeline. The replies, one per call. Calls the server answered NOSCRIPT (it lost
   * its scripts: a restart, SCRIPT FLUSH, a failover; all calls from some point on) run again one
   * by one after the others, with EVAL.
   */
  private <T> List<Object> inCalls(String what, RedisScript script, List<T> items,
      java.util.function.Function<List<T>, List<byte[]>> args) {
    List<List<T>> calls = new ArrayList<>();
    for (int from = 0; from < items.size(); from += PAGES_PER_CALL) {
      calls.add(items.subList(from, Math.min(items.size(), from + PAGES_PER_CALL)));
    }
    if (calls.isEmpty()) return List.of();
    if (calls.size() == 1) {
      List<byte[]> a = args.apply(items);
      return List.of(call(what, () -> script.run(jedis, keys, a)));
    }
    List<Object> replies = pipeline(what, script, calls, args);
    for (int i = 0; i < calls.size(); i++) {
      if (replies.get(i) == NOSCRIPT) {
        List<byte[]> a = args.apply(calls.get(i));
        replies.set(i, call(what, () -> script.run(jedis, keys, a)));
      }
    }
    return replies;
  }

  /** The reply {@link #pipeline} gives for a call the server answered with NOSCRIPT. */
  private static final Object NOSCRIPT = new Object();

  /**
   * One script call per item in one pipeline; the replies in order, {@link #NOSCRIPT} for the
   * calls to run again (the server lost its scripts: a restart, SCRIPT FLUSH, a failover).
   */
  private <T> List<Object> pipeline(String what, RedisScript script, List<T> items,
      java.util.function.Function<T, List<byte[]>> args) {
    return call(what, () -> {
      List<Response<Object>> rs = new ArrayList<>(items.size());
      try (AbstractPipeline p = jedis.pipelined()) {
        for (T item : items) rs.add(script.queue(p, keys, args.apply(item)));
        p.sync();
      }
      List<Object> out = new ArrayList<>(rs.size());
      for (Response<Object> r : rs) {
        try {
          out.add(r.get());
        } catch (JedisNoScriptException e) {
          out.add(NOSCRIPT);
        }
      }
      return out;
    });
  }

  /** The arguments of record_near.lua for these decisions (its header lists them). */
  private List<byte[]> nearArgs(List<NearDecision> decisions) {
    List<byte[]> args = new ArrayList<>(layoutArgs.size() + 3 * decisions.size());
    args.addAll(layoutArgs);
    for (NearDecision d : decisions) {
      args.add(num(d.seq()));
      args.add(num(d.originalSeq()));
      args.add(bytes(d.detector()));
    }
    return args;
  }

  @Override
  public boolean remove(String url) {
    long uh = IndexLayout.urlHash(url);
    List<byte[]> args = new ArrayList<>(layoutArgs);
    args.add(bytes(url));
    args.add(bytes(registryKey(uh)));
    args.add(longBytes(uh));
    Object r = call("remove " + url, () -> REMOVE.run(jedis, keys, args));
    return ((Long) r) == 1L;
  }

  @Override
  public void countErrors(long pages) {
    if (pages > 0) call("count errors", () -> jedis.hincrBy(RedisKeys.counters(ns), "errors", pages));
  }

  /**
   * {@link #expire}, telling {@code progress} (seqs scanned, pages removed) after each call.
   * Two phases per {@value #EXPIRE_SCAN_KEYS} record keys: find_expired.lua reads the records and
   * returns the urls of the old ones; the client hashes the urls (the registry address), and
   * expire.lua removes each page that is still there and still old. Every record is read once;
   * the namespace stays usable meanwhile.
   */
  @Override
  public long expire(long fetchedBefore, BiConsumer<Long, Long> progress) {
    fetchedBefore = StoreMaintenance.expiryTime(fetchedBefore); // the scripts read 0..2^53
    String seq = call("expire: read seq", () -> jedis.hget(RedisKeys.counters(ns), "seq"));
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

  /**
   * {@link #compact}, telling {@code progress} (band groups read, entries dropped) after each
   * {@value #COMPACT_READ_GROUPS} groups. The reading is the client's, with plain commands: it
   * copies the live bitmap ({@link LiveSeqs}, after the seq counter), reads the band groups with
   * MGET (every planned group number, or, when the database holds fewer keys than the namespace
   * plans groups, the groups SCAN finds), asks the record (pipelined HEXISTS) of each seq whose
   * bit is clear, once per seq, and
   * sends compact.lua only the groups that hold entries of pages that are gone, in calls of about
   * {@value #COMPACT_DROPS} entries or 1 MiB. So a group without garbage costs the server its
   * share of an MGET, a page that left one HEXISTS, and no call holds the server for long.
   * Progress counts the entries of the calls made so far. compact.lua is left to its first use,
   * as the expiry scripts.
   *
   * @throws StoreException when the namespace is reset (or its seq counter goes back) while it
   *     runs: what it learnt is void, and it stops before it drops anything more
   */
  @Override
  public long compact(BiConsumer<Long, Long> progress) {
    // created before seq: a reset between the two reads then shows as a changed created
    String created = call("compact: read config", () -> jedis.hget(RedisKeys.config(ns), "created"));
    String seq = call("compact: read seq", () -> jedis.hget(RedisKeys.counters(ns), "seq"));
    if (seq == null) return 0; // nothing was ever recorded
    long lastSeq = Long.parseLong(seq);
    LiveSeqs live = call("compact: read " + RedisKeys.liveSeqs(ns, 0),
        () -> LiveSeqs.read(jedis, ns, lastSeq));
    Drops drops = new Drops(lastSeq, created);
    long groups = layout.bandKeys();
    // A namespace sized for far more pages than it holds (the default is 10^8) has few of its
    // planned groups: then SCAN the database for the ones there are instead of asking for each.
    long dbKeys = call("compact: DBSIZE",
        () -> (Long) jedis.sendCommand(keys.get(0), Protocol.Command.DBSIZE));
    long read = 0;
    if (dbKeys < groups) {
      int prefix = RedisKeys.bandGroups(ns).length();
      List<Long> found = new ArrayList<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        String at = cursor;
        ScanResult<String> sr = call("compact: SCAN",
            () -> scanNamespace(jedis, ns, at, RedisKeys.pattern(ns, "b:")));
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
    final List<byte[]> args = new ArrayList<>(layoutArgs);
    final int fixedArgs;
    int listed;
    long bytes;
    long dropped;

    Drops(long lastSeq, String created) {
      // what the client learns is void if the namespace is reset meanwhile: the script checks these
      args.add(num(lastSeq));
      args.add(RedisFingerprintStore.bytes(created == null ? "" : created));
      fixedArgs = args.size();
    }

    void add(long group, byte[] value, byte[] gone, LiveSeqs live) {
      args.add(num(group));
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
      dropped += (Long) call("compact", () -> COMPACT.run(jedis, keys, args));
      args.subList(fixedArgs, args.size()).clear();
      listed = 0;
      bytes = 0;
      return true;
    }
  }

  /** Reads these band groups (one MGET), asks the records it must, and queues their drops. */
  private void compactGroups(long[] groups, LiveSeqs live, Drops drops) {
    byte[][] groupKeys = new byte[groups.length][];
    for (int i = 0; i < groups.length; i++) groupKeys[i] = key(bandPrefix, groups[i]);
    List<byte[]> values = call("compact: read band groups", () -> jedis.mget(groupKeys));
    askRecords(values, live);
    for (int i = 0; i < groups.length; i++) {
      byte[] gone = goneSeqs(values.get(i), live);
      if (gone.length > 0) drops.add(groups[i], values.get(i), gone, live);
    }
  }

  /** Asks, in one pipeline, the records of the seqs in these groups that {@code live} cannot tell. */
  private void askRecords(List<byte[]> groups, LiveSeqs live) {
    Set<Long> ask = new java.util.LinkedHashSet<>();
    for (byte[] group : groups) {
      if (group == null) continue;
      for (int p = 0; p + 9 <= group.length; p += 9) {
        long s = bandEntrySeq(group, p);
        if (!live.live(s) && !live.gone(s)) ask.add(s);
      }
    }
    if (ask.isEmpty()) return;
    call("compact: read records", () -> hasRecords(ask)).forEach(live::learn);
  }

  /** Whether each of these seqs has a record: one pipeline of HEXISTS. */
  private Map<Long, Boolean> hasRecords(java.util.Collection<Long> seqs) {
    Map<Long, Response<Boolean>> answers = new LinkedHashMap<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (long s : seqs) answers.put(s, p.hexists(RedisKeys.records(ns, s), Long.toString(s)));
      p.sync();
    }
    Map<Long, Boolean> out = new HashMap<>();
    answers.forEach((s, r) -> out.put(s, r.get())); // an error reply throws here
    return out;
  }

  /**
   * The seqs (5 bytes each, as the group holds them) of the band entries of {@code group} whose
   * page {@code live} knows to be gone; empty for a group that is missing, not a string (MGET
   * answers nil) or not a whole number of entries, or has none.
   */
  static byte[] goneSeqs(byte[] group, LiveSeqs live) {
    if (group == null || group.length % 9 != 0) return EMPTY; // not a group this store wrote
    byte[] out = null;
    int n = 0;
    for (int p = 0; p + 9 <= group.length; p += 9) {
      if (!live.gone(bandEntrySeq(group, p))) continue;
      if (out == null) out = new byte[group.length / 9 * 5];
      System.arraycopy(group, p + 4, out, n, 5);
      n += 5;
    }
    return out == null ? EMPTY : Arrays.copyOf(out, n);
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

  /** The seq of the band entry at {@code p}: bytes 4-8 (address bytes 4-7 come first). */
  private static long bandEntrySeq(byte[] group, int p) {
    return ((group[p + 4] & 0xFFL) << 32) | ((group[p + 5] & 0xFFL) << 24)
        | ((group[p + 6] & 0xFFL) << 16) | ((group[p + 7] & 0xFFL) << 8) | (group[p + 8] & 0xFFL);
  }

  /** A page find_expired.lua found first recorded before the cutoff. */
  record Expired(long seq, String url) {}

  /** The pages of record keys {@code firstKey}.. ({@code n} keys) first recorded before the cutoff. */
  List<Expired> findExpired(long fetchedBefore, long firstKey, int n) {
    List<byte[]> args = new ArrayList<>(layoutArgs);
    args.add(num(fetchedBefore));
    args.add(num(firstKey));
    args.add(num(n));
    List<?> r = (List<?>) call("expire: find", () -> FIND_EXPIRED.run(jedis, keys, args));
    List<Expired> out = new ArrayList<>(r.size() / 2);
    for (int i = 0; i < r.size(); i += 2) {
      out.add(new Expired(Long.parseLong(new String((byte[]) r.get(i), StandardCharsets.US_ASCII)),
          new String((byte[]) r.get(i + 1), StandardCharsets.UTF_8)));
    }
    return out;
  }

  /** Removes those of {@code pages} that are still recorded and still old; returns how many. */
  long expirePages(long fetchedBefore, List<Expired> pages) {
    List<byte[]> args = new ArrayList<>(layoutArgs.size() + 1 + 3 * pages.size());
    args.addAll(layoutArgs);
    args.add(num(fetchedBefore));
    for (Expired e : pages) {
      long uh = IndexLayout.urlHash(e.url());
      args.add(num(e.seq()));
      args.add(bytes(registryKey(uh)));
      args.add(longBytes(uh));
    }
    return (Long) call("expire", () -> EXPIRE.run(jedis, keys, args));
  }

  /** The records of these seqs (null where there is none), in order. */
  public List<StoredPage> pages(List<Long> seqs) {
    List<byte[]> args = new ArrayList<>(layoutArgs);
    for (long s : seqs) args.add(num(s));
    Object r = call("get pages", () -> PAGES.run(jedis, keys, args));
    List<StoredPage> out = new ArrayList<>();
    for (Object o : (List<?>) r) out.add(page(o));
    return out;
  }

  /** The arguments of check_and_record.lua for these pages (its header lists them). */
  private List<byte[]> checkArgs(List<PageEntry> pages, boolean recheck) {
    int perPage = 12 + layout.simhashTables() + settings.lshBands() + 3;
    List<byte[]> a = new ArrayList<>(layoutArgs.size() + pages.size() * perPage);
    a.addAll(layoutArgs);
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
    a.add(RedisRecord.encode(e, recheck));
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

  private String registryKey(long urlHash) {
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

  /** check_and_record.lua's reply for {@code pages} pages: their replies, one after the other. */
  private static List<CheckResult> parseChecks(Object reply, int pages) {
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
    return new CheckResult(seq, (flags & 1) != 0, self, selfOriginal, exact, exactOriginal,
        (flags & 2) != 0, cands, canonical, canonicalOriginal, (flags & 4) != 0);
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

  /** A page as the scripts return it: {seq, record}, or nil. */
  private static StoredPage page(Object o) {
    if (!(o instanceof List<?> p)) return null;
    return RedisRecord.decode((Long) p.get(0), (byte[]) p.get(1));
  }

  // ---------------------------------------------------------------- stats and reset

  @Override
  public StoreStats stats() {
    return stats(20_000);
  }

  /**
   * Counters exactly; sizes by sampling. SCAN MATCH {@code {ns}:*} runs until it has seen
   * {@code maxScanKeys} keys (or the whole namespace); every key seen is measured with MEMORY
   * USAGE (itself sampling large hashes) and HLEN. When the scan stopped early the figures are
   * extrapolated by the share of live pages whose registry entries it saw, so they are estimates
   * (the single keys config, counters and top are not extrapolated).
   * Bloom shards are measured exactly (BITCOUNT); a counting filter's fill is sampled (GETRANGE
   * of evenly spaced ranges). The SimHash bucket distribution is over the fields of at most 500
   * scanned table keys.
   */
  public StoreStats stats(int maxScanKeys) {
    return call("stats", () -> {
      Map<String, Long> counters = counters(jedis.hgetAll(RedisKeys.counters(ns)));
      Map<String, List<String>> byStructure = new TreeMap<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      int seen = 0;
      do {
        ScanResult<String> sr = scanNamespace(jedis, ns, cursor);
        cursor = sr.getCursor();
        for (String k : sr.getResult()) {
          String s = RedisKeys.structureOf(ns, k);
          if (s == null || s.equals("bloom") || s.equals("live_seqs")) continue; // strings, measured below
          byStructure.computeIfAbsent(s, x -> new ArrayList<>()).add(k);
          seen++;
        }
      } while (!cursor.equals("0") && seen < maxScanKeys);
      boolean complete = cursor.equals("0");

      Map<String, long[]> sums = new TreeMap<>(); // keys, entries(fields), bytes
      List<String> simSample = new ArrayList<>();
      try (AbstractPipeline p = jedis.pipelined()) {
        Map<String, List<Response<Long>[]>> rs = new TreeMap<>();
        for (var en : byStructure.entrySet()) {
          String st = en.getKey();
          boolean group = GROUPS.contains(st);
          boolean hash = !group && !st.equals("top");
          List<Response<Long>[]> l = new ArrayList<>();
          for (String k : en.getValue()) {
            @SuppressWarnings("unchecked")
            Response<Long>[] pair = new Response[] {p.memoryUsage(k),
                group ? p.strlen(k) : hash ? p.hlen(k) : p.zcard(k)};
            l.add(pair);
          }
          rs.put(en.getKey(), l);
        }
        p.sync();
        for (var en : rs.entrySet()) {
          long[] s = sums.computeIfAbsent(en.getKey(), x -> new long[3]);
          List<String> ks = byStructure.get(en.getKey());
          for (int i = 0; i < en.getValue().size(); i++) {
            Response<Long>[] pair = en.getValue().get(i);
            s[0]++;
            long n = orZero(pair[1]);
            s[1] += GROUPS.contains(en.getKey()) ? n / entryWidth(en.getKey(), ks.get(i)) : n;
            s[2] += orZero(pair[0]);
          }
        }
      }
      long live = counters.getOrDefault("live", 0L);
      long seenRegistry = sums.containsKey("registry") ? sums.get("registry")[1] : 0;
      double factor = complete ? 1.0 : (seenRegistry > 0 ? (double) live / seenRegistry : -1);

      Map<String, StoreStats.StructureSize> structures = new LinkedHashMap<>();
      for (var en : sums.entrySet()) {
        long[] s = en.getValue();
        double f = List.of("config", "counters", "top").contains(en.getKey()) ? 1.0 : factor;
        structures.put(en.getKey(), f < 0
            ? new StoreStats.StructureSize(-1, -1, -1)
            : new StoreStats.StructureSize(Math.round(s[1] * f), Math.round(s[0] * f),
                Math.round(s[2] * f)));
      }

      // Bloom: exact sizes, fill and its false-positive rate
      long bloomBytes = 0;
      double setCells = 0;
      long bloomKeys = 0;
      for (int i = 0; i < layout.bloomShards(); i++) {
        String k = RedisKeys.bloomShard(ns, i);
        Long mem = jedis.memoryUsage(k);
        if (mem == null) continue;
        bloomKeys++;
        bloomBytes += mem;
        setCells += settings.countingBloom() ? sampledCounterFill(k) * layout.bloomCellsPerShard()
            : jedis.bitcount(k);
      }
      structures.put("bloom", new StoreStats.StructureSize(-1, bloomKeys, bloomBytes));
      long liveBytes = 0;
      long liveKeys = 0;
      for (long i = 0; i <= counters.getOrDefault("seq", 0L) >>> 32; i++) {
        Long mem = jedis.memoryUsage(RedisKeys.liveSeqs(ns, i));
        if (mem == null) continue;
        liveKeys++;
        liveBytes += mem;
      }
      structures.put("live_seqs", new StoreStats.StructureSize(-1, liveKeys, liveBytes));
      double fill = setCells / ((double) layout.bloomShards() * layout.bloomCellsPerShard());

      // SimHash bucket (field) sizes, sampled
      List<Integer> sizes = new ArrayList<>();
      List<String> simKeys = byStructure.getOrDefault("simhash", List.of());
      long sampledEntries = 0;
      for (String k : simKeys.subList(0, Math.min(500, simKeys.size()))) {
        byte[] v = jedis.get(bytes(k));
        if (v == null) continue;
        int w = entryWidth("simhash", k);
        int tag = layout.simhashTagBytes(simhashTable(k));
        Map<ByteBuffer, Integer> perTag = new HashMap<>();
        for (int i = 0; i + w <= v.length; i += w) {
          perTag.merge(ByteBuffer.wrap(Arrays.copyOfRange(v, i, i + tag)), 1, Integer::sum);
          sampledEntries++;
        }
        sizes.addAll(perTag.values());
      }
      Collections.sort(sizes);
      long simEntries = structures.containsKey("simhash") ? structures.get("simhash").entries() : 0;
      long buckets = sampledEntries == 0 ? 0 : Math.round((double) simEntries * sizes.size() / sampledEntries);
      StoreStats.BucketStats bs = new StoreStats.BucketStats(buckets,
          sizes.isEmpty() ? 0 : sizes.get(sizes.size() - 1),
          sizes.isEmpty() ? 0 : sizes.get((int) Math.min(sizes.size() - 1, Math.ceil(sizes.size() * 0.99) - 1)),
          sizes.stream().mapToInt(Integer::intValue).average().orElse(0));

      // top originals
      List<Tuple> top = jedis.zrevrangeWithScores(RedisKeys.topOriginals(ns), 0, 9);
      List<Long> seqs = new ArrayList<>();
      for (Tuple t : top) seqs.add(Long.parseLong(t.getElement()));
      List<StoredPage> pages = pages(seqs);
      List<StoreStats.OriginalCount> originals = new ArrayList<>();
      for (int i = 0; i < top.size(); i++) {
        StoredPage sp = pages.get(i);
        originals.add(new StoreStats.OriginalCount(sp == null ? "" : sp.id(),
            sp == null ? "" : sp.url(), (long) top.get(i).getScore()));
      }
      return new StoreStats(ns, counters, structures, fill,
          BloomMath.blockedFppFromFill(fill, layout.bloomK(), layout.bloomBlockCells()), bs, originals,
          settings, sampledBandEntriesGone(byStructure.getOrDefault("bands", List.of())));
    });
  }

  /**
   * The share of band entries in (up to 200 of) these band groups whose page has no record: what
   * {@link #compact} would drop. One pipeline of GETs, one of HEXISTS per distinct seq.
   */
  private double sampledBandEntriesGone(List<String> bandKeys) {
    List<Response<byte[]>> values = new ArrayList<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (String k : bandKeys.subList(0, Math.min(200, bandKeys.size()))) values.add(p.get(bytes(k)));
      p.sync();
    }
    Map<Long, Integer> entries = new HashMap<>(); // seq -> entries
    for (Response<byte[]> r : values) {
      byte[] v;
      try {
        v = r.get();
      } catch (JedisDataException e) {
        continue; // not a string: not a group this store wrote (the sizes above skip it too)
      }
      if (v == null || v.length % 9 != 0) continue;
      for (int i = 0; i + 9 <= v.length; i += 9) entries.merge(bandEntrySeq(v, i), 1, Integer::sum);
    }
    if (entries.isEmpty()) return -1;
    Map<Long, Boolean> has = hasRecords(entries.keySet());
    long all = 0;
    long gone = 0;
    for (var e : entries.entrySet()) {
      all += e.getValue();
      if (!has.get(e.getKey())) gone += e.getValue();
    }
    return (double) gone / all;
  }

  /**
   * The counters as stats reports them. The scripts keep only seq and one counter per event;
   * every recorded page takes one seq, and leaves by a re-crawl, by being decided again as an
   * orphan, by a remove or by expiry, so {@code pages = seq} and
   * {@code live = seq - recrawls - orphans - removed - expired} (two fewer HINCRBYs per page).
   */
  static Map<String, Long> counters(Map<String, String> stored) {
    Map<String, Long> c = new TreeMap<>();
    stored.forEach((k, v) -> c.put(k, Long.parseLong(v)));
    long seq = c.getOrDefault("seq", 0L);
    if (seq > 0) {
      c.put("pages", seq);
      c.put("live", seq - c.getOrDefault("recrawls", 0L) - c.getOrDefault("orphans", 0L)
          - c.getOrDefault("removed", 0L) - c.getOrDefault("expired", 0L));
    }
    return c;
  }

  /** The bucket structures stored as strings of fixed-width entries (see _common.lua). */
  private static final Set<String> GROUPS = Set.of("simhash", "bands", "cores");

  /** Entry width of a bucket group key: tag + payload (SimHash: IndexLayout.simhashEntryBytes). */
  private int entryWidth(String structure, String key) {
    switch (structure) {
      case "bands": return 9;
      case "cores": return 13;
      default: return layout.simhashEntryBytes(simhashTable(key));
    }
  }

  private static int simhashTable(String key) {
    return Integer.parseInt(key.substring(key.lastIndexOf(":s:") + 3, key.lastIndexOf(':')));
  }

  private double sampledCounterFill(String key) {
    long len = (layout.bloomCellsPerShard() + 1) / 2;
    int ranges = 16;
    int span = 4096;
    long nonZero = 0;
    long sampled = 0;
    for (int r = 0; r < ranges; r++) {
      long from = len <= span ? 0 : (len - span) * r / (ranges - 1);
      long to = Math.min(len, from + span) - 1;
      byte[] b = jedis.getrange(bytes(key), from, to);
      for (byte x : b) {
        if ((x & 0xF0) != 0) nonZero++;
        if ((x & 0x0F) != 0) nonZero++;
      }
      sampled += 2 * (to - from + 1);
      if (len <= span) break;
    }
    return sampled == 0 ? 0 : (double) nonZero / sampled;
  }

  private static long orZero(Response<Long> r) {
    try {
      Long v = r.get();
      return v == null ? 0 : v;
    } catch (JedisDataException e) {
      return 0;
    }
  }

  /** Deletes every key of this store's namespace (SCAN + UNLINK in batches). */
  public long reset() {
    return call("reset", () -> resetNamespace(jedis, ns));
  }

  /**
   * Deletes every key of {@code namespace} with SCAN MATCH and UNLINK, 1000 at a time; never
   * KEYS, FLUSHDB or FLUSHALL. Returns the number of keys unlinked.
   */
  /**
   * The layout a namespace was created with, read from {@code {ns}:config}; empty when the
   * namespace holds no pages yet. Lets operator tools open a namespace without knowing its
   * configuration.
   */
  public static java.util.Optional<IndexSettings> storedSettings(UnifiedJedis jedis, String namespace) {
    String layout = jedis.hget(RedisKeys.config(namespace), "layout");
    return layout == null ? java.util.Optional.empty()
        : java.util.Optional.of(IndexLayout.parseDescription(namespace, layout));
  }

  public static long resetNamespace(UnifiedJedis jedis, String namespace) {
    new IndexSettings(namespace, 1, 0.5, false, false, 0, 1, 1, 1, 1); // validates the name
    if (!(jedis instanceof JedisCluster)) {
      // a plain client on a cluster node would SCAN that node only and silently delete nothing
      try {
        jedis.exists(RedisKeys.config(namespace));
      } catch (JedisMovedDataException e) {
        throw notACluster("reset", namespace, e);
      }
    }
    long n = 0;
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> sr = scanNamespace(jedis, namespace, cursor);
      cursor = sr.getCursor();
      List<String> ks = sr.getResult();
      if (!ks.isEmpty()) n += jedis.unlink(ks.toArray(new String[0]));
    } while (!cursor.equals("0"));
    return n;
  }

  /**
   * One SCAN MATCH {@code {ns}:*} step (COUNT 1000) on the server holding namespace {@code ns}.
   * On a {@code JedisCluster} the command is routed by the namespace's hash tag (the slot of
   * {@code {ns}:config}), so it runs on the one master that owns the namespace. Jedis would
   * route {@code scan(cursor, params)} by the first {@code {...}} of the MATCH pattern, and the
   * escaped pattern {@code \{ns\}:*} names another slot: the scan would run on another master and
   * find nothing, so stats would measure nothing and reset delete nothing.
   */
  private static ScanResult<String> scanNamespace(UnifiedJedis jedis, String ns, String cursor) {
    return scanNamespace(jedis, ns, cursor, RedisKeys.pattern(ns));
  }

  /** One SCAN step over the keys matching {@code pattern}, on the node that holds namespace ns. */
  private static ScanResult<String> scanNamespace(UnifiedJedis jedis, String ns, String cursor,
      String pattern) {
    Object r = jedis.sendCommand(bytes(RedisKeys.config(ns)), Protocol.Command.SCAN,
        bytes(cursor), bytes("MATCH"), bytes(pattern), bytes("COUNT"), num(1000));
    List<?> reply = (List<?>) r;
    List<String> keys = new ArrayList<>();
    for (Object k : (List<?>) reply.get(1)) keys.add(str(k));
    return new ScanResult<>(str(reply.get(0)), keys);
  }

  // ---------------------------------------------------------------- plumbing

  private interface Op<T> {
    T run();
  }

  private <T> T call(String what, Op<T> op) {
    try {
      return op.run();
    } catch (StoreException e) {
      throw e;
    } catch (JedisDataException e) {
      throw translate(what, e);
    } catch (JedisException e) {
      throw new StoreException.Unavailable(what + ": Redis at " + where + " is unavailable: "
          + e.getMessage(), e);
    }
  }

  /**
   * Error replies that pass like a broken connection: the server cannot take writes now (out of
   * memory, a replica after a failover, loading, busy with a script, its RDB save failing, too few
   * replicas) and will once an operator or the cluster acts. The pages are replayed, never failed.
   */
  private static final List<String> TRANSIENT = List.of("LOADING", "BUSY", "TRYAGAIN", "CLUSTERDOWN",
      "MASTERDOWN", "READONLY", "MISCONF", "NOREPLICAS", "MOVED", "ASK");
  /** Error replies that say the store is set up wrong: credentials or ACL rights. */
  private static final List<String> REFUSED = List.of("NOAUTH", "WRONGPASS", "NOPERM");
  /** A command inside a script the store's user may not run, or a key it may not touch (ACL). */
  private static final java.util.regex.Pattern REFUSED_IN_SCRIPT = java.util.regex.Pattern.compile(
      "NOPERM|can't run this command|No permissions to access");
  /** The same errors answered by a command inside a script. */
  private static final java.util.regex.Pattern TRANSIENT_IN_SCRIPT =
      java.util.regex.Pattern.compile("(OOM|READONLY|LOADING|BUSY|MASTERDOWN|MISCONF|NOREPLICAS)\\b");
  /** The scripts' error markers (_common.lua, compact.lua). */
  private static final java.util.regex.Pattern MARKER = java.util.regex.Pattern.compile(
      "NEARDUP_(RESET|ERR|MISCONFIGURED|WRONGTYPE) ");

  private StoreException translate(String what, JedisDataException e) {
    String m = String.valueOf(e.getMessage());
    // the script's own marker comes before any key or namespace name it quotes
    java.util.regex.Matcher marker = MARKER.matcher(m);
    if (marker.find()) {
      String rest = m.substring(marker.end());
      switch (marker.group(1)) {
        case "RESET":
          return new StoreException(what + " stopped at " + where + ": namespace '" + ns + "': "
              + rest, e);
        case "ERR": {
          // a command inside a script failed: out of memory (maxmemory, noeviction) and a
          // replica (failover) pass, as they do outside scripts; anything else is a failure
          // Redis 6.2 quotes the error as "@user_script: 72: -OOM command ...   (key=...)"
          String inner = rest.replaceFirst("^@\\S+:\\s*\\d+:\\s*-?", "").replaceAll("\\s+", " ");
          if (REFUSED_IN_SCRIPT.matcher(inner).find()) {
            return new StoreException.Misconfigured(what + " at " + where + ": Redis refused the store's user: " + inner, e);
          }
          java.util.regex.Matcher t = TRANSIENT_IN_SCRIPT.matcher(inner);
          if (t.lookingAt()) {
            return new StoreException.Unavailable(what + ": Redis at " + where
                + (t.group(1).equals("OOM") ? " is out of memory (maxmemory): " : " answered: ")
                + inner, e);
          }
          return new StoreException(what + " failed at " + where + ": " + inner, e);
        }
        case "MISCONFIGURED": {
          // "key=... stored: <description> | this process: <description>" (_common.lua)
          java.util.regex.Matcher d = java.util.regex.Pattern.compile("stored: (\\S+) \\| this process: (\\S+)")
              .matcher(rest);
          String differ = d.find() ? IndexLayout.differences(d.group(1), d.group(2)) : "";
          return new StoreException.Misconfigured("namespace '" + ns + "' at " + where
              + " was created with other settings" + (differ.isEmpty() ? "" : " (" + differ + ")")
              + ": " + rest);
        }
        default:
          return new StoreException.Misconfigured("namespace '" + ns + "' at " + where
              + " holds a key this store did not write: " + rest);
      }
    }
    if (e instanceof JedisMovedDataException moved && !(jedis instanceof JedisCluster)) {
      return notACluster(what + " at " + where, ns, moved);
    }
    if (m.startsWith("WRONGTYPE")) {
      return new StoreException.Misconfigured(what + " at " + where + ": " + m);
    }
    if (m.startsWith("OOM")) {
      return new StoreException.Unavailable(what + ": Redis at " + where + " is out of memory (maxmemory): " + m, e);
    }
    for (String transient_ : TRANSIENT) {
      if (m.startsWith(transient_)) {
        return new StoreException.Unavailable(what + ": Redis at " + where + " answered " + m, e);
      }
    }
    for (String refused : REFUSED) {
      if (m.startsWith(refused)) {
        return new StoreException.Misconfigured(what + " at " + where + ": Redis refused the store's user: " + m, e);
      }
    }
    return new StoreException(what + " failed at " + where + ": " + m, e);
  }

  /**
   * A plain (non-cluster) client got MOVED: the server is a Redis Cluster node that does not
   * own the namespace's slot. That is a configuration error, not a transient one.
   */
  private static StoreException notACluster(String what, String ns,
      JedisMovedDataException e) {
    return new StoreException.Misconfigured(what + ": the server is a Redis Cluster node and "
        + "namespace '" + ns + "' (slot " + e.getSlot() + ") lives on " + e.getTargetNode()
        + " (" + e.getMessage() + "); connect with a cluster client: "
        + "redis-cluster://host:port[,host:port...] or a JedisCluster");
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] num(long n) {
    return bytes(Long.toString(n));
  }

  private static byte[] longBytes(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }

  private static String str(Object o) {
    return new String((byte[]) o, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    if (ownsJedis) jedis.close();
  }

  @Override
  public String toString() {
    return "RedisFingerprintStore[" + ns + " at " + where + ", " + layout.description() + "]";
  }
}
