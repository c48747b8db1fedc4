package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neardup.index.IndexSettings;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;

/** A server that demands a password (requirepass) and an ACL user limited to neardup's keys. */
class RedisAuthTest {
  static TestRedis.Server server;

  @BeforeAll
  static void start() {
    server = TestRedis.Server.start("requirepass s3cret-default",
        // an ACL user that may only touch its namespace's keys and run what the store needs
        "user crawler on >s3cret-crawler ~{acl-ns}:* +@all -@dangerous +info +memory +script");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static IndexSettings small(String ns) {
    return IndexSettings.defaults(ns).withBloomExpectedItems(10_000);
  }

  static PageEntry page(String url) {
    return new PageEntry(url, url, 1, "t", "", new byte[16], true, 42, new long[32], 0, new byte[0], "");
  }

  @Test
  void defaultUserWithPassword() {
    String url = "redis://:s3cret-default@127.0.0.1:" + server.port();
    try (RedisFingerprintStore s = new RedisFingerprintStore(RedisSettings.of(url), small("auth-default"))) {
      assertEquals(1, s.checkAndRecord(page("http://a/1")).seq());
      assertFalse(s.toString().contains("s3cret"), s.toString());
    }
  }

  @Test
  void aclUserLimitedToItsNamespace() {
    String url = "redis://crawler:s3cret-crawler@127.0.0.1:" + server.port();
    try (RedisFingerprintStore s = new RedisFingerprintStore(RedisSettings.of(url), small("acl-ns"))) {
      assertEquals(1, s.checkAndRecord(page("http://a/1")).seq());
      assertTrue(s.checkAndRecord(page("http://a/1")).replay());
    }
  }

  @Test
  void wrongPasswordIsAClearErrorWithoutThePassword() {
    String url = "redis://crawler:wrong-password@127.0.0.1:" + server.port();
    StoreException e = assertThrows(StoreException.Misconfigured.class,
        () -> new RedisFingerprintStore(RedisSettings.of(url), small("acl-ns")).close());
    String all = e.toString() + (e.getCause() == null ? "" : e.getCause().toString());
    assertFalse(all.contains("wrong-password"), all);
  }

  /** No password for a server that wants one: a configuration error, not a server that is away. */
  @Test
  void noPasswordIsAConfigurationError() {
    String url = "redis://127.0.0.1:" + server.port();
    StoreException e = assertThrows(StoreException.Misconfigured.class,
        () -> new RedisFingerprintStore(RedisSettings.of(url), small("auth-none")).close());
    assertTrue(e.getMessage().contains("NOAUTH"), e.getMessage());
  }

  /**
   * A user whose rights end at its own namespace, pointed at another: refused inside a script,
   * which is a configuration error (the bolt fails the tuples and reports it), not a page error.
   */
  @Test
  void aUserWithoutRightsToTheNamespaceIsAConfigurationError() {
    String url = "redis://crawler:s3cret-crawler@127.0.0.1:" + server.port();
    StoreException e = assertThrows(StoreException.Misconfigured.class,
        () -> new RedisFingerprintStore(RedisSettings.of(url), small("other-ns")).close());
    assertTrue(e.getMessage().contains("refused the store's user"), e.getMessage());
  }
}
