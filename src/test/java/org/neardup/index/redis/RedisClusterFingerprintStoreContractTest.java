package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;
import org.neardup.index.CheckResult;
import org.neardup.index.IndexStore;
import org.neardup.index.FingerprintStoreContract;
import org.neardup.index.IndexSettings;
import org.neardup.index.NearDecision;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;
import org.neardup.index.StoreStats;
import org.neardup.runtime.Stores;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The store contract over a {@code JedisCluster} on the tests' shared three-master cluster
 * ({@link TestRedisCluster#shared()}); the contract's namespaces go round-robin to the three masters.
 * Plus what only a cluster can get wrong: keys landing on the owning master, three masters
 * working at once, SCAN-based stats and reset, NOSCRIPT on the owning master, a plain client
 * pointed at a cluster node, and the {@code redis-cluster://} url.
 */
class RedisClusterFingerprintStoreContractTest extends FingerprintStoreContract {

  private static TestRedisCluster cluster;

  @BeforeAll
  static void useSharedCluster() {
    cluster = TestRedisCluster.shared();
  }

  @Override
  protected IndexStore create(IndexSettings settings) {
    return new RedisFingerprintStore(cluster.client(), settings, "test cluster");
  }

  @Override
  protected String namespace() {
    return cluster.nextNamespace("ccontract");
  }

  private static IndexSettings settingsOf(String ns) {
    return new IndexSettings(ns, 10_000, 1e-6, false, true, 3, 4, 8, 2, 32);
  }

  private RedisFingerprintStore clusterStore(String ns) {
    return (RedisFingerprintStore) store(settingsOf(ns));
  }

  private static PageEntry pageOf(String url, String text, long simhash) {
    return entry(url, text, simhash, new long[] {simhash, ~simhash, 7, 8, 9, 10, 11, 12}, 0);
  }

  /** The keys of {@code ns} on master {@code i}, by SCAN on that node alone. */
  private static Set<String> keysOn(int i, String ns) {
    Set<String> out = new HashSet<>();
    try (Jedis j = cluster.node(i)) {
      String cursor = ScanParams.SCAN_POINTER_START;
      ScanParams p = new ScanParams().match(RedisKeys.pattern(ns)).count(1000);
      do {
        ScanResult<String> r = j.scan(cursor, p);
        cursor = r.getCursor();
        out.addAll(r.getResult());
      } while (!cursor.equals("0"));
    }
    return out;
  }

  private static void recordSome(RedisFingerprintStore s, String tag, int n) {
    for (int k = 0; k < n; k++) {
      CheckResult r = s.checkAndRecord(pageOf("http://" + tag + "/" + k, tag + " text " + k,
          0x1234_5678_9ABCL * (k + 1)));
      assertFalse(r.replay());
    }
  }

  @Test
  void aNamespaceLivesEntirelyOnTheMasterOwningItsHashTag() {
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      String ns = TestRedisCluster.namespaceOn(i, "owner");
      recordSome(clusterStore(ns), "own" + i, 20);
      Set<String> mine = keysOn(i, ns);
      assertTrue(mine.contains(RedisKeys.config(ns)), mine.toString());
      assertTrue(mine.size() > 10, "records, registry, Bloom, digests, tables: " + mine);
      for (int o = 0; o < TestRedisCluster.MASTERS; o++) {
        if (o != i) assertEquals(Set.of(), keysOn(o, ns), "master " + o + " holds none of " + ns);
      }
    }
  }

  @Test
  void threeNamespacesOnThreeMastersWorkConcurrently() throws Exception {
    int perNs = 4;
    int pages = 60;
    ExecutorService ex = Executors.newFixedThreadPool(TestRedisCluster.MASTERS * perNs);
    try {
      List<RedisFingerprintStore> stores = new ArrayList<>();
      for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
        stores.add(clusterStore(TestRedisCluster.namespaceOn(i, "conc")));
      }
      CountDownLatch go = new CountDownLatch(1);
      List<Future<int[]>> fs = new ArrayList<>();
      for (RedisFingerprintStore s : stores) {
        for (int t = 0; t < perNs; t++) {
          fs.add(ex.submit(() -> {
            go.await();
            int fresh = 0;
            int exact = 0;
            for (int k = 0; k < pages; k++) {
              // every thread offers the same 60 urls; each text is also reposted under a copy url
              CheckResult a = s.checkAndRecord(pageOf("http://site/" + k, "text " + k, k * 7919L));
              CheckResult b = s.checkAndRecord(pageOf("http://copy/" + k, "text " + k, k * 7919L));
              if (!a.replay()) fresh++;
              if (!b.replay()) fresh++;
              if (!b.replay() && b.exact() != null) exact++;
            }
            return new int[] {fresh, exact};
          }));
        }
      }
      go.countDown();
      int[] fresh = new int[stores.size()];
      for (int f = 0; f < fs.size(); f++) fresh[f / perNs] += fs.get(f).get()[0];
      for (int i = 0; i < stores.size(); i++) {
        assertEquals(2 * pages, fresh[i], "each url recorded once in namespace " + i);
        Map<String, Long> c = stores.get(i).stats().counters();
        assertEquals(2 * pages, c.get("pages"));
        assertEquals(pages, c.get("unique"));
        assertEquals(pages, c.get("exact"));
        assertEquals((long) 2 * pages * (perNs - 1), c.get("replays"));
      }
    } finally {
      ex.shutdownNow();
    }
  }

  @Test
  void statsMeasureTheNamespaceOnItsOwnMaster() {
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      String ns = TestRedisCluster.namespaceOn(i, "stats");
      RedisFingerprintStore s = clusterStore(ns);
      recordSome(s, "stats" + i, 50);
      StoreStats st = s.stats();
      assertEquals(50, st.counters().get("pages"));
      long scanned = 0;
      for (var e : st.structures().entrySet()) {
        if (!e.getKey().equals("bloom")) scanned += e.getValue().keys();
      }
      long bloomKeys = keysOn(i, ns).stream().filter(k -> k.startsWith(RedisKeys.prefix(ns) + "f:"))
          .count();
      assertEquals(keysOn(i, ns).size() - bloomKeys, scanned, "stats scanned every key: " + st);
      assertEquals(50, st.structures().get("registry").entries());
      assertEquals(50, st.structures().get("records").entries());
      assertTrue(st.structures().get("bloom").bytes() > 0);
      assertTrue(st.bloomFill() > 0);
      assertTrue(st.bytesPerPage() > 0);
    }
  }

  @Test
  void resetDeletesTheWholeNamespaceOnItsMasterAndNothingElse() {
    String keep = TestRedisCluster.namespaceOn(0, "keep");
    recordSome(clusterStore(keep), "keep", 10);
    int keepKeys = keysOn(0, keep).size();
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      String ns = TestRedisCluster.namespaceOn(i, "reset");
      RedisFingerprintStore s = clusterStore(ns);
      recordSome(s, "reset" + i, 30);
      int before = keysOn(i, ns).size();
      assertTrue(before > 10);
      assertEquals(before, s.reset());
      assertEquals(Set.of(), keysOn(i, ns));
      // the static form, as `neardup reset` calls it
      recordSome(clusterStore(ns), "again" + i, 5);
      assertEquals(keysOn(i, ns).size(),
          RedisFingerprintStore.resetNamespace(cluster.client(), ns));
      assertEquals(Set.of(), keysOn(i, ns));
    }
    assertEquals(keepKeys, keysOn(0, keep).size(), "another namespace is untouched");
  }

  @Test
  void globCharactersInANamespaceStillRouteTheScanToItsMaster() {
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      String ns = null;
      for (int k = 0; ns == null || TestRedisCluster.masterOf(ns) != i; k++) {
        ns = "glob*?[x]\\-" + k;
      }
      RedisFingerprintStore s = clusterStore(ns);
      recordSome(s, "glob" + i, 5);
      assertEquals(5, s.stats().structures().get("registry").entries());
      assertEquals(keysOn(i, ns).size(), s.reset());
    }
  }

  @Test
  void scriptsAreLoadedOnTheOwningMasterAndReloadedAfterNoscript() {
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      try (Jedis j = cluster.node(i)) {
        j.scriptFlush();
      }
    }
    String sha = new String(RedisFingerprintStore.CHECK.sha, StandardCharsets.US_ASCII);
    String ns = TestRedisCluster.namespaceOn(1, "noscript");
    RedisFingerprintStore s = clusterStore(ns);
    for (int i = 0; i < TestRedisCluster.MASTERS; i++) {
      try (Jedis j = cluster.node(i)) {
        assertEquals(i == 1, j.scriptExists(sha), "SCRIPT LOAD reached master " + i);
      }
    }
    assertNull(s.checkAndRecord(pageOf("http://n/1", "n", 1L)).exact());

    try (Jedis j = cluster.node(1)) {
      j.scriptFlush(); // restart, failover to a fresh replica, SCRIPT FLUSH
    }
    CheckResult r = s.checkAndRecord(pageOf("http://n/2", "n", 2L));
    assertNotNull(r.exact(), "EVAL fallback ran on the owning master");
    assertEquals(1, r.exact().seq());
    try (Jedis j = cluster.node(1)) {
      assertTrue(j.scriptExists(sha), "EVAL cached the script again");
      j.scriptFlush();
    }
    List<CheckResult> all = s.checkAndRecordAll(List.of(pageOf("http://n/3", "m", 3L),
        pageOf("http://n/4", "m", 4L)));
    assertEquals(List.of(3L, 4L), List.of(all.get(0).seq(), all.get(1).seq()));
    assertEquals(3, all.get(1).exact().seq());
    assertEquals(4, s.stats().counters().get("pages"));
    // more pages and decisions than one script call takes: a cluster pipeline of calls, all
    // NOSCRIPT, run again in order on the owning master
    try (Jedis j = cluster.node(1)) {
      j.scriptFlush();
    }
    List<PageEntry> many = new ArrayList<>();
    for (int i = 0; i < 2 * RedisFingerprintStore.PAGES_PER_CALL + 6; i++) {
      many.add(pageOf("http://n/many/" + i, "many " + i, 1000L + i));
    }
    List<CheckResult> more = s.checkAndRecordAll(many);
    for (int i = 0; i < many.size(); i++) assertEquals(5 + i, more.get(i).seq(), "page " + i);
    try (Jedis j = cluster.node(1)) {
      j.scriptFlush();
    }
    List<NearDecision> nears = new ArrayList<>();
    for (int i = 1; i < many.size(); i++) nears.add(new NearDecision(5 + i, 5, "simhash"));
    s.recordNearAll(nears);
    assertEquals(nears.size(), s.stats().counters().get("near"));
  }

  @Test
  void aPlainClientOnAClusterNodeFailsNamingTheProblem() {
    String ns = TestRedisCluster.namespaceOn(2, "plain");
    try (JedisPooled plain = new JedisPooled("127.0.0.1", cluster.port(0))) {
      StoreException e = assertThrows(StoreException.Misconfigured.class,
          () -> new RedisFingerprintStore(plain, settingsOf(ns), "node 0"));
      assertTrue(e.getMessage().contains("redis-cluster://"), e.getMessage());
      assertTrue(e.getMessage().contains(":" + cluster.port(2)), e.getMessage());
      // reset over a plain client would SCAN node 0 only and delete nothing: refused instead
      StoreException r = assertThrows(StoreException.Misconfigured.class,
          () -> RedisFingerprintStore.resetNamespace(plain, ns));
      assertTrue(r.getMessage().contains("redis-cluster://"), r.getMessage());
    }
  }

  @Test
  void theClusterUrlOpensAClusterClient() {
    String ns = TestRedisCluster.namespaceOn(2, "url");
    RedisSettings r = new RedisSettings(cluster.url(), 2000, 5000, 4);
    assertTrue(r.cluster());
    try (RedisFingerprintStore s = new RedisFingerprintStore(r, settingsOf(ns))) {
      recordSome(s, "url", 3);
      assertEquals(3, s.stats().counters().get("pages"));
      assertTrue(s.toString().contains("redis-cluster://127.0.0.1:"), s.toString());
      assertEquals(keysOn(2, ns).size(), s.reset());
    }
    // the way a topology opens it: neardup.store in the configuration, through Stores.open
    NeardupConfig cfg = NeardupConfig.fromMap(Map.of("neardup.store", cluster.url(),
        "neardup.store.namespace", ns, "neardup.bloom.expected_items", 10_000));
    try (IndexStore s = Stores.open(cfg)) {
      assertTrue(s instanceof RedisFingerprintStore, s.toString());
      assertNull(s.checkAndRecord(pageOf("http://cfg/1", "cfg", 1L)).exact());
      assertEquals(1, s.checkAndRecord(pageOf("http://cfg/2", "cfg", 2L)).exact().seq());
      assertEquals(2, ((RedisFingerprintStore) s).stats().structures().get("registry").entries());
      assertEquals(keysOn(2, ns).size(), ((RedisFingerprintStore) s).reset());
    }
  }
}
