package org.neardup.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.neardup.detect.DetectorSettings;
import org.neardup.extract.ExtractionSettings;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.IdfTable;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.TermWeights;
import org.neardup.fingerprint.TextNames;
import org.neardup.index.IndexLayout;
import org.neardup.index.IndexSettings;
import org.neardup.text.Segmenter;
import org.yaml.snakeyaml.Yaml;

/**
 * Every neardup setting, read once from the {@code neardup.*} keys of a Storm / StormCrawler
 * configuration ({@code crawler-conf.yaml}). Each key is read in exactly one place below, so one
 * key is one source of truth even when several parts use it (the SimHash distance drives both the
 * index's table layout and the fine threshold). The keys, defaults and meanings are documented in
 * {@code docs/CONFIGURATION.md}; {@code crawler-conf.yaml} lists them all with their defaults.
 *
 * @param store "memory", a redis:// / rediss:// url, or a redis-cluster:// / rediss-cluster:// url
 * @param storeTimeoutMillis connect and read timeout of store calls
 * @param storePoolSize connections per worker JVM
 * @param failOpen on store failure, pass pages on as unchecked instead of failing the tuple
 * @param boltBatchSize tuples the bolt checks together (one store round trip); 1 = one at a time
 * @param boltBatchWaitMillis how long the bolt lets the first tuple of a batch wait for more
 * @param markDuplicates pass duplicates on to the indexer marked ({@code dedup.index=false})
 *     instead of keeping them out of it
 * @param signatureKey the metadata key the parse filter writes the main text's MD5 to (as
 *     StormCrawler's {@code MD5SignatureParseFilter} writes {@code signature}), or "" for none
 * @param signatureCopyKey where the previous signature is copied first (for {@code
 *     AdaptiveScheduler}'s {@code signatureOld}), or ""
 * @param segmenter the Chinese segmenter
 * @param idfPath an IDF table built with {@code neardup idf}, or null for the built-in prior
 * @param extraction page extraction limits
 * @param fingerprints how fingerprints are computed
 * @param detector how the detector decides
 * @param index the index layout (shared by every process of one namespace)
 */
