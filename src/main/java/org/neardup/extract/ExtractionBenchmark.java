package org.neardup.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Measures {@link PageExtractor} against a labelled corpus with {@link ExtractionEval}'s metric.
 *
 * <p>Two layouts are known: {@code en-news-pages} (scrapinghub article-extraction-benchmark:
 * {@code html/<id>.html.gz} and {@code ground-truth.json} with {@code articleBody}) and {@code
 * zh-web-extraction} ({@code original/<id>.html} in GBK or UTF-8, gold text in {@code
 * cleaned/<id>.txt}). Pages are given to the extractor as raw bytes without a charset hint, so
 * charset detection is measured too.
 *
 * <pre>java -cp target/classes:$(cat cp.txt) org.neardup.extract.ExtractionBenchmark \
 *     /work/shared/corpora/en-news-pages en-news-pages [--worst N]</pre>
 */
public final class ExtractionBenchmark {

  /** One page's outcome. */
  public record PageResult(String id, PageStatus status, ExtractionEval.Counts counts) {}

  /** Corpus outcome: figures, time spent extracting, and the per-page results. */
  public record Result(String kind, int pages, ExtractionEval.Scores scores, long extractNanos,
      List<PageResult> perPage) {
    public String summary() {
      return String.format("%s: %d pages  precision=%.3f  recall=%.3f  F1=%.3f  "
              + "extraction %.1f ms total, %.2f ms/page", kind, pages, scores.precision(),
          scores.recall(), scores.f1(), extractNanos / 1e6, extractNanos / 1e6 / Math.max(1, pages));
    }
  }

  private ExtractionBenchmark() {}

  /** Runs the benchmark; {@code kind} is "en-news-pages" or "zh-web-extraction". */
  public static Result run(Path corpusDir, String kind) {
    return run(corpusDir, kind, new PageExtractor());
  }

  public static Result run(Path corpusDir, String kind, PageExtractor extractor) {
    try {
      return switch (kind) {
        case "en-news-pages" -> runEnNews(corpusDir, extractor);
        case "zh-web-extraction" -> runZhWeb(corpusDir, extractor);
        default -> throw new IllegalArgumentException("unknown corpus kind '" + kind
            + "', expected en-news-pages or zh-web-extraction");
      };
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read corpus " + corpusDir + ": " + e.getMessage(), e);
    }
  }

  private static Result runEnNews(Path dir, PageExtractor extractor) throws IOException {
    JsonNode truth = new ObjectMapper().readTree(dir.resolve("ground-truth.json").toFile());
    List<PageResult> results = new ArrayList<>();
    long nanos = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = truth.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      String id = entry.getKey();
      byte[] html;
      try (InputStream in = new GZIPInputStream(
          Files.newInputStream(dir.resolve("html").resolve(id + ".html.gz")))) {
        html = in.readAllBytes();
      }
      String url = entry.getValue().path("url").asText("");
      long start = System.nanoTime();
      Page page = extractor.extract(url, html, null);
      nanos += System.nanoTime() - start;
      String gold = entry.getValue().path("articleBody").asText("");
      results.add(new PageResult(id, page.status(), ExtractionEval.match(gold, page.text())));
    }
    return result("en-news-pages", results, nanos);
  }

  private static Result runZhWeb(Path dir, PageExtractor extractor) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(dir.resolve("original"))) {
      files = s.filter(p -> p.toString().endsWith(".html")).sorted().toList();
    }
    List<PageResult> results = new ArrayList<>();
    long nanos = 0;
    for (Path file : files) {
      String name = file.getFileName().toString();
      String id = name.substring(0, name.length() - ".html".length());
      Path goldFile = dir.resolve("cleaned").resolve(id + ".txt");
      if (!Files.exists(goldFile)) continue;
      byte[] html = Files.readAllBytes(file);
      long start = System.nanoTime();
      Page page = extractor.extract("file:///" + name, html, null);
      nanos += System.nanoTime() - start;
      String gold = new String(Files.readAllBytes(goldFile), StandardCharsets.UTF_8);
      results.add(new PageResult(id, page.status(), ExtractionEval.match(gold, page.text())));
    }
    return result("zh-web-extraction", results, nanos);
  }

  private static Result result(String kind, List<PageResult> results, long nanos) {
    List<ExtractionEval.Counts> counts = results.stream().map(PageResult::counts).toList();
    return new Result(kind, results.size(), ExtractionEval.aggregate(counts), nanos, results);
  }

  /** {@code <corpusDir> <kind> [--worst N]}: prints the figures and the N worst pages. */
  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: ExtractionBenchmark <corpusDir> <en-news-pages|zh-web-extraction>"
          + " [--worst N]");
      System.exit(2);
    }
    int worst = args.length >= 4 && args[2].equals("--worst") ? Integer.parseInt(args[3]) : 0;
    // one warm-up pass so the timing reflects steady state, not JIT compilation
    run(Path.of(args[0]), args[1]);
    Result r = run(Path.of(args[0]), args[1]);
    System.out.println(r.summary());
    r.perPage().stream()
        .sorted(Comparator.comparingDouble(p -> f1(p.counts())))
        .limit(worst)
        .forEach(p -> System.out.printf("  %-70s %-12s P=%.2f R=%.2f%n", p.id(), p.status(),
            p.counts().precision(), p.counts().recall()));
  }

  private static double f1(ExtractionEval.Counts c) {
    double p = c.precision();
    double r = c.recall();
    return p + r == 0 ? 0 : 2 * p * r / (p + r);
  }
}
