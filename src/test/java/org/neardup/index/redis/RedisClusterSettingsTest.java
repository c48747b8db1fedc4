package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;

/** The {@code redis-cluster://} url: parsing, validation, masking; no server needed. */
class RedisClusterSettingsTest {

  @Test
  void clusterUrlNamesSeedNodes() {
    RedisSettings r = new RedisSettings(
        "redis-cluster://bob:p%40ss@10.0.0.1:7000,10.0.0.2:7001,node3", 10, 20, 4);
    assertTrue(r.cluster());
    assertFalse(r.tls());
    assertEquals(List.of("10.0.0.1:7000", "10.0.0.2:7001", "node3:6379"), r.nodes());
    assertEquals("10.0.0.1", r.host());
    assertEquals(7000, r.port());
    assertEquals(0, r.database());
    assertEquals("bob", r.user());
    assertEquals("p@ss", r.password());
    assertEquals("redis-cluster://bob:***@10.0.0.1:7000,10.0.0.2:7001,node3", r.maskedUrl());
    assertFalse(r.toString().contains("p%40ss"));

    RedisSettings t = RedisSettings.of("rediss-cluster://h1:7000/0");
    assertTrue(t.cluster());
    assertTrue(t.tls());
    assertEquals(List.of("h1:7000"), t.nodes());
    assertNull(t.password());

    RedisSettings plain = RedisSettings.of("redis://h:6380/2");
    assertFalse(plain.cluster());
    assertEquals(List.of("h:6380"), plain.nodes());
  }

  @Test
  void badClusterUrlsFailClearly() {
    var db = assertThrows(IllegalArgumentException.class,
        () -> RedisSettings.of("redis-cluster://u:topsecret@h1:7000,h2:7000/3"));
    assertTrue(db.getMessage().contains("only database 0"), db.getMessage());
    assertFalse(db.getMessage().contains("topsecret"), db.getMessage());
    var empty = assertThrows(IllegalArgumentException.class,
        () -> RedisSettings.of("redis-cluster://u:topsecret@h1:7000,,h2:7000"));
    assertFalse(empty.getMessage().contains("topsecret"), empty.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RedisSettings.of("redis-cluster://"));
    assertThrows(IllegalArgumentException.class,
        () -> RedisConnections.pooled(RedisSettings.of("redis-cluster://h1:7000")));
  }

  @Test
  void theConfigurationAcceptsAClusterStore() {
    NeardupConfig c = NeardupConfig.fromMap(Map.of("neardup.store", "redis-cluster://h1:7000,h2:7000"));
    assertEquals("redis-cluster://h1:7000,h2:7000", c.store());
    assertThrows(IllegalArgumentException.class,
        () -> NeardupConfig.fromMap(Map.of("neardup.store", "cluster://h1:7000")));
  }
}
