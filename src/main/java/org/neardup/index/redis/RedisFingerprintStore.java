package org.neardup.index.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.neardup.index.CheckResult;
import org.neardup.index.FingerprintStore;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.IndexStore;
import org.neardup.index.Mirrors;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.StoreStats;
import org.neardup.index.StoredPage;
import redis.clients.jedis.UnifiedJedis;

/**
 * The {@link IndexStore} every bolt of every worker shares: one Redis (or one Redis Cluster
 * master per namespace, see {@link RedisKeys}). Each {@link FingerprintStore} operation is one Lua
 * script run with one EVALSHA, so {@link #checkAndRecord} either records a page completely or not
 * at all, and N workers offering the same page at once are serialised by Redis.
 *
 * <p>The work is shared out: {@link RedisCalls} makes the calls and turns errors into
 * {@link StoreException}s, {@link RedisCodec} packs the scripts' arguments and reads their
 * replies, {@link RedisMaintenance} expires, compacts and resets, {@link RedisStats} measures.
 * Key layout and memory: see {@link RedisKeys}, {@link IndexLayout} and docs/STORE.md.
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
  static final RedisScript MIRRORS = new RedisScript("record_mirrors.lua");
  static final RedisScript PAGES = new RedisScript("get_pages.lua");

  /** Pages (or decisions) per script call: {@link RedisCalls#PAGES_PER_CALL}. */
  static final int PAGES_PER_CALL = RedisCalls.PAGES_PER_CALL;

  private final IndexSettings settings;
  private final IndexLayout layout;
  private final RedisCalls calls;
  private final RedisCodec codec;
  private final RedisMaintenance maintenance;
  private final RedisStats stats;

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
    this.settings = settings;
    this.layout = new IndexLayout(settings);
    this.calls = new RedisCalls(jedis, owns, settings.namespace(), where);
    this.codec = new RedisCodec(layout);
    this.maintenance = new RedisMaintenance(calls, codec, layout);
    this.stats = new RedisStats(calls, layout, this::pages);
    try {
      // A small command first: a server that wants a password closes the connection of a client
      // without one that sends a large bulk (a script body) before it answers NOAUTH
      calls.call("EXISTS " + RedisKeys.config(settings.namespace()), () -> jedis.exists(calls.configKey()));
      // The expiry and compaction scripts are left to their first use (EVAL after NOSCRIPT caches
      // them): every script loaded is one more copy of _common.lua in the server's Lua heap,
      // which every call pays for in garbage collection (about 2.5 % more instructions per new
      // page with both loaded; docs/STORE.md, "Scripts and round trips"). Bolts never expire.
      for (RedisScript s : List.of(CHECK, NEAR, REMOVE, PAGES)) calls.load(s);
      pages(List.of()); // creates or checks {ns}:config now: fail fast on settings drift
    } catch (RuntimeException e) {
      calls.close();
      throw e;
    }
  }

  public IndexLayout layout() {
    return layout;
  }

  public IndexSettings settings() {
    return settings;
  }

  // ---------------------------------------------------------------- the detector's calls

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
   * before it; {@link #PAGES_PER_CALL} pages share a script call (see {@link RedisCalls#inCalls}).
   */
  @Override
  public List<CheckResult> checkAndRecordAll(List<PageEntry> entries) {
    return check("checkAndRecordAll", entries, false);
  }

  /** check_and_record.lua for these pages, their results in order. */
  private List<CheckResult> check(String what, List<PageEntry> pages, boolean recheck) {
    List<Object> replies = calls.inCalls(what, CHECK, pages, c -> codec.checkArgs(c, recheck));
    List<CheckResult> out = new ArrayList<>(pages.size());
    for (int i = 0; i < replies.size(); i++) {
      int inCall = Math.min(PAGES_PER_CALL, pages.size() - i * PAGES_PER_CALL);
      out.addAll(RedisCodec.parseChecks(replies.get(i), inCall));
    }
    return out;
  }

  @Override
  public void recordNear(long seq, long originalSeq, String detector) {
    calls.inCalls("recordNear " + seq, NEAR, List.of(new NearDecision(seq, originalSeq, detector)),
        codec::nearArgs);
  }

  @Override
  public void recordOriginal(long seq) {
    calls.inCalls("recordOriginal " + seq, NEAR, List.of(NearDecision.original(seq)), codec::nearArgs);
  }

  @Override
  public void recordUnique(long seq) {
    calls.inCalls("recordUnique " + seq, NEAR, List.of(NearDecision.unique(seq)), codec::nearArgs);
  }

  /**
   * Every decision's {@link #recordNear} or {@link #recordUnique}, in order,
   * {@link #PAGES_PER_CALL} per script call.
   */
  @Override
  public void recordNearAll(List<NearDecision> decisions) {
    calls.inCalls("recordNearAll", NEAR, decisions, codec::nearArgs);
  }

  @Override
  public void recordMirrors(List<Mirrors.Pair> pairs) {
    if (!pairs.isEmpty()) calls.run("recordMirrors", MIRRORS, codec.mirrorArgs(pairs));
  }

  @Override
  public void countErrors(long pages) {
    if (pages > 0) {
      calls.call("count errors", () -> calls.jedis.hincrBy(RedisKeys.counters(settings.namespace()), "errors", pages));
    }
  }

  /** The records of these seqs (null where there is none), in order. */
  public List<StoredPage> pages(List<Long> seqs) {
    return RedisCodec.parsePages(calls.run("get pages", PAGES, codec.pagesArgs(seqs)));
  }

  // ---------------------------------------------------------------- maintenance

  @Override
  public boolean remove(String url) {
    return ((Long) calls.run("remove " + url, REMOVE, codec.removeArgs(url))) == 1L;
  }

  /** See {@link RedisMaintenance#expire}. */
  @Override
  public long expire(long fetchedBefore, BiConsumer<Long, Long> progress) {
    return maintenance.expire(fetchedBefore, progress);
  }

  /** The first phase of {@link #expire} for some record keys (tests run the phases apart). */
  List<RedisMaintenance.Expired> findExpired(long fetchedBefore, long firstKey, int n) {
    return maintenance.findExpired(fetchedBefore, firstKey, n);
  }

  /** The second phase of {@link #expire} for some of the pages the first found. */
  long expirePages(long fetchedBefore, List<RedisMaintenance.Expired> pages) {
    return maintenance.expirePages(fetchedBefore, pages);
  }

  /** See {@link RedisMaintenance#compact}. */
  @Override
  public long compact(BiConsumer<Long, Long> progress) {
    return maintenance.compact(progress);
  }

  @Override
  public StoreStats stats() {
    return stats(20_000);
  }

  /** See {@link RedisStats#stats}: SCAN stops after {@code maxScanKeys} keys, sizes are then extrapolated. */
  public StoreStats stats(int maxScanKeys) {
    return stats.stats(maxScanKeys);
  }

  /** Deletes every key of this store's namespace (SCAN + UNLINK in batches). */
  public long reset() {
    return calls.call("reset", () -> RedisMaintenance.resetNamespace(calls.jedis, settings.namespace()));
  }

  /**
   * Deletes every key of {@code namespace} with SCAN MATCH and UNLINK, 1000 at a time; never
   * KEYS, FLUSHDB or FLUSHALL. Returns the number of keys unlinked.
   */
  public static long resetNamespace(UnifiedJedis jedis, String namespace) {
    return RedisMaintenance.resetNamespace(jedis, namespace);
  }

  /**
   * The layout a namespace was created with, read from {@code {ns}:config}; empty when the
   * namespace holds no pages yet. Lets operator tools open a namespace without knowing its
   * configuration.
   */
  public static Optional<IndexSettings> storedSettings(UnifiedJedis jedis, String namespace) {
    String layout = jedis.hget(RedisKeys.config(namespace), "layout");
    return layout == null ? Optional.empty()
        : Optional.of(IndexLayout.parseDescription(namespace, layout));
  }

  @Override
  public void close() {
    calls.close();
  }

  @Override
  public String toString() {
    return "RedisFingerprintStore[" + settings.namespace() + " at " + calls.where + ", "
        + layout.description() + "]";
  }
}
