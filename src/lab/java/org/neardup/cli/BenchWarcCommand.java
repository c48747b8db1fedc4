package org.neardup.cli;

import java.nio.file.Path;
import java.util.List;
import org.neardup.bench.WarcBenchmark;
import picocli.CommandLine;

@CommandLine.Command(name = "bench-warc",
    description = {"What reading crawl archives costs dedup.",
        "Pages/s from a .warc.gz against the same pages as JSON lines, and the heap while a large "
            + ".warc.gz (the pages repeated under new urls) is decided against an embedded redis-server. The "
            + "archives are written under --work and reused by later runs."})
final class BenchWarcCommand extends BaseCommand {
  @CommandLine.Option(names = "--pages", required = true, arity = "1..*", paramLabel = "DIR",
      description = "folders of .html/.htm pages, searched recursively")
  List<Path> pages;

  @CommandLine.Option(names = "--work", paramLabel = "DIR", description = "where the archives are written (default: ${DEFAULT-VALUE})")
  Path work = Path.of("target", "bench-warc");

  @CommandLine.Option(names = "--archive-mb", paramLabel = "MB", description = "size of the large .warc.gz; 0 skips it (default: ${DEFAULT-VALUE})")
  long archiveMb = 1024;

  @CommandLine.Option(names = "--threads", paramLabel = "N", description = "fingerprinting threads (default: cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    new WarcBenchmark(pages, work, archiveMb << 20, threads, config.load(), out()).run();
    return OK;
  }
}
