package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.digitalpebble.stormcrawler.spout.FileSpout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.NeardupConfig;

/** topology/crawler.flux, as Storm's Flux reads it with its includes, and CrawlTopology stay one topology. */
class CrawlFluxTest {
  static final Path FLUX = Path.of("topology", "crawler.flux");

  @Test
  void fluxReadsTheFileWithItsIncludesAndBuildsTheCrawl() throws Exception {
    TopologyDef def = FluxParser.parseFile(FLUX.toString(), false, true, null, false);
    assertTrue(def.validate(), "a valid Flux topology");
    Config conf = FluxBuilder.buildConfig(def);
    assertEquals("neardup", conf.get("http.agent.name"), "crawler-conf.yaml is included");
    assertTrue(conf.containsKey("fetcher.max.crawl.delay"), "StormCrawler's crawler-default.yaml is included");
    assertEquals(NeardupConfig.defaults(), NeardupConfig.fromMap(conf), "the neardup.* keys the bolts read");

    StormTopology flux = FluxBuilder.buildTopology(new ExecutionContext(def, conf));
    assertEquals(List.of("dedup", "fetcher", "forget", "index", "parse", "partitioner", "sitemap", "status"),
        List.copyOf(new TreeSet<>(flux.get_bolts().keySet())));
    assertEquals(NearDuplicateBolt.class, boltClass(flux, "dedup"));
    assertEquals(FingerprintDeletionBolt.class, boltClass(flux, "forget"));
  }

  @Test
  void crawlTopologyIsTheSameGraphAsTheFluxFile() throws Exception {
    TopologyDef def = FluxParser.parseFile(FLUX.toString(), false, false, null, false);
    Config conf = new Config();
    StormTopology flux = FluxBuilder.buildTopology(new ExecutionContext(def, conf));
    StormTopology java = CrawlTopology.build(new FileSpout(".", "seeds.txt"), new NearDuplicateBolt(), null)
        .createTopology();
    assertEquals(flux.get_spouts().keySet(), java.get_spouts().keySet());
    assertEquals(edges(flux), edges(java));
    for (String id : flux.get_bolts().keySet()) {
      assertEquals(boltClass(flux, id), boltClass(java, id), id);
    }
  }

  @Test
  void theDemoBuildsTheFileWithItsSeedsAndVerdictPrinter(@TempDir Path dir) throws Exception {
    Path seeds = Files.writeString(dir.resolve("seeds.txt"), "http://127.0.0.1:1/a.html\n");
    StormTopology t = CrawlFlux.build(CrawlFlux.file(), new Config(), seeds, List.of("http://127.0.0.1:1/"));
    assertEquals(VerdictPrinterBolt.class, boltClass(t, "verdicts"));
    assertEquals(Map.of("dedup:default", "local_or_shuffle", "dedup:" + NearDuplicateBolt.DUPLICATES_STREAM,
        "local_or_shuffle"), edges(t).get("verdicts"));
  }

  @Test
  void aMissingOrInvalidFluxFileIsNamed(@TempDir Path dir) throws IOException {
    Path missing = dir.resolve("none.flux");
    IOException e = assertThrows(IOException.class, () -> CrawlFlux.read(missing));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    Path empty = Files.writeString(dir.resolve("empty.flux"), "name: \"x\"\n");
    e = assertThrows(IOException.class, () -> CrawlFlux.read(empty));
    assertTrue(e.getMessage().contains(empty.toString()) && e.getMessage().contains("not a valid Flux topology"),
        e.getMessage());
    Path broken = Files.writeString(dir.resolve("broken.flux"), "bolts: [\n");
    e = assertThrows(IOException.class, () -> CrawlFlux.read(broken));
    assertTrue(e.getMessage().contains(broken.toString()) && e.getMessage().contains("not a Flux file"), e.getMessage());
  }

  /** bolt → (component:stream → grouping kind). */
  private static Map<String, Map<String, String>> edges(StormTopology t) {
    Map<String, Map<String, String>> edges = new TreeMap<>();
    for (Map.Entry<String, Bolt> b : t.get_bolts().entrySet()) {
      Map<String, String> in = new TreeMap<>();
      for (Map.Entry<GlobalStreamId, Grouping> e : b.getValue().get_common().get_inputs().entrySet()) {
        Grouping g = e.getValue();
        in.put(e.getKey().get_componentId() + ":" + e.getKey().get_streamId(),
            g.getSetField().getFieldName() + (g.is_set_fields() ? g.get_fields().toString() : ""));
      }
      edges.put(b.getKey(), in);
    }
    return edges;
  }

  private static Class<?> boltClass(StormTopology t, String id) {
    byte[] serialized = t.get_bolts().get(id).get_bolt_object().get_serialized_java();
    return org.apache.storm.utils.Utils.javaDeserialize(serialized, Object.class).getClass();
  }
}
