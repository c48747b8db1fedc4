package org.neardup.bench;

import org.neardup.runtime.EmbeddedRedis;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.huaban.analysis.jieba.JiebaSegmenter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.neardup.config.NeardupConfig;
import org.neardup.detect.DuplicateDetector;
import org.neardup.extract.CharsetDetector;
import org.neardup.extract.Language;
import org.neardup.extract.MainContentExtractor;
import org.neardup.extract.Page;
import org.neardup.fingerprint.ContentDigest;
import org.neardup.fingerprint.CoreTerms;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.Fingerprints;
import org.neardup.fingerprint.FrequentTermsFingerprint;
import org.neardup.fingerprint.IMatch;
import org.neardup.fingerprint.IdfTable;
import org.neardup.fingerprint.KeywordFingerprint;
import org.neardup.fingerprint.LongestSentences;
import org.neardup.fingerprint.MinHash;
import org.neardup.fingerprint.SegmentSignature;
import org.neardup.fingerprint.SentenceBoundary;
import org.neardup.fingerprint.Shingles;
import org.neardup.fingerprint.SimHash;
import org.neardup.fingerprint.TermCounts;
import org.neardup.fingerprint.TermWeights;
import org.neardup.fingerprint.TitleCleaner;
import org.neardup.index.IndexStore;
import org.neardup.index.StoreStats;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import org.neardup.peers.Peer;
import org.neardup.peers.PeerInput;
import org.neardup.peers.Peers;
import org.neardup.runtime.BatchDeduplicator;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.Stores;
import org.neardup.text.Segmenter;
import org.neardup.text.Sentence;
import org.neardup.text.SentenceSplitter;
import org.neardup.text.TextAnalyzer;
import org.neardup.text.TextNormalizer;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * The harness behind {@code neardup bench}. Every stage of neardup is timed on its own, over the
 * same pages, with its inputs computed beforehand (so "simhash" is SimHash only, not the
 * tokenising that feeds it): {@code warmup} untimed passes, then {@code iterations} timed passes,
 * one {@link System#nanoTime()} pair per pass. Results are written to a volatile sink so the JIT
 * cannot drop the work. Stores get a fresh namespace (or a fresh memory store) per pass, created
 * and deleted outside the timed part.
 *
 * <p>Pages are grouped by the language of their extracted text (zh, en, other); pages without main
 * text are left out of every row (counted in {@link BenchReport#pagesByKind()} as "no-text").
 */
public final class Benchmark {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static volatile Object sink;

  static void consume(Object o) {
    sink = o;
  }

  /** A page with every intermediate result computed once, so each stage can be timed alone. */
  record Prepared(BenchPage src, CharsetDetector.Detection detection, String html, Page page, String text, String title, Language language,
      List<String> terms, TermCounts counts, double[] weights, double[] tfidf,
      long[] shingles, List<Sentence> sentences, Fingerprints fingerprints, String jsonLine) {}

  private final BenchOptions opt;
  private final Consumer<String> log;
  private final NeardupConfig cfg;
  private final Pipeline pipeline;
  private final Fingerprinter fingerprinter;
  private final FingerprintSettings fs;
  private final IdfTable idf;
  private final CharsetDetector charsets;
  private final MainContentExtractor content;
  /** Stock jieba-analysis, the floor's segmenter; made after the dictionary loaded quietly. */
  private final JiebaSegmenter jieba;
  private final Map<Segmenter.Kind, TextAnalyzer> analyzers = new EnumMap<>(Segmenter.Kind.class);
  private final MinHash minHash;
  private final List<BenchReport.Row> rows = new ArrayList<>();
  private final List<BenchReport.RedisMemory> redisMemory = new ArrayList<>();
  private final String runId = UUID.randomUUID().toString().substring(0, 8);
  private int namespaces;
  private String redisUrl;
  private JedisPooled redisInfo;
  /** The first round over a kind's pages runs every stage once, untimed, so the JIT has seen all code. */
  private boolean dryRun;

  private Benchmark(BenchOptions opt, Consumer<String> log) {
    this.opt = opt;
    this.log = log;
    this.cfg = opt.config();
    this.pipeline = Pipeline.of(cfg);
    this.fingerprinter = pipeline.fingerprinter();
    this.fs = cfg.fingerprints();
    this.idf = cfg.idfPath() == null ? IdfTable.prior() : IdfTable.load(cfg.idfPath());
    this.charsets = new CharsetDetector(cfg.extraction());
    this.content = new MainContentExtractor(cfg.extraction());
    for (Segmenter.Kind k : Segmenter.Kind.values()) analyzers.put(k, TextAnalyzer.of(k));
    this.minHash = new MinHash(fs.minhashPermutations(), fs.minhashSeed());
    // jieba prints its load times to stdout, where --json writes: load it through neardup first
    org.neardup.text.Dictionary.preload();
    this.jieba = new JiebaSegmenter();
  }

  /** Runs the whole benchmark; progress lines go to {@code log}. */
  public static BenchReport run(BenchOptions opt, Consumer<String> log) {
    return new Benchmark(opt, log).run();
  }

  private BenchReport run() {
    List<BenchPage> pages = opt.pages() == null ? BenchCorpus.demoSite(opt.maxPages())
        : BenchCorpus.load(opt.pages(), opt.maxPages());
    String corpus = opt.pages() == null ? "bundled demo site" : opt.pages().toString();
    log.accept("loaded " + pages.size() + " pages from " + corpus);

    EmbeddedRedis embedded = null;
    String loadBefore = loadAverage();
    HeapWatch heap = new HeapWatch();
    try {
      redisUrl = opt.redisUrl();
      if (redisUrl == null && opt.embeddedRedis()) {
        embedded = EmbeddedRedis.start(true);
        redisUrl = embedded.url();
        log.accept("started an embedded redis-server at " + redisUrl);
      }
      if (redisUrl != null) redisInfo = infoClient(redisUrl);

      Map<String, List<Prepared>> byKind = new TreeMap<>((a, b) -> order(a) - order(b));
      int noText = 0;
      for (BenchPage p : pages) {
        Prepared pr = prepare(p);
        if (pr == null) {
          noText++;
        } else {
          byKind.computeIfAbsent(pr.page().language().name().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(pr);
        }
      }
      Map<String, Integer> counts = new LinkedHashMap<>();
      byKind.forEach((k, v) -> counts.put(k, v.size()));
      if (noText > 0) counts.put("no-text", noText);

      List<BenchReport.Profile> profiles = new ArrayList<>();
      for (Map.Entry<String, List<Prepared>> e : byKind.entrySet()) {
        log.accept("kind " + e.getKey() + ": " + e.getValue().size() + " pages; a first round through every stage, untimed");
        dryRun = opt.warmup() > 0;
        if (dryRun) measureKind(e.getKey(), e.getValue());
        dryRun = false;
        measureKind(e.getKey(), e.getValue());
        if (opt.profile()) profiles.add(profile(e.getKey(), e.getValue()));
      }
      BenchReport.Heap heapFigures = heap.snapshot();
      String redisLabel = redisUrl == null ? null
          : (embedded != null ? "embedded redis-server " : "") + RedisSettings.of(redisUrl).maskedUrl();
      return new BenchReport(machine(loadBefore, loadAverage()), new BenchReport.Settings(corpus, pages.size(), opt.warmup(),
          opt.iterations(), opt.threads(), redisLabel), counts, List.copyOf(rows),
          floorTargets(byKind), dedupTargets(byKind), heapFigures, List.copyOf(redisMemory), profiles,
          peerRatios(byKind));
    } finally {
      heap.close();
      if (redisInfo != null) redisInfo.close();
      if (embedded != null) embedded.close();
    }
  }

  private static int order(String kind) {
    return switch (kind) {
      case "zh" -> 0;
      case "en" -> 1;
      default -> 2;
    };
  }

  // ------------------------------------------------------------------ preparation

  private Prepared prepare(BenchPage p) {
    CharsetDetector.Detection d = charsets.detect(p.bytes(), null);
    String html = new String(p.bytes(), d.bomLength(), p.bytes().length - d.bomLength(), d.charset());
    Page page = pipeline.extractor().extract(p.url(), p.bytes(), null);
    if (!page.status().hasText()) return null;
    String text = TextNormalizer.normalize(page.text());
    String title = TitleCleaner.clean(TextNormalizer.normalize(page.title()));
    Language language = page.language() == Language.OTHER || page.language() == null
        ? org.neardup.text.LanguageGuesser.guess(text) : page.language();
    List<String> terms = analyzers.get(cfg.segmenter()).terms(text);
    TermCounts counts = TermCounts.of(terms, idf);
    double[] weights = TermWeights.weights(counts, fs.simhashWeighting());
    double[] tfidf = TermWeights.weights(counts, TermWeights.Scheme.TFIDF);
    long[] shingles = Shingles.of(text, language, fs.charShingle(), fs.wordShingle());
    Map<String, String> line = new LinkedHashMap<>();
    line.put("url", p.url());
    line.put("body_base64", Base64.getEncoder().encodeToString(p.bytes()));
    String json;
    try {
      json = JSON.writeValueAsString(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Prepared(p, d, html, page, text, title, language, terms, counts, weights, tfidf, shingles,
        SentenceSplitter.split(text), fingerprinter.of(page), json);
  }

  // ------------------------------------------------------------------ stages

  private void measureKind(String kind, List<Prepared> ps) {
    long chars = 0;
    for (Prepared p : ps) chars += p.text().length();
    int t = opt.threads();
    TextAnalyzer analyzer = analyzers.get(cfg.segmenter());

    // The floor of the speed targets: what any Chinese-aware HTML pipeline pays. It starts from the
    // page's bytes like neardup does, so it pays a plain decode (charset given, not detected).
    Function<Prepared, Object> jsoupText = p -> jsoupFromBytes(p).text();
    Function<Prepared, Object> jiebaSearch = p -> jieba.process(p.text(), JiebaSegmenter.SegMode.SEARCH);
    Function<Prepared, Object> floor = p -> {
      consume(jsoupText.apply(p));
      return jiebaSearch.apply(p);
    };
    stage(kind, "floor", FLOOR_JSOUP, ps, jsoupText, 0);
    stage(kind, "floor", FLOOR_JIEBA, ps, jiebaSearch, chars);
    stage(kind, "floor", FLOOR, ps, floor, chars);
    if (t > 1) parallel(kind, "floor", FLOOR, ps, floor, chars, t);

    // Extraction.
    stage(kind, "extract", "charset detection", ps, p -> charsets.detect(p.src().bytes(), null), 0);
    // Detection and decoding together, next to decoding alone once the charset is known: the
    // difference is what detection costs on top of the decode every page needs.
    stage(kind, "extract", "charset detection + decode", ps,
        p -> charsets.decode(p.src().bytes(), p.src().bytes().length, null), 0);
    record Known(byte[] bytes, CharsetDetector.Detection detection) {}
    List<Known> known = new ArrayList<>(ps.size());
    for (Prepared p : ps) known.add(new Known(p.src().bytes(), charsets.detect(p.src().bytes(), null)));
    stage(kind, "extract", "plain decode, charset known (new String)", known, k -> new String(
        k.bytes(), k.detection().bomLength(), k.bytes().length - k.detection().bomLength(),
        k.detection().charset()), 0);
    known = null;
    stage(kind, "extract", "jsoup parse", ps, p -> Jsoup.parse(p.html(), p.src().url()), 0);
    List<Document> docs = new ArrayList<>(ps.size());
    for (Prepared p : ps) docs.add(Jsoup.parse(p.html(), p.src().url()));
    stage(kind, "extract", "main-content extraction (parsed DOM)", docs, content::text, 0);
    docs = null;
    // On a DOM just parsed, as in the pipeline (the row above reads DOMs parsed long before, which
    // are no longer in the CPU cache): minus the jsoup parse row, what extraction adds to a parse.
    stage(kind, "extract", "jsoup parse + main-content extraction", ps,
        p -> content.text(Jsoup.parse(p.html(), p.src().url())), 0);
    stage(kind, "extract", "page extraction (bytes -> Page, all)", ps,
        p -> pipeline.extractor().extract(p.src().url(), p.src().bytes(), null), 0);

    // Text.
    stage(kind, "text", "normalisation", ps, p -> TextNormalizer.normalize(p.page().text()), chars);
    stage(kind, "text", "segmentation jieba SEARCH (TextAnalyzer)", ps,
        p -> analyzers.get(Segmenter.Kind.JIEBA).terms(p.text()), chars);
    stage(kind, "text", "segmentation forward max-matching", ps,
        p -> analyzers.get(Segmenter.Kind.FORWARD).terms(p.text()), chars);
    stage(kind, "text", "segmentation backward max-matching", ps,
        p -> analyzers.get(Segmenter.Kind.BACKWARD).terms(p.text()), chars);
    stage(kind, "text", "sentence splitting", ps, p -> SentenceSplitter.split(p.text()), chars);
    stage(kind, "text", "term counts + idf + weights (tf-idf)", ps, p -> {
      TermCounts c = TermCounts.of(p.terms(), idf);
      consume(TermWeights.weights(c, fs.simhashWeighting()));
      return TermWeights.weights(c, TermWeights.Scheme.TFIDF);
    }, 0);

    // Fingerprints, each alone.
    stage(kind, "fingerprint", "digest (MD5)", ps, p -> ContentDigest.of(p.text()), chars);
    stage(kind, "fingerprint", "simhash", ps, p -> SimHash.of(p.counts(), p.weights()), 0);
    stage(kind, "fingerprint", "shingles", ps,
        p -> Shingles.of(p.text(), p.language(), fs.charShingle(), fs.wordShingle()), chars);
    stage(kind, "fingerprint", "minhash " + fs.minhashPermutations() + " + lsh bands", ps,
        p -> MinHash.bands(minHash.signature(p.shingles()), fs.lshBands(), fs.lshRows()), 0);
    stage(kind, "fingerprint", "longest sentences", ps,
        p -> LongestSentences.of(p.sentences(), fs.longestSentences()), 0);
    stage(kind, "fingerprint", "sentence boundary", ps,
        p -> SentenceBoundary.of(p.title(), p.text(), fs.sentenceParts()), chars);
    stage(kind, "fingerprint", "core terms", ps, p -> CoreTerms.of(p.title(), p.page().keywords(),
        p.page().description(), analyzer, idf, fs.coreTerms()), 0);
    stage(kind, "fingerprint", "keywords", ps, p -> KeywordFingerprint.of(TermWeights.top(p.counts(), p.tfidf(), fs.keywords()),
        TextNormalizer.normalize(p.page().description()), p.text()), 0);
    stage(kind, "fingerprint", "imatch", ps, p -> IMatch.of(p.counts(), fs.imatchKeep()), 0);
    stage(kind, "fingerprint", "frequent terms", ps,
        p -> FrequentTermsFingerprint.of(p.counts(), fs.frequentPercentage(), fs.frequentInterval()), 0);
    stage(kind, "fingerprint", "segments", ps,
        p -> SegmentSignature.of(p.text(), fs.segments(), fs.segmentMinChars()), chars);
    stage(kind, "fingerprint", "fine signature (encode)", ps, p -> FineSignature.of(p.fingerprints()).encode(), 0);
    stage(kind, "fingerprint", "all fingerprints (Fingerprinter.of)", ps, p -> fingerprinter.of(p.page()), chars);

    // Page in, fingerprints out: what the parse filter does.
    Function<Prepared, Object> pipelineOp = p -> {
      Page page = pipeline.extractor().extract(p.src().url(), p.src().bytes(), null);
      return fingerprinter.of(page);
    };
    stage(kind, "pipeline", PIPELINE, ps, pipelineOp, chars);
    if (t > 1) parallel(kind, "pipeline", PIPELINE, ps, pipelineOp, chars, t);
    // The one-page target compares two rows; timed in alternating passes, both see the same machine load.
    // Alongside, the floor's two parts and neardup's own segmentation (the words of the text,
    // title, keywords and description, as Fingerprinter.of asks for them), so the report can say
    // what the rest of neardup costs apart from its segmentation, which is not stock jieba's.
    record SegmentInput(String text, String title, String keywords, String description) {}
    Map<Prepared, SegmentInput> segmentInputs = new java.util.IdentityHashMap<>();
    for (Prepared p : ps) {
      segmentInputs.put(p, new SegmentInput(p.text(), p.title(), TextNormalizer.normalize(p.page().keywords()),
          TextNormalizer.normalize(p.page().description())));
    }
    Function<Prepared, Object> segmentation = p -> {
      SegmentInput in = segmentInputs.get(p);
      TextAnalyzer one = analyzer.forOnePage();
      List<String> words = one.terms(in.text());
      consume(one.terms(in.title()));
      consume(one.terms(in.keywords()));
      consume(one.terms(in.description()));
      return words;
    };
    interleaved(kind, ps, chars, List.of(
        new Timed(TARGET_FLOOR, floor), new Timed(TARGET_PIPELINE, pipelineOp), new Timed(TARGET_FLOOR_JSOUP, jsoupText),
        new Timed(TARGET_FLOOR_JIEBA, jiebaSearch), new Timed(TARGET_SEGMENTATION, segmentation)));

    if (!opt.peers().isEmpty()) peerRows(kind, ps, chars);

    // Stores and end to end.
    storeRows(kind, "memory", ps, chars, floor);
    if (redisUrl != null) {
      if (!dryRun) redisBytes(kind, ps);
      storeRows(kind, "redis", ps, chars, floor);
    }
  }

  /**
   * Each peer twice: its signature with its input given, and bytes -> signature (making its input
   * too: nothing for content MD5s, jsoup's body text for page-text peers, neardup's extraction for
   * main-text peers), so it compares with neardup's "extract + fingerprint" row.
   */
  private void peerRows(String kind, List<Prepared> ps, long chars) {
    List<PeerInput> inputs = new ArrayList<>(ps.size());
    for (Prepared p : ps) {
      inputs.add(new PeerInput(p.src().url(), p.src().bytes(), Peers.pageText(p.src().bytes(), p.src().url()), p.page().text()));
    }
    for (Peer peer : opt.peers()) {
      stage(kind, "peers", peer.key() + ": signature (input given)", inputs, peer::signature, chars);
      Function<Prepared, Object> fromBytes = switch (peer.source()) {
        case BYTES -> p -> peer.signature(new PeerInput(p.src().url(), p.src().bytes(), "", ""));
        case PAGE_TEXT -> p -> peer.signature(new PeerInput(p.src().url(), p.src().bytes(),
            Peers.pageText(p.src().bytes(), p.src().url()), ""));
        case MAIN_TEXT -> p -> peer.signature(new PeerInput(p.src().url(), p.src().bytes(), "",
            pipeline.extractor().extract(p.src().url(), p.src().bytes(), null).text()));
      };
      stage(kind, "peers", peer.key() + ": bytes -> signature", ps, fromBytes, chars);
    }
  }

  private List<BenchReport.PeerRatio> peerRatios(Map<String, List<Prepared>> byKind) {
    List<BenchReport.PeerRatio> out = new ArrayList<>();
    for (String kind : byKind.keySet()) {
      BenchReport.Row pipe = row(kind, "pipeline", PIPELINE, 1);
      for (Peer peer : opt.peers()) {
        BenchReport.Row sig = row(kind, "peers", peer.key() + ": signature (input given)", 1);
        BenchReport.Row all = row(kind, "peers", peer.key() + ": bytes -> signature", 1);
        out.add(new BenchReport.PeerRatio(kind, peer.key(), peer.source().name().toLowerCase(Locale.ROOT), sig.msPerPage(),
            all.msPerPage(), all.pagesPerSecond(), pipe.msPerPage(), pipe.pagesPerSecond(), pipe.msPerPage() / all.msPerPage()));
      }
    }
    return out;
  }

  private void storeRows(String kind, String store, List<Prepared> ps, long chars, Function<Prepared, Object> floor) {
    long now = System.currentTimeMillis();
    passes(kind, "store", store + ": detector.check (fingerprints given)", ps, chars, 1, store,
        (det, p) -> det.check(p.page(), p.src().url(), now, p.fingerprints()));
    passes(kind, "e2e", store + ": bytes -> verdict, one thread", ps, chars, 1, store, (det, p) -> {
      Page page = pipeline.extractor().extract(p.src().url(), p.src().bytes(), null);
      return det.check(page, p.src().url(), now);
    });
    dedupBatch(kind, store, ps, chars, floor);
  }

  private static final String FLOOR_JSOUP = "decode (charset known) + jsoup parse + text";
  private static final String FLOOR_JIEBA = "jieba SEARCH over the main text";
  private static final String FLOOR = "floor: jsoup + jieba";
  private static final String PIPELINE = "extract + fingerprint (bytes -> Fingerprints)";
  private static final String TARGET_FLOOR = "floor (interleaved with neardup)";
  private static final String TARGET_PIPELINE = "neardup bytes -> Fingerprints (interleaved)";
  private static final String TARGET_FLOOR_JSOUP = "floor part: jsoup (interleaved)";
  private static final String TARGET_FLOOR_JIEBA = "floor part: stock jieba (interleaved)";
  private static final String TARGET_SEGMENTATION = "neardup's segmentation (interleaved)";

  /** An operation timed in the alternating passes of the one-page target, and its row's name. */
  private record Timed(String stage, Function<Prepared, Object> op) {}

  /**
   * The floor's parse: a plain decode of the bytes with their charset already known (the cheapest
   * decode any pipeline pays), then jsoup. Not {@code Jsoup.parse(InputStream, …)}: its streaming
   * reader costs several times the parse itself and would inflate the floor.
   */
  private static Document jsoupFromBytes(Prepared p) {
    byte[] b = p.src().bytes();
    int bom = p.detection().bomLength();
    return Jsoup.parse(new String(b, bom, b.length - bom, p.detection().charset()), p.src().url());
  }

  /**
   * The floor, neardup's pipeline and their parts, one thread, in alternating passes (floor,
   * neardup, …, floor, …; twice the usual passes), so a burst of load from other processes hits
   * all rows alike and the target's ratio does not depend on when each row happened to run. Each
   * pass starts after a full collection, so it pays for its own garbage only.
   */
  private void interleaved(String kind, List<Prepared> ps, long chars, List<Timed> ops) {
    for (int w = 0; w < warmup(); w++) {
      for (Timed t : ops) for (Prepared p : ps) consume(t.op().apply(p));
    }
    int n = 2 * iterations();
    long[][] nanos = new long[ops.size()][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < ops.size(); k++) {
        // A full collection before each pass: a pass then pays for the garbage it makes, not for
        // another's (neardup allocates more; its young collections would land in floor passes).
        settle();
        nanos[k][i] = timedPass(ps, ops.get(k).op());
      }
    }
    for (int k = 0; k < ops.size(); k++) {
      add(new BenchReport.Row(kind, "target", ops.get(k).stage(), 1, ps.size(), nanos[k], chars));
    }
  }

  private static <T> long timedPass(List<T> items, Function<T, Object> op) {
    long t0 = System.nanoTime();
    for (T x : items) consume(op.apply(x));
    return Math.max(1, System.nanoTime() - t0);
  }

  /** Times {@code op} over the items, one thread. */
  private <T> BenchReport.Row stage(String kind, String group, String name, List<T> items,
      Function<T, Object> op, long chars) {
    for (int w = 0; w < warmup(); w++) for (T x : items) consume(op.apply(x));
    settle();
    long[] nanos = new long[iterations()];
    for (int i = 0; i < nanos.length; i++) nanos[i] = timedPass(items, op);
    return add(new BenchReport.Row(kind, group, name, 1, items.size(), nanos, chars));
  }

  /** Times {@code op} over the items on {@code threads} threads sharing one work queue; wall-clock time. */
  private <T> BenchReport.Row parallel(String kind, String group, String name, List<T> items,
      Function<T, Object> op, long chars, int threads) {
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread th = new Thread(r, "neardup-bench");
      th.setDaemon(true);
      return th;
    });
    try {
      for (int w = 0; w < warmup(); w++) parallelPass(pool, items, op, threads);
      settle();
      long[] nanos = new long[iterations()];
      for (int i = 0; i < nanos.length; i++) nanos[i] = Math.max(1, parallelPass(pool, items, op, threads));
      return add(new BenchReport.Row(kind, group, name, threads, items.size(), nanos, chars));
    } finally {
      pool.shutdownNow();
    }
  }

  private static <T> long parallelPass(ExecutorService pool, List<T> items, Function<T, Object> op, int threads) {
    AtomicInteger next = new AtomicInteger();
    List<Future<?>> fs = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int k = 0; k < threads; k++) {
      fs.add(pool.submit(() -> {
        for (int i; (i = next.getAndIncrement()) < items.size(); ) consume(op.apply(items.get(i)));
      }));
    }
    for (Future<?> f : fs) await(f);
    return System.nanoTime() - t0;
  }

  private interface StoreOp {
    Object apply(DuplicateDetector detector, Prepared page);
  }

  /** Times {@code op} with a fresh store per pass (opened and deleted outside the timed part). */
  private void passes(String kind, String group, String name, List<Prepared> ps, long chars, int threads,
      String store, StoreOp op) {
    long[] nanos = new long[iterations()];
    for (int i = -warmup(); i < nanos.length; i++) {
      IndexStore s = openStore(store);
      try {
        DuplicateDetector det = new DuplicateDetector(fingerprinter, s, cfg.detector());
        if (i >= 0) settle();
        long t0 = System.nanoTime();
        for (Prepared p : ps) consume(op.apply(det, p));
        if (i >= 0) nanos[i] = Math.max(1, System.nanoTime() - t0);
      } finally {
        closeStore(s);
      }
    }
    add(new BenchReport.Row(kind, group, name, threads, ps.size(), nanos, chars));
  }

  /**
   * {@code neardup dedup}'s engine on the pages as JSON lines (body_base64), {@code --threads}
   * workers; each pass follows a pass of the floor on as many threads (the throughput target
   * compares the two, so they are timed under the same load).
   */
  private void dedupBatch(String kind, String store, List<Prepared> ps, long chars, Function<Prepared, Object> floor) {
    StringBuilder in = new StringBuilder();
    for (Prepared p : ps) in.append(p.jsonLine()).append('\n');
    byte[] lines = in.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    long[] nanos = new long[iterations()];
    long[] floorNanos = new long[iterations()];
    ExecutorService floorPool = Executors.newFixedThreadPool(opt.threads(), r -> {
      Thread th = new Thread(r, "neardup-bench-floor");
      th.setDaemon(true);
      return th;
    });
    for (int i = -warmup(); i < nanos.length; i++) {
      IndexStore s = openStore(store);
      try {
        BatchDeduplicator batch = new BatchDeduplicator(pipeline,
            new DuplicateDetector(fingerprinter, s, cfg.detector()), opt.threads());
        if (i >= 0) settle();
        long f = parallelPass(floorPool, ps, floor, opt.threads());
        if (i >= 0) floorNanos[i] = Math.max(1, f);
        if (i >= 0) settle();
        long t0 = System.nanoTime();
        BatchDeduplicator.Summary sum = batch.run(new java.io.ByteArrayInputStream(lines), Writer.nullWriter(), n -> {});
        if (i >= 0) nanos[i] = Math.max(1, System.nanoTime() - t0);
        if (sum.errors() > 0) log.accept("dedup " + store + " " + kind + ": " + sum.errors() + " error lines");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } finally {
        closeStore(s);
      }
    }
    floorPool.shutdownNow();
    add(new BenchReport.Row(kind, "target", "floor (interleaved with " + store + " dedup)", opt.threads(), ps.size(),
        floorNanos, chars));
    add(new BenchReport.Row(kind, "e2e", store + ": dedup batch (JSON lines)", opt.threads(), ps.size(),
        nanos, chars));
  }

  private int warmup() {
    return dryRun ? 0 : opt.warmup();
  }

  private int iterations() {
    return dryRun ? 1 : opt.iterations();
  }

  /**
   * Between stages: collect the previous stage's garbage so it is not charged to the next one
   * (one stage's DOMs can fill the heap), and let the JIT's background compiles finish.
   */
  private void settle() {
    if (dryRun || opt.iterations() == 1 && opt.warmup() == 0) return;
    collectGarbage();
  }

  /** A full collection, and a pause for the JIT's background compiles: what {@link #settle} does. */
  static void collectGarbage() {
    System.gc();
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private BenchReport.Row add(BenchReport.Row r) {
    if (dryRun) return r;
    rows.add(r);
    log.accept(String.format(Locale.ROOT, "  %-3s %-11s %-46s %2d thr %9.4f ms/page", r.kind(), r.group(),
        r.stage(), r.threads(), r.msPerPage()));
    return r;
  }

  private static void await(Future<?> f) {
    try {
      f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a benchmark task failed: " + e.getCause(), e.getCause());
    }
  }

  // ------------------------------------------------------------------ stores

  private IndexStore openStore(String store) {
    if (store.equals("memory")) return Stores.open(cfg.withStore("memory", null));
    String ns = "neardup-bench-" + runId + "-" + (++namespaces);
    IndexStore s = Stores.open(cfg.withStore(redisUrl, ns));
    if (s instanceof RedisFingerprintStore r) prewarmBloom(r);
    return s;
  }

  /**
   * The Redis Bloom filter is sized for the configured crawl (neardup.bloom.expected_items, 10^8
   * by default: hundreds of MB in shards of up to 64 MB), and Redis allocates a shard's string up
   * to the highest bit set, so the first pages of a fresh namespace pay for allocating it. A
   * long-running crawl has paid that long ago. Before timing, one throw-away page (no near lookup)
   * per shard whose digest puts all its Bloom positions on the shard's last cell allocates every
   * shard in full, so the figures are the steady state.
   */
  private static void prewarmBloom(RedisFingerprintStore r) {
    int shards = r.layout().bloomShards();
    long last = r.layout().bloomCellsPerShard() - 1;
    for (int shard = 0; shard < shards; shard++) {
      java.nio.ByteBuffer d = java.nio.ByteBuffer.allocate(16);
      d.putInt(shard).putInt((int) last).putInt(0).putInt(0x5eed0000 + shard); // h1 = last cell, h2 = 0
      r.checkAndRecord(new org.neardup.index.PageEntry("bench-prewarm:" + shard, null, 0, "", "", d.array(),
          false, 0, null, 0, null, ""));
    }
  }

  private void closeStore(IndexStore s) {
    try {
      if (s instanceof RedisFingerprintStore r) {
        r.reset();
        waitForLazyFree();
      }
    } finally {
      s.close();
    }
  }

  /** One pass into a fresh namespace, measuring Redis's used_memory before and after. */
  private void redisBytes(String kind, List<Prepared> ps) {
    waitForLazyFree();
    IndexStore s = openStore("redis");
    try {
      DuplicateDetector det = new DuplicateDetector(fingerprinter, s, cfg.detector());
      waitForLazyFree();
      StoreStats st0 = s.stats();
      long before = usedMemory();
      long now = System.currentTimeMillis();
      for (Prepared p : ps) consume(det.check(p.page(), p.src().url(), now, p.fingerprints()));
      long after = usedMemory();
      StoreStats st = s.stats();
      Map<String, Long> structures = new LinkedHashMap<>();
      long grown = 0;
      for (var e : st.structures().entrySet()) {
        var was = st0.structures().get(e.getKey());
        long delta = e.getValue().bytes() - (was == null ? 0 : was.bytes());
        structures.put(e.getKey(), delta);
        if (!e.getKey().equals("bloom")) grown += delta;
      }
      var bloom = st.structures().get("bloom");
      redisMemory.add(new BenchReport.RedisMemory(kind, ps.size(), after - before,
          (double) (after - before) / ps.size(), (double) grown / ps.size(), structures,
          bloom == null ? -1 : bloom.bytes()));
    } finally {
      closeStore(s);
    }
  }

  private String info() {
    Object r = redisInfo.sendCommand(redis.clients.jedis.Protocol.Command.INFO, "memory");
    return r instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(r);
  }

  private long usedMemory() {
    for (String line : info().split("\r?\n")) {
      if (line.startsWith("used_memory:")) return Long.parseLong(line.substring(12).trim());
    }
    return -1;
  }

  /** UNLINK frees big values in the background; wait so it does not blur the next measurement. */
  private void waitForLazyFree() {
    if (redisInfo == null) return;
    for (int i = 0; i < 200; i++) {
      String info = info();
      int at = info.indexOf("lazyfree_pending_objects:");
      if (at < 0 || info.startsWith("lazyfree_pending_objects:0", at)) return;
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static JedisPooled infoClient(String url) {
    RedisSettings r = RedisSettings.of(url);
    DefaultJedisClientConfig.Builder c = DefaultJedisClientConfig.builder()
        .database(r.database()).ssl(r.tls()).clientName("neardup-bench");
    if (r.password() != null) c.user(r.user()).password(r.password());
    return new JedisPooled(new HostAndPort(r.host(), r.port()), c.build());
  }

  // ------------------------------------------------------------------ profile and targets

  private BenchReport.Profile profile(String kind, List<Prepared> ps) {
    log.accept("profiling extract + fingerprint on " + kind + " pages");
    return StackSampler.run("extract + fingerprint, " + kind + " pages", () -> {
      long end = System.nanoTime() + 3_000_000_000L;
      int passes = 0;
      while (passes < opt.iterations() || System.nanoTime() < end) {
        for (Prepared p : ps) {
          consume(fingerprinter.of(pipeline.extractor().extract(p.src().url(), p.src().bytes(), null)));
        }
        passes++;
      }
    });
  }

  private BenchReport.Row row(String kind, String group, String stage, int threads) {
    for (BenchReport.Row r : rows) {
      if (r.kind().equals(kind) && r.group().equals(group) && r.stage().equals(stage) && r.threads() == threads) return r;
    }
    return null;
  }

  private List<BenchReport.FloorTarget> floorTargets(Map<String, List<Prepared>> byKind) {
    List<BenchReport.FloorTarget> out = new ArrayList<>();
    byKind.forEach((kind, ps) -> {
      double bytes = 0;
      double chars = 0;
      for (Prepared p : ps) {
        bytes += p.src().bytes().length;
        chars += p.text().length();
      }
      double kb = bytes / ps.size() / 1024;
      BenchReport.Row jsoup = row(kind, "target", TARGET_FLOOR_JSOUP, 1);
      BenchReport.Row jb = row(kind, "target", TARGET_FLOOR_JIEBA, 1);
      BenchReport.Row pipe = row(kind, "target", TARGET_PIPELINE, 1);
      double segmentationMs = row(kind, "target", TARGET_SEGMENTATION, 1).msPerPage();
      double floorMs = row(kind, "target", TARGET_FLOOR, 1).msPerPage();
      double other = pipe.msPerPage() - floorMs;
      double pct = 100 * other / floorMs;
      // neardup apart from its segmentation, on top of the floor's jsoup part, as a share of the floor.
      double rest = pipe.msPerPage() - segmentationMs - jsoup.msPerPage();
      out.add(new BenchReport.FloorTarget(kind, ps.size(), kb, chars / ps.size(), jsoup.msPerPage(),
          jsoup.msPerPage() / kb * 51, jb.msPerPage(), jb.usPerChar(), floorMs, pipe.msPerPage(), other, pct, pct <= 30,
          segmentationMs, rest, 100 * rest / floorMs));
    });
    return out;
  }

  private List<BenchReport.DedupTarget> dedupTargets(Map<String, List<Prepared>> byKind) {
    List<BenchReport.DedupTarget> out = new ArrayList<>();
    int t = opt.threads();
    for (String kind : byKind.keySet()) {
      for (String store : redisUrl == null ? List.of("memory") : List.of("redis", "memory")) {
        BenchReport.Row floor = row(kind, "target", "floor (interleaved with " + store + " dedup)", t);
        BenchReport.Row d = row(kind, "e2e", store + ": dedup batch (JSON lines)", t);
        double ratio = d.pagesPerSecond() / floor.pagesPerSecond();
        out.add(new BenchReport.DedupTarget(kind, store, t, d.pagesPerSecond(), floor.pagesPerSecond(), ratio, ratio >= 0.7));
      }
    }
    return out;
  }

  private static BenchReport.Machine machine(String loadBefore, String loadAfter) {
    return new BenchReport.Machine(Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("java.vm.name"),
        System.getProperty("os.name") + " " + System.getProperty("os.arch"), Runtime.getRuntime().maxMemory(),
        loadBefore, loadAfter);
  }

  /** The 1, 5 and 15 minute load averages (Linux), or the JVM's 1-minute figure. */
  private static String loadAverage() {
    try {
      String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return String.format(Locale.ROOT, "%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

}
