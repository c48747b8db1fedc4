package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.neardup.index.BloomMath;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;
import org.neardup.index.StoreStats;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

class RedisFingerprintStoreTest {

  private final Random random = new Random(3);
  private final UnifiedJedis client = TestRedis.client();

  private static IndexSettings settings(String ns) {
    return new IndexSettings(ns, 10_000, 1e-6, false, true, 3, 4, 8, 2, 32);
  }

  private static byte[] md5(String s) {
    try {
      return MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private PageEntry page(String url, String text, long simhash) {
    long[] bands = new long[8];
    for (int i = 0; i < 8; i++) bands[i] = random.nextLong();
    return new PageEntry(url, "", 1L, "t", "", md5(text), true, simhash, bands,
        random.nextInt(4), "sk".getBytes(StandardCharsets.UTF_8), "");
  }

  private RedisFingerprintStore store(IndexSettings s) {
    return new RedisFingerprintStore(TestRedis.settings(), s);
  }

  private List<String> keysOf(String ns) {
    List<String> out = new ArrayList<>();
    String cursor = "0";
    do {
      ScanResult<String> r = client.scan(cursor, new ScanParams().match(RedisKeys.pattern(ns)).count(1000));
      cursor = r.getCursor();
      out.addAll(r.getResult());
    } while (!cursor.equals("0"));
    return out;
  }

  /**
   * expire's second phase checks every page again: a url re-crawled after the first phase found
   * its page keeps its new record and its registry field; the other old page goes.
   */
  @Test
  void expireKeepsAPageRecrawledBetweenItsTwoPhases() {
    try (RedisFingerprintStore s = store(settings(TestRedis.namespace("expire-race")))) {
      s.checkAndRecord(page("http://a", "a", 1L)); // fetched at 1
      s.checkAndRecord(page("http://b", "b", 2L));
      List<RedisMaintenance.Expired> found = s.findExpired(10, 0, 1);
      assertEquals(List.of("http://a", "http://b"), found.stream().map(RedisMaintenance.Expired::url).sorted().toList());
      PageEntry a2 = new PageEntry("http://a", "", 20L, "t", "", md5("a, changed"), true, 3L, new long[8], 0,
          "sk".getBytes(StandardCharsets.UTF_8), "");
      assertFalse(s.checkAndRecord(a2).replay()); // a re-crawl at 20
      assertEquals(1, s.expirePages(10, found));
      assertTrue(s.checkAndRecord(a2).replay(), "a's new record and registry field stay");
      assertFalse(s.checkAndRecord(page("http://b", "b", 2L)).replay(), "b was forgotten");
      assertEquals(1, s.stats().counters().get("expired"));
    }
  }

  @Test
  void recoversFromNoscript() {
    try (RedisFingerprintStore s = store(settings(TestRedis.namespace("noscript")))) {
      assertEquals(1, s.checkAndRecord(page("http://a", "a", 1L)).seq());
      client.scriptFlush();
      assertEquals(2, s.checkAndRecord(page("http://b", "b", 2L)).seq());
      client.scriptFlush();
      s.recordNear(2, 1, "simhash");
      client.scriptFlush();
      List<CheckResult> bulk = s.checkAndRecordAll(List.of(page("http://c", "c", 3L),
          page("http://d", "c", 4L)));
      assertEquals(3, bulk.get(0).seq());
      assertEquals(3, bulk.get(1).exact().seq());
      client.scriptFlush();
      s.recordNearAll(List.of(new NearDecision(3, 1, "minhash"), new NearDecision(2, 1, "minhash")));
      assertEquals(2, s.stats().counters().get("near"));
      client.scriptFlush();
      assertTrue(s.remove("http://a"));
      // more pages than one script call takes: every call of the pipeline gets NOSCRIPT, and
      // they run again in order
      client.scriptFlush();
      List<PageEntry> many = new ArrayList<>();
      for (int i = 0; i < 2 * RedisFingerprintStore.PAGES_PER_CALL + 5; i++) {
        many.add(page("http://many/" + i, "many " + i, random.nextLong()));
      }
      List<CheckResult> all = s.checkAndRecordAll(many);
      for (int i = 0; i < many.size(); i++) assertEquals(5 + i, all.get(i).seq(), "page " + i);
      client.scriptFlush();
      List<NearDecision> nears = new ArrayList<>();
      for (int i = 1; i < many.size(); i++) nears.add(new NearDecision(5 + i, 5, "simhash"));
      s.recordNearAll(nears);
      assertEquals(2 + nears.size(), s.stats().counters().get("near"));
    }
  }

  @Test
  void settingsDriftIsRefusedNamingTheKeyAndBothSettings() {
    String ns = TestRedis.namespace("drift");
    IndexSettings a = settings(ns);
    IndexSettings b = new IndexSettings(ns, 20_000, 1e-6, false, true, 3, 4, 8, 2, 32);
    try (RedisFingerprintStore s = store(a)) {
      s.checkAndRecord(page("http://a", "a", 1L));
      var e = assertThrows(StoreException.Misconfigured.class, () -> store(b));
      String m = e.getMessage();
      assertTrue(m.contains(RedisKeys.config(ns)), m);
      assertTrue(m.contains(new IndexLayout(a).description()), m);
      assertTrue(m.contains(new IndexLayout(b).description()), m);
      // a process that opened the namespace earlier is still fine
      assertEquals(2, s.checkAndRecord(page("http://b", "b", 2L)).seq());
    }
  }

  @Test
  void settingsChangedUnderARunningStoreAreRefusedByTheNextCall() {
    String ns = TestRedis.namespace("drift-live");
    try (RedisFingerprintStore s = store(settings(ns))) {
      s.checkAndRecord(page("http://a", "a", 1L));
      client.hset(RedisKeys.config(ns), "fp", "0000000000000000");
      var e = assertThrows(StoreException.Misconfigured.class,
          () -> s.checkAndRecord(page("http://b", "b", 2L)));
      assertTrue(e.getMessage().contains(RedisKeys.config(ns)), e.getMessage());
      assertThrows(StoreException.Misconfigured.class, () -> s.recordNear(2, 1, "simhash"));
      assertThrows(StoreException.Misconfigured.class, () -> s.remove("http://a"));
    }
  }

  @Test
  void copiesOfOnePageLeaveTheBucketGroupsBounded() {
    String ns = TestRedis.namespace("viral");
    IndexSettings settings = new IndexSettings(ns, 20_000, 1e-6, false, true, 3, 4, 8, 2, 3);
    long[] bands = new long[8];
    for (int i = 0; i < 8; i++) bands[i] = 0x5EED_0000_0000_0000L + i;
    try (RedisFingerprintStore s = store(settings)) {
      for (int i = 0; i < 300; i++) {
        s.checkAndRecord(new PageEntry("http://copy/" + i, "", 1L, "t", "", md5("viral"), true,
            0x0F0F_1234_5678_9ABCL, bands, 77, new byte[] {1}, ""));
      }
      IndexLayout layout = new IndexLayout(settings);
      long simhash = 0, band = 0, core = 0;
      String p = RedisKeys.prefix(ns);
      for (String k : keysOf(ns)) {
        if (k.startsWith(p + "s:")) simhash += client.strlen(k);
        if (k.startsWith(p + "b:")) band += client.strlen(k);
        if (k.startsWith(p + "c:")) core += client.strlen(k);
      }
      // SimHash: 3 entries per table (maxCandidates); bands and core: 64 (scanCap) per bucket
      assertTrue(simhash <= 4L * 3 * (16 + 5), "SimHash groups hold " + simhash + " bytes");
      assertEquals(8L * layout.scanCap() * 9, band);
      assertEquals(layout.scanCap() * 13L, core);
    }
  }

  @Test
  void bloomCellsNameTheirByteAndBit() {
    // bits: cell c is bit c % 8 (most significant first) of byte c / 8
    assertArrayEquals(new byte[] {0, (byte) 0x80, 0, 0x01, 63, 0x01, 1, 0x40},
        RedisCodec.bloomCells(new int[] {0, 7, 511, 9}, false));
    // 4-bit counters: cell c is the high nibble (unit 16) of byte c / 2 when c is even
    assertArrayEquals(new byte[] {0, 16, 0, 1, (byte) 255, 1, 5, 16},
        RedisCodec.bloomCells(new int[] {0, 1, 511, 10}, true));
  }

  /**
   * A replay of a unique page looks again only when its first lookup found candidates (only then
   * can a near decision have been lost). The common replay, a re-fetch of an unchanged page that
   * had none, reads the registry and the record and no bucket group.
   */
  @Test
  void aReplayLooksAgainOnlyWhenTheFirstLookupFoundCandidates() {
    String ns = TestRedis.namespace("replay");
    try (RedisFingerprintStore s = store(settings(ns))) {
      PageEntry alone = page("http://alone", "alone", 0x1111_2222_3333_4444L);
      PageEntry first = page("http://first", "first", 0x0F0F_0000_FFFF_1234L);
      PageEntry near = page("http://near", "near", 0x0F0F_0000_FFFF_1234L ^ 0b101);
      long sAlone = s.checkAndRecord(alone).seq();
      long sFirst = s.checkAndRecord(first).seq();
      long sNear = s.checkAndRecord(near).seq();
      assertEquals(1, flags(ns, sAlone), "no candidates: flag 2 unset");
      assertEquals(1, flags(ns, sFirst));
      assertEquals(3, flags(ns, sNear), "its lookup found 'first'");

      long mgets = calls("mget");
      CheckResult ra = s.checkAndRecord(alone);
      assertTrue(ra.replay());
      assertTrue(ra.candidates().isEmpty());
      assertEquals(mgets, calls("mget"), "a replay of a page that had no candidates reads no group");

      CheckResult rn = s.checkAndRecord(near);
      assertTrue(rn.replay());
      assertEquals(List.of(sFirst), rn.candidates().stream().map(c -> c.page().seq()).toList());
      assertEquals(mgets + 1, calls("mget"), "a page that had candidates looks again");
      assertEquals(3, flags(ns, sNear), "a replay that finds something writes nothing");

      s.recordUnique(sNear); // what the detector sends when the page stays unique
      assertEquals(1, flags(ns, sNear));
      s.checkAndRecord(near);
      assertEquals(mgets + 1, calls("mget"), "then its replays look no more");

      // a lost decision whose candidates left before the page came back: the second look finds
      // nothing, and no decision can be lost any more
      PageEntry other = page("http://other", "other", 0x0F0F_0000_FFFF_1234L ^ 0b11);
      long sOther = s.checkAndRecord(other).seq();
      assertEquals(3, flags(ns, sOther));
      assertTrue(s.remove("http://first"));
      assertTrue(s.remove("http://near"));
      assertTrue(s.checkAndRecord(other).candidates().isEmpty());
      assertEquals(1, flags(ns, sOther), "a second look that finds nothing clears flag 2");
      assertEquals(mgets + 3, calls("mget"), "other's check, then its second look");
      s.checkAndRecord(other);
      assertEquals(mgets + 3, calls("mget"), "and the replays after it look no more");
    }
  }

  /**
   * Records hold no band addresses, so removal leaves a page's band entries: a re-crawl's lookup
   * drops the old version's entries in the buckets it shares with it, compact drops the rest, and
   * afterwards no group holds an entry of the page.
   */
  @Test
  void aRecrawlDropsTheOldBandEntriesItMeetsAndCompactTheRest() {
    String ns = TestRedis.namespace("recrawl");
    try (RedisFingerprintStore s = store(settings(ns))) {
      long sh = 0x0F1E_2D3C_4B5A_6978L;
      long[] bands = random.longs(8).toArray();
      long sa = s.checkAndRecord(withBands(page("http://a", "a", sh), bands)).seq();
      byte[] rec = client.hget(RedisKeys.records(ns, sa).getBytes(StandardCharsets.UTF_8),
          Long.toString(sa).getBytes(StandardCharsets.UTF_8));
      assertEquals(0, ((rec[39] & 0xFF) << 8) | (rec[40] & 0xFF), "no band addresses in the record");
      long bytes = groupBytes(ns);
      long[] edited = bands.clone();
      edited[7] = random.nextLong(); // a small edit: one band and one SimHash bit changed
      CheckResult r = s.checkAndRecord(withBands(page("http://a", "a, edited", sh ^ 1), edited));
      assertFalse(r.replay());
      assertTrue(r.candidates().isEmpty(), "the old version is gone");
      assertEquals(bytes + 9, groupBytes(ns), "the old entries it met out, the new ones in, bands[7]'s left");
      assertTrue(s.remove("http://a"));
      assertEquals(9 * 9, groupBytes(ns), "removal leaves the band entries");
      assertEquals(9, s.compact());
      assertEquals(0, groupBytes(ns));
      assertEquals(0, s.compact());
    }
  }

  /**
   * A removed page's band entries name a page that is gone, which no lookup returns; the lookup
   * that finds them drops them from the groups it rewrites. A page decided again under its seq
   * does not get its entries twice.
   */
  @Test
  void bandEntriesOfARemovedPageAreDroppedByTheLookupThatFindsThem() {
    String ns = TestRedis.namespace("lazy");
    try (RedisFingerprintStore s = store(settings(ns))) {
      long[] bands = random.longs(8).toArray();
      s.checkAndRecord(withBands(page("http://a", "a", 0x1234_5678_0000_0001L), bands));
      assertEquals(8 * 9, bandBytes(ns));
      assertTrue(s.remove("http://a"));
      assertEquals(8 * 9, bandBytes(ns), "removal leaves the band entries");
      // b shares 6 of a's 8 bands (another SimHash, no core terms)
      long[] six = bands.clone();
      six[6] = random.nextLong();
      six[7] = random.nextLong();
      CheckResult rb = s.checkAndRecord(withBands(page("http://b", "b", ~0x1234_5678_0000_0001L), six));
      assertTrue(rb.candidates().isEmpty(), "a page that is gone is no candidate");
      assertEquals(8 * 9 + 2 * 9, bandBytes(ns), "b's 8 entries and a's 2 it did not meet");

      // decided again under its seq (FingerprintStore.recheck): its entries are not doubled
      PageEntry c = withBands(page("http://c", "c", 0x7777_0000_0000_0000L), random.longs(8).toArray());
      long sc = s.checkAndRecord(c).seq();
      s.recordNear(rb.seq(), sc, "minhash"); // b a copy of c
      assertTrue(s.remove("http://c")); // b is an orphan now
      long before = bandBytes(ns);
      CheckResult again = s.recheck(withBands(page("http://b", "b", ~0x1234_5678_0000_0001L), six));
      assertEquals(rb.seq(), again.seq());
      assertEquals(before, bandBytes(ns), "b's entries once each; c's stay until met or compacted");
    }
  }

  /**
   * compact reads the groups first and writes later: a page recorded in between (here from its
   * progress callback, which runs after the reading of a namespace this small and before its
   * writing) keeps its entries in the groups it shares with a page that left, and the entries of
   * that page still go.
   */
  @Test
  void compactKeepsThePagesRecordedWhileItRuns() {
    String ns = TestRedis.namespace("compact-live");
    IndexSettings small = new IndexSettings(ns, 100, 1e-6, false, true, 3, 4, 8, 2, 32);
    IndexLayout layout = new IndexLayout(small);
    try (RedisFingerprintStore s = store(small)) {
      long[] gone = random.longs(8).toArray();
      s.checkAndRecord(withBands(page("http://gone", "gone", 0x1111_0000_0000_0000L), gone));
      s.checkAndRecord(withBands(page("http://stays", "stays", 0x2222_0000_0000_0000L), random.longs(8).toArray()));
      assertTrue(s.remove("http://gone"));
      // other band values in the same groups as gone's: no lookup of it meets gone's entries
      long[] sameGroups = new long[8];
      for (int i = 0; i < 8; i++) {
        long group = (IndexLayout.bandAddress(i, gone[i]) >>> 32) % layout.bandKeys();
        do {
          sameGroups[i] = random.nextLong();
        } while ((IndexLayout.bandAddress(i, sameGroups[i]) >>> 32) % layout.bandKeys() != group);
      }
      PageEntry during = withBands(page("http://during", "during", 0x3333_0000_0000_0000L), sameGroups);
      boolean[] recorded = {false};
      long dropped = s.compact((groups, n) -> {
        if (!recorded[0]) s.checkAndRecord(during);
        recorded[0] = true;
      });
      assertEquals(8, dropped, "gone's entries");
      assertEquals(2 * 8 * 9, bandBytes(ns), "stays' and during's entries");
      CheckResult copy = s.checkAndRecord(withBands(page("http://copy", "copy", 0x4444_0000_0000_0000L), sameGroups));
      assertEquals(List.of("http://during"), copy.candidates().stream().map(c -> c.page().url()).toList());
    }
  }

  /**
   * What compact learnt of a namespace is void once it is reset: seqs start again at 1, and a
   * seq it found gone can name a new page. It stops before it drops anything (else the new
   * page's entries would go).
   */
  @Test
  void compactStopsWhenTheNamespaceIsResetWhileItRuns() {
    String ns = TestRedis.namespace("compact-reset");
    IndexLayout layout = new IndexLayout(settings(ns));
    try (RedisFingerprintStore s = store(settings(ns))) {
      // bands in the first MGET's groups: compact learns a's seq is gone before the callback
      long[] bands = new long[8];
      for (int i = 0; i < 8; i++) {
        do {
          bands[i] = random.nextLong();
        } while ((IndexLayout.bandAddress(i, bands[i]) >>> 32) % layout.bandKeys()
            >= RedisMaintenance.COMPACT_READ_GROUPS);
      }
      long first = s.checkAndRecord(withBands(page("http://a", "a", 0x1111_0000_0000_0000L), bands)).seq();
      assertTrue(s.remove("http://a"));
      long[] again = {0};
      StoreException e = assertThrows(StoreException.class, () -> s.compact((groups, n) -> {
        if (again[0] != 0) return;
        s.reset();
        again[0] = s.checkAndRecord(withBands(page("http://b", "b", 0x2222_0000_0000_0000L), bands)).seq();
      }));
      assertEquals(first, again[0], "the new page has the seq that was gone");
      assertTrue(e.getMessage().contains("was reset while compact ran"), e.getMessage());
      assertEquals(8 * 9, bandBytes(ns), "b's entries stay");
      assertEquals(0, s.compact());
    }
  }

  /** A key of the wrong type where compact reads the live bitmap is a Misconfigured store, as elsewhere. */
  @Test
  void compactReportsAKeyOfTheWrongTypeAsMisconfigured() {
    String ns = TestRedis.namespace("compact-wrongtype");
    try (RedisFingerprintStore s = store(settings(ns))) {
      for (String u : List.of("http://a", "http://b")) s.checkAndRecord(page(u, u, random.nextLong()));
      assertTrue(s.remove("http://b"));
      String live = RedisKeys.liveSeqs(ns, 0);
      client.del(live);
      client.hset(live, "not", "a bitmap");
      StoreException e = assertThrows(StoreException.Misconfigured.class, s::compact);
      assertTrue(e.getMessage().contains("WRONGTYPE"), e.getMessage());
    }
  }

  /**
   * A namespace planned for far more pages than it holds (the default plans 10^8) has few of its
   * planned band groups: compact reads the ones SCAN finds, not every planned number (and skips
   * a key under {ns}:b: that is not a group).
   */
  @Test
  void compactOfASparseNamespaceReadsOnlyTheGroupsThereAre() {
    try (TestRedis.Server server = TestRedis.Server.start();
        redis.clients.jedis.Jedis admin = new redis.clients.jedis.Jedis(server.url())) {
      IndexSettings big = new IndexSettings("sparse", 1_000_000, 1e-6, false, true, 3, 4, 8, 2, 32);
      RedisSettings rs = new RedisSettings(server.url(), 2000, 2000, 2);
      try (RedisFingerprintStore s = new RedisFingerprintStore(rs, big)) {
        List<PageEntry> pages = new ArrayList<>();
        for (int i = 0; i < 300; i++) pages.add(page("http://p/" + i, "p" + i, random.nextLong()));
        s.checkAndRecordAll(pages);
        for (int i = 0; i < 100; i++) assertTrue(s.remove("http://p/" + i));
        long groups = 0;
        for (String k : admin.keys("{sparse}:b:*")) groups++; // a private server: KEYS is fine here
        admin.set("{sparse}:b:notes", "an operator's key, not a group: skipped");
        admin.configResetStat();
        long[] read = {0};
        assertEquals(800, s.compact((g, dropped) -> read[0] = g), "the 100 removed pages' entries");
        // SCAN may return a key twice (a harmless second look), so at least the groups there are
        assertTrue(read[0] >= groups && read[0] < 2 * groups,
            read[0] + " groups read: the " + groups + " there are, not the " + new IndexLayout(big).bandKeys() + " planned");
        long mgets = StoreCpuBenchmark.commandCalls(admin.info("commandstats")).getOrDefault("mget", 0L);
        assertTrue(mgets < 2 * ((groups + 255) / 256 + 1), mgets + " MGETs");
        assertEquals(0, s.compact());
      }
    }
  }

  /** A band group far fuller than the layout plans (a namespace sized too small) compacts too. */
  @Test
  void compactReadsAnOverfullGroup() {
    String ns = TestRedis.namespace("compact-full");
    IndexSettings tiny = new IndexSettings(ns, 10, 1e-6, false, true, 3, 4, 8, 2, 32);
    try (RedisFingerprintStore s = store(tiny)) {
      List<PageEntry> pages = new ArrayList<>();
      for (int i = 0; i < 800; i++) pages.add(page("http://p/" + i, "p" + i, random.nextLong()));
      s.checkAndRecordAll(pages);
      for (int i = 0; i < 10; i++) assertTrue(s.remove("http://p/" + i));
      assertEquals(80, s.compact(), "the 10 pages' 8 entries each, of 6,400 in 2 groups");
    }
  }

  /** The bytes of every band group of namespace ns. */
  private long bandBytes(String ns) {
    long n = 0;
    for (String k : keysOf(ns)) if (k.startsWith(RedisKeys.prefix(ns) + "b:")) n += client.strlen(k);
    return n;
  }

  private static PageEntry withBands(PageEntry e, long[] bands) {
    return new PageEntry(e.url(), e.id(), e.fetchedAt(), e.title(), e.canonical(), e.digest(),
        e.nearLookup(), e.simhash(), bands, 0, e.sketch(), "");
  }

  /** The bytes of every bucket group (SimHash, bands, core terms) of namespace ns. */
  private long groupBytes(String ns) {
    long n = 0;
    String p = RedisKeys.prefix(ns);
    for (String k : keysOf(ns)) {
      if (k.startsWith(p + "s:") || k.startsWith(p + "b:") || k.startsWith(p + "c:")) n += client.strlen(k);
    }
    return n;
  }

  /** The flags byte (RedisRecord offset 38) of a stored record. */
  private int flags(String ns, long seq) {
    byte[] rec = client.hget(RedisKeys.records(ns, seq).getBytes(StandardCharsets.UTF_8),
        Long.toString(seq).getBytes(StandardCharsets.UTF_8));
    return rec[38];
  }

  /** How often the server ran a command, scripts' calls included (INFO commandstats). */
  private long calls(String command) {
    Object info = client.sendCommand(Protocol.Command.INFO, "commandstats");
    return StoreCpuBenchmark.commandCalls(new String((byte[]) info, StandardCharsets.UTF_8))
        .getOrDefault(command, 0L);
  }

  @Test
  void aKeyOfTheWrongTypeIsMisconfigurationNamingTheKey() {
    String ns = TestRedis.namespace("wrongtype");
    try (RedisFingerprintStore s = store(settings(ns))) {
      client.set(RedisKeys.counters(ns), "not a hash");
      var e = assertThrows(StoreException.Misconfigured.class,
          () -> s.checkAndRecord(page("http://a", "a", 1L)));
      assertTrue(e.getMessage().contains(RedisKeys.counters(ns)), e.getMessage());
      assertTrue(e.getMessage().contains("WRONGTYPE"), e.getMessage());
    }
    String ns2 = TestRedis.namespace("wrongtype");
    client.set(RedisKeys.config(ns2), "oops");
    var e = assertThrows(StoreException.Misconfigured.class, () -> store(settings(ns2)));
    assertTrue(e.getMessage().contains(RedisKeys.config(ns2)), e.getMessage());
    // the script's own marker decides, not one a namespace name quotes
    String ns3 = TestRedis.namespace("a NEARDUP_ERR OOM");
    try (RedisFingerprintStore s = store(settings(ns3))) {
      client.set(RedisKeys.counters(ns3), "not a hash");
      assertThrows(StoreException.Misconfigured.class, () -> s.checkAndRecord(page("http://a", "a", 1L)));
      s.reset();
    }
  }

  @Test
  void aPageRefusedInAMultiPageCallStopsTheCallAfterThePagesBeforeIt() {
    String ns = TestRedis.namespace("refused");
    try (RedisFingerprintStore s = store(settings(ns))) {
      // three pages of one script call; the second's registry key is not a hash
      String bad = registryKey(s, "http://bad");
      List<PageEntry> batch = new ArrayList<>();
      batch.add(page(urlAvoiding(s, bad, "http://first/"), "first", 1L));
      batch.add(page("http://bad", "bad", 2L));
      batch.add(page(urlAvoiding(s, bad, "http://third/"), "third", 3L));
      client.set(bad, "not a hash");
      var e = assertThrows(StoreException.Misconfigured.class, () -> s.checkAndRecordAll(batch));
      assertTrue(e.getMessage().contains(bad), e.getMessage());
      client.del(bad);
      List<CheckResult> again = s.checkAndRecordAll(batch);
      assertTrue(again.get(0).replay(), "the page before the refused one was recorded");
      assertEquals(1, again.get(0).seq());
      assertFalse(again.get(1).replay(), "the refused page wrote nothing");
      assertEquals(2, again.get(1).seq());
      assertFalse(again.get(2).replay(), "the page after it was not checked");
      assertEquals(3, again.get(2).seq());
    }
  }

  private static String registryKey(RedisFingerprintStore s, String url) {
    long uh = IndexLayout.urlHash(url);
    return RedisKeys.registry(s.settings().namespace(), (uh >>> 32) % s.layout().registryKeys());
  }

  private static String urlAvoiding(RedisFingerprintStore s, String key, String prefix) {
    for (int i = 0; ; i++) {
      if (!registryKey(s, prefix + i).equals(key)) return prefix + i;
    }
  }

  /**
   * A server at maxmemory (noeviction) refuses writes that may grow memory, and that is when an
   * operator removes, expires and compacts: they must still run. Redis checks only a script's
   * first write, so the scripts free before they write.
   */
  @ParameterizedTest(name = "counting Bloom filter: {0}")
  @ValueSource(booleans = {false, true})
  void removalAndCompactionRunAtMaxmemory(boolean counting) {
    try (TestRedis.Server server = TestRedis.Server.start("maxmemory-policy noeviction")) {
      RedisSettings rs = new RedisSettings(server.url(), 2000, 2000, 2);
      IndexSettings settings = new IndexSettings("full", 10_000, 1e-6, counting, true, 3, 4, 8, 2, 32);
      try (RedisFingerprintStore s = new RedisFingerprintStore(rs, settings);
          redis.clients.jedis.Jedis admin = new redis.clients.jedis.Jedis(server.url())) {
        List<PageEntry> pages = new ArrayList<>();
        for (int i = 0; i < 300; i++) pages.add(page("http://p/" + i, "p" + i, random.nextLong()));
        s.checkAndRecordAll(pages);
        for (int i = 0; i < 100; i++) assertTrue(s.remove("http://p/" + i));
        long used = Long.parseLong(admin.info("memory").replaceAll("(?s).*used_memory:(\\d+).*", "$1"));
        admin.configSet("maxmemory", Long.toString(used / 2));
        StoreException full = assertThrows(StoreException.Unavailable.class,
            () -> s.checkAndRecord(page("http://new", "new", random.nextLong())));
        assertTrue(full.getMessage().contains("is out of memory (maxmemory): OOM command not allowed"),
            full.getMessage());
        // a re-crawl removes before it records: its removal must not let the new page through
        assertThrows(StoreException.Unavailable.class,
            () -> s.checkAndRecord(page("http://p/299", "p299, edited", random.nextLong())));
        for (int i = 100; i < 150; i++) assertTrue(s.remove("http://p/" + i));
        // groups that keep live entries are rewritten (SET), not deleted
        assertEquals(150L * 8, s.compact(), "the 150 removed pages' band entries");
        assertEquals(150, s.expire(2L), "every page left was fetched at 1");
        assertEquals(150L * 8, s.compact(), "and the expired ones'");
        assertEquals(0, s.compact());
      }
    }
  }

  /**
   * A server that refuses writes until an operator acts (its RDB save failed: a full or read-only
   * disk; too few replicas for min-replicas-to-write) is unavailable, as a broken connection is:
   * the bolt replays the pages instead of failing them as page errors (which would send them to the
   * status index as ERROR and have them deleted from the index).
   */
  @Test
  void aServerThatRefusesWritesIsUnavailable() throws Exception {
    try (TestRedis.Server server = TestRedis.Server.start();
        redis.clients.jedis.Jedis admin = new redis.clients.jedis.Jedis(server.url())) {
      RedisSettings rs = new RedisSettings(server.url(), 2000, 2000, 2);
      try (RedisFingerprintStore s = new RedisFingerprintStore(rs, settings("refusing"))) {
        assertEquals(1, s.checkAndRecord(page("http://a", "a", 1L)).seq());
        String dir = admin.configGet("dir").values().iterator().next();
        admin.configSet("dir", "/proc"); // no file can be created there, even by root
        admin.configSet("save", "3600 1");
        admin.bgsave();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!admin.info("persistence").contains("rdb_last_bgsave_status:err") && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        StoreException misconf = assertThrows(StoreException.Unavailable.class, () -> s.checkAndRecord(page("http://b", "b", 2L)));
        assertTrue(misconf.getMessage().contains("MISCONF"), misconf.getMessage());
        assertThrows(StoreException.Unavailable.class, () -> s.remove("http://a"));
        admin.configSet("dir", dir);
        admin.bgsave();
        deadline = System.nanoTime() + 10_000_000_000L;
        while (!admin.info("persistence").contains("rdb_last_bgsave_status:ok") && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        assertEquals(2, s.checkAndRecord(page("http://b", "b", 2L)).seq(), "writes are taken again");

        admin.configSet("min-replicas-to-write", "1");
        StoreException noReplicas = assertThrows(StoreException.Unavailable.class,
            () -> s.checkAndRecord(page("http://c", "c", 3L)));
        assertTrue(noReplicas.getMessage().contains("NOREPLICAS"), noReplicas.getMessage());
        admin.configSet("min-replicas-to-write", "0");
        assertEquals(3, s.checkAndRecord(page("http://c", "c", 3L)).seq());
      } finally {
        admin.configSet("save", ""); // a server with save points saves on shutdown, which may fail here
      }
    }
  }

  @Test
  void stoppedServerIsUnavailableAndTheStoreWorksAfterARestart() throws Exception {
    try (TestRedis.Server server = TestRedis.Server.start()) {
      RedisSettings rs = new RedisSettings(server.url(), 500, 500, 2);
      try (RedisFingerprintStore s = new RedisFingerprintStore(rs, settings("restart"))) {
        assertEquals(1, s.checkAndRecord(page("http://a", "a", 1L)).seq());
        server.stop();
        assertThrows(StoreException.Unavailable.class,
            () -> s.checkAndRecord(page("http://b", "b", 2L)));
        assertThrows(StoreException.Unavailable.class, s::stats);
        server.restart();
        CheckResult r = null;
        for (int attempt = 0; attempt < 10 && r == null; attempt++) {
          try {
            r = s.checkAndRecord(page("http://b", "b", 2L));
          } catch (StoreException.Unavailable e) {
            Thread.sleep(100); // the pool drops its broken connections one by one
          }
        }
        assertNotNull(r, "works again after the restart");
        assertEquals(1, r.seq(), "the restarted server is empty (no persistence in tests)");
      }
    }
  }

  @Test
  void passwordsNeverShow() {
    String pw = "s3cr3t-pw";
    try (TestRedis.Server server = TestRedis.Server.start("requirepass " + pw)) {
      String url = "redis://:" + pw + "@127.0.0.1:" + server.port() + "/0";
      RedisSettings rs = new RedisSettings(url, 1000, 1000, 2);
      assertFalse(rs.toString().contains(pw), rs.toString());
      assertEquals(pw, rs.password());
      try (RedisFingerprintStore s = new RedisFingerprintStore(rs, settings("pw"))) {
        s.checkAndRecord(page("http://a", "a", 1L));
        assertFalse(s.toString().contains(pw), s.toString());
        assertFalse(s.stats().toString().contains(pw));
        server.stop();
        var e = assertThrows(StoreException.Unavailable.class,
            () -> s.checkAndRecord(page("http://b", "b", 2L)));
        assertFalse(e.getMessage().contains(pw), e.getMessage());
        server.restart();
      }
      String wrong = "wr0ng-pw";
      RedisSettings bad = new RedisSettings("redis://user:" + wrong + "@127.0.0.1:" + server.port(),
          1000, 1000, 2);
      assertFalse(bad.toString().contains(wrong));
      var e = assertThrows(StoreException.class, () -> new RedisFingerprintStore(bad, settings("pw")));
      for (Throwable t = e; t != null; t = t.getCause()) {
        assertFalse(String.valueOf(t.getMessage()).contains(wrong), t.getMessage());
      }
    }
  }

  @Test
  void bloomBitsAreTheReferencePositions() {
    String ns = TestRedis.namespace("bloom");
    try (RedisFingerprintStore s = store(settings(ns))) {
      IndexLayout l = s.layout();
      PageEntry p = page("http://a", "bloom text", 1L);
      s.checkAndRecord(p);
      String key = RedisKeys.bloomShard(ns, BloomMath.shardOf(p.digest(), l.bloomShards()));
      Set<Long> pos = new HashSet<>();
      for (long x : BloomMath.positions(p.digest(), l.bloomCellsPerShard(), l.bloomK(), l.bloomBlockCells())) {
        pos.add(x);
        assertTrue(client.getbit(key, x), "bit " + x);
      }
      assertEquals(pos.size(), client.bitcount(key));
      StoreStats st = s.stats();
      assertEquals((double) pos.size() / l.bloomCells(), st.bloomFill(), 1e-12);
    }
  }

  @Test
  void countingBloomRemoveZeroesTheCounters() {
    String ns = TestRedis.namespace("counting");
    IndexSettings cs = new IndexSettings(ns, 10_000, 1e-6, true, true, 3, 4, 8, 2, 32);
    try (RedisFingerprintStore s = store(cs)) {
      s.checkAndRecord(page("http://a", "x", 1L));
      s.checkAndRecord(page("http://b", "x", 2L));
      String key = RedisKeys.bloomShard(ns, 0);
      assertTrue(client.bitcount(key) > 0);
      assertTrue(s.stats().bloomFill() > 0);
      s.remove("http://a");
      assertTrue(client.bitcount(key) > 0);
      s.remove("http://b");
      assertEquals(0, client.bitcount(key));
    }
  }

  @Test
  void everyKeyIsOneOfRedisKeysAndBulkEqualsMemory() {
    String ns = TestRedis.namespace("keys");
    IndexSettings st = settings(ns);
    List<PageEntry> entries = new ArrayList<>();
    long base = random.nextLong();
    for (int i = 0; i < 200; i++) {
      long sh = i % 3 == 0 ? base ^ (1L << random.nextInt(64)) : random.nextLong();
      entries.add(page("http://k/" + (i % 150), "text " + (i % 40), sh));
    }
    MemoryFingerprintStore mem = new MemoryFingerprintStore(st);
    try (RedisFingerprintStore s = store(st)) {
      List<CheckResult> bulk = s.checkAndRecordAll(entries);
      for (int i = 0; i < entries.size(); i++) {
        CheckResult m = mem.checkAndRecord(entries.get(i));
        CheckResult r = bulk.get(i);
        assertEquals(m.seq(), r.seq(), "entry " + i);
        assertEquals(m.replay(), r.replay(), "entry " + i);
        assertEquals(m.exact() == null ? null : m.exact().seq(),
            r.exact() == null ? null : r.exact().seq(), "entry " + i);
        assertEquals(m.candidates().stream().map(c -> c.page().seq() + "/" + c.hamming() + "/"
            + c.bandHits() + "/" + c.coreTermMatch()).toList(),
            r.candidates().stream().map(c -> c.page().seq() + "/" + c.hamming() + "/"
            + c.bandHits() + "/" + c.coreTermMatch()).toList(), "entry " + i);
      }
      assertEquals(mem.stats().counters(), s.stats().counters().entrySet().stream()
          .filter(e -> !e.getKey().equals("seq"))
          .collect(java.util.stream.Collectors.toMap(e -> e.getKey(), e -> e.getValue(),
              (x, y) -> x, java.util.TreeMap::new)));
      for (String k : keysOf(ns)) assertNotNull(RedisKeys.structureOf(ns, k), k);
      StoreStats stats = s.stats();
      assertEquals(150, stats.structures().get("registry").entries());
      assertTrue(stats.bytesPerPage() > 0);
      assertTrue(stats.simhashBuckets().max() >= 1);
      // a sampled scan extrapolates from the registry keys it met; SCAN of a shared test server
      // can meet none of them in its first 5 keys of this namespace, and then says so (-1)
      StoreStats sampled = s.stats(5);
      StoreStats.StructureSize reg = sampled.structures().get("registry");
      if (reg != null) {
        assertTrue(reg.entries() > 0, sampled.structures().toString());
      } else {
        assertTrue(sampled.structures().entrySet().stream().filter(e -> !e.getKey().equals("bloom")
            && !e.getKey().equals("live_seqs") && !e.getKey().equals("config") && !e.getKey().equals("counters")
            && !e.getKey().equals("top")).allMatch(e -> e.getValue().entries() == -1), sampled.structures().toString());
      }
    }
  }

  @Test
  void everySimhashLayoutFindsWhatMemoryFinds() {
    // 5 and 6 blocks: neighbours found only outside table 0 are resolved through table 0;
    // re-crawls and removals take a page's entries out of every table
    for (int blocks : new int[] {5, 6}) {
      String ns = TestRedis.namespace("blocks" + blocks);
      IndexSettings st = new IndexSettings(ns, 2_000, 1e-6, false, true, 3, blocks, 8, 2, 32);
      MemoryFingerprintStore mem = new MemoryFingerprintStore(st);
      List<Long> shs = new ArrayList<>();
      try (RedisFingerprintStore s = store(st)) {
        for (int i = 0; i < 400; i++) {
          long sh = shs.isEmpty() || i % 2 == 0 ? random.nextLong() : shs.get(random.nextInt(shs.size()));
          for (int f = random.nextInt(5); f > 0; f--) sh ^= 1L << random.nextInt(64);
          shs.add(sh);
          PageEntry e = page("http://b/" + (i % 300), "text " + i, sh);
          CheckResult m = mem.checkAndRecord(e);
          CheckResult r = s.checkAndRecord(e);
          assertEquals(m.seq(), r.seq(), blocks + " blocks, entry " + i);
          assertEquals(m.candidates().stream().map(c -> c.page().seq() + "/" + c.hamming()).toList(),
              r.candidates().stream().map(c -> c.page().seq() + "/" + c.hamming()).toList(),
              blocks + " blocks, entry " + i);
          if (i % 37 == 0) assertEquals(mem.remove("http://b/" + (i / 2)), s.remove("http://b/" + (i / 2)));
        }
      }
    }
  }

  @Test
  void resetDeletesOnlyItsNamespace() {
    String ns = "glob*[x]-" + random.nextInt(1000);
    String other = ns.replace("*[x]", "Z[x]");
    try (RedisFingerprintStore a = store(settings(ns));
        RedisFingerprintStore b = store(settings(other))) {
      a.checkAndRecord(page("http://a", "a", 1L));
      b.checkAndRecord(page("http://b", "b", 2L));
      assertTrue(a.reset() > 3);
      assertTrue(keysOf(ns).isEmpty());
      assertFalse(keysOf(other).isEmpty());
      b.reset();
      assertTrue(keysOf(other).isEmpty());
    }
  }

  @Test
  void redisSettingsParseAndValidate() {
    RedisSettings r = new RedisSettings("rediss://bob:p%40ss@host.example:6380/3", 10, 20, 4);
    assertTrue(r.tls());
    assertEquals("host.example", r.host());
    assertEquals(6380, r.port());
    assertEquals(3, r.database());
    assertEquals("bob", r.user());
    assertEquals("p@ss", r.password());
    assertEquals("rediss://bob:***@host.example:6380/3", r.maskedUrl());
    assertNull(RedisSettings.of("redis://localhost").password());
    assertThrows(IllegalArgumentException.class, () -> RedisSettings.of("http://x"));
    var e = assertThrows(IllegalArgumentException.class,
        () -> new RedisSettings("redis://u:topsecret@h:1", 0, 1, 1));
    assertFalse(e.getMessage().contains("topsecret"));
    var e2 = assertThrows(IllegalArgumentException.class,
        () -> RedisSettings.of("redis://u:topsecret@"));
    assertFalse(e2.getMessage().contains("topsecret"), e2.getMessage());
  }

  @Test
  void stableFingerprintsAreStoredBigEndian() {
    try (RedisFingerprintStore s = store(settings(TestRedis.namespace("sh")))) {
      long sh = 0x8000_0000_0000_0001L;
      s.checkAndRecord(page("http://a", "a", sh));
      assertEquals(sh, s.pages(List.of(1L)).get(0).simhash());
      assertNull(s.pages(List.of(99L)).get(0));
      assertEquals(sh, ByteBuffer.allocate(8).putLong(sh).flip().getLong());
    }
  }
}