public record NeardupConfig(
    String store,
    int storeTimeoutMillis,
    int storePoolSize,
    boolean failOpen,
    int boltBatchSize,
    int boltBatchWaitMillis,
    boolean markDuplicates,
    String signatureKey,
    String signatureCopyKey,
    Segmenter.Kind segmenter,
    Path idfPath,
    ExtractionSettings extraction,
    FingerprintSettings fingerprints,
    DetectorSettings detector,
    IndexSettings index) {

  public static final String PREFIX = "neardup.";

  /** The defaults, as if every key were absent. */
  public static NeardupConfig defaults() {
    return fromMap(Map.of());
  }

  /**
   * Reads the neardup keys of a flat configuration map (Storm's topology conf).
   *
   * @throws IllegalArgumentException naming the key for a bad value or an unknown neardup key
   */
  public static NeardupConfig fromMap(Map<String, ?> conf) {
    ConfigReader c = new ConfigReader(conf);
    FingerprintSettings fd = FingerprintSettings.defaults();
    MatchThresholds md = MatchThresholds.defaults();

    int simhashDistance = c.integer("neardup.simhash.max_distance", md.simhashDistance(), 0, 8);
    int bands = c.integer("neardup.lsh.bands", fd.lshBands(), 1, 512);
    int rows = c.integer("neardup.lsh.rows", fd.lshRows(), 1, 64);
    int permutations = c.integer("neardup.minhash.permutations", fd.minhashPermutations(), 1, 1024);

    FingerprintSettings fingerprints = build("neardup.minhash.permutations", () -> new FingerprintSettings(
        c.integer("neardup.shingle.chars", fd.charShingle(), 1, 64),
        c.integer("neardup.shingle.words", fd.wordShingle(), 1, 64),
        permutations,
        c.integer("neardup.minhash.seed", fd.minhashSeed(), Long.MIN_VALUE, Long.MAX_VALUE),
        bands,
        rows,
        parse("neardup.simhash.weighting", c.string("neardup.simhash.weighting", "tfidf"), TermWeights.Scheme::parse),
        c.integer("neardup.sentence_boundary.parts", fd.sentenceParts(), 1, 16),
        c.integer("neardup.longest_sentences.count", fd.longestSentences(), 1, 32),
        c.integer("neardup.core_terms.count", fd.coreTerms(), 1, 16),
        c.integer("neardup.keywords.count", fd.keywords(), 1, 100),
        c.real("neardup.imatch.keep", fd.imatchKeep(), 0, 1, false),
        c.real("neardup.frequent_terms.percentage", fd.frequentPercentage(), 0, 1, false),
        c.integer("neardup.frequent_terms.sum_interval", fd.frequentInterval(), 1, 1000),
        c.integer("neardup.segments.count", fd.segments(), 1, 100),
        c.integer("neardup.segments.min_chars", fd.segmentMinChars(), 1, 100_000)));

    MatchThresholds thresholds = new MatchThresholds(
        simhashDistance,
        c.real("neardup.match.jaccard", md.jaccard(), 0, 1, false),
        c.real("neardup.match.support_jaccard", md.supportJaccard(), 0, 1, false),
        c.real("neardup.match.containment", md.containment(), 0, 1, false),
        c.real("neardup.match.containment_min_ratio", md.containmentMinRatio(), 0, 1, false),
        c.real("neardup.match.sentence_score", md.sentenceScore(), 0.5, 100, false),
        c.real("neardup.match.title_weight", md.titleWeight(), 0, 100, false),
        c.real("neardup.match.longest_overlap", md.longestOverlap(), 0, 1, false),
        c.real("neardup.match.keyword_weight_distance", md.keywordWeightDistance(), 0, 1, false),
        c.integer("neardup.match.segments", md.segmentsToMatch(), 1, 100),
        c.real("neardup.match.same_site_jaccard", md.sameSiteJaccard(), 0, 1, false),
        c.real("neardup.match.same_site_containment", md.sameSiteContainment(), 0, 1, false),
        c.real("neardup.match.max_template_share", md.maxTemplateShare(), 0, 1, false),
        c.real("neardup.match.sibling_ratio", md.siblingRatio(), 0, 1, false),
        c.real("neardup.match.same_site_title_jaccard", md.sameSiteTitleJaccard(), 0, 1, false),
        c.integer("neardup.match.same_site_short_shingles", md.sameSiteShortShingles(), 0, 1_000_000),
        c.real("neardup.match.same_site_short_jaccard", md.sameSiteShortJaccard(), 0, 1, false),
        c.integer("neardup.match.title_name_mentions", md.titleNameMentions(), 0, 1_000),
        c.real("neardup.match.script_difference", md.scriptDifference(), 0, 1, false),
        c.integer("neardup.match.shared_title_pages", md.sharedTitlePages(), 0, 1_000_000),
        c.real("neardup.match.same_site_name_jaccard", md.sameSiteNameJaccard(), 0, 1, false),
        c.integer("neardup.match.same_site_min_names", md.sameSiteMinNames(), 1, TextNames.K),
        c.integer("neardup.match.title_pattern_pages", md.titlePatternPages(), 0, 1_000_000));

    DetectorSettings dd = DetectorSettings.defaults();
    DetectorSettings detector = new DetectorSettings(
        c.integer("neardup.min_text_chars", dd.minTextChars(), 0, 1_000_000),
        thresholds,
        c.bool("neardup.prefer_canonical", dd.preferCanonical()),
        c.bool("neardup.mirrors", dd.mirrors()));

    IndexSettings id = IndexSettings.defaults("neardup");
    long expectedItems = c.integer("neardup.bloom.expected_items", id.bloomExpectedItems(), 1, 1L << 40);
    // "auto": the fewest blocks that keep SimHash buckets small at the expected corpus size
    String blocks = c.string("neardup.simhash.blocks", "auto");
    int simhashBlocks = blocks.equals("auto")
        ? IndexLayout.autoSimhashBlocks(expectedItems, simhashDistance)
        : c.integer("neardup.simhash.blocks", 0, 2, 16);
    IndexSettings index = build("neardup.simhash.blocks", () -> new IndexSettings(
        c.string("neardup.store.namespace", id.namespace()),
        expectedItems,
        c.real("neardup.bloom.false_positive_rate", id.bloomFalsePositiveRate(), 0, 1, true),
        c.bool("neardup.bloom.counting", id.countingBloom()),
        c.bool("neardup.exact.confirm", id.confirmExact()),
        simhashDistance,
        simhashBlocks,
        bands,
        rows,
        c.integer("neardup.candidates.max", id.maxCandidates(), 1, IndexSettings.MAX_CANDIDATES)));

    ExtractionSettings ed = ExtractionSettings.defaults();
    ExtractionSettings extraction = ed.withMaxBytes(
        c.integer("neardup.extract.max_bytes", ed.maxBytes(), 1024, Integer.MAX_VALUE));

    String store = c.string("neardup.store", "redis://localhost:6379");
    if (!(store.equals("memory") || store.startsWith("redis://") || store.startsWith("rediss://")
        || store.startsWith("redis-cluster://") || store.startsWith("rediss-cluster://"))) {
      throw ConfigReader.bad("neardup.store", store,
          "memory, redis://host:port[/db], rediss://..., or redis-cluster://host:port[,host:port...]");
    }
    String idf = c.string("neardup.idf.path", "");
    Segmenter.Kind segmenter = parse("neardup.text.segmenter", c.string("neardup.text.segmenter", "jieba"),
        Segmenter.Kind::parse);
    Path idfPath = idf.isEmpty() ? null : Path.of(idf);
    String idfTable;
    try {
      idfTable = IdfTable.contentName(idfPath);
    } catch (java.io.UncheckedIOException e) {
      throw ConfigReader.bad("neardup.idf.path", idf, "a readable IDF table (" + e.getCause() + ")");
    }
    index = index.withValueSettings(valueSettings(fingerprints, segmenter, idfTable,
        detector.minTextChars(), extraction.maxBytes()));
    NeardupConfig result = new NeardupConfig(
        store,
        c.integer("neardup.store.timeout_ms", 2000, 1, 600_000),
        c.integer("neardup.store.pool_size", 16, 1, 1024),
        c.bool("neardup.fail_open", false),
        c.integer("neardup.bolt.batch_size", 16, 1, 1000),
        c.integer("neardup.bolt.batch_wait_ms", 50, 0, 60_000),
        parse("neardup.bolt.duplicates", c.string("neardup.bolt.duplicates", "drop"), NeardupConfig::markDuplicates),
        c.string("neardup.signature.key", ""),
        c.string("neardup.signature.copy_key", "signatureOld"),
        segmenter,
        idfPath,
        extraction, fingerprints, detector, index);

    Set<String> unknown = c.unknown(PREFIX);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown configuration key(s) " + unknown
          + ": see docs/CONFIGURATION.md for the neardup.* keys");
    }
    return result;
  }

  /**
   * The settings besides the index's own that shape what a page stores, named as their keys
   * without {@code neardup.} ({@link IndexSettings#valueSettings}): the shingles, MinHash and
   * SimHash weighting behind the band keys, sketch and SimHash; the core-term count; the parts of
   * the sentence-boundary fingerprint and the number of longest sentences (both in the sketch);
   * the segmenter and IDF table (which terms, how heavy); the text length below which the digest
   * is bound to the title and the page stays out of the near structures; and how much of a page
   * is read. The band layout ({@code lsh.bands}, {@code lsh.rows}) is in the index settings.
   * Settings that only decide (thresholds), or only feed {@code compare} and {@code eval}
   * (keywords, I-Match, frequent terms, segments), are not.
   */
  static Map<String, String> valueSettings(FingerprintSettings f, Segmenter.Kind segmenter, String idfTable,
      int minTextChars, int maxBytes) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("shingle.chars", Integer.toString(f.charShingle()));
    m.put("shingle.words", Integer.toString(f.wordShingle()));
    // how lines shorter than a shingle are shingled, a list's repeats and the order of items
    // (Shingles#of): not settings, rules
    m.put("shingle.short_lines", "runs");
    m.put("shingle.list_repeats", "counted");
    m.put("shingle.item_order", "joins");
    // what makes a text a list, whose shingles count their repeats (ItemList#is): not a setting,
    // a rule
    m.put("list.items", "short_lines+entries");
    m.put("minhash.permutations", Integer.toString(f.minhashPermutations()));
    m.put("minhash.seed", Long.toString(f.minhashSeed()));
    m.put("simhash.weighting", f.simhashWeighting().name().toLowerCase(java.util.Locale.ROOT));
    m.put("core_terms.count", Integer.toString(f.coreTerms()));
    m.put("sentence_boundary.parts", Integer.toString(f.sentenceParts()));
    m.put("longest_sentences.count", Integer.toString(f.longestSentences()));
    // where a page's title names come from (TitleNames#of): not a setting, a rule
    m.put("title_names.from", "title+heading");
    // what in them is a name (TitleNames): not a setting, a rule
    m.put("title_names.kinds", "code+commands+lower_case_openings");
    // where a name counts as written (TitleNames#of): not a setting, a rule
    m.put("title_names.written_in", "text+qualified_heading");
    m.put("text.segmenter", segmenter.name().toLowerCase(java.util.Locale.ROOT));
    m.put("idf.table", idfTable);
    m.put("min_text_chars", Integer.toString(minTextChars));
    // what a short page's exact digest is bound to (DuplicateDetector#digest): not a setting, a rule
    m.put("short_page.exact", "title+heading+shown_text");
    m.put("extract.max_bytes", Integer.toString(maxBytes));
    return m;
  }

  /**
   * Reads a StormCrawler-style YAML file: the keys under a top-level {@code config:} map, or at the
   * top level when there is none.
   */
  public static NeardupConfig fromYaml(Path file) {
    return fromMap(readYaml(file));
  }

  /** The flat key → value map of a crawler-conf.yaml. */
  public static Map<String, Object> readYaml(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      Object doc = new Yaml().load(in);
      if (doc == null) return Map.of();
      if (!(doc instanceof Map<?, ?> top)) {
        throw new IllegalArgumentException(file + ": expected a YAML map of settings");
      }
      Object inner = top.containsKey("config") ? top.get("config") : top;
      if (!(inner instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException(file + ": 'config' must be a map of settings");
      }
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> {
        String key = String.valueOf(k);
        // A nested "neardup:" map would be read as one unknown key and every setting in it
        // silently left at its default.
        if (v instanceof Map<?, ?> && (key.equals("neardup") || key.startsWith("neardup."))) {
          throw new IllegalArgumentException(file + ": '" + key + "' is a map; neardup settings are flat keys"
              + " (such as neardup.lsh.bands: 32) under the top-level 'config:' map");
        }
        out.put(key, v);
      });
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read configuration " + file, e);
    } catch (org.yaml.snakeyaml.error.YAMLException e) {
      throw new IllegalArgumentException(file + ": not valid YAML: " + e.getMessage(), e);
    }
  }

  /** A copy with another store url and namespace (command-line overrides). */
  public NeardupConfig withStore(String newStore, String namespace) {
    IndexSettings i = namespace == null ? index : index.withNamespace(namespace);
    return new NeardupConfig(newStore == null ? store : newStore, storeTimeoutMillis, storePoolSize, failOpen,
        boltBatchSize, boltBatchWaitMillis, markDuplicates, signatureKey, signatureCopyKey, segmenter, idfPath,
        extraction, fingerprints, detector, i);
  }

  /** "drop" (duplicates stay out of the index) or "mark" (they reach it with dedup.index=false). */
  private static boolean markDuplicates(String value) {
    return switch (value) {
      case "drop" -> false;
      case "mark" -> true;
      default -> throw new IllegalArgumentException("expected drop or mark, got '" + value + "'");
    };
  }

  private interface Parser<T> {
    T parse(String s);
  }

  private static <T> T parse(String key, String value, Parser<T> p) {
    try {
      return p.parse(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("configuration key " + key + ": " + e.getMessage(), e);
    }
  }

  private static <T> T build(String key, java.util.function.Supplier<T> s) {
    try {
      return s.get();
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("configuration key")) throw e;
      throw new IllegalArgumentException("configuration (near " + key + "): " + e.getMessage(), e);
    }
  }
}
