package org.neardup.cli;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.neardup.config.NeardupConfig;
import org.neardup.detect.DuplicateDetector;
import org.neardup.index.FingerprintStore;
import org.neardup.runtime.BatchDeduplicator;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.Stores;
import picocli.CommandLine;

@CommandLine.Command(name = "dedup",
    description = {"Decide every page of a JSON-lines file, in order, each against all earlier ones, as the bolt would.",
        "Input lines: {\"url\", \"id\"?, \"html\" | \"body_base64\" (+\"charset\") | \"text\" (+\"title\"), \"fetched_at\"?}.",
        "Output lines: {\"id\", \"url\", \"verdict\", \"duplicate_of\", \"duplicate_of_url\", \"detector\", \"remove_from_index\"?, \"scores\"}.",
        "Exit status 0, or 3 when any line was an error."})
final class DedupCommand extends BaseCommand {
  @CommandLine.Option(names = "--input", required = true, paramLabel = "IN.jsonl", description = "input file, or - for stdin")
  String input;

  @CommandLine.Option(names = "--output", required = true, paramLabel = "OUT.jsonl", description = "output file, or - for stdout")
  String output;

  @CommandLine.Option(names = "--store", paramLabel = "STORE",
      description = "memory, or redis://[user:password@]host:port[/db] (default: neardup.store of the configuration)")
  String store;

  @CommandLine.Option(names = "--namespace", paramLabel = "N", description = "key namespace in Redis (default: neardup.store.namespace)")
  String namespace;

  @CommandLine.Option(names = "--threads", paramLabel = "N", description = "fingerprinting threads (default: cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    NeardupConfig cfg = config.load().withStore(store, namespace);
    Pipeline pipeline = Pipeline.of(cfg);
    if (!input.equals("-") && !Files.isRegularFile(Path.of(input))) {
      throw new IllegalArgumentException("--input " + input + ": no such file");
    }
    long start = System.nanoTime();
    BatchDeduplicator.Summary summary;
    try (FingerprintStore s = Stores.open(cfg);
        InputStream in = input.equals("-") ? System.in : Files.newInputStream(Path.of(input));
        Writer out = output.equals("-")
            ? new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
            : Files.newBufferedWriter(Path.of(output), StandardCharsets.UTF_8)) {
      BatchDeduplicator batch = new BatchDeduplicator(pipeline,
          new DuplicateDetector(pipeline.fingerprinter(), s, cfg.detector()), threads);
      Progress progress = new Progress(err(), start);
      summary = batch.run(in, out, progress::line);
      progress.done();
    }
    double secs = (System.nanoTime() - start) / 1e9;
    err().printf("neardup dedup: %d lines in %.1f s (%.0f pages/s): %s%n",
        summary.lines(), secs, summary.lines() / Math.max(secs, 1e-9), summary.counts());
    return summary.errors() > 0 ? SOME_ERRORS : OK;
  }

  /** A progress line on stderr at most every two seconds, for long runs. */
  static final class Progress {
    private final java.io.PrintWriter err;
    private final long start;
    private long last;
    private long lines;

    Progress(java.io.PrintWriter err, long start) {
      this.err = err;
      this.start = start;
      this.last = start;
    }

    void line(long lineNo) {
      lines++;
      long now = System.nanoTime();
      if (now - last > 2_000_000_000L) {
        last = now;
        err.printf("\r%d pages, %.0f pages/s ", lines, lines / ((now - start) / 1e9));
        err.flush();
      }
    }

    void done() {
      if (last != start) err.println();
    }
  }
}
