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

  /**
   * Counts by verdict ("unique", "exact", "near", "skipped", "error"), the inputs that are no
   * pages by kind, and the number of inputs read.
   */
  public record Summary(Map<String, Long> counts, Map<String, Long> others, long inputs) {
    public long errors() {
      return counts.getOrDefault("error", 0L);
    }
  }

  /**
   * Told of every input in input order once it is decided: {@code verdict} for a page, {@code
   * error} for a page that could not be decided, neither for an {@link BatchInput.Other}.
   */
  public interface Listener {
    void decided(BatchInput input, Verdict verdict, String error) throws IOException;
  }

  private static final Listener NO_LISTENER = (input, verdict, error) -> {};

  /** An input's prepared page, or why it could not be prepared. */
  private record Prepared(BatchInput input, BatchRecord record, Page page, Fingerprints fingerprints, String error) {}

  /** Decides the JSON lines of {@code in}. */
  public Summary run(InputStream in, Writer out, LongConsumer progress) throws IOException {
    return run(jsonLines(in, MAX_LINE_BYTES), out, progress, NO_LISTENER);
  }

  Summary run(InputStream in, Writer out, LongConsumer progress, int maxLineBytes) throws IOException {
    return run(jsonLines(in, maxLineBytes), out, progress, NO_LISTENER);
  }

  /** The input lines of {@code in} as {@link BatchInput}s, parsed on the fingerprinting threads. */
  public static BatchInput.Source jsonLines(InputStream in, int maxLineBytes) {
    ByteLines lines = new ByteLines(in, maxLineBytes);
    long[] lineNo = {0};
    return () -> {
      for (ByteLines.Line line; (line = lines.next()) != null; ) {
        long n = ++lineNo[0];
        if (line.tooLong()) {
          return new BatchInput.Broken("line " + n, n, "line is " + line.length()
              + " bytes, longer than the limit of " + maxLineBytes + "; skipped", Map.of(), null);
        }
        byte[] bytes = line.bytes();
        if (isBlank(bytes)) continue;
        // a line without fetched_at was fetched when it is read: in input order, as the lines
        // are read one after another (parsing runs on several threads)
        long readAt = System.currentTimeMillis();
        return new BatchInput.Page("line " + n, n, () -> BatchRecord.parse(bytes, readAt), Map.of(), null);
      }
      return null;
    };
  }

  /**
   * Decides every page of {@code source} in order, writes one line per page to {@code out}, and
   * tells {@code listener} of every input in order.
   */
  public Summary run(BatchInput.Source source, Writer out, LongConsumer progress, Listener listener)
      throws IOException {
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<String, Long> others = new LinkedHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "neardup-fingerprint");
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Future<Prepared>> window = new ArrayDeque<>();
    int maxInFlight = Math.max(threads * 4, 2 * batchSize);
    long inputs = 0;
    Output output = new Output(out, counts, others, progress, listener);
    try {
      for (BatchInput input; (input = source.next()) != null; ) {
        inputs++;
        final BatchInput in = input;
        if (input instanceof BatchInput.Page p) {
          window.add(pool.submit(() -> prepare(p)));
        } else {
          String error = input instanceof BatchInput.Broken b ? b.error() : null;
          window.add(CompletableFuture.completedFuture(new Prepared(in, null, null, null, error)));
        }
        while (window.size() >= maxInFlight) decide(window, output);
      }
      while (!window.isEmpty()) decide(window, output);
    } finally {
      pool.shutdownNow();
    }
    out.flush();
    return new Summary(counts, others, inputs);
  }

  private record Output(Writer out, Map<String, Long> counts, Map<String, Long> others,
      LongConsumer progress, Listener listener) {}

  private static boolean isBlank(byte[] line) {
    for (byte b : line) if (b != ' ' && b != '\t' && b != '\r') return false;
    return true;
  }

  private Prepared prepare(BatchInput.Page input) {
    BatchRecord r;
    try {
      r = input.record().get();
    } catch (IllegalArgumentException e) {
      return new Prepared(input, null, null, null, firstLine(e.getMessage()));
    }
    try {
      Page page;
      if (r.text() != null) {
        page = Page.ofText(r.url(), r.title(), r.heading(), r.text(), null);
      } else if (r.html() != null) {
        page = pipeline.extractor().extract(r.url(), r.html());
      } else {
        page = pipeline.extractor().extract(r.url(), r.body(), r.charset());
      }
      Fingerprints f = page.status().hasText() ? pipeline.fingerprinter().of(page) : null;
      return new Prepared(input, r, page, f, null);
    } catch (RuntimeException e) {
      return new Prepared(input, r, null, null, "cannot fingerprint: " + e);
    }
  }

  /** Decides the first {@code batchSize} pages of the window (one store round trip) and writes their lines. */
  private void decide(ArrayDeque<Future<Prepared>> window, Output out) throws IOException {
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
      if (p.input() instanceof BatchInput.Other) {
        continue;
      } else if (p.error() != null) {
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
    for (int i = 0; i < batch.size(); i++) write(batch.get(i), verdicts[i], errors[i], out);
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

  private void write(Prepared p, Verdict v, String error, Output out) throws IOException {
    if (p.input() instanceof BatchInput.Other other) {
      out.others().merge(other.kind(), 1L, Long::sum);
      out.listener().decided(other, null, null);
      return;
    }
    Map<String, Object> o = new LinkedHashMap<>();
    String verdictKey;
    BatchRecord r = p.record();
    BatchInput.WithLine input = (BatchInput.WithLine) p.input();
    long lineNo = input.lineNo();
    Map<String, Object> fields = input.fields();
    if (error != null) {
      verdictKey = "error";
      o.put("id", r == null ? null : r.id());
      o.put("url", r == null ? null : r.url());
      o.put("verdict", "error");
      if (lineNo > 0) o.put("line", lineNo);
      o.putAll(fields);
      o.put("error", p.input().where() + ": " + error);
    } else {
      verdictKey = v.kind().key();
      o.put("id", r.id());
      o.put("url", r.url());
      o.put("verdict", verdictKey);
      o.put("duplicate_of", v.originalId());
      o.put("duplicate_of_url", v.originalUrl());
      o.put("detector", v.detector());
      // a re-crawl of a url indexed as an original that is a copy now: its old version must go
      if (v.removesFromIndex()) o.put("remove_from_index", true);
      if (v.replacesOriginal()) o.put("replaces", v.replacedUrl());
      Map<String, Object> scores = new LinkedHashMap<>(v.scores());
      if (p.page().status() != PageStatus.OK) scores.put("page_status", p.page().status().name().toLowerCase());
      o.put("scores", scores);
      o.putAll(fields);
    }
    out.out().write(JSON.writeValueAsString(o));
    out.out().write('\n');
    out.counts().merge(verdictKey, 1L, Long::sum);
    out.listener().decided(p.input(), error == null ? v : null, error == null ? null : p.input().where() + ": " + error);
    out.progress().accept(lineNo);
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
