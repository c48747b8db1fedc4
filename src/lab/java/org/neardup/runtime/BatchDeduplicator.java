package org.neardup.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.neardup.detect.DuplicateDetector;
import org.neardup.detect.Verdict;
import org.neardup.extract.Page;
import org.neardup.extract.PageStatus;
import org.neardup.fingerprint.Fingerprints;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.index.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batch mode of {@code neardup dedup}: JSON lines in, one verdict line out per input line, in
 * input order. Each page is decided against all earlier ones, exactly as the bolt would.
 *
 * <p>Extraction and fingerprinting (the expensive, pure part) run on {@code threads} workers; the
 * store calls run on the calling thread strictly in input order, {@code neardup.bolt.batch_size}
 * pages per round trip as the bolt sends them ({@link DuplicateDetector#checkEach}), so verdicts
 * are the same as a single-threaded run of one page at a time. A broken line, or a page the store
 * fails on, becomes an {@code error} line with its line number and the run goes on.
 *
 * <p>Input is read as UTF-8 bytes and each line is parsed from its bytes ({@link ByteLines}): a line
 * holds a whole page, and decoding it to a string first cost as much as the JSON parse itself.
 */
public final class BatchDeduplicator {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Logger LOG = LoggerFactory.getLogger(BatchDeduplicator.class);

  /**
   * Longest input line held in memory (64 MiB; a page's bytes as base64 take 4/3 of them, and pages
   * are cut at {@code neardup.extract.max_bytes}, 5 MiB by default, anyway). A longer line becomes
   * an {@code error} line instead of a risk to the heap shared by the lines in flight.
   */
  static final int MAX_LINE_BYTES = 64 << 20;

  private final Pipeline pipeline;
  private final DuplicateDetector detector;
  private final int threads;
  /** Pages per store round trip: {@code neardup.bolt.batch_size}, as the bolt sends them. */
  private final int batchSize;

  public BatchDeduplicator(Pipeline pipeline, DuplicateDetector detector, int threads) {
    if (threads < 1) throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    this.pipeline = pipeline;
    this.detector = detector;
    this.threads = threads;
    this.batchSize = pipeline.config().boltBatchSize();
  }

  /** Counts by verdict ("unique", "exact", "near", "skipped", "error") and in total. */
  public record Summary(Map<String, Long> counts, long lines) {
    public long errors() {
      return counts.getOrDefault("error", 0L);
    }
  }

  /** A line's prepared page, or why it could not be prepared. */
  private record Prepared(long lineNo, BatchRecord record, Page page, Fingerprints fingerprints, String error) {}

  public Summary run(InputStream in, Writer out, LongConsumer progress) throws IOException {
    return run(in, out, progress, MAX_LINE_BYTES);
  }

  Summary run(InputStream in, Writer out, LongConsumer progress, int maxLineBytes) throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "neardup-fingerprint");
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Future<Prepared>> window = new ArrayDeque<>();
    int maxInFlight = Math.max(threads * 4, 2 * batchSize);
    long lineNo = 0;
    ByteLines lines = new ByteLines(in, maxLineBytes);
    try {
      for (ByteLines.Line line; (line = lines.next()) != null; ) {
        final long n = ++lineNo;
        if (line.tooLong()) {
          String error = "line is " + line.length() + " bytes, longer than the limit of " + maxLineBytes + "; skipped";
          window.add(CompletableFuture.completedFuture(new Prepared(n, null, null, null, error)));
        } else {
          final byte[] bytes = line.bytes();
          if (isBlank(bytes)) continue;
          window.add(pool.submit(() -> prepare(n, bytes)));
        }
        while (window.size() >= maxInFlight) decide(window, out, counts, progress);
      }
      while (!window.isEmpty()) decide(window, out, counts, progress);
    } finally {
      pool.shutdownNow();
    }
    out.flush();
    return new Summary(counts, lineNo);
  }

  private static boolean isBlank(byte[] line) {
    for (byte b : line) if (b != ' ' && b != '\t' && b != '\r') return false;
    return true;
  }

  private Prepared prepare(long lineNo, byte[] line) {
    BatchRecord r;
    try {
      r = BatchRecord.parse(line, System.currentTimeMillis());
    } catch (IllegalArgumentException e) {
      return new Prepared(lineNo, null, null, null, firstLine(e.getMessage()));
    }
    try {
      Page page;
      if (r.text() != null) {
        page = Page.ofText(r.url(), r.title(), r.text(), null);
      } else if (r.html() != null) {
        page = pipeline.extractor().extract(r.url(), r.html());
      } else {
        page = pipeline.extractor().extract(r.url(), r.body(), r.charset());
      }
      Fingerprints f = page.status().hasText() ? pipeline.fingerprinter().of(page) : null;
      return new Prepared(lineNo, r, page, f, null);
    } catch (RuntimeException e) {
      return new Prepared(lineNo, r, null, null, "cannot fingerprint: " + e);
    }
  }

  /** Decides the first {@code batchSize} pages of the window (one store round trip) and writes their lines. */
  private void decide(ArrayDeque<Future<Prepared>> window, Writer out, Map<String, Long> counts,
      LongConsumer progress) throws IOException {
    List<Prepared> batch = new ArrayList<>(batchSize);
    while (batch.size() < batchSize && !window.isEmpty()) batch.add(get(window.poll()));
    Verdict[] verdicts = new Verdict[batch.size()];
    String[] errors = new String[batch.size()];
    List<Integer> asked = new ArrayList<>(batch.size());
    List<DuplicateDetector.Request> requests = new ArrayList<>(batch.size());
    long failed = 0; // pages that could not be checked, but not those the store was down for
    for (int i = 0; i < batch.size(); i++) {
      Prepared p = batch.get(i);
      BatchRecord r = p.record();
      if (p.error() != null) {
        errors[i] = p.error();
        failed++;
      } else if (p.fingerprints() == null) {
        verdicts[i] = detector.check(p.page(), r.id(), r.fetchedAt()); // no text: no store call
      } else {
        asked.add(i);
        requests.add(new DuplicateDetector.Request(p.page(), r.id(), r.fetchedAt(),
            IndexSignature.of(p.fingerprints())));
      }
    }
    List<DuplicateDetector.Outcome> outcomes = checkWithRetry(requests);
    for (int k = 0; k < outcomes.size(); k++) {
      DuplicateDetector.Outcome o = outcomes.get(k);
      if (o.failure() == null) {
        verdicts[asked.get(k)] = o.verdict();
      } else if (o.failure() instanceof StoreException.Unavailable) {
        errors[asked.get(k)] = "store unavailable: " + o.failure().getMessage();
      } else {
        errors[asked.get(k)] = "store failed: " + o.failure().getMessage();
        failed++;
      }
    }
    for (int i = 0; i < batch.size(); i++) write(batch.get(i), verdicts[i], errors[i], out, counts, progress);
    if (failed > 0) countErrors(failed);
  }

  /** Counts pages that could not be checked in the store (stats); a failure there only logs. */
  private void countErrors(long pages) {
    try {
      detector.store().countErrors(pages);
    } catch (RuntimeException e) {
      LOG.warn("could not count {} error lines in the store: {}", pages, e.toString());
    }
  }

  private static Prepared get(Future<Prepared> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("fingerprinting failed unexpectedly", e.getCause());
    }
  }

  private void write(Prepared p, Verdict v, String error, Writer out, Map<String, Long> counts,
      LongConsumer progress) throws IOException {
    Map<String, Object> o = new LinkedHashMap<>();
    String verdictKey;
    if (error != null) {
      verdictKey = "error";
      o.put("id", p.record() == null ? null : p.record().id());
      o.put("url", p.record() == null ? null : p.record().url());
      o.put("verdict", "error");
      o.put("line", p.lineNo());
      o.put("error", "line " + p.lineNo() + ": " + error);
    } else {
      BatchRecord r = p.record();
      verdictKey = v.kind().key();
      o.put("id", r.id());
      o.put("url", r.url());
      o.put("verdict", verdictKey);
      o.put("duplicate_of", v.originalId());
      o.put("duplicate_of_url", v.originalUrl());
      o.put("detector", v.detector());
      // a re-crawl of a url indexed as an original that is a copy now: its old version must go
      if (v.removesFromIndex()) o.put("remove_from_index", true);
      Map<String, Object> scores = new LinkedHashMap<>(v.scores());
      if (p.page().status() != PageStatus.OK) scores.put("page_status", p.page().status().name().toLowerCase());
      o.put("scores", scores);
    }
    out.write(JSON.writeValueAsString(o));
    out.write('\n');
    counts.merge(verdictKey, 1L, Long::sum);
    progress.accept(p.lineNo());
  }

  /**
   * A batch is sent up to this many times while the store is unavailable, with back-off, each
   * time from the first page it failed for; after the last attempt those pages' lines are errors
   * (a page may have been recorded: offering it again gives its verdict). Pages a failed attempt
   * had recorded come back as replays, which decide again (a page recorded unique whose check
   * could lead to a near decision is looked up again), so the verdicts stay those of a run
   * without the outage.
   */
  static final int STORE_ATTEMPTS = 3;

  /** {@link DuplicateDetector#checkEach}, sent again from the first page the store was unavailable for. */
  private List<DuplicateDetector.Outcome> checkWithRetry(List<DuplicateDetector.Request> requests) {
    List<DuplicateDetector.Outcome> out = new ArrayList<>(requests.size());
    for (int attempt = 1; out.size() < requests.size(); attempt++) {
      List<DuplicateDetector.Outcome> got = detector.checkEach(requests.subList(out.size(), requests.size()));
      int failed = 0;
      while (failed < got.size() && !(got.get(failed).failure() instanceof StoreException.Unavailable)) failed++;
      if (failed == got.size() || attempt == STORE_ATTEMPTS) {
        out.addAll(got);
        break;
      }
      out.addAll(got.subList(0, failed));
      try {
        Thread.sleep(500L * attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        out.addAll(got.subList(failed, got.size()));
        break;
      }
    }
    return out;
  }

  private static String firstLine(String s) {
    if (s == null) return "";
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
