package org.neardup.index.redis;

import static org.neardup.index.redis.RedisCodec.bytes;
import static org.neardup.index.redis.RedisCodec.num;
import static org.neardup.index.redis.RedisCodec.str;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.neardup.index.IndexLayout;
import org.neardup.index.StoreException;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisMovedDataException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.resps.ScanResult;

/**
 * The Redis store's calls to one namespace: every command and script goes through
 * {@link #call}, which turns Jedis's exceptions into {@link StoreException}s (unavailable,
 * misconfigured, or a plain failure, by the reply and the scripts' markers); scripts run one per
 * call or in one pipeline ({@link #inCalls}). Also the SCAN of a namespace, routed to the node that
 * holds it.
 */
final class RedisCalls implements AutoCloseable {

  /**
   * Pages (or decisions) per script call. The call's fixed cost (EVALSHA, the script's prelude,
   * the drift check) is shared by its pages, and its replies reach the client in one piece; but
   * the server runs nothing else during a call (≈ 0.15 ms per page), so a bulk load goes in calls
   * of this many pages, pipelined. The bolt's default batch (16) is one call.
   */
  static final int PAGES_PER_CALL = 32;

  final UnifiedJedis jedis;
  private final boolean ownsJedis;
  final String ns;
  /** Names the server in messages; never holds a password. */
  final String where;
  /** KEYS of every script: {ns}:config, whose hash tag names the namespace's slot. */
  private final List<byte[]> keys;

  RedisCalls(UnifiedJedis jedis, boolean owns, String ns, String where) {
    this.jedis = jedis;
    this.ownsJedis = owns;
    this.ns = ns;
    this.where = where;
    this.keys = List.of(bytes(RedisKeys.config(ns)));
  }

  /** The namespace's config key, as the scripts get it (KEYS[1]). */
  byte[] configKey() {
    return keys.get(0);
  }

  interface Op<T> {
    T run();
  }

  /** Runs {@code op}, naming {@code what} in the {@link StoreException} a failure becomes. */
  <T> T call(String what, Op<T> op) {
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

  /** One script call. */
  Object run(String what, RedisScript script, List<byte[]> args) {
    return call(what, () -> script.run(jedis, keys, args));
  }

  /** Loads a script now (SCRIPT LOAD), so the first call needs no EVAL. */
  void load(RedisScript script) {
    call("SCRIPT LOAD " + script.name, () -> {
      script.load(jedis, keys.get(0));
      return null;
    });
  }

  /**
   * The items in script calls of at most {@link #PAGES_PER_CALL}, in order: one call on its own,
   * more in one pipeline. The replies, one per call. Calls the server answered NOSCRIPT (it lost
   * its scripts: a restart, SCRIPT FLUSH, a failover; all calls from some point on) run again one
   * by one after the others, with EVAL.
   */
  <T> List<Object> inCalls(String what, RedisScript script, List<T> items,
      Function<List<T>, List<byte[]>> args) {
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
      Function<T, List<byte[]>> args) {
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

  /**
   * One SCAN MATCH {@code {ns}:*} step (COUNT 1000) on the server holding namespace {@code ns}.
   * On a {@code JedisCluster} the command is routed by the namespace's hash tag (the slot of
   * {@code {ns}:config}), so it runs on the one master that owns the namespace. Jedis would
   * route {@code scan(cursor, params)} by the first {@code {...}} of the MATCH pattern, and the
   * escaped pattern {@code \{ns\}:*} names another slot: the scan would run on another master and
   * find nothing, so stats would measure nothing and reset delete nothing.
   */
  static ScanResult<String> scanNamespace(UnifiedJedis jedis, String ns, String cursor) {
    return scanNamespace(jedis, ns, cursor, RedisKeys.pattern(ns));
  }

  /** One SCAN step over the keys matching {@code pattern}, on the node that holds namespace ns. */
  static ScanResult<String> scanNamespace(UnifiedJedis jedis, String ns, String cursor,
      String pattern) {
    Object r = jedis.sendCommand(bytes(RedisKeys.config(ns)), Protocol.Command.SCAN,
        bytes(cursor), bytes("MATCH"), bytes(pattern), bytes("COUNT"), num(1000));
    List<?> reply = (List<?>) r;
    List<String> keys = new ArrayList<>();
    for (Object k : (List<?>) reply.get(1)) keys.add(str(k));
    return new ScanResult<>(str(reply.get(0)), keys);
  }

  // ---------------------------------------------------------------- error translation

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
  private static final Pattern REFUSED_IN_SCRIPT = Pattern.compile(
      "NOPERM|can't run this command|No permissions to access");
  /** The same errors answered by a command inside a script. */
  private static final Pattern TRANSIENT_IN_SCRIPT =
      Pattern.compile("(OOM|READONLY|LOADING|BUSY|MASTERDOWN|MISCONF|NOREPLICAS)\\b");
  /** The scripts' error markers (_common.lua, compact.lua). */
  private static final Pattern MARKER = Pattern.compile(
      "NEARDUP_(RESET|ERR|MISCONFIGURED|WRONGTYPE) ");

  private StoreException translate(String what, JedisDataException e) {
    String m = String.valueOf(e.getMessage());
    // the script's own marker comes before any key or namespace name it quotes
    Matcher marker = MARKER.matcher(m);
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
          Matcher t = TRANSIENT_IN_SCRIPT.matcher(inner);
          if (t.lookingAt()) {
            return new StoreException.Unavailable(what + ": Redis at " + where
                + (t.group(1).equals("OOM") ? " is out of memory (maxmemory): " : " answered: ")
                + inner, e);
          }
          return new StoreException(what + " failed at " + where + ": " + inner, e);
        }
        case "MISCONFIGURED": {
          // "key=... stored: <description> | this process: <description>" (_common.lua)
          Matcher d = Pattern.compile("stored: (\\S+) \\| this process: (\\S+)").matcher(rest);
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
  static StoreException notACluster(String what, String ns, JedisMovedDataException e) {
    return new StoreException.Misconfigured(what + ": the server is a Redis Cluster node and "
        + "namespace '" + ns + "' (slot " + e.getSlot() + ") lives on " + e.getTargetNode()
        + " (" + e.getMessage() + "); connect with a cluster client: "
        + "redis-cluster://host:port[,host:port...] or a JedisCluster");
  }

  @Override
  public void close() {
    if (ownsJedis) jedis.close();
  }
}
