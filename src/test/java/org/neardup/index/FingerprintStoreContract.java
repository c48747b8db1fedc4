package org.neardup.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link FingerprintStore} contract, run against every implementation. Subclasses supply a
 * fresh, empty store per namespace.
 */
public abstract class FingerprintStoreContract {

  private final List<IndexStore> opened = new ArrayList<>();
  private final Random random = new Random(42);

  /** A new store on an empty namespace with these settings. */
  protected abstract IndexStore create(IndexSettings settings);

  protected IndexSettings settings() {
    return new IndexSettings(namespace(), 10_000, 1e-6, false, true, 3, 4, 8, 2, 32);
  }

  protected String namespace() {
    return "contract-" + Long.toHexString(random.nextLong() ^ System.nanoTime());
  }

  protected IndexStore store(IndexSettings s) {
    IndexStore f = create(s);
    opened.add(f);
    return f;
  }

  protected IndexStore store() {
    return store(settings());
  }

  @AfterEach
  void closeStores() {
    for (IndexStore s : opened) s.close();
  }

  // ---- entries ----

  protected static byte[] digest(String text) {
    try {
      return java.security.MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  protected static PageEntry entry(String url, String text, long simhash, long[] bands, long core) {
    return new PageEntry(url, "", 1_700_000_000_000L, "title of " + url, "", digest(text), true,
        simhash, bands, core, ("sketch:" + url).getBytes(StandardCharsets.UTF_8), "");
  }

  private long[] randomBands(int n) {
    long[] b = new long[n];
    for (int i = 0; i < n; i++) b[i] = random.nextLong();
    return b;
  }

  protected PageEntry page(String url, String text, long simhash) {
    return entry(url, text, simhash, randomBands(8), 0);
  }

  /** The entry as fetched at {@code fetchedAt} (epoch ms). */
  protected static PageEntry at(PageEntry e, long fetchedAt) {
    return new PageEntry(e.url(), e.id(), fetchedAt, e.title(), e.canonical(), e.digest(), e.nearLookup(),
        e.simhash(), e.bands(), e.coreTerms(), e.sketch(), e.site());
  }

  /** The entry as a page of {@code site}. */
  protected static PageEntry onSite(PageEntry e, String site) {
    return new PageEntry(e.url(), e.id(), e.fetchedAt(), e.title(), e.canonical(), e.digest(), e.nearLookup(),
        e.simhash(), e.bands(), e.coreTerms(), e.sketch(), site);
  }

  private Map<String, Long> counters(IndexStore s) {
    return new HashMap<>(s.stats().counters());
  }

  // ---- tests ----

  @Test
  void uniqueThenExact() {
    IndexStore s = store();
    CheckResult a = s.checkAndRecord(page("http://a/1", "same text", 1L));
    assertEquals(1, a.seq());
    assertFalse(a.replay());
    assertNull(a.exact());
    assertFalse(a.bloomHit());
    CheckResult b = s.checkAndRecord(page("http://b/1", "same text", 99L));
    assertEquals(2, b.seq());
    assertTrue(b.bloomHit());
    assertNotNull(b.exact());
    assertEquals(1, b.exact().seq());
    assertEquals("http://a/1", b.exact().url());
    assertEquals("http://a/1", b.exact().id());
    assertEquals("title of http://a/1", b.exact().title());
    assertEquals(1_700_000_000_000L, b.exact().fetchedAt());
    assertEquals("sketch:http://a/1", new String(b.exact().sketch(), StandardCharsets.UTF_8));
    assertEquals(RecordedVerdict.UNIQUE, b.exact().verdict());
    assertNull(b.exactOriginal());
    assertTrue(b.candidates().isEmpty(), "no near lookup after an exact match");
    CheckResult again = s.checkAndRecord(page("http://b/1", "same text", 99L));
    assertTrue(again.replay());
    assertEquals(RecordedVerdict.EXACT, again.self().verdict());
    assertEquals(1, again.self().originalSeq());
    assertEquals("http://a/1", again.selfOriginal().url());
    Map<String, Long> c = counters(s);
    assertEquals(2, c.get("pages"));
    assertEquals(1, c.get("unique"));
    assertEquals(1, c.get("exact"));
  }

  @Test
  void simhashNeighboursWithinKAreFoundWhereverTheBitsDiffer() {
    IndexStore s = store();
    int k = 3;
    int trial = 0;
    // systematic: flips in every combination of blocks (4 blocks of 16 bits), then random
    List<int[]> flips = new ArrayList<>();
    for (int b1 = 0; b1 < 4; b1++) {
      for (int b2 = 0; b2 < 4; b2++) {
        for (int b3 = 0; b3 < 4; b3++) {
          flips.add(new int[] {b1 * 16 + random.nextInt(16), b2 * 16 + random.nextInt(16),
              b3 * 16 + random.nextInt(16)});
        }
      }
    }
    for (int i = 0; i < 40; i++) {
      int d = random.nextInt(k + 1);
      int[] f = new int[d];
      for (int j = 0; j < d; j++) f[j] = random.nextInt(64);
      flips.add(f);
    }
    for (int[] f : flips) {
      long base = random.nextLong();
      long q = base;
      for (int bit : f) q ^= 1L << bit;
      int d = Long.bitCount(base ^ q);
      CheckResult p = s.checkAndRecord(page("http://base/" + trial, "base " + trial, base));
      CheckResult r = s.checkAndRecord(page("http://query/" + trial, "query " + trial, q));
      trial++;
      Candidate c = find(r, p.seq());
      assertNotNull(c, "distance " + d + " flips " + java.util.Arrays.toString(f));
      assertEquals(d, c.hamming());
      assertEquals(base, c.page().simhash());
    }
    // beyond k: never proposed by SimHash
    for (int i = 0; i < 30; i++) {
      long base = random.nextLong();
      long q = base;
      while (Long.bitCount(base ^ q) < k + 1) q ^= 1L << random.nextInt(64);
      CheckResult p = s.checkAndRecord(page("http://far/" + i, "far " + i, base));
      CheckResult r = s.checkAndRecord(page("http://farq/" + i, "farq " + i, q));
      assertNull(find(r, p.seq()), "distance " + Long.bitCount(base ^ q));
    }
  }

  private static Candidate find(CheckResult r, long seq) {
    for (Candidate c : r.candidates()) if (c.page().seq() == seq) return c;
    return null;
  }

  @Test
  void lshBandCollisionsAreCounted() {
    IndexStore s = store();
    long[] a = randomBands(8);
    CheckResult pa = s.checkAndRecord(entry("http://a", "a", 0x0F0F0F0F0F0F0F0FL, a, 0));
    long[] b = randomBands(8);
    b[2] = a[2];
    b[5] = a[5];
    b[7] = a[7];
    CheckResult pb = s.checkAndRecord(entry("http://b", "b", 0xF0F0F0F0F0F0F0F0L, b, 0));
    Candidate c = find(pb, pa.seq());
    assertNotNull(c);
    assertEquals(3, c.bandHits());
    assertEquals(-1, c.hamming());
    assertFalse(c.coreTermMatch());
    // the same value in another band is not a collision
    long[] x = randomBands(8);
    x[0] = a[1];
    CheckResult px = s.checkAndRecord(entry("http://x", "x", 0x00FF00FF00FF00FFL, x, 0));
    assertNull(find(px, pa.seq()));
  }

  @Test
  void coreTermBucketsMatch() {
    IndexStore s = store();
    CheckResult a = s.checkAndRecord(entry("http://a", "a", 0x1234L, randomBands(8), 777L));
    CheckResult b = s.checkAndRecord(entry("http://b", "b", ~0x1234L, randomBands(8), 777L));
    Candidate c = find(b, a.seq());
    assertNotNull(c);
    assertTrue(c.coreTermMatch());
    assertEquals(0, c.bandHits());
    assertEquals(-1, c.hamming());
    CheckResult z = s.checkAndRecord(entry("http://z", "z", 0x5555L << 20, randomBands(8), 0));
    assertTrue(z.candidates().isEmpty(), "core terms 0 match nothing");
  }

  @Test
  void replayReturnsTheEarlierVerdictAndWritesNothing() {
    IndexStore s = store();
    PageEntry a = page("http://a", "text a", 42L);
    CheckResult first = s.checkAndRecord(a);
    Map<String, Long> before = counters(s);
    CheckResult replay = s.checkAndRecord(a);
    assertTrue(replay.replay());
    assertEquals(first.seq(), replay.seq());
    assertEquals(RecordedVerdict.UNIQUE, replay.self().verdict());
    assertNull(replay.selfOriginal());
    assertTrue(replay.candidates().isEmpty());
    Map<String, Long> after = counters(s);
    assertEquals(before.getOrDefault("replays", 0L) + 1, after.get("replays"));
    after.remove("replays");
    before.remove("replays");
    assertEquals(before, after);
    // a new page still gets the next seq
    assertEquals(first.seq() + 1, s.checkAndRecord(page("http://b", "text b", 7L)).seq());
  }

  @Test
  void recrawlWithNewDigestReplacesTheOldFingerprints() {
    IndexStore s = store();
    long s1 = 0xAAAA_0000_5555_0000L;
    long s2 = 0x1357_9BDF_2468_ACE0L;
    CheckResult v1 = s.checkAndRecord(entry("http://a", "version 1", s1, randomBands(8), 5L));
    CheckResult v2 = s.checkAndRecord(entry("http://a", "version 2", s2, randomBands(8), 6L));
    assertFalse(v2.replay());
    assertTrue(v2.seq() > v1.seq());
    assertNull(find(v2, v1.seq()), "the old version is not its own candidate");
    CheckResult q1 = s.checkAndRecord(entry("http://q1", "q1", s1, randomBands(8), 5L));
    assertTrue(q1.candidates().isEmpty(), "old simhash and core terms are gone");
    CheckResult q2 = s.checkAndRecord(entry("http://q2", "q2", s2 ^ 1, randomBands(8), 0));
    assertNotNull(find(q2, v2.seq()));
    CheckResult d1 = s.checkAndRecord(page("http://d1", "version 1", 77L));
    assertNull(d1.exact(), "the old digest no longer confirms");
    assertEquals(1, counters(s).get("recrawls"));
  }

  /**
   * An original re-crawled as an exact copy of another page: the answer says an earlier version
   * may be in the index, the old version's fingerprints are gone in the same call, and the page it
   * copies is untouched. Replays say it again; so does a later version that is a copy again (no
   * version went to the index in between), and any version after one that went to the index.
   */
  @Test
  void aRecrawlOfAnOriginalIntoACopySaysAnEarlierVersionMayBeIndexed() {
    IndexStore s = store();
    long sa = 0x0A0A_0A0A_F0F0_F0F0L;
    long sd = 0x7E57_1234_5678_9ABCL;
    CheckResult a1 = s.checkAndRecord(entry("http://a", "the first story", sa, randomBands(8), 3L));
    assertFalse(a1.earlierVersionIndexed(), "a new url has no earlier version");
    CheckResult d = s.checkAndRecord(page("http://d", "the other story", sd));
    assertFalse(s.checkAndRecord(page("http://d", "the other story", sd)).earlierVersionIndexed(),
        "a replay of a first version");

    CheckResult a2 = s.checkAndRecord(page("http://a", "the other story", sd));
    assertFalse(a2.replay());
    assertEquals(d.seq(), a2.exact().seq());
    assertTrue(a2.earlierVersionIndexed(), "a's first version was unique: it went to the index");
    CheckResult replay = s.checkAndRecord(page("http://a", "the other story", sd));
    assertTrue(replay.replay());
    assertEquals(RecordedVerdict.EXACT, replay.self().verdict());
    assertTrue(replay.earlierVersionIndexed(), "a replay says it again");

    // the first version's fingerprints left in the same call: digest, SimHash and core terms
    CheckResult q = s.checkAndRecord(entry("http://q", "the first story", sa, randomBands(8), 3L));
    assertNull(q.exact(), "the old digest confirms nothing");
    assertTrue(q.candidates().isEmpty(), "old SimHash and core terms are gone: " + q.candidates());
    assertFalse(q.earlierVersionIndexed());
    // d is as it was, with its copy counted
    CheckResult dAgain = s.checkAndRecord(page("http://d", "the other story", sd));
    assertTrue(dAgain.replay());
    assertEquals(RecordedVerdict.UNIQUE, dAgain.self().verdict());
    assertEquals(List.of("http://d 1"), top(s));

    // a copy again (of q): nothing went to the index since the first version
    assertTrue(s.checkAndRecord(page("http://a", "the first story", sa)).earlierVersionIndexed());
    // unique content: it goes to the index, and the version after it finds it there
    assertTrue(s.checkAndRecord(page("http://a", "a third story", 0x1111_2222_3333_4444L)).earlierVersionIndexed());
    CheckResult a5 = s.checkAndRecord(page("http://a", "the other story", sd));
    assertTrue(a5.earlierVersionIndexed());
    assertEquals(d.seq(), a5.exact().seq());
    assertEquals(4, counters(s).get("recrawls"));
  }

  /** A url that was a copy from the start was never indexed: its re-crawls find no earlier version there. */
  @Test
  void aRecrawlOfACopyThatNeverWentToTheIndexSaysNothing() {
    IndexStore s = store();
    long sd = 0x3C3C_3C3C_1234_4321L;
    s.checkAndRecord(page("http://d", "the story", sd));
    s.checkAndRecord(page("http://e", "another story", 0x5A5A_0000_FFFF_1111L));
    CheckResult b1 = s.checkAndRecord(page("http://b", "the story", sd));
    assertNotNull(b1.exact());
    assertFalse(b1.earlierVersionIndexed());
    CheckResult b2 = s.checkAndRecord(page("http://b", "another story", 0x5A5A_0000_FFFF_1111L));
    assertNotNull(b2.exact());
    assertFalse(b2.earlierVersionIndexed(), "b's first version was a copy, kept out of the index");
    assertFalse(s.checkAndRecord(page("http://b", "another story", 0x5A5A_0000_FFFF_1111L)).earlierVersionIndexed());
  }

  /** A page with too little text for a near lookup went to the index too (verdict skipped). */
  @Test
  void aRecrawlOfASkippedPageIntoACopySaysAnEarlierVersionMayBeIndexed() {
    IndexStore s = store();
    PageEntry thin = new PageEntry("http://thin", "", 1L, "", "", digest("thin"), false, 0L,
        null, 0L, null, "");
    s.checkAndRecord(thin);
    assertEquals(RecordedVerdict.SKIPPED, s.checkAndRecord(thin).self().verdict());
    long sd = 0x0F0F_1E1E_2D2D_3C3CL;
    s.checkAndRecord(page("http://d", "the story", sd));
    CheckResult t2 = s.checkAndRecord(page("http://thin", "the story", sd));
    assertNotNull(t2.exact());
    assertTrue(t2.earlierVersionIndexed());
  }

  /**
   * An original whose copies name it, re-crawled into a copy of another page: its copies become
   * orphans (the content they hold left the index with the url), never a candidate or an exact
   * match, and the first of them offered again is decided again and stands for that content.
   * The page the new version copies and its other records are untouched.
   */
  @Test
  void anOriginalWithCopiesRecrawledIntoACopyLeavesItsCopiesOrphans() {
    IndexStore s = store();
    long sa = 0x4242_4242_0000_FFFFL;
    long sd = 0x1F2E_3D4C_5B6A_7988L;
    long a = s.checkAndRecord(page("http://a", "text T", sa)).seq();
    CheckResult b = s.checkAndRecord(page("http://b", "text T", sa));
    assertEquals(a, b.exact().seq());
    CheckResult c = s.checkAndRecord(page("http://c", "text T, retold", sa ^ 1));
    assertNotNull(find(c, a));
    s.recordNear(c.seq(), a, "minhash");
    long d = s.checkAndRecord(page("http://d", "text D", sd)).seq();
    assertEquals(List.of("http://a 2"), top(s));

    CheckResult a2 = s.checkAndRecord(page("http://a", "text D", sd));
    assertEquals(d, a2.exact().seq());
    assertTrue(a2.earlierVersionIndexed());
    assertEquals(List.of("http://d 1"), top(s), "a's copies no longer count; a counts for d");

    CheckResult q = s.checkAndRecord(page("http://q", "text T", sa));
    assertNull(q.exact(), "b is an orphan, no exact match");
    assertTrue(q.candidates().isEmpty(), "b and c are orphans: " + q.candidates());
    CheckResult bAgain = s.checkAndRecord(page("http://b", "text T", sa));
    assertFalse(bAgain.replay(), "an orphan offered again is decided again");
    assertEquals(q.seq(), bAgain.exact().seq(), "q took the content's place");
    assertFalse(bAgain.earlierVersionIndexed(), "b was a copy: it never went to the index");
    CheckResult dAgain = s.checkAndRecord(page("http://d", "text D", sd));
    assertTrue(dAgain.replay());
    assertEquals(RecordedVerdict.UNIQUE, dAgain.self().verdict());
  }

  @Test
  void removeForgetsTheUrl() {
    IndexStore s = store();
    long sh = 0x0123_4567_89AB_CDEFL;
    s.checkAndRecord(entry("http://a", "gone", sh, randomBands(8), 9L));
    assertTrue(s.remove("http://a"));
    assertFalse(s.remove("http://a"));
    assertFalse(s.remove("http://never"));
    CheckResult q = s.checkAndRecord(entry("http://b", "gone", sh, randomBands(8), 9L));
    assertNull(q.exact());
    assertTrue(q.bloomHit(), "a plain Bloom filter cannot forget");
    assertTrue(q.candidates().isEmpty());
    CheckResult r = s.checkAndRecord(page("http://a", "gone", sh));
    assertFalse(r.replay(), "a removed url is new again");
    assertEquals(1, counters(s).get("removed"));
  }

  @Test
  void countingBloomForgetsRemovedDigests() {
    IndexSettings base = settings();
    IndexStore s = store(new IndexSettings(base.namespace(), 10_000, 1e-6, true, true, 3, 4,
        8, 2, 32));
    s.checkAndRecord(page("http://a", "counted", 1L));
    assertTrue(s.checkAndRecord(page("http://b", "counted", 2L)).bloomHit());
    assertTrue(s.remove("http://a"));
    CheckResult c = s.checkAndRecord(page("http://c", "counted", 3L));
    assertTrue(c.bloomHit(), "b still holds the digest");
    assertNull(c.exact(), "the digest map pointed at a, which is gone");
    assertTrue(s.remove("http://b"));
    assertTrue(s.remove("http://c"));
    CheckResult d = s.checkAndRecord(page("http://d", "counted", 4L));
    assertFalse(d.bloomHit(), "every page with the digest is removed");
    assertNull(d.exact());
  }

  @Test
  void withoutConfirmationABloomHitIsOnlyReported() {
    IndexSettings base = settings();
    IndexStore s = store(new IndexSettings(base.namespace(), 10_000, 1e-6, false, false, 3,
        4, 8, 2, 32));
    s.checkAndRecord(page("http://a", "x", 0xFFFFL));
    CheckResult b = s.checkAndRecord(page("http://b", "x", 0xFFFFL));
    assertTrue(b.bloomHit());
    assertNull(b.exact());
    assertEquals(1, b.candidates().size(), "the near lookup still runs");
    assertEquals(0, b.candidates().get(0).hamming());
  }

  @Test
  void nearThenExactCopyOfTheNearDuplicateResolvesToTheFirstOriginal() {
    IndexStore s = store();
    long sh = 0x7777_0000_1111_2222L;
    CheckResult a = s.checkAndRecord(page("http://a", "original", sh));
    CheckResult b = s.checkAndRecord(page("http://b", "near copy", sh ^ 0b101));
    Candidate c = find(b, a.seq());
    assertNotNull(c);
    s.recordNear(b.seq(), c.effectiveOriginal().seq(), "simhash");
    s.recordNear(b.seq(), c.effectiveOriginal().seq(), "simhash"); // idempotent
    CheckResult e = s.checkAndRecord(page("http://c", "near copy", 0L));
    assertEquals(b.seq(), e.exact().seq());
    assertEquals(RecordedVerdict.NEAR, e.exact().verdict());
    assertEquals(a.seq(), e.exact().originalSeq());
    assertEquals(a.seq(), e.exactOriginal().seq());
    CheckResult replay = s.checkAndRecord(page("http://c", "near copy", 0L));
    assertEquals(RecordedVerdict.EXACT, replay.self().verdict());
    assertEquals(a.seq(), replay.self().originalSeq());
    // a near duplicate of the near duplicate also resolves to a
    CheckResult d = s.checkAndRecord(page("http://d", "another", sh ^ 0b1));
    Candidate cb = find(d, b.seq());
    assertEquals(a.seq(), cb.effectiveOriginal().seq());
    s.recordNear(d.seq(), b.seq(), "minhash");
    CheckResult dr = s.checkAndRecord(page("http://d", "another", sh ^ 0b1));
    assertEquals(a.seq(), dr.self().originalSeq());
    StoreStats st = s.stats();
    assertEquals(2, st.counters().get("near"));
    assertEquals(1, st.counters().get("near.simhash"));
    assertEquals(1, st.counters().get("near.minhash"));
    assertEquals(1, st.counters().get("unique"));
    assertEquals("http://a", st.topOriginals().get(0).url());
    assertEquals(3, st.topOriginals().get(0).copies());
    assertThrows(IllegalArgumentException.class, () -> s.recordNear(a.seq(), a.seq(), "x"));
    assertThrows(IllegalArgumentException.class, () -> s.recordNear(b.seq(), a.seq(), "bad name"));
  }

  @Test
  void aCopyRecordedBeforeItsOriginalsNearDecisionNamesTheFirstOriginal() {
    // What a batch does (and two bolts at once): c, an exact copy of b, is recorded before the
    // detector has recorded that b is a near duplicate of a.
    IndexStore s = store();
    long sh = 0x7777_0000_1111_2222L;
    CheckResult a = s.checkAndRecord(page("http://a", "original", sh));
    List<CheckResult> rs = s.checkAndRecordAll(List.of(page("http://b", "near copy", sh ^ 0b101),
        page("http://c", "near copy", 0L)));
    CheckResult b = rs.get(0);
    CheckResult c = rs.get(1);
    assertEquals(b.seq() + 1, c.seq());
    assertEquals(b.seq(), c.exact().seq());
    assertNull(c.exactOriginal(), "b is not known as a copy yet");
    assertNotNull(find(b, a.seq()));
    s.recordNearAll(List.of(new NearDecision(b.seq(), a.seq(), "simhash")));
    CheckResult replay = s.checkAndRecord(page("http://c", "near copy", 0L));
    assertTrue(replay.replay());
    assertEquals(a.seq(), replay.selfOriginal().seq());
    CheckResult d = s.checkAndRecord(page("http://d", "near copy", 0L));
    assertEquals(a.seq(), d.exactOriginal().seq());
    StoreStats st = s.stats();
    assertEquals(1, st.topOriginals().size(), st.topOriginals().toString());
    assertEquals("http://a", st.topOriginals().get(0).url());
    assertEquals(3, st.topOriginals().get(0).copies(), "b, c (counted for b before), d");
  }

  @Test
  void aReplayOfAUniquePageLooksAgainAmongTheEarlierPagesAndWritesNothing() {
    IndexStore s = store();
    long sh = 0x1234_5678_9abc_def0L;
    PageEntry a = page("http://a", "first", sh);
    PageEntry b = page("http://b", "second", sh ^ 0b1);
    long sa = s.checkAndRecord(a).seq();
    long sb = s.checkAndRecord(b).seq();
    s.checkAndRecord(page("http://c", "third", sh ^ 0b10)); // later than b: not b's candidate
    Map<String, Long> before = counters(s);

    CheckResult rb = s.checkAndRecord(b);
    assertTrue(rb.replay());
    assertEquals(sb, rb.seq());
    assertEquals(List.of(sa), rb.candidates().stream().map(c -> c.page().seq()).toList());
    assertTrue(s.checkAndRecord(a).candidates().isEmpty(), "nothing before a");
    s.recordNear(sb, sa, "simhash");
    assertTrue(s.checkAndRecord(b).candidates().isEmpty(), "b is decided now");

    Map<String, Long> after = counters(s);
    assertEquals(before.get("pages"), after.get("pages"));
    assertEquals(before.get("replays") == null ? 3 : before.get("replays") + 3, after.get("replays"));
    assertEquals(1, s.checkAndRecord(page("http://d", "fourth", sh ^ 0b100)).candidates().stream()
        .filter(c -> c.page().seq() == sb).count(), "b's entries are where they were, once");
  }

  @Test
  void canonicalIsLookedUp() {
    IndexStore s = store();
    s.checkAndRecord(page("http://a/canonical", "canon", 1L));
    PageEntry b = new PageEntry("http://a/other", "id-b", 5L, "", "http://a/canonical",
        digest("b"), true, 2L, new long[0], 0, null, "");
    CheckResult r = s.checkAndRecord(b);
    assertEquals("http://a/canonical", r.canonical().url());
    PageEntry c = new PageEntry("http://c", "id-c", 5L, "", "http://unknown", digest("c"), true,
        3L, new long[0], 0, null, "");
    assertNull(s.checkAndRecord(c).canonical());
    CheckResult br = s.checkAndRecord(b);
    assertEquals("id-b", br.self().id());
  }

  @Test
  void skippedPagesOnlyTakePartInTheExactCheck() {
    IndexStore s = store();
    PageEntry thin = new PageEntry("http://thin", "", 1L, "", "", digest("thin"), false, 0xABCL,
        randomBands(8), 11L, null, "");
    CheckResult t = s.checkAndRecord(thin);
    assertEquals(RecordedVerdict.SKIPPED, s.checkAndRecord(thin).self().verdict());
    CheckResult q = s.checkAndRecord(entry("http://q", "q", 0xABCL, thin.bands(), 11L));
    assertNull(find(q, t.seq()));
    assertEquals(t.seq(), s.checkAndRecord(page("http://e", "thin", 5L)).exact().seq());
    assertEquals(1, counters(s).get("skipped"));
  }

  @Test
  void concurrentOffersOfOnePageRecordItOnce() throws Exception {
    IndexStore s = store();
    PageEntry p = page("http://same", "same", 123L);
    ExecutorService ex = Executors.newFixedThreadPool(8);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<CheckResult>> fs = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      Callable<CheckResult> c = () -> {
        go.await();
        return s.checkAndRecord(p);
      };
      fs.add(ex.submit(c));
    }
    go.countDown();
    int fresh = 0;
    long seq = -1;
    for (Future<CheckResult> f : fs) {
      CheckResult r = f.get();
      if (!r.replay()) {
        fresh++;
        assertNull(r.exact());
      }
      if (seq < 0) seq = r.seq();
      assertEquals(seq, r.seq());
    }
    ex.shutdown();
    assertEquals(1, fresh);
    Map<String, Long> c = counters(s);
    assertEquals(1, c.get("pages"));
    assertEquals(7, c.get("replays"));
  }

  /** A store whose lookups return at most 3 candidates (and so read 64 entries per band bucket). */
  private IndexStore storeOf3Candidates() {
    IndexSettings base = settings();
    return store(new IndexSettings(base.namespace(), 10_000, 1e-6, false, true, 3, 4, 8, 2, 3));
  }

  @Test
  void maxCandidatesKeepsTheEarliestOfEqualEvidence() {
    IndexStore s = storeOf3Candidates();
    long sh = 0x0F0F_1234_5678_9ABCL;
    for (int i = 0; i < 6; i++) s.checkAndRecord(page("http://p/" + i, "p" + i, sh ^ (1L << i)));
    CheckResult q = s.checkAndRecord(page("http://q", "q", sh));
    assertEquals(3, q.candidates().size());
    assertEquals(List.of(1L, 2L, 3L), q.candidates().stream().map(c -> c.page().seq()).toList());
  }

  /**
   * More candidates than a lookup returns: the ones with the most evidence are kept, not the
   * earliest. At scale most candidates share one band with the page by chance, and they are older
   * than a true original found later.
   */
  @Test
  void maxCandidatesKeepsTheStrongestEvidenceListedEarliestFirst() {
    IndexStore s = storeOf3Candidates();
    long qsh = 0x0F0F_1234_5678_9ABCL;
    long[] qb = randomBands(8);
    for (int i = 0; i < 4; i++) { // seqs 1-4: one band each in common with q
      long[] b = randomBands(8);
      b[i] = qb[i];
      s.checkAndRecord(entry("http://chance/" + i, "chance " + i, ~qsh ^ i, b, 0));
    }
    s.checkAndRecord(entry("http://simhash", "near", qsh ^ 0b101, randomBands(8), 0)); // seq 5
    long[] three = randomBands(8);
    System.arraycopy(qb, 4, three, 4, 3);
    s.checkAndRecord(entry("http://bands", "three bands", ~qsh, three, 0)); // seq 6
    CheckResult q = s.checkAndRecord(entry("http://q", "q", qsh, qb, 0));
    assertEquals(List.of(1L, 5L, 6L), q.candidates().stream().map(c -> c.page().seq()).toList());
    assertEquals(List.of(-1, 2, -1), q.candidates().stream().map(Candidate::hamming).toList());
    assertEquals(List.of(1, 0, 3), q.candidates().stream().map(Candidate::bandHits).toList());
  }

  private static List<Long> candidateSeqs(CheckResult r) {
    return r.candidates().stream().map(c -> c.page().seq()).toList();
  }

  /**
   * Among SimHash neighbours at one distance, the most band hits plus core-term match go first;
   * page 3 differs in bit 63, table 0's key, so only the other tables find it.
   */
  @Test
  void rankedNeighboursAtOneDistanceGoByBandHitsAndCoreTerms() {
    IndexStore s = storeOf3Candidates();
    long qsh = 0x0F0F_1234_5678_9ABCL;
    long[] qb = randomBands(8);
    s.checkAndRecord(entry("http://n1", "n1", qsh ^ 1, randomBands(8), 0)); // distance 1, nothing else
    s.checkAndRecord(entry("http://n2", "n2", qsh ^ 2, randomBands(8), 0)); // the same, later
    long[] b3 = randomBands(8);
    b3[0] = qb[0];
    b3[1] = qb[1];
    s.checkAndRecord(entry("http://n3", "n3", qsh ^ (1L << 63), b3, 555)); // 1, 2 bands, core terms
    long[] b4 = randomBands(8);
    b4[2] = qb[2];
    s.checkAndRecord(entry("http://n4", "n4", qsh ^ 4, b4, 0)); // 1, 1 band
    s.checkAndRecord(entry("http://n5", "n5", qsh ^ 0b11000, randomBands(8), 0)); // 2
    CheckResult q = s.checkAndRecord(entry("http://q", "q", qsh, qb, 555));
    assertEquals(List.of(1L, 3L, 4L), candidateSeqs(q));
    assertEquals(List.of(1, 1, 1), q.candidates().stream().map(Candidate::hamming).toList());
    assertEquals(List.of(0, 2, 1), q.candidates().stream().map(Candidate::bandHits).toList());
    assertEquals(List.of(false, true, false), q.candidates().stream().map(Candidate::coreTermMatch).toList());
  }

  /** A replay that looks again ranks only the pages before it: the same candidates as its check. */
  @Test
  void aRankedLookupLooksAgainAmongTheEarlierPagesOnly() {
    IndexStore s = storeOf3Candidates();
    long qsh = 0x0F0F_1234_5678_9ABCL;
    long[] qb = randomBands(8);
    for (int i = 0; i < 5; i++) {
      long[] b = randomBands(8);
      b[i] = qb[i];
      if (i == 3) b[5] = qb[5]; // seq 4: two bands
      s.checkAndRecord(entry("http://e/" + i, "e" + i, ~qsh ^ i, b, 0));
    }
    PageEntry qe = entry("http://q", "q", qsh, qb, 0);
    assertEquals(List.of(1L, 2L, 4L), candidateSeqs(s.checkAndRecord(qe))); // seq 6
    for (int i = 0; i < 4; i++) {
      s.checkAndRecord(entry("http://later/" + i, "later" + i, qsh ^ (1L << i), qb, 0));
    }
    CheckResult again = s.checkAndRecord(qe);
    assertTrue(again.replay());
    assertEquals(List.of(1L, 2L, 4L), candidateSeqs(again));
  }

  /** An orphan is never a candidate, even the one with the most evidence: the next ones fill in. */
  @Test
  void aRankedLookupSkipsAnOrphan() {
    IndexStore s = storeOf3Candidates();
    long qsh = 0x0F0F_1234_5678_9ABCL;
    long[] qb = randomBands(8);
    long a = s.checkAndRecord(entry("http://a", "a", 0x5555_0000_AAAA_0000L, randomBands(8), 0)).seq();
    long x = s.checkAndRecord(entry("http://x", "x", qsh, qb, 0)).seq(); // all of q's bands
    s.recordNear(x, a, "minhash");
    for (int i = 0; i < 4; i++) { // seqs 3-6: one band each
      long[] b = randomBands(8);
      b[i] = qb[i];
      s.checkAndRecord(entry("http://e/" + i, "e" + i, ~qsh ^ i, b, 0));
    }
    s.checkAndRecord(entry("http://a", "a, changed", 0x5555_0000_AAAA_0000L ^ 7, randomBands(8), 0));
    CheckResult q = s.checkAndRecord(entry("http://q", "q", qsh ^ 1, qb, 0)); // x is an orphan now
    assertEquals(List.of(3L, 4L, 5L), candidateSeqs(q));
  }

  /**
   * recordUnique: a page whose lookup found candidates is looked up again when fetched again
   * (its near decision may have been lost), until the store hears that it stays unique. It
   * changes nothing for a page recorded near, and nothing twice.
   */
  @Test
  void aReplayLooksAgainUntilThePageIsRecordedUnique() {
    IndexStore s = store();
    long sh = 0x0123_4567_89AB_CDEFL;
    long a = s.checkAndRecord(page("http://a", "a", sh)).seq();
    PageEntry b = page("http://b", "b", sh ^ 1);
    PageEntry c = page("http://c", "c", sh ^ 2);
    long bs = s.checkAndRecord(b).seq();
    long cs = s.checkAndRecord(c).seq();
    assertEquals(List.of(a), candidateSeqs(s.checkAndRecord(b)));
    s.recordNearAll(List.of(NearDecision.unique(bs), new NearDecision(cs, a, "simhash")));
    CheckResult again = s.checkAndRecord(b);
    assertTrue(again.replay());
    assertEquals(List.of(), again.candidates());
    assertEquals(RecordedVerdict.UNIQUE, again.self().verdict());
    s.recordUnique(bs);
    s.recordUnique(cs);
    assertEquals(List.of(), s.checkAndRecord(b).candidates());
    CheckResult copy = s.checkAndRecord(c);
    assertEquals(RecordedVerdict.NEAR, copy.self().verdict());
    assertEquals(a, copy.selfOriginal().seq());
    Map<String, Long> n = counters(s);
    assertEquals(2, n.get("unique"));
    assertEquals(1, n.get("near"));
  }

  /**
   * A replay whose second look finds nothing (its candidate left since) returns nothing, and so
   * do its later replays, also once a page like the one that left is recorded again (after it, so
   * no candidate of it). Redis clears its flag then (RedisFingerprintStoreTest reads it).
   */
  @Test
  void aReplayThatFindsNothingBeforeItStopsLookingAgain() {
    IndexStore s = store();
    long sh = 0x0123_4567_89AB_CDEFL;
    s.checkAndRecord(page("http://a", "a", sh));
    PageEntry b = page("http://b", "b", sh ^ 1);
    s.checkAndRecord(b); // found a: looks again when fetched again
    assertTrue(s.remove("http://a"));
    CheckResult again = s.checkAndRecord(b);
    assertTrue(again.replay());
    assertEquals(List.of(), again.candidates());
    s.checkAndRecord(page("http://a", "a", sh)); // back, with a new seq after b's
    s.recordUnique(again.seq()); // idempotent: nothing left to clear
    assertEquals(List.of(), s.checkAndRecord(b).candidates());
  }

  /** 70 exact copies of one page, then a near copy of them (maxCandidates 3, so scanCap 64). */
  @Test
  void copiesOfViralContentStopGrowingTheBucketsAndChangeNoLookup() {
    IndexStore s = storeOf3Candidates();
    long sh = 0x0F0F_1234_5678_9ABCL;
    long[] bands = randomBands(8);
    for (int i = 0; i < 70; i++) s.checkAndRecord(entry("http://copy/" + i, "viral", sh, bands, 77));
    CheckResult q = s.checkAndRecord(entry("http://q", "viral, rewritten", sh, bands, 77));
    assertEquals(List.of(1L, 2L, 3L), q.candidates().stream().map(c -> c.page().seq()).toList());
    for (Candidate c : q.candidates()) {
      assertEquals(0, c.hamming());
      assertEquals(8, c.bandHits());
      assertTrue(c.coreTermMatch());
    }
    assertEquals(69, s.stats().counters().get("exact"));
    // a page that differs in every structure still finds nothing
    CheckResult other = s.checkAndRecord(entry("http://o", "other", ~sh, randomBands(8), 78));
    assertTrue(other.candidates().isEmpty());
  }

  /**
   * Pages the SimHash cap kept out of the tables (their fingerprint was there maxCandidates times)
   * leave, by remove or re-crawl, without taking the kept pages' entries with them: only table
   * 0's entries name their page, the other tables' entries of one fingerprint are alike.
   */
  @Test
  void removingAPageTheSimhashCapKeptOutLeavesTheOthersFindable() {
    IndexStore s = storeOf3Candidates();
    long sh = 0x0F0F_1234_5678_9ABCL;
    for (int i = 0; i < 3; i++) s.checkAndRecord(page("http://kept/" + i, "kept " + i, sh));
    for (int i = 0; i < 3; i++) s.checkAndRecord(page("http://capped/" + i, "capped " + i, sh));
    assertTrue(s.remove("http://capped/0"));
    assertTrue(s.remove("http://capped/1"));
    s.checkAndRecord(page("http://capped/2", "capped 2, changed", ~sh)); // a re-crawl
    // one bit off in block 0, table 0's key: found through the other tables only
    CheckResult q = s.checkAndRecord(page("http://q", "q", sh ^ (1L << 63)));
    assertEquals(List.of(1L, 2L, 3L), q.candidates().stream().map(c -> c.page().seq()).toList());
    for (Candidate c : q.candidates()) assertEquals(1, c.hamming());
  }

  /**
   * b is an exact copy of a, c a near copy of b (so of a). a is re-crawled with other content:
   * b and c are orphans, kept out of the index with nothing left to stand for. Neither is a
   * candidate, an exact match or a canonical target any more; a page with b's text takes b's
   * place in the digest map (before, it named b, and a's re-crawl near b became a copy of it).
   */
  @Test
  void anOrphanIsNoCandidateNoExactMatchAndNoCanonicalTarget() {
    IndexStore s = store();
    long sh = 0x1234_5678_9ABC_DEF0L;
    long sa = s.checkAndRecord(page("http://a", "text T", sh)).seq();
    CheckResult b = s.checkAndRecord(page("http://b", "text T", sh));
    assertEquals(sa, b.exact().seq());
    CheckResult c = s.checkAndRecord(page("http://c", "text V", sh ^ 1));
    assertEquals(List.of(sa, b.seq()), c.candidates().stream().map(k -> k.page().seq()).toList());
    s.recordNear(c.seq(), sa, "minhash");
    CheckResult a2 = s.checkAndRecord(page("http://a", "text T, corrected", sh ^ 2)); // re-crawl
    assertTrue(a2.candidates().isEmpty(), "b and c are orphans: " + a2.candidates());

    PageEntry q = new PageEntry("http://q", "", 1L, "q", "http://b", digest("text T"), true, sh,
        new long[8], 0, "q".getBytes(StandardCharsets.UTF_8), "");
    CheckResult r = s.checkAndRecord(q);
    assertTrue(r.bloomHit());
    assertNull(r.exact(), "b is an orphan, not an exact match");
    assertNull(r.canonical(), "b is an orphan, not a canonical target");
    assertEquals(List.of(a2.seq()), r.candidates().stream().map(k -> k.page().seq()).toList());
    // q took b's place: a page with the same text is q's exact copy
    CheckResult d = s.checkAndRecord(page("http://d", "text T", sh));
    assertEquals(r.seq(), d.exact().seq());
    assertEquals(List.of("http://q 1"), top(s));
  }

  /**
   * An orphan offered again is no replay: its old record goes and it is decided again, with a new
   * seq, so the first copy fetched after its original left stands for the content, and the next
   * copy names it.
   */
  @Test
  void anOrphanOfferedAgainIsDecidedAgain() {
    IndexStore s = store();
    long sh = 0x0FED_CBA9_8765_4321L;
    s.checkAndRecord(page("http://a", "text T", sh));
    long sb = s.checkAndRecord(page("http://b", "text T", sh)).seq();
    s.checkAndRecord(page("http://c", "text T", sh));
    assertTrue(s.remove("http://a"));

    CheckResult b = s.checkAndRecord(page("http://b", "text T", sh));
    assertFalse(b.replay());
    assertTrue(b.seq() > sb);
    assertNull(b.exact());
    assertTrue(b.candidates().isEmpty(), "c is an orphan too: " + b.candidates());
    CheckResult c = s.checkAndRecord(page("http://c", "text T", sh));
    assertFalse(c.replay());
    assertEquals(b.seq(), c.exact().seq());
    CheckResult again = s.checkAndRecord(page("http://c", "text T", sh));
    assertTrue(again.replay(), "c names a live page now");
    assertEquals("http://b", again.selfOriginal().url());
    Map<String, Long> n = counters(s);
    assertEquals(2, n.get("orphans"));
    assertEquals(2, n.get("live"));
    assertEquals(5, n.get("pages"));
  }

  /**
   * d, an exact copy of c, is recorded before c's near decision; a goes, then c is decided a near
   * copy of b, which is an orphan by then. c is recorded a copy of the page that is gone, so d is
   * seen as an orphan within the two steps reads follow (were c to name b, the chain
   * d -> c -> b -> gone would hide d), and no copy counts for an orphan.
   */
  @Test
  void anExactCopyOfANearCopyOfAnOrphanIsAnOrphan() {
    IndexStore s = store();
    long sh = 0x5555_6666_7777_8888L;
    long sa = s.checkAndRecord(page("http://a", "text A", sh)).seq();
    long sb = s.checkAndRecord(page("http://b", "text B", sh)).seq();
    s.recordNear(sb, sa, "simhash");
    long sc = s.checkAndRecord(page("http://c", "text C", sh)).seq();
    assertEquals(sc, s.checkAndRecord(page("http://d", "text C", sh)).exact().seq());
    assertTrue(s.remove("http://a"));
    s.recordNear(sc, sb, "simhash");
    assertEquals(List.of(), top(s));
    assertTrue(s.checkAndRecord(page("http://q", "text Q", sh)).candidates().isEmpty());
    assertFalse(s.checkAndRecord(page("http://d", "text C", sh)).replay(), "d is an orphan: decided again");
  }

  /**
   * recheck decides an orphan again under its seq and counts it as a recheck: it stays a live
   * page (counted as an orphan, live would lose one per recheck).
   * Anything else is a plain check: a replay here.
   */
  @Test
  void aRecheckedOrphanKeepsItsSeqAndStaysLive() {
    IndexStore s = store();
    long sh = 0x2468_ACE0_1357_9BDFL;
    s.checkAndRecord(page("http://a", "text T", sh));
    long sb = s.checkAndRecord(page("http://b", "text T", sh)).seq();
    s.checkAndRecord(page("http://c", "text T", sh));
    assertTrue(s.remove("http://a"));
    CheckResult b = s.recheck(page("http://b", "text T", sh));
    assertFalse(b.replay());
    assertEquals(sb, b.seq());
    assertTrue(s.recheck(page("http://b", "text T", sh)).replay());
    Map<String, Long> n = counters(s);
    assertEquals(1, n.get("rechecks"));
    assertNull(n.get("orphans"));
    assertEquals(3, n.get("pages"));
    assertEquals(2, n.get("live"));
  }

  /**
   * A page removed, or decided again under its seq without near lookup (as with a larger
   * min_text_chars), is not found through the bands it had; the pages after them are, with every
   * band.
   */
  @Test
  void bandEntriesOfAPageThatLeftFindNothing() {
    IndexStore s = store();
    long[] bands = randomBands(8);
    long sh = 0x1357_9BDF_0246_8ACEL;
    s.checkAndRecord(entry("http://a", "text T", sh, bands, 0));
    PageEntry b = entry("http://b", "text T", sh, bands, 0);
    long sb = s.checkAndRecord(b).seq(); // an exact copy: its entries are written too
    assertTrue(s.remove("http://a")); // b is an orphan now
    PageEntry short_ = new PageEntry(b.url(), b.id(), b.fetchedAt(), b.title(), "", b.digest(), false,
        0, new long[0], 0, b.sketch(), ""); // as with a larger min_text_chars
    CheckResult again = s.recheck(short_);
    assertEquals(sb, again.seq());
    assertEquals(RecordedVerdict.SKIPPED, s.checkAndRecord(short_).self().verdict());

    CheckResult c = s.checkAndRecord(entry("http://c", "text C", ~sh, bands, 0));
    assertEquals(List.of(), seqs(c), "a page removed and a page without near lookup now");
    long sc = c.seq();
    CheckResult d = s.checkAndRecord(entry("http://d", "text D", ~sh ^ 0xFF00_0000L, bands, 0));
    assertEquals(List.of(sc), seqs(d));
    assertEquals(8, d.candidates().get(0).bandHits());
  }

  /** stats tells how much of the band index names pages that are gone: what compact would drop. */
  @Test
  void statsTellTheShareOfBandEntriesCompactWouldDrop() {
    IndexStore s = store();
    assertEquals(-1, s.stats().bandEntriesGone(), "no band entries yet");
    for (int i = 0; i < 4; i++) {
      s.checkAndRecord(entry("http://g/" + i, "text " + i, random.nextLong(), randomBands(8), 0));
    }
    assertEquals(0.0, s.stats().bandEntriesGone());
    assertTrue(s.remove("http://g/0"));
    assertEquals(0.25, s.stats().bandEntriesGone(), 1e-9);
    assertEquals(8, s.compact());
    assertEquals(0.0, s.stats().bandEntriesGone());
  }

  /**
   * Removal leaves a page's band entries (the record does not list its band addresses); they
   * hold places in a full bucket until compact drops them: a bucket of scanCap pages that all
   * left takes no new page before, and takes one after.
   */
  @Test
  void compactGivesTheBandEntriesOfPagesThatLeftBack() {
    IndexStore s = store();
    int cap = new IndexLayout(settings()).scanCap();
    long common = random.nextLong(); // band 0 of every page below
    for (int i = 0; i < cap; i++) {
      long[] b = randomBands(8);
      b[0] = common;
      s.checkAndRecord(entry("http://p/" + i, "text " + i, random.nextLong(), b, 0));
    }
    for (int i = 0; i < cap; i++) assertTrue(s.remove("http://p/" + i));
    assertEquals(8L * cap, s.compact(), "every band entry of the pages that left");
    assertEquals(0, s.compact());

    long[] b = randomBands(8);
    b[0] = common;
    long sx = s.checkAndRecord(entry("http://x", "text X", random.nextLong(), b, 0)).seq();
    long[] y = randomBands(8);
    y[0] = common;
    CheckResult ry = s.checkAndRecord(entry("http://y", "text Y", random.nextLong(), y, 0));
    assertEquals(List.of(sx), seqs(ry), "x took a place in the bucket");
    assertEquals(1, ry.candidates().get(0).bandHits());
  }

  private static List<Long> seqs(CheckResult r) {
    return r.candidates().stream().map(c -> c.page().seq()).toList();
  }

  /** A page recorded a near copy of an orphan (the original left between lookup and decision) is one. */
  @Test
  void aNearCopyOfAnOrphanIsAnOrphan() {
    IndexStore s = store();
    long sh = 0x1111_2222_3333_4444L;
    long sa = s.checkAndRecord(page("http://a", "text A", sh)).seq();
    long sb = s.checkAndRecord(page("http://b", "text B", sh)).seq();
    s.recordNear(sb, sa, "simhash");
    long sc = s.checkAndRecord(page("http://c", "text C", sh)).seq();
    assertTrue(s.remove("http://a")); // before c's decision reaches the store
    s.recordNear(sc, sb, "simhash");
    assertTrue(s.checkAndRecord(page("http://q", "text Q", sh)).candidates().isEmpty());
    assertFalse(s.checkAndRecord(page("http://c", "text C", sh)).replay(), "decided again");
  }

  /** A copy that is re-crawled with other content, or removed, no longer counts for its original. */
  @Test
  void aCopyThatLeavesNoLongerCountsForItsOriginal() {
    IndexStore s = store();
    s.checkAndRecord(page("http://a", "text T", 0x0F0FL));
    s.checkAndRecord(page("http://b", "text T", 0x0F0FL));
    s.checkAndRecord(page("http://c", "text T", 0x0F0FL));
    assertEquals(List.of(2L), s.stats().topOriginals().stream().map(StoreStats.OriginalCount::copies).toList());
    s.checkAndRecord(page("http://b", "text U", 0x7777L)); // re-crawled: no longer a copy
    assertEquals(List.of(1L), s.stats().topOriginals().stream().map(StoreStats.OriginalCount::copies).toList());
    assertTrue(s.remove("http://c"));
    assertTrue(s.stats().topOriginals().isEmpty());
  }

  /**
   * e, an exact copy of x, counts for x, and for o once x is a near copy of o; leaving, it takes
   * that count from o. When o goes, x is an orphan and counts nothing: f, with x's text, takes
   * x's place, and x offered again is f's exact copy.
   */
  @Test
  void aCopyLeavingTakesItsCountFromWhereItWasCounted() {
    IndexStore s = store();
    long o = s.checkAndRecord(page("http://o", "text O", 0x0F0FL)).seq();
    long x = s.checkAndRecord(page("http://x", "text X", 0x0F0EL)).seq();
    s.checkAndRecord(page("http://e", "text X", 0x0F0EL));
    s.recordNear(x, o, "minhash");
    assertEquals(List.of("http://o 2"), top(s));
    assertTrue(s.remove("http://e"));
    assertEquals(List.of("http://o 1"), top(s));
    assertTrue(s.remove("http://o"));
    assertEquals(List.of(), top(s));
    CheckResult f = s.checkAndRecord(page("http://f", "text X", 0x0F0EL));
    assertNull(f.exact(), "x is an orphan");
    CheckResult x2 = s.checkAndRecord(page("http://x", "text X", 0x0F0EL));
    assertEquals(f.seq(), x2.exact().seq());
    assertEquals(List.of("http://f 1"), top(s));
  }

  /**
   * o is an original with an exact copy c; p, an exact copy of o fetched before it, takes o's
   * place (recordOriginal, then recordNear(o, p, "exact")): p is UNIQUE, o and c are copies of p,
   * counted for p; a later page with that text names p, and p's replay is unique. Both calls are
   * idempotent.
   */
  @Test
  void anExactCopyFetchedBeforeItsOriginalTakesItsPlace() {
    IndexStore s = store();
    long o = s.checkAndRecord(at(page("http://o", "text T", 0x0F0FL), 2_000)).seq();
    long c = s.checkAndRecord(at(page("http://c", "text T", 0x0F0FL), 3_000)).seq();
    CheckResult p = s.checkAndRecord(at(page("http://p", "text T", 0x0F0FL), 1_000));
    assertEquals(o, p.exact().seq());
    assertEquals(List.of("http://o 2"), top(s));
    for (int i = 0; i < 2; i++) {
      s.recordNearAll(List.of(NearDecision.original(p.seq()), new NearDecision(o, p.seq(), "exact")));
    }
    assertEquals(List.of("http://p 2"), top(s));
    Map<String, Long> n = counters(s);
    assertEquals(1, n.get("unique"));
    assertEquals(2, n.get("exact"));
    assertNull(n.get("near"));

    CheckResult pAgain = s.checkAndRecord(at(page("http://p", "text T", 0x0F0FL), 1_000));
    assertTrue(pAgain.replay());
    assertEquals(RecordedVerdict.UNIQUE, pAgain.self().verdict());
    assertTrue(pAgain.candidates().isEmpty(), "an original that took another's place does not look again");
    CheckResult oAgain = s.checkAndRecord(at(page("http://o", "text T", 0x0F0FL), 2_000));
    assertEquals(RecordedVerdict.EXACT, oAgain.self().verdict());
    assertEquals("http://p", oAgain.selfOriginal().url());
    CheckResult cAgain = s.checkAndRecord(at(page("http://c", "text T", 0x0F0FL), 3_000));
    assertEquals("http://p", cAgain.selfOriginal().url(), "the copy of o names o's original, as reads resolve it");

    CheckResult later = s.checkAndRecord(at(page("http://later", "text T", 0x0F0FL), 4_000));
    assertEquals("http://p", (later.exactOriginal() != null ? later.exactOriginal() : later.exact()).url());
    assertEquals(List.of("http://p 3"), top(s));

    // a page recorded unique that is no exact copy is not changed by recordOriginal
    long u = s.checkAndRecord(page("http://u", "text U", 0x7777L)).seq();
    s.recordOriginal(u);
    assertEquals(RecordedVerdict.UNIQUE, s.checkAndRecord(page("http://u", "text U", 0x7777L)).self().verdict());
    assertThrows(IllegalArgumentException.class, () -> s.recordOriginal(0));
  }

  /** A near copy fetched before its original: the original becomes its near copy, its copies follow. */
  @Test
  void aUniquePageDecidedTheNearCopyOfAPageFetchedBeforeItFollowsRecordNear() {
    IndexStore s = store();
    long o = s.checkAndRecord(at(page("http://o", "text O", 0x0F0FL), 2_000)).seq();
    long c = s.checkAndRecord(at(page("http://c", "text O", 0x0F0FL), 3_000)).seq();
    long p = s.checkAndRecord(at(page("http://p", "text P", 0x0F0EL), 1_000)).seq();
    s.recordNearAll(List.of(NearDecision.unique(p), new NearDecision(o, p, "minhash")));
    assertEquals(List.of("http://p 2"), top(s));
    assertEquals("http://p", s.checkAndRecord(at(page("http://c", "text O", 0x0F0FL), 3_000)).selfOriginal().url());
    Map<String, Long> n = counters(s);
    assertEquals(1, n.get("unique"));
    assertEquals(1, n.get("near"));
    assertEquals(1, n.get("near.minhash"));
    assertEquals(1, n.get("exact"));
    assertTrue(c > o);
  }

  private static List<String> top(IndexStore s) {
    return s.stats().topOriginals().stream().map(c -> c.url() + " " + c.copies()).toList();
  }

  /**
   * expire removes the pages first recorded before the cutoff (here 100 of 200, over several
   * record keys of 64): their urls come back as new pages, and an exact copy of an expired page
   * is an orphan, decided again when it comes back. A replay does not make a page younger.
   */
  @Test
  void expireRemovesThePagesFirstRecordedBeforeTheCutoff() {
    IndexStore s = store();
    for (int i = 1; i <= 200; i++) {
      s.checkAndRecord(at(page("http://p/" + i, "text " + i, ByteBuffer.wrap(digest("sh" + i)).getLong()), i));
    }
    long sh10 = ByteBuffer.wrap(digest("sh10")).getLong();
    assertEquals(10, s.checkAndRecord(at(page("http://copy", "text 10", sh10), 300)).exact().seq());
    assertTrue(s.checkAndRecord(at(page("http://p/150", "text 150", 0), 400)).replay());

    assertEquals(100, s.expire(101));
    assertEquals(0, s.expire(101));
    Map<String, Long> n = counters(s);
    assertEquals(100, n.get("expired"));
    assertEquals(101, n.get("live"));

    assertFalse(s.checkAndRecord(at(page("http://p/5", "text 5", 5), 500)).replay(), "forgotten");
    assertTrue(s.checkAndRecord(at(page("http://p/101", "text 101", 0), 500)).replay(), "kept");
    CheckResult copy = s.checkAndRecord(at(page("http://copy", "text 10", sh10), 600));
    assertFalse(copy.replay(), "an orphan: decided again");
    assertNull(copy.exact());
    assertFalse(s.remove("http://p/50"));
    assertEquals(102, s.expire(Long.MAX_VALUE), "everything left: 100 kept, p/5 again, the copy again");
    assertEquals(0, counters(s).get("live"));
  }

  /**
   * Times before 1970 and beyond 2^53 ms (Lua counts in doubles) expire alike in both stores:
   * a time before 1970 counts as 1970, a cutoff beyond 2^53 as 2^53.
   */
  @Test
  void expireTakesTimesBefore1970AndFarAheadAlike() {
    IndexStore s = store();
    s.checkAndRecord(at(page("http://old", "old", 1L), -1000));
    s.checkAndRecord(at(page("http://far", "far", 2L), Long.MAX_VALUE - 1));
    assertEquals(0, s.expire(-5000));
    assertEquals(1, s.expire(1));
    assertEquals(0, s.expire(Long.MAX_VALUE), "beyond 2^53: never before the cutoff");
  }

  /**
   * b (fetched early) is a near copy of a (fetched late, recorded first), with three exact copies
   * recorded before b's decision. Expiring b and its copies takes every count from a: the copies
   * leave first, while their chain to a still stands (the order decides, and it must not be a
   * hash's iteration order).
   */
  @Test
  void expiringACopyAndItsCopiesTakesTheirCountsFromTheOriginal() {
    IndexStore s = store();
    long a = s.checkAndRecord(at(page("http://a", "text A", 0x1234L), 100)).seq();
    long b = s.checkAndRecord(at(page("http://b", "text B", 0x1234L), 10)).seq();
    for (int i = 0; i < 3; i++) s.checkAndRecord(at(page("http://c" + i, "text B", 0x1234L), 10));
    s.recordNear(b, a, "minhash");
    assertEquals(List.of("http://a 4"), top(s));
    assertEquals(4, s.expire(50));
    assertEquals(List.of(), top(s));
  }

  /**
   * Mirrors ({@link Mirrors}): each pair kept once and both ways, in the order learned, and read
   * with a lookup that found an exact match or candidates, never for one that found nothing.
   */
  @Test
  void mirrorsAreKeptBothWaysOnceAndReadWhenALookupFindsSomething() {
    IndexStore s = store();
    CheckResult first = s.checkAndRecord(onSite(page("http://a.example/1", "text one", 1L), "a.example"));
    assertEquals(Mirrors.NONE, first.mirrors());
    s.recordMirrors(List.of(new Mirrors.Pair("b.example", "a.example"), new Mirrors.Pair("a.example", "b.example")));
    s.recordMirrors(List.of(new Mirrors.Pair("b.example", "a.example"), new Mirrors.Pair("a.example", "c.example")));
    CheckResult copy = s.checkAndRecord(onSite(page("http://b.example/1", "text one", 2L), "b.example"));
    assertNotNull(copy.exact());
    assertEquals(1, copy.mirrors().size(), "each pair once");
    assertTrue(copy.mirrors().contains("a.example"));
    assertFalse(copy.mirrors().contains("c.example"));
    CheckResult again = s.checkAndRecord(onSite(page("http://a.example/2", "text one", 3L), "a.example"));
    assertArrayEquals(new long[] {Mirrors.hash("b.example"), Mirrors.hash("c.example")}, again.mirrors().hashes(),
        "both ways, in the order learned");
    CheckResult near = s.checkAndRecord(onSite(page("http://c.example/7", "text two", 1L), "c.example"));
    assertFalse(near.candidates().isEmpty());
    assertTrue(near.mirrors().contains("a.example"), "read with candidates too");
    CheckResult alone = s.checkAndRecord(onSite(page("http://b.example/9", "text three", 0xF0F0_F0F0_0F0F_0F0FL), "b.example"));
    assertTrue(alone.candidates().isEmpty() && alone.exact() == null);
    assertEquals(Mirrors.NONE, alone.mirrors(), "not read when the lookup found nothing");
    CheckResult noSite = s.checkAndRecord(page("http://b.example/10", "text one", 4L));
    assertEquals(Mirrors.NONE, noSite.mirrors(), "a page without a site has none");
    assertEquals(3, s.stats().structures().get("mirrors").entries(), "stats: the sites with mirrors");
  }

  /** A site takes no more than {@link Mirrors#MAX} mirrors; a mirror with room still takes it. */
  @Test
  void aSiteKeepsAtMostMaxMirrors() {
    IndexStore s = store();
    List<Mirrors.Pair> pairs = new ArrayList<>();
    for (int i = 0; i < Mirrors.MAX + 3; i++) pairs.add(new Mirrors.Pair("hub.example", "m" + i + ".example"));
    s.recordMirrors(pairs);
    s.checkAndRecord(onSite(page("http://hub.example/1", "hub text", 1L), "hub.example"));
    CheckResult r = s.checkAndRecord(onSite(page("http://hub.example/2", "hub text", 2L), "hub.example"));
    assertEquals(Mirrors.MAX, r.mirrors().size());
    assertTrue(r.mirrors().contains("m0.example"));
    assertFalse(r.mirrors().contains("m" + Mirrors.MAX + ".example"));
    CheckResult late = s.checkAndRecord(onSite(page("http://m" + Mirrors.MAX + ".example/1", "hub text", 3L),
        "m" + Mirrors.MAX + ".example"));
    assertTrue(late.mirrors().contains("hub.example"), "a site with room still takes the full one");
  }

  /** Pages that could not be checked are counted for stats, apart from the pages. */
  @Test
  void errorsAreCountedForStats() {
    IndexStore s = store();
    s.checkAndRecord(page("http://a", "a", 1L));
    s.countErrors(2);
    s.countErrors(0);
    s.countErrors(1);
    Map<String, Long> n = counters(s);
    assertEquals(3, n.get("errors"));
    assertEquals(1, n.get("pages"));
    assertEquals(1, n.get("live"));
  }

  @Test
  void manyPagesKeepTheirSeqOrder() {
    IndexStore s = store();
    for (int i = 1; i <= 300; i++) {
      long sh = ByteBuffer.wrap(digest("sh" + i)).getLong();
      assertEquals(i, s.checkAndRecord(page("http://m/" + i, "m" + i, sh)).seq());
    }
    assertEquals(300, counters(s).get("live"));
  }

  /** A page of {@code site} titled {@code title}. */
  private PageEntry titled(String url, String text, String title, String site) {
    return titled(url, text, title, site, random.nextLong());
  }

  private PageEntry titled(String url, String text, String title, String site, long simhash) {
    PageEntry e = page(url, text, simhash);
    return new PageEntry(e.url(), e.id(), e.fetchedAt(), title, e.canonical(), e.digest(), e.nearLookup(),
        e.simhash(), e.bands(), e.coreTerms(), e.sketch(), site);
  }

  /**
   * {@code page} (of SimHash 0xF0F0) checked after a page of its site with the same SimHash, then
   * again: its first check and its replay, which looks again since the first found a candidate.
   */
  private CheckResult[] checkedAndLookingAgain(IndexStore s, PageEntry page) {
    s.checkAndRecord(titled(page.url() + "-near", "near " + page.url(), "Other", page.site(), 0xF0F0L));
    CheckResult first = s.checkAndRecord(page);
    assertFalse(first.candidates().isEmpty());
    CheckResult again = s.checkAndRecord(page);
    assertTrue(again.replay());
    assertFalse(again.candidates().isEmpty(), "it looks again");
    return new CheckResult[] {first, again};
  }

  @Test
  void aTitleCountsTheOriginalsOfItsSiteThatCarryIt() {
    IndexStore s = store();
    assertEquals(0, s.checkAndRecord(titled("http://h.example/a", "a", "NAME", "h.example")).titlePages());
    CheckResult b = s.checkAndRecord(titled("http://h.example/b", "b", " name ", "h.example"));
    assertEquals(1, b.titlePages(), "titles compare as normalised");
    assertEquals(0, s.checkAndRecord(titled("http://g.example/a", "g", "NAME", "g.example")).titlePages(),
        "another site's title");
    assertEquals(0, s.checkAndRecord(titled("http://h.example/u", "u", "", "h.example")).titlePages(),
        "no title");
    assertEquals(0, s.checkAndRecord(titled("http://h.example/copy", "a", "NAME", "h.example")).titlePages(),
        "an exact copy is told nothing of titles, and is not counted");
    CheckResult c = s.checkAndRecord(titled("http://h.example/c", "c", "NAME", "h.example"));
    assertEquals(2, c.titlePages());

    s.recordNear(c.seq(), b.seq(), "minhash"); // a copy no longer counts
    assertEquals(2, s.checkAndRecord(titled("http://h.example/d", "d", "NAME", "h.example")).titlePages());
    assertTrue(s.remove("http://h.example/d"));
    assertEquals(2, s.checkAndRecord(titled("http://h.example/e", "e", "NAME", "h.example")).titlePages(),
        "a page removed no longer counts");
    // a re-crawl with other content: the old version leaves, the new one is counted in its place
    assertEquals(2, s.checkAndRecord(titled("http://h.example/e", "e2", "NAME", "h.example")).titlePages());
    // a replay that looks again (its check found a candidate, here b's SimHash) is not counted
    // twice and does not count itself; a replay that does not look is told nothing
    PageEntry f = titled("http://h.example/f", "f", "NAME", "h.example", 0xF0F0L);
    CheckResult[] fr = checkedAndLookingAgain(s, f);
    assertEquals(3, fr[0].titlePages());
    assertEquals(3, fr[1].titlePages());
    s.recordUnique(fr[0].seq());
    assertEquals(0, s.checkAndRecord(f).titlePages());
    // a page without near lookup is an original too
    PageEntry thin = titled("http://h.example/thin", "thin", "NAME", "h.example");
    thin = new PageEntry(thin.url(), thin.id(), thin.fetchedAt(), thin.title(), "", thin.digest(), false, 0L, null, 0L,
        null, thin.site());
    assertEquals(4, s.checkAndRecord(thin).titlePages());
    assertEquals(5, s.checkAndRecord(titled("http://h.example/g", "g2", "NAME", "h.example")).titlePages());
  }

  /**
   * The pages of a site recorded under a title's pattern, before the page: every new page counts,
   * a copy too, and a page removed stays counted.
   */
  @Test
  void aTitlePatternCountsThePagesOfItsSiteRecordedUnderIt() {
    IndexStore s = store();
    assertEquals(0, s.checkAndRecord(titled("http://h.example/a", "a", "alpha_api.h Source File", "h.example")).patternPages());
    assertEquals(1, s.checkAndRecord(titled("http://h.example/b", "b", "beta_api.h Source File", "h.example")).patternPages());
    assertEquals(0, s.checkAndRecord(titled("http://h.example/r", "r", "alpha_api.h File Reference", "h.example")).patternPages(),
        "another pattern");
    assertEquals(0, s.checkAndRecord(titled("http://g.example/c", "c", "gamma_api.h Source File", "g.example")).patternPages(),
        "another site");
    assertEquals(0, s.checkAndRecord(titled("http://h.example/p", "p", "Plain words", "h.example")).patternPages(),
        "a title without names has no pattern");
    CheckResult copy = s.checkAndRecord(titled("http://h.example/copy", "a", "alpha_api.h Source File", "h.example"));
    assertNotNull(copy.exact());
    assertEquals(2, copy.patternPages());
    assertTrue(s.remove("http://h.example/b"));
    assertEquals(3, s.checkAndRecord(titled("http://h.example/d", "d", "delta_api.h Source File", "h.example")).patternPages(),
        "a copy counts, a page removed stays counted");
    // a replay that looks again does not count itself; one that does not look is told nothing
    PageEntry e = titled("http://h.example/e", "e", "eta_api.h Source File", "h.example", 0xF0F0L);
    CheckResult[] er = checkedAndLookingAgain(s, e);
    assertEquals(4, er[0].patternPages());
    assertEquals(4, er[1].patternPages());
    s.recordUnique(er[1].seq());
    assertEquals(0, s.checkAndRecord(e).patternPages());
  }

  @Test
  void anExactCopyMadeAnOriginalCountsUnderItsTitle() {
    IndexStore s = store();
    CheckResult a = s.checkAndRecord(titled("http://h.example/a", "same", "Same", "h.example"));
    CheckResult copy = s.checkAndRecord(titled("http://h.example/early", "same", "Same", "h.example"));
    assertNotNull(copy.exact());
    assertEquals(1, s.checkAndRecord(titled("http://h.example/x", "x", "Same", "h.example")).titlePages());
    // the copy was fetched first: it takes the original's place, which becomes its copy
    s.recordOriginal(copy.seq());
    s.recordNear(a.seq(), copy.seq(), "exact");
    assertEquals(2, s.checkAndRecord(titled("http://h.example/y", "y", "Same", "h.example")).titlePages());
    assertEquals(0, s.expire(Long.MIN_VALUE + 1));
    s.expire(Long.MAX_VALUE);
    assertEquals(0, s.checkAndRecord(titled("http://h.example/z", "z", "Same", "h.example")).titlePages(),
        "pages expired no longer count");
  }
}
