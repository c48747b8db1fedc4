package org.neardup.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.neardup.runtime.DedupedWarc;
import org.neardup.runtime.WarcSource;
import org.neardup.warc.WarcFiles;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.Stores;
import picocli.CommandLine;

@CommandLine.Command(name = "dedup",
    description = {"Decide every page of JSON-lines or WARC files against all earlier ones, as the bolt would.",
        "JSON input lines: {\"url\", \"id\"?, \"html\" | \"body_base64\" (+\"charset\") | \"text\" (+\"title\", \"heading\"), \"fetched_at\"?}.",
        "WARC input (.warc, .warc.gz): every response or resource record with an HTML payload is a page, captured at its WARC-Date.",
        "Output lines: {\"id\", \"url\", \"verdict\", \"duplicate_of\", \"duplicate_of_url\", \"detector\", \"remove_from_index\"?, \"replaces\"?, \"scores\"}",
        "  (+ \"warc_file\", \"warc_record_id\", \"warc_offset\" for WARC input).",
        "A page fetched before the original it copies (fetched_at, WARC-Date) takes its place: \"replaces\" names that page, a copy from then on.",
        "Exit status 0, or 3 when any page was an error."})
final class DedupCommand extends BaseCommand {
  @CommandLine.Option(names = "--input", required = true, arity = "1..*", paramLabel = "IN",
      description = "input files, read in the order given: JSON lines (or - for stdin) or WARC files (.warc, .warc.gz)")
  List<String> inputs;

  @CommandLine.Option(names = "--output-warc", paramLabel = "OUT.warc[.gz]",
      description = "also write the input archive with each duplicate replaced by a revisit record (WARC input only)")
  Path outputWarc;

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
    List<Path> warcs = new ArrayList<>();
    for (String input : inputs) {
      if (input.equals("-")) continue;
      Path path = Path.of(input);
      if (!Files.isRegularFile(path)) throw new IllegalArgumentException("--input " + input + ": no such file");
      if (WarcFiles.isWarc(path)) warcs.add(path);
    }
    if (!warcs.isEmpty() && warcs.size() != inputs.size()) {
      throw new IllegalArgumentException("--input: give either WARC files or JSON-lines files, not both");
    }
    if (outputWarc != null && warcs.isEmpty()) {
      throw new IllegalArgumentException("--output-warc " + outputWarc + ": needs WARC input");
    }
    if (outputWarc != null && warcs.stream().anyMatch(w -> sameFile(w, outputWarc))) {
      throw new IllegalArgumentException("--output-warc " + outputWarc + ": is one of the inputs");
    }
    long start = System.nanoTime();
    BatchDeduplicator.Summary summary;
    Map<String, Long> written = null;
    try (FingerprintStore s = Stores.open(cfg);
        Writer out = output.equals("-")
            ? new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
            : Files.newBufferedWriter(Path.of(output), StandardCharsets.UTF_8)) {
      BatchDeduplicator batch = new BatchDeduplicator(pipeline,
          new DuplicateDetector(pipeline.fingerprinter(), s, cfg.detector()), threads);
      Progress progress = new Progress(err(), start);
      if (warcs.isEmpty()) {
        summary = runJsonLines(batch, out, progress);
      } else {
        try (WarcSource source = new WarcSource(warcs, cfg.extraction().maxBytes());
            DedupedWarc archive = outputWarc == null ? null : new DedupedWarc(outputWarc)) {
          summary = batch.run(source, out, progress::line,
              archive == null ? (in, v, e) -> {} : archive);
          if (archive != null) written = archive.counts();
        }
      }
      progress.done();
    }
    double secs = (System.nanoTime() - start) / 1e9;
    long pages = summary.counts().values().stream().mapToLong(Long::longValue).sum();
    err().printf("neardup dedup: %d pages in %.1f s (%.0f pages/s): %s%n",
        pages, secs, pages / Math.max(secs, 1e-9), summary.counts());
    if (!summary.others().isEmpty()) err().printf("  records that are no pages: %s%n", summary.others());
    if (written != null) err().printf("  %s: %s%n", outputWarc, written);
    return summary.errors() > 0 ? SOME_ERRORS : OK;
  }

  private BatchDeduplicator.Summary runJsonLines(BatchDeduplicator batch, Writer out, Progress progress)
      throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    long inputsRead = 0;
    for (String input : inputs) {
      try (InputStream in = input.equals("-") ? System.in : Files.newInputStream(Path.of(input))) {
        BatchDeduplicator.Summary one = batch.run(in, out, progress::line);
        one.counts().forEach((k, v) -> counts.merge(k, v, Long::sum));
        inputsRead += one.inputs();
      }
    }
    return new BatchDeduplicator.Summary(counts, Map.of(), inputsRead);
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
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
