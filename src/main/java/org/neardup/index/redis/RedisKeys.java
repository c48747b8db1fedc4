package org.neardup.index.redis;

/**
 * Every Redis key of a namespace, by one rule: {@code {<namespace>}:} then the structure's kind
 * (a letter and a colon, or a name), then for the structures spread over many keys the key's
 * number. The braces are a Redis Cluster hash tag, so one script's keys always share a slot. The
 * price: a whole namespace lives on one cluster master (spreading one namespace over several
 * masters is not supported, see docs/STORE.md "Redis Cluster").
 *
 * <p>The client names every key of a page it checks (group keys, registry, digest map, Bloom
 * shard) and sends the names. The scripts build a name only where the client cannot know it
 * before the call: a record or live bit by the seq the script hands out, and a removed page's
 * keys from its record (a re-crawl, {@code remove}, expiry). They take the prefix from the config
 * key the client sends as KEYS[1] and build names in one place, {@code _common.lua} (record_key,
 * live_key, CTR, TOP, MIRRORS, bloom_key, digest_key, core_key, title_key, sim_address), with the kinds below;
 * {@code KeyNamesAgreeTest} runs those functions and compares their names with these.
 *
 * <pre>
 *   {ns}:config          hash   the IndexSettings the namespace was created with (fp, layout), created (µs)
 *   {ns}:n               hash   counters (seq, pages, unique, exact, near, near.*, ...)
 *   {ns}:top             zset   original seq -> copies recorded
 *   {ns}:m               hash   mirrors: site hash (8 bytes) -> its mirror sites' hashes, 8 bytes each
 *   {ns}:u:&lt;i&gt;           hash   registry: url hash (8 bytes) -> seq
 *   {ns}:r:&lt;i&gt;           hash   records: seq -> packed record, i = seq / 64
 *   {ns}:f:&lt;i&gt;           string Bloom shard i (bits, or 4-bit counters)
 *   {ns}:d:&lt;i&gt;           hash   digest map: digest bytes 0-7 -> first seq
 *   {ns}:s:&lt;t&gt;:&lt;i&gt;       string SimHash table t: entries (masked fingerprint, fingerprint, seq)
 *   {ns}:b:&lt;i&gt;           string LSH band buckets: entries (address bytes 4-7, seq)
 *   {ns}:c:&lt;i&gt;           string core-term buckets: entries (address, seq)
 *   {ns}:l:&lt;i&gt;           string live seqs: bit seq mod 2^32 is set while seq has a record, i = seq / 2^32
 *   {ns}:t:&lt;i&gt;           hash   titles: title key (8 bytes) -> originals recorded under it, and
 *                              pattern key (8 bytes) -> pages recorded under the title pattern
 * </pre>
 */
public final class RedisKeys {

  static final String CONFIG = "config";
  static final String COUNTERS = "n";
  static final String TOP = "top";
  static final String MIRRORS = "m";
  static final String REGISTRY = "u:";
  static final String RECORDS = "r:";
  static final String BLOOM = "f:";
  static final String DIGESTS = "d:";
  static final String SIMHASH = "s:";
  static final String BAND_GROUPS = "b:";
  static final String CORES = "c:";
  static final String LIVE_SEQS = "l:";
  static final String TITLES = "t:";

  private RedisKeys() {}

  public static String prefix(String namespace) {
    return "{" + namespace + "}:";
  }

  public static String config(String ns) {
    return prefix(ns) + CONFIG;
  }

  public static String counters(String ns) {
    return prefix(ns) + COUNTERS;
  }

  public static String topOriginals(String ns) {
    return prefix(ns) + TOP;
  }

  /** Site hash to the hashes of its mirror sites (MIRRORS in _common.lua; {@code Mirrors}). */
  public static String mirrors(String ns) {
    return prefix(ns) + MIRRORS;
  }

  public static String registry(String ns, long i) {
    return prefix(ns) + REGISTRY + i;
  }

  /** The records hash that holds page {@code seq}'s record (field: seq; record_key in _common.lua). */
  public static String records(String ns, long seq) {
    return prefix(ns) + RECORDS + seq / 64;
  }

  public static String digests(String ns, long i) {
    return prefix(ns) + DIGESTS + i;
  }

  /**
   * Titles hash i: i is title key bytes 0-3 mod the registry's key count (title_key in _common.lua);
   * a pattern key ({@code PageEntry.patternKey}) is counted in the hash its bytes 0-3 name the same way.
   */
  public static String titles(String ns, long i) {
    return prefix(ns) + TITLES + i;
  }

  public static String bloomShard(String ns, int shard) {
    return prefix(ns) + BLOOM + shard;
  }

  /** The live-seq bitmap for seqs i * 2^32 .. (i + 1) * 2^32 - 1 (live_key in _common.lua). */
  public static String liveSeqs(String ns, long i) {
    return prefix(ns) + LIVE_SEQS + i;
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
    return prefix(ns) + BAND_GROUPS;
  }

  /** LSH band group {@code i}. */
  public static String bandGroup(String ns, long i) {
    return bandGroups(ns) + i;
  }

  /** The prefix of SimHash table {@code t}'s group keys; a group's number follows it. */
  public static String simhashGroups(String ns, int t) {
    return prefix(ns) + SIMHASH + t + ":";
  }

  /** Group {@code g} of SimHash table {@code t}. */
  public static String simhashGroup(String ns, int t, long g) {
    return simhashGroups(ns, t) + g;
  }

  /** The prefix of the core-term groups' keys; a group's number follows it. */
  public static String coreGroups(String ns) {
    return prefix(ns) + CORES;
  }

  /** Core-term group {@code i}. */
  public static String coreGroup(String ns, long i) {
    return coreGroups(ns) + i;
  }

  /** The SimHash table of a SimHash group's key ({@link #simhashGroup}). */
  static int simhashTableOf(String key) {
    int at = key.lastIndexOf(":" + SIMHASH) + 1 + SIMHASH.length();
    return Integer.parseInt(key.substring(at, key.lastIndexOf(':')));
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
      case CONFIG: return "config";
      case COUNTERS: return "counters";
      case TOP: return "top";
      case MIRRORS: return "mirrors";
      default: break;
    }
    if (numbered(rest, REGISTRY)) return "registry";
    if (numbered(rest, RECORDS)) return "records";
    if (numbered(rest, BLOOM)) return "bloom";
    if (numbered(rest, DIGESTS)) return "digests";
    if (rest.matches(SIMHASH + "\\d+:\\d+")) return "simhash";
    if (numbered(rest, BAND_GROUPS)) return "bands";
    if (numbered(rest, CORES)) return "cores";
    if (numbered(rest, LIVE_SEQS)) return "live_seqs";
    if (numbered(rest, TITLES)) return "titles";
    return null;
  }

  /** {@code kind} followed by a number. */
  private static boolean numbered(String rest, String kind) {
    return rest.startsWith(kind) && rest.substring(kind.length()).matches("\\d+");
  }
}
