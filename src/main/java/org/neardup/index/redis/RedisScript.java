package org.neardup.index.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * One Lua script: {@code _common.lua} followed by the script's own resource file, run with
 * EVALSHA and, when the server answers NOSCRIPT (a restart, SCRIPT FLUSH, failover), with EVAL,
 * which also caches it again.
 */
final class RedisScript {

  private static final String COMMON = resource("_common.lua");

  final String name;
  final byte[] source;
  final byte[] sha;

  RedisScript(String name) {
    this.name = name;
    this.source = (COMMON + "\n" + resource(name)).getBytes(StandardCharsets.UTF_8);
    this.sha = HexFormat.of().formatHex(sha1(source)).getBytes(StandardCharsets.US_ASCII);
  }

  /** SCRIPT LOAD on the node owning {@code sampleKey}: compiles the script once, up front. */
  void load(UnifiedJedis jedis, byte[] sampleKey) {
    jedis.scriptLoad(source, sampleKey);
  }

  Object run(UnifiedJedis jedis, List<byte[]> keys, List<byte[]> args) {
    try {
      return jedis.evalsha(sha, keys, args);
    } catch (JedisNoScriptException e) {
      return jedis.eval(source, keys, args);
    }
  }

  Response<Object> queue(AbstractPipeline p, List<byte[]> keys, List<byte[]> args) {
    return p.evalsha(sha, keys, args);
  }

  private static String resource(String name) {
    try (InputStream in = RedisScript.class.getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("missing Lua resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] sha1(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-1").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
