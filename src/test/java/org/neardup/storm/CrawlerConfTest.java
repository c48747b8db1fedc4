package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;

/** The shipped crawler-conf.yaml and topology/ files stay in step with the code. */
class CrawlerConfTest {
  static final Path CONF = Path.of("crawler-conf.yaml");

  @Test
  void crawlerConfHasEveryKeyAtItsDefault() throws IOException {
    Map<String, Object> yaml = NeardupConfig.readYaml(CONF);
    assertEquals(NeardupConfig.defaults(), NeardupConfig.fromMap(yaml), "every neardup.* value is the default");
    assertTrue(yaml.containsKey("http.agent.name"), "StormCrawler's mandatory agent name");

    Set<String> documented = new TreeSet<>();
    Matcher m = Pattern.compile("`(neardup\\.[a-z_.]+)`").matcher(Files.readString(Path.of("docs/CONFIGURATION.md")));
    while (m.find()) documented.add(m.group(1));
    Set<String> missing = new TreeSet<>(documented);
    missing.removeAll(yaml.keySet());
    assertTrue(missing.isEmpty(), "keys documented but not in crawler-conf.yaml: " + missing);
  }

  @Test
  void aNestedNeardupMapIsRefusedNamingTheFileAndTheKey(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    for (String yaml : new String[] {"neardup:\n  lsh.bands: 8\n", "config:\n  neardup:\n    lsh.bands: 8\n"}) {
      Path f = dir.resolve("conf-" + yaml.length() + ".yaml");
      Files.writeString(f, yaml);
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> NeardupConfig.readYaml(f));
      assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("'neardup' is a map"), e.getMessage());
    }
  }

  @Test
  void topologyFolderCopiesMatchTheClassPathFiles() throws IOException {
    for (String f : new String[] {"jsoupfilters.json", "parsefilters.json"}) {
      String onClassPath = new String(DemoSiteServer.class.getResourceAsStream("/org/neardup/storm/" + f).readAllBytes());
      assertEquals(onClassPath, Files.readString(Path.of("topology", f)), "topology/" + f);
    }
  }
}
