package org.neardup.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.neardup.config.NeardupConfig;
import picocli.CommandLine;

/** --conf, shared by every command that fingerprints or checks pages. */
final class ConfigOptions {
  @CommandLine.Option(names = "--conf", paramLabel = "FILE",
      description = "crawler-conf.yaml with neardup.* settings (default: ./crawler-conf.yaml if present, else built-in defaults)")
  Path conf;

  NeardupConfig load() {
    Path file = conf;
    if (file == null) {
      Path here = Path.of("crawler-conf.yaml");
      if (!Files.isRegularFile(here)) return NeardupConfig.defaults();
      file = here;
    } else if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("--conf " + file + ": no such file");
    }
    // crawler-conf.yaml also carries StormCrawler keys; fromMap reads only the neardup.* ones.
    return NeardupConfig.fromYaml(file);
  }
}
