package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cluster.StormHome;
import org.neardup.index.redis.TestRedis;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * A user's project, as StormCrawler 2.4's archetype lays it out (pom.xml with Storm, StormCrawler
 * and Flux; crawler.flux; crawler-conf.yaml; jsoupfilters.json, parsefilters.json and
 * urlfilters.json under src/main/resources), gets neardup from the blocks of the README's "Adding
 * it to a StormCrawler project" and nothing else, is packaged by Maven into its topology jar, and
 * crawls the demo site the way {@code storm local} runs it: Storm's {@code LocalCluster} runs
 * Flux with the project's jar and Storm's jars on the class path. The archetype's StdOutIndexer
 * prints what reaches the index and its StdOutStatusUpdater the verdicts kept with each url.
 *
 * <p>Run by Maven after the product jar is built (the surefire execution {@code topology-jar-check}),
 * which names that jar, the local Maven repository and the Maven command. The project is built
 * with a local repository of its own, fed from the user's through a file mirror, so neardup is
 * installed there and nowhere else.
 */
class ArchetypeProjectIT {
  private static final Path README = Path.of("README.md");
  private static final String SECTION = "## Adding it to a StormCrawler project";

  @Test
  void anArchetypeProjectAddsNeardupFromTheReadmeAndCrawlsWithIt(@TempDir Path project) throws Exception {
    Readme readme = Readme.section(README, SECTION);
    Path work = Path.of("target", "archetype-project").toAbsolutePath();
    Files.createDirectories(work);
    Path repo = work.resolve("repository");
    Path settings = work.resolve("settings.xml");
    Files.writeString(settings, settings(Path.of(property("neardup.mavenRepository"))));
    Path log = work.resolve("maven.log");
    Files.deleteIfExists(log);

    // 1. neardup into the project's local repository, as `mvn install` puts it into the user's
    mvn(work, log, "-s", settings.toString(), "-Dmaven.repo.local=" + repo,
        "org.apache.maven.plugins:maven-install-plugin:3.1.2:install-file",
        "-Dfile=" + Path.of(property("neardup.productJar")).toAbsolutePath(),
        "-DpomFile=" + Path.of("pom.xml").toAbsolutePath());

    // 2. the archetype's files, then the README's blocks applied to them
    List<String> seeds = DemoSite.expected().stream().map(DemoSite.Expected::path).toList();
    try (DemoSiteServer site = DemoSiteServer.start(seeds)) {
      String namespace = TestRedis.namespace("archetype");
      Files.writeString(project.resolve("pom.xml"), readme.applyToPom(ARCHETYPE_POM));
      Files.write(project.resolve("seeds.txt"), seeds.stream().map(site::url).toList());
      Files.writeString(project.resolve("crawler.flux"), readme.applyToFlux(ARCHETYPE_FLUX));
      Files.writeString(project.resolve("crawler-conf.yaml"),
          readme.applyToConf(ARCHETYPE_CONF, TestRedis.url(), namespace));
      Path resources = Files.createDirectories(project.resolve("src/main/resources"));
      Files.writeString(resources.resolve("jsoupfilters.json"), readme.applyToJsoupFilters(ARCHETYPE_JSOUP_FILTERS));
      Files.writeString(resources.resolve("parsefilters.json"), ARCHETYPE_PARSE_FILTERS);
      Files.writeString(resources.resolve("urlfilters.json"), ARCHETYPE_URL_FILTERS);

      // 3. mvn package: the project's topology jar
      mvn(project, log, "-s", settings.toString(), "-Dmaven.repo.local=" + repo, "package");
      Path jar = project.resolve("target/crawler-1.0-SNAPSHOT.jar");
      assertTrue(Files.isRegularFile(jar), "no " + jar + " (see " + log + ")");

      // 4. storm local target/crawler-1.0-SNAPSHOT.jar org.apache.storm.flux.Flux crawler.flux
      StormHome storm = new StormHome(work.resolve("storm"));
      storm.copyJars(property("neardup.mvn"), log);
      Crawl crawl = Crawl.run(project, jar, storm, site, seeds, work.resolve("crawl.log"));

      // what the README promises: originals reach the index, copies do not, and each copy's
      // status carries its verdict and its original
      Set<String> uniques = new TreeSet<>();
      Map<String, String> copies = new LinkedHashMap<>();
      for (DemoSite.Expected e : DemoSite.expected()) {
        if (e.verdict().equals("unique")) {
          uniques.add(site.url(e.path()));
        } else {
          copies.put(site.url(e.path()), e.verdict() + " of " + site.url(e.original()));
        }
      }
      assertEquals(uniques, new TreeSet<>(crawl.indexed), "indexed pages (" + crawl.log + ")");
      for (Map.Entry<String, String> c : copies.entrySet()) {
        assertEquals(c.getValue(), crawl.verdicts.get(c.getKey()), c.getKey() + " (" + crawl.log + ")");
      }
    }
  }

