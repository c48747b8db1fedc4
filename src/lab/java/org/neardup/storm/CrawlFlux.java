package org.neardup.storm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.BoltDef;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.GroupingDef;
import org.apache.storm.flux.model.StreamDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.StormTopology;

/**
 * {@code topology/crawler.flux} as Storm's Flux reads and builds it, for a crawl in this JVM: the
 * spout reads the given seed file, and a {@link VerdictPrinterBolt} listens to the dedup bolt.
 * The file's {@code includes} (crawler-default.yaml, crawler-conf.yaml) are left to the caller,
 * which passes the whole configuration.
 */
public final class CrawlFlux {
  /**
   * snakeyaml warns through java.util.logging about each Flux list it fills by a setter
   * ("Failed to find field for …TopologyDef.spouts"); kept here so the level stays set.
   */
  private static final Logger YAML_LOG = Logger.getLogger("org.yaml.snakeyaml");

  private CrawlFlux() {}

  /** {@code topology/crawler.flux} under {@code neardup.home} (set by bin/neardup), else under the working folder. */
  public static Path file() {
    return Path.of(System.getProperty("neardup.home", "."), "topology", "crawler.flux");
  }

  /**
   * The file's spouts, bolts and streams, without its includes; a file Flux cannot read, or one
   * without the crawl's spout and dedup bolt, is named.
   */
  public static TopologyDef read(Path flux) throws IOException {
    if (!Files.isRegularFile(flux)) throw new IOException(flux + ": no such Flux file");
    YAML_LOG.setLevel(Level.SEVERE);
    TopologyDef def;
    try {
      def = FluxParser.parseFile(flux.toString(), false, false, null, false);
    } catch (RuntimeException e) {
      throw new IOException(flux + ": not a Flux file (" + e.getMessage() + ")", e);
    }
    if (def == null || def.getSpoutDef("spout") == null || def.getBoltDef("dedup") == null) {
      throw new IOException(flux + ": not a valid Flux topology for this crawl (it needs a spout \"spout\" and a bolt \"dedup\")");
    }
    return def;
  }

  /**
   * The topology of {@code flux} with {@code conf}, its spout reading {@code seedFile} (the
   * FileSpout's folder and name), and a verdict printer that shortens urls by {@code origins}.
   */
  public static StormTopology build(Path flux, Config conf, Path seedFile, List<String> origins) throws Exception {
    TopologyDef def = read(flux);
    def.getSpoutDef("spout").setConstructorArgs(List.of(
        seedFile.toAbsolutePath().getParent().toString(), seedFile.getFileName().toString()));
    BoltDef verdicts = new BoltDef();
    verdicts.setId("verdicts");
    verdicts.setClassName(VerdictPrinterBolt.class.getName());
    verdicts.setParallelism(1);
    verdicts.setConstructorArgs(List.of(List.copyOf(origins)));
    def.addAllBolts(List.of(verdicts), false);
    def.addAllStreams(List.of(stream("dedup", "verdicts", null),
        stream("dedup", "verdicts", NearDuplicateBolt.DUPLICATES_STREAM)), false);
    def.setConfig(new HashMap<>(conf));
    return FluxBuilder.buildTopology(new ExecutionContext(def, conf));
  }

  private static StreamDef stream(String from, String to, String streamId) {
    GroupingDef grouping = new GroupingDef();
    grouping.setType(GroupingDef.Type.LOCAL_OR_SHUFFLE);
    if (streamId != null) grouping.setStreamId(streamId);
    StreamDef s = new StreamDef();
    s.setFrom(from);
    s.setTo(to);
    s.setGrouping(grouping);
    return s;
  }
}
