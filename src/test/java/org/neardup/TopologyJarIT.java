package org.neardup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the topology jar users deploy holds: the product and its runtime dependencies, no lab class
 * and no lab, Storm or logging dependency. Run by Maven after the jar is built (the surefire
 * execution {@code topology-jar-check}: {@code mvn verify}, or {@code mvn -Ptopology package}),
 * which names the jar and the lab's folders (a class or resource found there is the lab's).
 */
class TopologyJarIT {

  /** Entries the jar must not carry: the lab's packages and dependencies, the cluster's, the tests'. */
  private static final List<String> FOREIGN = List.of(
      "org/neardup/cli/",                // the lab's own packages
      "org/neardup/eval/",
      "org/neardup/bench/",
      "org/neardup/peers/",
      "log4j2.xml",
      "picocli/",                        // the CLI
      "redis/embedded/",                 // embedded-redis: the demo, benchmarks, tests
      "org/knowm/xchart/",               // evaluation charts
      "de/erichseifert/",                // xchart's vector graphics
      "org/apache/nutch/",               // peer baselines
      "org/apache/hadoop/",
      "org/apache/storm/",               // Storm: the cluster's (but Flux, below)
      "defaults.yaml",                   // storm-client's, a second copy breaks the workers
      "org/apache/logging/log4j/core/",  // log4j: the cluster's
      "org/apache/logging/slf4j/",
      "org/junit/",
      "org/mockito/");

  /** Storm's Flux, which runs topology/crawler.flux from the jar: the cluster does not bring it. */
  private static final String FLUX = "org/apache/storm/flux/";

  private static Set<String> entries;

  @BeforeAll
  static void readJar() throws IOException {
    Path jar = Path.of(System.getProperty("neardup.topologyJar", "target/neardup-topology.jar"));
    assertTrue(Files.isRegularFile(jar), "no topology jar at " + jar);
    entries = new TreeSet<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        entries.add(e.nextElement().getName());
      }
    }
  }

  @Test
  void holdsTheProduct() {
    for (String entry : List.of(
        "org/neardup/storm/NearDuplicateBolt.class",
        "org/neardup/storm/FingerprintParseFilter.class",
        "org/neardup/storm/FingerprintDeletionBolt.class",
        "org/neardup/storm/CrawlTopology.class",
        "org/apache/storm/flux/Flux.class",
        "org/neardup/index/redis/check_and_record.lua",
        "org/neardup/text/stopwords-zh.txt",
        "com/digitalpebble/stormcrawler/bolt/JSoupParserBolt.class",
        "redis/clients/jedis/Jedis.class",
        "org/jsoup/Jsoup.class",
        "com/huaban/analysis/jieba/JiebaSegmenter.class")) {
      assertTrue(entries.contains(entry), "the topology jar lacks " + entry);
    }
  }

  @Test
  void holdsNothingOfTheLab() {
    List<String> lab = new ArrayList<>();
    for (String folder : System.getProperty("neardup.lab", "src/lab/java,src/lab/resources").split(",")) {
      Path root = Path.of(folder);
      if (!Files.isDirectory(root)) continue;
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(Files::isRegularFile).forEach(f -> {
          String name = root.relativize(f).toString().replace('\\', '/');
          if (name.endsWith(".java")) {
            String cls = name.substring(0, name.length() - ".java".length());
            entries.stream().filter(e -> e.equals(cls + ".class") || e.startsWith(cls + "$")).forEach(lab::add);
          } else if (entries.contains(name)) {
            lab.add(name);
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    assertEquals(List.of(), lab, "classes or resources of the lab in the topology jar");
  }

  @Test
  void holdsNoLabOrClusterDependency() {
    List<String> found = entries.stream()
        .filter(entry -> FOREIGN.stream().anyMatch(entry::startsWith))
        .filter(entry -> !entry.startsWith(FLUX) && !FLUX.startsWith(entry))
        .toList();
    assertEquals(List.of(), found.stream().limit(20).toList(),
        found.size() + " entries of the lab, its dependencies, Storm, logging or tests in the topology jar");
  }
}