  private static String property(String name) {
    String v = System.getProperty(name);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException("system property " + name + " is not set: run this test through"
          + " Maven (mvn verify), which sets it");
    }
    return v;
  }

  private static void mvn(Path dir, Path log, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(property("neardup.mvn"), "-B", "-q"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", cmd) + " did not end in 10 minutes, see " + log);
    }
    assertEquals(0, p.exitValue(), String.join(" ", cmd) + " failed, see " + log);
  }

  /**
   * The user's local repository read first, as a file repository (what it holds is not
   * downloaded again), then Maven Central for what it lacks; nothing is written to it.
   */
  private static String settings(Path localRepository) {
    return """
        <settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
          <profiles>
            <profile>
              <id>user-local-repository</id>
              <repositories>
                <repository><id>user-local-repository</id><url>%1$s</url></repository>
              </repositories>
              <pluginRepositories>
                <pluginRepository><id>user-local-repository</id><url>%1$s</url></pluginRepository>
              </pluginRepositories>
            </profile>
          </profiles>
          <activeProfiles><activeProfile>user-local-repository</activeProfile></activeProfiles>
        </settings>
        """.formatted(localRepository.toAbsolutePath().toUri());
  }

  /** The crawl's output: urls the indexer printed, and the verdict each status carried. */
  private static final class Crawl {
    final Set<String> indexed = new LinkedHashSet<>();
    final Map<String, String> verdicts = new LinkedHashMap<>();
    final Path log;

    private Crawl(Path log) {
      this.log = log;
    }

    /** Runs until every seed has a status (and a few seconds more for stray output), at most 3 minutes. */
    static Crawl run(Path project, Path jar, StormHome storm, DemoSiteServer site, List<String> seeds, Path log)
        throws IOException, InterruptedException {
      String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> cmd = List.of(javaBin, "-Xmx1g", "-Dstorm.local.sleeptime=170", "-Dstorm.jar=" + jar,
          "-cp", jar + java.io.File.pathSeparator + storm.lib() + "/*",
          "org.apache.storm.LocalCluster", "org.apache.storm.flux.Flux", "crawler.flux");
      Process p = new ProcessBuilder(cmd).directory(project.toFile()).redirectErrorStream(true).start();
      Crawl crawl = new Crawl(log);
      Set<String> statuses = new LinkedHashSet<>();
      Pattern status = Pattern.compile("^(http://\\S+)\\t([A-Z_]+)\\t.*");
      String current = null;
      String verdict = null;
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      long stopAt = Long.MAX_VALUE;
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
          var out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
        String line;
        while ((line = in.readLine()) != null) {
          out.write(line);
          out.newLine();
          Matcher m = status.matcher(line);
          if (m.matches()) {
            current = m.group(1);
            verdict = null;
            statuses.add(current);
          } else if (line.startsWith("url\t")) {
            crawl.indexed.add(line.substring(4).strip());
          } else if (current != null && line.startsWith("\tdedup.verdict: ")) {
            verdict = line.substring("\tdedup.verdict: ".length()).strip();
          } else if (current != null && verdict != null && line.startsWith("\tdedup.duplicate_of: ")) {
            crawl.verdicts.put(current, verdict + " of " + line.substring("\tdedup.duplicate_of: ".length()).strip());
          }
          long now = System.nanoTime();
          if (stopAt == Long.MAX_VALUE && statuses.size() >= seeds.size()) stopAt = now + TimeUnit.SECONDS.toNanos(5);
          if (now > stopAt || now > deadline) break;
        }
      } finally {
        p.destroy();
        if (!p.waitFor(20, TimeUnit.SECONDS)) p.destroyForcibly();
      }
      return crawl;
    }
  }

  /** The fenced blocks of one README section, and how each is applied to a project's file. */
  record Readme(List<String> xml, List<String> json, List<String> yaml) {
    static Readme section(Path readme, String heading) throws IOException {
      String text = Files.readString(readme);
      int start = text.indexOf(heading);
      assertTrue(start >= 0, "README has no section " + heading);
      int end = text.indexOf("\n## ", start + heading.length());
      String section = text.substring(start, end < 0 ? text.length() : end);
      List<String> xml = new ArrayList<>();
      List<String> json = new ArrayList<>();
      List<String> yaml = new ArrayList<>();
      Matcher m = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL).matcher(section);
      while (m.find()) {
        switch (m.group(1)) {
          case "xml" -> xml.add(m.group(2));
          case "json" -> json.add(m.group(2));
          case "yaml" -> yaml.add(m.group(2));
          default -> { }
        }
      }
      return new Readme(xml, json, yaml);
    }

    /**
     * The dependency first in the archetype's dependencies, exclusions into its storm-crawler-core
     * dependency; a property line replaces the property it names.
     */
    String applyToPom(String pom) {
      for (String block : xml) {
        Matcher property = Pattern.compile("^\\s*<([\\w.]+)>[^<]*</\\1>\\s*$").matcher(block);
        if (block.contains("<dependency>")) {
          pom = pom.replace("  <dependencies>\n", "  <dependencies>\n" + block.strip().indent(4));
        } else if (block.strip().startsWith("<exclusions>")) {
          int sc = pom.indexOf("<artifactId>storm-crawler-core</artifactId>");
          assertTrue(sc >= 0, "the archetype's storm-crawler-core dependency");
          int end = pom.indexOf("    </dependency>", sc);
          pom = pom.substring(0, end) + block.strip().indent(6) + pom.substring(end);
        } else if (property.matches()) {
          String name = Pattern.quote(property.group(1));
          String replaced = pom.replaceFirst("<" + name + ">[^<]*</" + name + ">", Matcher.quoteReplacement(block.strip()));
          assertTrue(!replaced.equals(pom) || pom.contains(block.strip()), "no property " + property.group(1) + " in the pom");
          pom = replaced;
        } else {
          throw new AssertionError("README: an xml block that is neither a dependency nor a property:\n" + block);
        }
      }
      assertTrue(pom.contains("<artifactId>neardup</artifactId>"), "README gives no neardup dependency");
      return pom;
    }

    /** The filter entry appended to the archetype's JSoupFilters list. */
    String applyToJsoupFilters(String filters) {
      assertEquals(1, json.size(), "one json block: the filter entry");
      int last = filters.lastIndexOf('}', filters.lastIndexOf(']'));
      return filters.substring(0, last + 1) + ",\n" + json.get(0).strip().indent(4) + filters.substring(last + 1);
    }

    /** The bolts added, the parse → index stream replaced by the README's streams. */
    @SuppressWarnings("unchecked")
    String applyToFlux(String flux) {
      Map<String, Object> topology = new Yaml().load(flux);
      List<Object> bolts = (List<Object>) topology.get("bolts");
      List<Map<String, Object>> streams = (List<Map<String, Object>>) topology.get("streams");
      int applied = 0;
      for (String block : yaml) {
        Map<String, Object> part = new Yaml().load(block);
        if (part.containsKey("bolts")) {
          bolts.addAll((List<Object>) part.get("bolts"));
          applied++;
        }
        if (part.containsKey("streams")) {
          assertTrue(streams.removeIf(s -> "parse".equals(s.get("from")) && "index".equals(s.get("to"))),
              "the archetype's parse → index stream");
          streams.addAll((List<Map<String, Object>>) part.get("streams"));
          applied++;
        }
      }
      assertEquals(2, applied, "README: a bolts block and a streams block for crawler.flux");
      return dump(topology);
    }

    /** The README's keys over the archetype's conf, its store replaced by the test's Redis. */
    @SuppressWarnings("unchecked")
    String applyToConf(String conf, String redisUrl, String namespace) {
      Map<String, Object> yamlConf = new Yaml().load(conf);
      Map<String, Object> config = (Map<String, Object>) yamlConf.get("config");
      String block = yaml.stream().filter(b -> b.startsWith("config:")).findFirst()
          .orElseThrow(() -> new AssertionError("README: no config: block for crawler-conf.yaml"));
      Map<String, Object> added = (Map<String, Object>) ((Map<String, Object>) new Yaml().load(block)).get("config");
      for (Map.Entry<String, Object> e : added.entrySet()) {
        if (e.getValue() instanceof List<?> values && config.get(e.getKey()) instanceof List<?> existing) {
          List<Object> merged = new ArrayList<>(existing);
          merged.addAll(values);
          config.put(e.getKey(), merged);
        } else {
          config.put(e.getKey(), e.getValue());
        }
      }
      assertTrue(added.containsKey("neardup.store"), "README names the store key");
      config.put("neardup.store", redisUrl);
      config.put("neardup.store.namespace", namespace);
      config.put("neardup.bloom.expected_items", 100_000); // a small filter for a 25-page crawl
      return dump(yamlConf);
    }

    private static String dump(Map<String, Object> yaml) {
      DumperOptions options = new DumperOptions();
      options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
      return new Yaml(options).dump(yaml);
    }
  }

  // ---- the archetype's files (the shape of StormCrawler 2.4's, trimmed to what the crawl reads)

  /** Storm 2.4 as the archetype has it; the README's property line moves it to neardup's. */
  static final String ARCHETYPE_POM = """
      <?xml version="1.0" encoding="UTF-8"?>
      <project xmlns="http://maven.apache.org/POM/4.0.0">
        <modelVersion>4.0.0</modelVersion>
        <groupId>com.example</groupId>
        <artifactId>crawler</artifactId>
        <version>1.0-SNAPSHOT</version>
        <packaging>jar</packaging>
        <properties>
          <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
          <stormcrawler.version>2.4</stormcrawler.version>
          <storm.version>2.4.0</storm.version>
        </properties>
        <build>
          <plugins>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-compiler-plugin</artifactId>
              <version>3.13.0</version>
              <configuration><release>17</release></configuration>
            </plugin>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-resources-plugin</artifactId>
              <version>3.3.1</version>
            </plugin>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-surefire-plugin</artifactId>
              <version>3.2.5</version>
            </plugin>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-jar-plugin</artifactId>
              <version>3.4.1</version>
            </plugin>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-shade-plugin</artifactId>
              <version>3.6.0</version>
              <executions>
                <execution>
                  <phase>package</phase>
                  <goals><goal>shade</goal></goals>
                  <configuration>
                    <createDependencyReducedPom>false</createDependencyReducedPom>
                    <transformers>
                      <transformer implementation="org.apache.maven.plugins.shade.resource.ServicesResourceTransformer"/>
                      <transformer implementation="org.apache.maven.plugins.shade.resource.ManifestResourceTransformer">
                        <mainClass>org.apache.storm.flux.Flux</mainClass>
                      </transformer>
                    </transformers>
                    <filters>
                      <filter>
                        <artifact>*:*</artifact>
                        <excludes>
                          <exclude>META-INF/*.SF</exclude>
                          <exclude>META-INF/*.DSA</exclude>
                          <exclude>META-INF/*.RSA</exclude>
                        </excludes>
                      </filter>
                      <filter>
                        <artifact>org.apache.storm:flux-core</artifact>
                        <excludes>
                          <exclude>org/apache/commons/**</exclude>
                          <exclude>org/apache/http/**</exclude>
                          <exclude>org/yaml/**</exclude>
                        </excludes>
                      </filter>
                    </filters>
                  </configuration>
                </execution>
              </executions>
            </plugin>
          </plugins>
        </build>
        <dependencies>
          <dependency>
            <groupId>com.digitalpebble.stormcrawler</groupId>
            <artifactId>storm-crawler-core</artifactId>
            <version>${stormcrawler.version}</version>
          </dependency>
          <dependency>
            <groupId>org.apache.storm</groupId>
            <artifactId>storm-client</artifactId>
            <version>${storm.version}</version>
            <scope>provided</scope>
          </dependency>
          <dependency>
            <groupId>org.apache.storm</groupId>
            <artifactId>flux-core</artifactId>
            <version>${storm.version}</version>
          </dependency>
        </dependencies>
      </project>
      """;

  /**
   * The archetype's topology. Its MemorySpout holds the seeds inline; a FileSpout keeps the seed
   * file's order, so which page is seen first (the original) is known to the checks.
   */
  static final String ARCHETYPE_FLUX = """
      name: "crawler"

      includes:
        - resource: true
          file: "/crawler-default.yaml"
          override: false
        - resource: false
          file: "crawler-conf.yaml"
          override: true

      spouts:
        - id: "spout"
          className: "com.digitalpebble.stormcrawler.spout.FileSpout"
          parallelism: 1
          constructorArgs:
            - "."
            - "seeds.txt"

      bolts:
        - id: "partitioner"
          className: "com.digitalpebble.stormcrawler.bolt.URLPartitionerBolt"
          parallelism: 1
        - id: "fetcher"
          className: "com.digitalpebble.stormcrawler.bolt.FetcherBolt"
          parallelism: 1
        - id: "sitemap"
          className: "com.digitalpebble.stormcrawler.bolt.SiteMapParserBolt"
          parallelism: 1
        - id: "parse"
          className: "com.digitalpebble.stormcrawler.bolt.JSoupParserBolt"
          parallelism: 1
        - id: "index"
          className: "com.digitalpebble.stormcrawler.indexing.StdOutIndexer"
          parallelism: 1
        - id: "status"
          className: "com.digitalpebble.stormcrawler.persistence.StdOutStatusUpdater"
          parallelism: 1

      streams:
        - from: "spout"
          to: "partitioner"
          grouping:
            type: SHUFFLE
        - from: "partitioner"
          to: "fetcher"
          grouping:
            type: FIELDS
            args: ["key"]
        - from: "fetcher"
          to: "sitemap"
          grouping:
            type: LOCAL_OR_SHUFFLE
        - from: "sitemap"
          to: "parse"
          grouping:
            type: LOCAL_OR_SHUFFLE
        - from: "parse"
          to: "index"
          grouping:
            type: LOCAL_OR_SHUFFLE
        - from: "fetcher"
          to: "status"
          grouping:
            type: FIELDS
            args: ["url"]
            streamId: "status"
        - from: "sitemap"
          to: "status"
          grouping:
            type: FIELDS
            args: ["url"]
            streamId: "status"
        - from: "parse"
          to: "status"
          grouping:
            type: FIELDS
            args: ["url"]
            streamId: "status"
        - from: "index"
          to: "status"
          grouping:
            type: FIELDS
            args: ["url"]
            streamId: "status"
      """;

  /** The archetype's conf; one fetcher thread and no politeness delay for a loopback crawl in seed order. */
  static final String ARCHETYPE_CONF = """
      config:
        topology.workers: 1
        topology.message.timeout.secs: 300
        topology.max.spout.pending: 100
        topology.debug: false
        fetcher.threads.number: 1
        fetcher.server.delay: 0.0
        fetcher.server.min.delay: 0.0
        topology.kryo.register:
          - com.digitalpebble.stormcrawler.Metadata
          - com.digitalpebble.stormcrawler.persistence.Status
        metadata.persist:
         - _redirTo
         - error.cause
         - error.source
         - isSitemap
         - isFeed
        http.agent.name: "Anonymous Coward"
        http.agent.version: "1.0"
        http.agent.description: "built with StormCrawler 2.4"
        http.agent.url: "http://someorganization.com/"
        http.agent.email: "someone@someorganization.com"
        http.robots.file.skip: true
        http.content.limit: 65536
        parsefilters.config.file: "parsefilters.json"
        urlfilters.config.file: "urlfilters.json"
        jsoup.filters.config.file: "jsoupfilters.json"
        parser.emitOutlinks: false
        fetchInterval.default: 1440
        fetchInterval.fetch.error: 120
        fetchInterval.error: -1
        indexer.url.fieldname: "url"
        indexer.text.fieldname: "content"
        indexer.canonical.name: "canonical"
        indexer.md.mapping:
        - parse.title=title
        - parse.keywords=keywords
        - parse.description=description
      """;

  static final String ARCHETYPE_JSOUP_FILTERS = """
      {
        "com.digitalpebble.stormcrawler.parse.JSoupFilters": [
          {
            "class": "com.digitalpebble.stormcrawler.jsoup.XPathFilter",
            "name": "XPathFilter",
            "params": {
              "canonical": "//*[@rel=\\"canonical\\"]/@href",
              "parse.description": ["//*[@name=\\"description\\"]/@content", "//*[@name=\\"Description\\"]/@content"],
              "parse.title": ["//TITLE/tidyText()", "//META[@name=\\"title\\"]/@content"],
              "parse.keywords": "//META[@name=\\"keywords\\"]/@content"
            }
          }
        ]
      }
      """;

  static final String ARCHETYPE_PARSE_FILTERS = """
      {
        "com.digitalpebble.stormcrawler.parse.ParseFilters": [
          {
            "class": "com.digitalpebble.stormcrawler.parse.filter.DomainParseFilter",
            "name": "DomainParseFilter",
            "params": {"key": "domain", "byHost": false}
          }
        ]
      }
      """;

  static final String ARCHETYPE_URL_FILTERS = """
      {
        "com.digitalpebble.stormcrawler.filtering.URLFilters": [
          {
            "class": "com.digitalpebble.stormcrawler.filtering.basic.BasicURLFilter",
            "name": "BasicURLFilter",
            "params": {"maxPathRepetition": 3, "maxLength": 1024}
          }
        ]
      }
      """;
}
