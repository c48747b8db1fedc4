package org.neardup.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.neardup.config.NeardupConfig;
import org.neardup.detect.DuplicateDetector;
import org.neardup.index.FingerprintStore;
import org.neardup.runtime.BatchDeduplicator;
import org.neardup.runtime.BatchInput;
import org.neardup.runtime.EmbeddedRedis;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.Stores;
import org.neardup.runtime.WarcSource;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * What reading crawl archives costs {@code dedup}:
 *
 * <ol>
 *   <li><b>WARC against JSON lines</b>: the same pages (every HTML file under the given folders,
 *       once) as a {@code .warc.gz} and as JSON lines, each decided from scratch against a memory
 *       store; pages/s of each.
 *   <li><b>Heap over a large archive</b>: the pages again and again under new urls until the
 *       {@code .warc.gz} reaches the size asked for, decided against an embedded Redis (so the
 *       store's data is outside the JVM), with the heap in use after each collection read at every
 *       tenth of the archive: a streaming reader keeps it flat.
 * </ol>
 * The archives are written under the work folder (and left there for reuse; a second run with the
 * same pages and size reuses them). A size of 0 skips the second part.
 */
public final class WarcBenchmark {
  private final List<Path> pages;
  private final Path work;
  private final long archiveBytes;
  private final int threads;
  private final NeardupConfig config;
  private final PrintWriter out;

  public WarcBenchmark(List<Path> folders, Path work, long archiveBytes, int threads, NeardupConfig config,
      PrintWriter out) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path folder : folders) {
      if (!Files.isDirectory(folder)) throw new IllegalArgumentException("--pages " + folder + ": no such folder");
      try (Stream<Path> s = Files.walk(folder)) {
        s.filter(Files::isRegularFile).filter(p -> {
          String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
          return n.endsWith(".html") || n.endsWith(".htm");
        }).sorted().forEach(files::add);
      }
    }
    if (files.isEmpty()) throw new IllegalArgumentException("--pages " + folders + ": no .html files");
    this.pages = files;
    this.work = work;
    this.archiveBytes = archiveBytes;
    this.threads = threads;
    this.config = config;
    this.out = out;
  }

  public void run() throws Exception {
    Files.createDirectories(work);
    Path sampleWarc = work.resolve("sample.warc.gz");
    Path sampleJson = work.resolve("sample.jsonl");
    writeArchive(sampleWarc, 1, Long.MAX_VALUE);
    writeJsonLines(sampleJson);
    out.printf("%d pages, %.1f MB of HTML; sample.warc.gz %.1f MB, sample.jsonl %.1f MB (%s)%n", pages.size(),
        htmlBytes() / 1e6, Files.size(sampleWarc) / 1e6, Files.size(sampleJson) / 1e6, work);
    out.println();
    out.printf("%-14s %8s %10s %10s%n", "input", "pages", "seconds", "pages/s");
    NeardupConfig memory = config.withStore("memory", null);
    for (int round = 0; round < 2; round++) { // the first round warms the JIT and jieba up
      Timed json = timed(memory, () -> BatchDeduplicator.jsonLines(Files.newInputStream(sampleJson), 64 << 20));
      Timed warc = timed(memory, () -> new WarcSource(List.of(sampleWarc), config.extraction().maxBytes()));
      if (round == 1) {
        out.printf("%-14s %8d %10.2f %10.1f%n", "JSON lines", json.pages, json.seconds, json.pages / json.seconds);
        out.printf("%-14s %8d %10.2f %10.1f%n", "WARC (.gz)", warc.pages, warc.seconds, warc.pages / warc.seconds);
      }
    }
    out.println();
    if (archiveBytes <= 0) return;
    Path big = work.resolve("large.warc.gz");
    if (!Files.exists(big) || Files.size(big) < archiveBytes) {
      writeArchive(big, Integer.MAX_VALUE, archiveBytes);
    }
    heapOverArchive(big);
    out.flush();
  }

  private record Timed(long pages, double seconds) {}

  private interface SourceFactory {
    BatchInput.Source open() throws IOException;
  }

  private Timed timed(NeardupConfig cfg, SourceFactory factory) throws Exception {
    Pipeline pipeline = Pipeline.of(cfg);
    BatchInput.Source source = factory.open();
    long start = System.nanoTime();
    BatchDeduplicator.Summary s;
    try (FingerprintStore store = Stores.open(cfg)) {
      s = new BatchDeduplicator(pipeline, new DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), threads)
          .run(source, Writer.nullWriter(), n -> {}, (in, v, e) -> {});
    } finally {
      if (source instanceof AutoCloseable c) c.close();
    }
    long pages = s.counts().values().stream().mapToLong(Long::longValue).sum();
    return new Timed(pages, (System.nanoTime() - start) / 1e9);
  }

  private void heapOverArchive(Path big) throws Exception {
    long size = Files.size(big);
    out.printf("large.warc.gz: %.2f GB; decided against an embedded redis-server; heap in use after the last collection:%n", size / 1e9);
    out.printf("%-10s %10s %12s %14s%n", "archive", "pages", "pages/s", "heap (MB)");
    try (EmbeddedRedis redis = EmbeddedRedis.start(true)) {
      NeardupConfig cfg = config.withStore(redis.url(), "warc-bench");
      Pipeline pipeline = Pipeline.of(cfg);
      long[] next = {size / 10};
      long[] count = {0};
      long start = System.nanoTime();
      try (FingerprintStore store = Stores.open(cfg);
          WarcSource source = new WarcSource(List.of(big), cfg.extraction().maxBytes())) {
        new BatchDeduplicator(pipeline, new DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), threads)
            .run(source, Writer.nullWriter(), n -> {}, (in, v, e) -> {
              if (v != null || e != null) count[0]++;
              if (in.source() instanceof org.neardup.warc.WarcItem item && item.end() >= next[0]) {
                double secs = (System.nanoTime() - start) / 1e9;
                out.printf("%9.0f%% %10d %12.1f %14.1f%n", 100.0 * item.end() / size, count[0], count[0] / secs,
                    heapAfterGc() / 1e6);
                out.flush();
                next[0] += size / 10;
              }
            });
      }
    }
    out.printf("max heap (-Xmx): %.0f MB%n", Runtime.getRuntime().maxMemory() / 1e6);
  }

  /** Heap in use right after the last collection, summed over the heap pools. */
  private static long heapAfterGc() {
    long used = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null) used += p.getCollectionUsage().getUsed();
    }
    return used;
  }

  private long htmlBytes() throws IOException {
    long n = 0;
    for (Path p : pages) n += Files.size(p);
    return n;
  }

  /**
   * Writes the pages as request and response records, {@code rounds} times over under new urls,
   * stopping once the file reaches {@code maxBytes}. Returns the file's size.
   */
  private long writeArchive(Path file, int rounds, long maxBytes) throws IOException {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
        WarcWriter w = new WarcWriter(ch, WarcCompression.GZIP)) {
      for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < pages.size(); i++) {
          if (ch.size() >= maxBytes) return ch.size();
          URI url = URI.create("http://r" + round + ".bench.example/" + i + ".html");
          byte[] body = Files.readAllBytes(pages.get(i));
          t = t.plusSeconds(1);
          w.write(new WarcRequest.Builder(url).date(t).body(MediaType.HTTP_REQUEST,
              ("GET " + url.getPath() + " HTTP/1.1\r\nHost: " + url.getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII)).build());
          byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " + body.length + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII);
          byte[] http = new byte[head.length + body.length];
          System.arraycopy(head, 0, http, 0, head.length);
          System.arraycopy(body, 0, http, head.length, body.length);
          w.write(new WarcResponse.Builder(url).date(t).body(MediaType.HTTP_RESPONSE, http).build());
        }
      }
      return ch.size();
    }
  }

  private void writeJsonLines(Path file) throws IOException {
    Instant t = Instant.parse("2026-01-01T00:00:00Z");
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < pages.size(); i++) {
        t = t.plusSeconds(1);
        w.write("{\"url\":\"http://r0.bench.example/" + i + ".html\",\"fetched_at\":\"" + t + "\",\"body_base64\":\""
            + Base64.getEncoder().encodeToString(Files.readAllBytes(pages.get(i))) + "\"}\n");
      }
    }
  }
}
