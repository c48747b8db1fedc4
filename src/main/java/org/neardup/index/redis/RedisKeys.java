package org.neardup.index.redis;

/**
 * Every Redis key of a namespace, derived in this one place. All keys start with
 * {@code {<namespace>}:}; the braces are a Redis Cluster hash tag, so one script's keys always
 * share a slot. The price: a whole namespace lives on one cluster master (spreading one
 * namespace over several masters is not supported, see docs/STORE.md "Redis Cluster").
 *
 * <p>The Lua scripts derive the bucket keys themselves from the prefix of {@code KEYS[1]} (they
 * learn bucket numbers only while running); {@code _common.lua} lists the same patterns, and
 * {@code RedisFingerprintStoreTest} checks that every key a script creates is one of these.
 *
 * <pre>
 *   {ns}:config          hash   the IndexSettings the namespace was created with (fp, layout), created (µs)
 *   {ns}:n               hash   counters (seq, pages, unique, exact, near, near.*, ...)
 *   {ns}:top             zset   original seq -> copies recorded
 *   {ns}:u:&lt;i&gt;           hash   registry: url hash (8 bytes) -> seq
 *   {ns}:r:&lt;i&gt;           hash   records: seq -> packed record, i = seq / 64
 *   {ns}:f:&lt;i&gt;           string Bloom shard i (bits, or 4-bit counters)
 *   {ns}:d:&lt;i&gt;           hash   digest map: digest bytes 0-7 -> first seq
 *   {ns}:s:&lt;t&gt;:&lt;i&gt;       string SimHash table t: entries (masked fingerprint, fingerprint, seq)
 *   {ns}:b:&lt;i&gt;           string LSH band buckets: entries (address bytes 4-7, seq)
 *   {ns}:c:&lt;i&gt;           string core-term buckets: entries (address, seq)
 *   {ns}:l:&lt;i&gt;           string live seqs: bit seq mod 2^32 is set while seq has a record, i = seq / 2^32
 * </pre>
 */
public final class RedisKeys {

  private RedisKeys() {}

  public static String prefix(String namespace) {
    return "{" + namespace + "}:";
  }

  public static String config(String ns) {
    return prefix(ns) + "config";
  }

  public static String counters(String ns) {
    return prefix(ns) + "n";
  }

  public static String topOriginals(String ns) {
    return prefix(ns) + "top";
  }

  public static String registry(String ns, long i) {
    return prefix(ns) + "u:" + i;
  }

  /** The records hash that holds page {@code seq}'s record (field: seq; record_key in _common.lua). */
  public static String records(String ns, long seq) {
    return prefix(ns) + "r:" + seq / 64;
  }

  public static String digests(String ns, long i) {
    return prefix(ns) + "d:" + i;
  }

  public static String bloomShard(String ns, int shard) {
    return prefix(ns) + "f:" + shard;
  }

  /** The live-seq bitmap for seqs i * 2^32 .. (i + 1) * 2^32 - 1 (live_key in _common.lua). */
  public static String liveSeqs(String ns, long i) {
    return prefix(ns) + "l:" + i;
  }

  /** A SCAN MATCH pattern for exactly this namespace's keys (glob characters escaped). */
  public static String pattern(String ns) {
    return pattern(ns, "");
  }

  /** A SCAN MATCH pattern for this namespace's keys that start with {@code kind} (e.g. "b:"). */
  public static String pattern(String ns, String kind) {
    return prefix(ns).replaceAll("([*?\\[\\]\\\\{}])", "\\\\$1") + kind + "*";
  }

  /** The prefix of the LSH band groups' keys; a group's number follows it. */
  public static String bandGroups(String ns) {
    return prefix(ns) + "b:";
  }

  /** LSH band group {@code i}. */
  public static String bandGroup(String ns, long i) {
    return bandGroups(ns) + i;
  }

  /** The prefix of SimHash table {@code t}'s group keys; a group's number follows it. */
  public static String simhashGroups(String ns, int t) {
    return prefix(ns) + "s:" + t + ":";
  }

  /** Group {@code g} of SimHash table {@code t}. */
  public static String simhashGroup(String ns, int t, long g) {
    return simhashGroups(ns, t) + g;
  }

  /** The prefix of the core-term groups' keys; a group's number follows it. */
  public static String coreGroups(String ns) {
    return prefix(ns) + "c:";
  }

  /** Core-term group {@code i}. */
  public static String coreGroup(String ns, long i) {
    return coreGroups(ns) + i;
  }

  /**
   * The structure a key of namespace {@code ns} belongs to: config, counters, top, registry,
   * records, bloom, digests, simhash, bands, cores, live_seqs; or null for a key this store never
   * creates.
   */
  public static String structureOf(String ns, String key) {
    String p = prefix(ns);
    if (!key.startsWith(p)) return null;
    String rest = key.substring(p.length());
    switch (rest) {
      case "config": return "config";
      case "n": return "counters";
      case "top": return "top";
      default: break;
    }
    if (rest.matches("u:\\d+")) return "registry";
    if (rest.matches("r:\\d+")) return "records";
    if (rest.matches("f:\\d+")) return "bloom";
    if (rest.matches("d:\\d+")) return "digests";
    if (rest.matches("s:\\d+:\\d+")) return "simhash";
    if (rest.matches("b:\\d+")) return "bands";
    if (rest.matches("c:\\d+")) return "cores";
    if (rest.matches("l:\\d+")) return "live_seqs";
    return null;
  }
}
