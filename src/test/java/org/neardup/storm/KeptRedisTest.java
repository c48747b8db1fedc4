package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.redis.TestRedis;

/** The record of the redis-server a demo kept: found while that very server runs, dropped otherwise. */
class KeptRedisTest {

  @Test
  void findsTheRecordedServerWhileItRuns(@TempDir Path tmp) {
    Path record = tmp.resolve("cache/neardup/demo-redis.properties");
    assertNull(KeptRedis.find(record), "no record yet");
    try (TestRedis.Server server = TestRedis.Server.start()) {
      KeptRedis.record(record, "127.0.0.1", server.port());
      assertEquals("redis://127.0.0.1:" + server.port(), KeptRedis.find(record));
      assertEquals("redis://127.0.0.1:" + server.port(), KeptRedis.find(record), "and again: the record stays");
    }
    assertNull(KeptRedis.find(record), "the server is gone");
    assertFalse(Files.exists(record), "and so is its record");
  }

  @Test
  void dropsARecordWhosePortAnotherServerHolds(@TempDir Path tmp) throws Exception {
    Path record = tmp.resolve("demo-redis.properties");
    try (TestRedis.Server server = TestRedis.Server.start()) {
      KeptRedis.record(record, "127.0.0.1", server.port());
      String text = Files.readString(record);
      Files.writeString(record, text.replaceAll("run_id=\\w+", "run_id=0123456789abcdef"));
      assertNull(KeptRedis.find(record), "another redis-server on the recorded port");
      assertFalse(Files.exists(record));
    }
  }

  @Test
  void dropsADamagedRecord(@TempDir Path tmp) throws Exception {
    Path record = tmp.resolve("demo-redis.properties");
    Files.writeString(record, "port=not-a-number\nhost=127.0.0.1\nrun_id=x\n");
    assertNull(KeptRedis.find(record));
    assertFalse(Files.exists(record));
  }
}
