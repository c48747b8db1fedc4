package org.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code neardup cluster} writes and submits, without starting a cluster. */
class ClusterSetupTest {
  @TempDir Path dir;

  @Test
  void stormYamlNamesEveryPortAndTheLocalDir() throws Exception {
    StormHome home = new StormHome(dir);
    StormHome.Ports ports = StormHome.Ports.free(2);
    home.writeConfig(ports);
    Map<String, Object> conf = Utils.findAndReadConfigFile(home.stormYaml().toString(), true);
    assertEquals(List.of("127.0.0.1"), conf.get("storm.zookeeper.servers"));
    assertEquals(ports.zookeeper(), ((Number) conf.get("storm.zookeeper.port")).intValue());
    assertEquals(ports.nimbus(), ((Number) conf.get("nimbus.thrift.port")).intValue());
    assertEquals(ports.slots(), ((List<?>) conf.get("supervisor.slots.ports")).stream().map(p -> ((Number) p).intValue()).toList());
    assertEquals(home.localDir().toString(), conf.get("storm.local.dir"));
    assertEquals("-Xmx512m", conf.get("worker.childopts"));
    assertEquals(10, Set.of(ports.zookeeper(), ports.nimbus(), ports.supervisor(), ports.slots().get(0), ports.slots().get(1),
        ports.ui(), ports.logviewer(), ports.drpc(), ports.drpcInvocations(), ports.drpcHttp()).size(), "distinct ports");
    assertTrue(java.nio.file.Files.readString(dir.resolve("log4j2/worker.xml")).contains("${sys:workers.artifacts}"));
  }

  @Test
  void theLibPomHasStormServerAndTheWorkerPomHasNot() {
    assertTrue(StormHome.pom(true).contains("<artifactId>storm-server</artifactId>"));
    assertTrue(!StormHome.pom(false).contains("storm-server"));
    assertTrue(StormHome.pom(false).contains("<artifactId>log4j-slf4j2-impl</artifactId><version>" + StormHome.LOG4J_VERSION));
    // the versions the project is built against (pom.xml): the cluster runs what the tests run
    assertEquals(StormHome.STORM_VERSION, org.apache.storm.utils.VersionInfo.getVersion());
    assertEquals(StormHome.LOG4J_VERSION,
        org.apache.logging.log4j.core.LoggerContext.class.getPackage().getImplementationVersion());
  }

  @Test
  void theTopologyHasTheDedupExecutorsShuffledAndTheRecorders() {
    ClusterTopology.Args a = ClusterTopology.Args.parse(new String[] {"--dedup", "3", "--record", "/tmp/r.tsv",
        "--base", "http://127.0.0.1:1/", "seeds.txt"});
    assertEquals(2, a.workers());
    StormTopology t = ClusterTopology.topology(a);
    assertEquals(3, t.get_bolts().get("dedup").get_common().get_parallelism_hint());
    for (Grouping g : t.get_bolts().get("dedup").get_common().get_inputs().values()) assertTrue(g.is_set_shuffle(), g.toString());
    assertTrue(t.get_bolts().containsKey("record-status"));
    assertEquals(2, t.get_bolts().get("record-status").get_common().get_inputs_size());
    // the bolts go to the workers serialized: the recorders must be
    Utils.javaSerialize(new RecordingBolts.Verdicts("/tmp/r.tsv", List.of("http://127.0.0.1:1/")));
    Utils.javaSerialize(new RecordingBolts.Statuses("/tmp/r.tsv"));
  }

  @Test
  void theClusterClassesGoToExtlibWhenTheyAreNoJar() throws Exception {
    LocalStormCluster c = LocalStormCluster.at(dir);
    Path jar = c.extlibJar("neardup-cluster", ClusterTopology.class);
    assertEquals(dir.resolve("home/extlib/neardup-cluster.jar"), jar);
    try (java.util.jar.JarFile f = new java.util.jar.JarFile(jar.toFile())) {
      assertTrue(f.getEntry("org/neardup/cluster/ClusterTopology.class") != null);
      assertTrue(f.getEntry("org/neardup/cluster/RecordingBolts$Verdicts.class") != null);
      assertTrue(f.getEntry("org/neardup/cluster/RecordFile.class") != null);
    }
    // classes from a jar (Storm's) are on the workers' class path already
    assertEquals(null, c.extlibJar("storm", org.apache.storm.Config.class));
  }

  @Test
  void badArgumentsAreNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ClusterTopology.Args.parse(new String[] {"--record", "r.tsv"}));
    assertTrue(e.getMessage().contains("usage"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ClusterTopology.Args.parse(new String[] {"--bogus", "x", "seeds.txt"}));
    assertTrue(e.getMessage().contains("--bogus"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ClusterTopology.Args.parse(new String[] {"--record"}));
    assertTrue(e.getMessage().contains("--record needs a value"), e.getMessage());
  }

  @Test
  void theDemoReferenceComesFromExpectedTsv() {
    Map<String, String> expected = ClusterCrawl.expected();
    assertEquals(ClusterCrawl.demoPages().size(), expected.size());
    assertEquals("unique", expected.get("news-a/flood.html"));
    assertEquals("exact of news-a/flood.html", expected.get("news-b/flood-reprint.html"));
  }
}
