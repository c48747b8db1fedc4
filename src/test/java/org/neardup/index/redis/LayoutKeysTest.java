package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexStore;
import org.neardup.index.IndexLayout;
import org.neardup.index.PageEntry;
import org.neardup.index.StoreException;
import org.neardup.runtime.Stores;

/**
 * Every setting that shapes what a page stores is part of the namespace's layout: a worker
 * configured with another value, which would store values the others cannot match, is refused
 * on a real Redis, with a message naming the setting. Settings that only decide are not.
 */
class LayoutKeysTest {

  @TempDir static Path dir;

  private static NeardupConfig config(String ns, Map<String, Object> extra) {
    Map<String, Object> m = new HashMap<>(Map.of("neardup.store", TestRedis.url(),
        "neardup.store.namespace", ns, "neardup.bloom.expected_items", 10_000));
    m.putAll(extra);
    return NeardupConfig.fromMap(m);
  }

  /** A namespace created by a worker with {@code base}, holding one page. */
  private static String created(Map<String, Object> base) {
    String ns = TestRedis.namespace("layout");
    try (IndexStore s = Stores.open(config(ns, base))) {
      s.checkAndRecord(new PageEntry("http://a/", "", 1L, "a", "", new byte[16], false, 0, null, 0, null, ""));
    }
    return ns;
  }

  private static Path idf(String name, String content) {
    try {
      return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Family, key, another value, the name the layout description gives it. */
  static Stream<Arguments> layoutKeys() {
    return Stream.of(
        Arguments.of("shingles", "neardup.shingle.chars", 4, "shingle.chars"),
        Arguments.of("shingles", "neardup.shingle.words", 2, "shingle.words"),
        Arguments.of("MinHash", "neardup.minhash.permutations", 96, "minhash.permutations"),
        Arguments.of("MinHash", "neardup.minhash.seed", 7, "minhash.seed"),
        Arguments.of("SimHash", "neardup.simhash.weighting", "tf", "simhash.weighting"),
        Arguments.of("SimHash", "neardup.simhash.max_distance", 2, "simhashMaxDistance"),
        Arguments.of("SimHash", "neardup.simhash.blocks", 6, "simhashBlocks"),
        Arguments.of("core terms", "neardup.core_terms.count", 4, "core_terms.count"),
        Arguments.of("sketch", "neardup.sentence_boundary.parts", 4, "sentence_boundary.parts"),
        Arguments.of("sketch", "neardup.longest_sentences.count", 6, "longest_sentences.count"),
        Arguments.of("segmenter", "neardup.text.segmenter", "forward", "text.segmenter"),
        Arguments.of("IDF table", "neardup.idf.path", "", "idf.table"), // a file, see below
        Arguments.of("bands", "neardup.lsh.bands", 16, "lshBands"),
        Arguments.of("bands", "neardup.lsh.rows", 3, "lshRows"),
        Arguments.of("short pages", "neardup.min_text_chars", 50, "min_text_chars"),
        Arguments.of("extraction", "neardup.extract.max_bytes", 1_048_576, "extract.max_bytes"),
        Arguments.of("exact", "neardup.bloom.counting", true, "countingBloom"),
        Arguments.of("exact", "neardup.bloom.false_positive_rate", 1e-4, "bloomFalsePositiveRate"),
        Arguments.of("exact", "neardup.exact.confirm", false, "confirmExact"),
        Arguments.of("sizing", "neardup.bloom.expected_items", 20_000, "bloomExpectedItems"),
        Arguments.of("candidates", "neardup.candidates.max", 16, "maxCandidates"));
  }

  @ParameterizedTest(name = "{0}: {1} = {2}")
  @MethodSource("layoutKeys")
  void aWorkerWithAnotherValueIsRefusedNamingTheSetting(String family, String key, Object value, String name) {
    Object other = key.equals("neardup.idf.path") ? idf("other.tsv", "#unseen\t8.0\nriver\t3.5\n").toString() : value;
    String ns = created(Map.of());
    var e = assertThrows(StoreException.Misconfigured.class, () -> Stores.open(config(ns, Map.of(key, other))));
    assertTrue(e.getMessage().contains("(" + name + ": ") || e.getMessage().contains("; " + name + ": "),
        family + ": " + e.getMessage());
    // the namespace's own configuration still opens it
    try (IndexStore s = Stores.open(config(ns, Map.of()))) {
      assertEquals(1L, s.stats().counters().get("pages"));
    }
  }

  /** The IDF table is named by its content: the same file changed is another table. */
  @Test
  void anIdfTableIsNamedByItsContentNotItsPath() {
    Path a = idf("a.tsv", "#unseen\t8.0\nriver\t3.5\n");
    Path copy = idf("copy.tsv", "#unseen\t8.0\nriver\t3.5\n");
    String ns = created(Map.of("neardup.idf.path", a.toString()));
    try (IndexStore s = Stores.open(config(ns, Map.of("neardup.idf.path", copy.toString())))) {
      assertEquals(1L, s.stats().counters().get("pages"), "the same table under another name");
    }
    idf("a.tsv", "#unseen\t8.0\nriver\t4.5\n");
    var e = assertThrows(StoreException.Misconfigured.class,
        () -> Stores.open(config(ns, Map.of("neardup.idf.path", a.toString()))));
    assertTrue(e.getMessage().contains("idf.table: sha256:"), e.getMessage());
    var missing = assertThrows(IllegalArgumentException.class,
        () -> config(ns, Map.of("neardup.idf.path", dir.resolve("none.tsv").toString())));
    assertTrue(missing.getMessage().contains("neardup.idf.path"), missing.getMessage());
  }

  /** Thresholds, batching and the comparison-only fingerprints shape nothing stored. */
  @Test
  void settingsThatOnlyDecideAreNoPartOfTheLayout() {
    String ns = created(Map.of());
    Map<String, Object> other = Map.of("neardup.match.jaccard", 0.5, "neardup.match.same_site_jaccard", 0.7,
        "neardup.prefer_canonical", false, "neardup.bolt.batch_size", 4, "neardup.fail_open", true,
        "neardup.keywords.count", 5, "neardup.imatch.keep", 0.5, "neardup.segments.count", 4,
        "neardup.store.timeout_ms", 3000);
    try (IndexStore s = Stores.open(config(ns, other))) {
      assertEquals(1L, s.stats().counters().get("pages"));
    }
  }

  /** The defaults' description lists every value setting, and reads back into the same layout. */
  @Test
  void theDescriptionNamesEveryValueSettingAndReadsBack() {
    NeardupConfig c = config("x", Map.of());
    String d = new IndexLayout(c.index()).description();
    for (String name : new String[] {"shingle.chars=5", "shingle.words=3", "minhash.permutations=128",
        "minhash.seed=1592643597", "simhash.weighting=tfidf", "core_terms.count=3", "sentence_boundary.parts=3",
        "longest_sentences.count=5", "text.segmenter=jieba", "idf.table=prior", "min_text_chars=100",
        "extract.max_bytes=5242880", "lshBands=32", "lshRows=2"}) {
      assertTrue(d.contains("," + name), name + " in " + d);
    }
    assertEquals(c.index(), IndexLayout.parseDescription("x", d));
    assertEquals(new IndexLayout(c.index()).fingerprint(),
        new IndexLayout(IndexLayout.parseDescription("x", d)).fingerprint());
  }
}
