package org.neardup.eval;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import org.neardup.detect.DetectorSettings;
import org.neardup.detect.DuplicateDetector;
import org.neardup.detect.Verdict;
import org.neardup.detect.VerdictKind;
import org.neardup.extract.Page;
import org.neardup.fingerprint.Fingerprints;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.fingerprint.Method;
import org.neardup.fingerprint.MethodScore;
import org.neardup.fingerprint.PairComparison;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.peers.Peer;
import org.neardup.peers.PeerInput;
import org.neardup.peers.Peers;
import org.neardup.runtime.Pipeline;

/**
 * Runs one {@link Dataset}: every page extracted and fingerprinted once (in parallel); every
 * labelled pair compared by every method ({@link PairComparison}, the configured thresholds) and
 * swept over thresholds; the stream, if any, through the {@link DuplicateDetector} over a fresh
 * {@link MemoryFingerprintStore}, as the bolt runs it.
 */
public final class Evaluator {
  private final Pipeline pipeline;
  private final int threads;
  private final Progress progress;
  private final boolean streamSweep;
  private java.util.Set<String> sweepKeys = new java.util.HashSet<>(MatchThresholds.SWEEPABLE);
  private boolean baseline;

  /** Also run {@link #baseline} on every stream. */
  public Evaluator withBaseline(boolean on) {
    baseline = on;
    return this;
  }
  private final List<Peer> peers;

  public Evaluator(Pipeline pipeline, int threads, Progress progress, boolean streamSweep) {
    this(pipeline, threads, progress, streamSweep, List.of());
  }

  /** @param peers peer baselines run on the same pages, pairs and stream ({@code eval --peers}) */
  public Evaluator(Pipeline pipeline, int threads, Progress progress, boolean streamSweep, List<Peer> peers) {
    this.peers = List.copyOf(peers);
    this.pipeline = pipeline;
    this.threads = Math.max(1, threads);
    this.progress = progress == null ? Progress.none() : progress;
    this.streamSweep = streamSweep;
  }

  /** The thresholds the stream sweeps vary (default: all of {@link MatchThresholds#SWEEPABLE}). */
  public Evaluator sweeping(java.util.Collection<String> keys) {
    for (String k : keys) {
      if (!MatchThresholds.SWEEPABLE.contains(k)) {
        throw new IllegalArgumentException("--sweep " + k + ": not a threshold, expected one of " + MatchThresholds.SWEEPABLE);
      }
    }
    sweepKeys = new java.util.HashSet<>(keys);
    return this;
  }

  public EvalResult run(Dataset d) {
    MatchThresholds t = pipeline.config().detector().thresholds();
    long started = System.nanoTime();
    EvalResult res = new EvalResult(d.name(), d.description(), d.notes());

    // 1. extract and fingerprint each page once
    List<PageSpec> specs = new ArrayList<>(d.pages().values());
    Map<String, Page> pages = new ConcurrentHashMap<>();
    Map<String, Fingerprints> fps = new ConcurrentHashMap<>();
    AtomicLong extractNs = new AtomicLong();
    AtomicLong fpNs = new AtomicLong();
    AtomicLong chars = new AtomicLong();
    progress.begin(d.name() + ": fingerprint", specs.size());
    long wall = System.nanoTime();
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      pool.submit(() -> specs.parallelStream().forEach(s -> {
        long t0 = System.nanoTime();
        Page p = s.toPage(pipeline.extractor());
        long t1 = System.nanoTime();
        if (s.extracted() == null) extractNs.addAndGet(t1 - t0);
        pages.put(s.id(), p);
        if (p.status().hasText()) {
          fps.put(s.id(), pipeline.fingerprinter().of(p));
          chars.addAndGet(p.text().length());
        }
        fpNs.addAndGet(System.nanoTime() - t1);
        progress.step();
      })).get();
    } catch (Exception e) {
      throw new IllegalStateException("fingerprinting failed: " + e.getMessage(), e);
    } finally {
      pool.shutdown();
    }
    progress.finish();
    res.pages = specs.size();
    res.pagesWithText = fps.size();
    res.extractMsPerPage = extractNs.get() / 1e6 / Math.max(1, specs.stream().filter(s -> s.extracted() == null).count());
    res.fingerprintMsPerPage = fpNs.get() / 1e6 / Math.max(1, specs.size());
    res.fingerprintWallSeconds = (System.nanoTime() - wall) / 1e9;
    res.meanChars = fps.isEmpty() ? 0 : (double) chars.get() / fps.size();

    Map<String, String> titles = new HashMap<>();
    pages.forEach((id, p) -> titles.put(id, p.title()));
    if (!d.pairs().isEmpty()) pairwise(d, fps, titles, t, res);
    if (!d.stream().isEmpty()) res.stream = stream(d, pages, fps, t, "default", true);
    if (!d.stream().isEmpty() && baseline) res.baseline = baseline(d);
    if (!d.stream().isEmpty() && streamSweep) streamSweeps(d, pages, fps, t, res);
    for (Peer peer : peers) res.peers.add(peer(d, pages, peer));
    res.seconds = (System.nanoTime() - started) / 1e9;
    return res;
  }

  private void pairwise(Dataset d, Map<String, Fingerprints> fps, Map<String, String> pageTitles, MatchThresholds t,
      EvalResult res) {
    int n = d.pairs().size();
    boolean[] truth = new boolean[n];
    String[] kinds = new String[n];
    Map<Method, double[]> scores = new EnumMap<>(Method.class);
    Map<Method, boolean[]> calls = new EnumMap<>(Method.class);
    for (Method m : Method.values()) {
      scores.put(m, new double[n]);
      calls.put(m, new boolean[n]);
    }
    progress.begin(d.name() + ": compare pairs", n);
    long t0 = System.nanoTime();
    int unscorable = 0;
    for (int i = 0; i < n; i++) {
      Dataset.Pair p = d.pairs().get(i);
      truth[i] = p.duplicate();
      kinds[i] = p.kind();
      Fingerprints a = fps.get(p.a());
      Fingerprints b = fps.get(p.b());
      if (a == null || b == null) {
        unscorable++;
        scores.get(Method.SIMHASH)[i] = 64; // every method says "not a duplicate"
        progress.step();
        continue;
      }
      boolean sameSite = org.neardup.detect.SiteKey.sameSite(d.pages().get(p.a()).url(), d.pages().get(p.b()).url());
      boolean sameTitle = sameSite && org.neardup.fingerprint.SiteContext.sameTitle(pageTitles.get(p.a()), pageTitles.get(p.b()));
      List<MethodScore> all = PairComparison.compare(a, b, t, sameSite
          ? org.neardup.fingerprint.SiteContext.oneSite(sameTitle) : org.neardup.fingerprint.SiteContext.NONE);
      for (MethodScore s : all) {
        scores.get(s.method())[i] = s.score();
        calls.get(s.method())[i] = s.duplicate();
      }
      if (calls.get(Method.COMBINED)[i] != truth[i] && res.combinedErrors.size() < EvalResult.MAX_COMBINED_ERRORS) {
        res.combinedErrors.add(combinedError(p, all));
      }
      progress.step();
    }
    progress.finish();
    res.compareMsPerPair = (System.nanoTime() - t0) / 1e6 / Math.max(1, n);
    res.pairs = n;
    res.unscorablePairs = unscorable;
    for (boolean b : truth) if (b) res.positivePairs++;
    Map<String, Sweep.Spec> specs = new HashMap<>();
    for (Sweep.Spec s : Sweep.specs(t)) specs.put(s.method().key(), s);
    for (Method m : Method.values()) {
      EvalResult.MethodResult mr = new EvalResult.MethodResult(m);
      mr.atDefault = Counts.of(truth, calls.get(m));
      mr.perKind = perKind(truth, calls.get(m), kinds);
      Sweep.Spec spec = specs.get(m.key());
      if (spec != null) {
        double[] sc = scores.get(m);
        mr.spec = spec;
        mr.sweep = Sweep.grid(spec, sc, truth);
        mr.best = Sweep.best(mr.sweep, spec.defaultThreshold());
        mr.prCurve = Sweep.prCurve(spec, sc, truth);
        List<Double> dup = new ArrayList<>();
        List<Double> non = new ArrayList<>();
        for (int i = 0; i < n; i++) (truth[i] ? dup : non).add(sc[i]);
        mr.duplicateScores = dup.stream().mapToDouble(Double::doubleValue).toArray();
        mr.otherScores = non.stream().mapToDouble(Double::doubleValue).toArray();
        mr.bestPerKind = perKind(truth, thresholded(spec, sc, mr.best.threshold()), kinds);
      }
      res.methods.add(mr);
    }
  }

  /** One pair the combined rule gets wrong, with every method's score on it. */
  static Map<String, Object> combinedError(Dataset.Pair p, List<MethodScore> all) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("a", p.a());
    e.put("b", p.b());
    e.put("kind", p.kind());
    e.put("label", p.duplicate() ? 1 : 0);
    Map<String, Object> sc = new LinkedHashMap<>();
    List<String> calledBy = new ArrayList<>();
    for (MethodScore s : all) {
      if (s.method() == Method.COMBINED) continue;
      sc.put(s.method().key(), Math.round(s.score() * 10000) / 10000.0);
      if (s.duplicate()) calledBy.add(s.method().key());
    }
    e.put("scores", sc);
    e.put("called_duplicate_by", calledBy);
    for (MethodScore s : all) if (s.method() == Method.COMBINED) e.put("combined", s.details());
    return e;
  }

  private static boolean[] thresholded(Sweep.Spec spec, double[] sc, double th) {
    boolean[] out = new boolean[sc.length];
    for (int i = 0; i < sc.length; i++) out[i] = spec.duplicate(sc[i], th);
    return out;
  }

  static Map<String, Counts> perKind(boolean[] truth, boolean[] pred, String[] kinds) {
    Map<String, Counts> m = new TreeMap<>();
    for (int i = 0; i < truth.length; i++) m.merge(kinds[i], Counts.ZERO.add(truth[i], pred[i]), Counts::plus);
    return m;
  }

  /** Streams the dataset's pages through the detector; scores each item as documented in {@link Dataset}. */
  EvalResult.StreamResult stream(Dataset d, Map<String, Page> pages, Map<String, Fingerprints> fps,
      MatchThresholds t, String label, boolean withProgress) {
    var cfg = pipeline.config();
    IndexSettings idx = cfg.index();
    DetectorSettings ds = new DetectorSettings(cfg.detector().minTextChars(), t, cfg.detector().preferCanonical(),
        cfg.detector().mirrors());
    List<Verdict> verdicts = new ArrayList<>(d.stream().size());
    if (withProgress) progress.begin(d.name() + ": stream", d.stream().size());
    long ns = 0;
    try (MemoryFingerprintStore store = new MemoryFingerprintStore(idx)) {
      DuplicateDetector det = new DuplicateDetector(pipeline.fingerprinter(), store, ds);
      long seq = 0;
      for (Dataset.Item it : d.stream()) {
        seq++;
        Page p = pages.get(it.pageId());
        Fingerprints f = fps.get(it.pageId());
        long t0 = System.nanoTime();
        verdicts.add(f == null ? null : det.check(p, it.pageId(), seq, f));
        ns += System.nanoTime() - t0;
        if (withProgress) progress.step();
      }
    }
    if (withProgress) progress.finish();
    EvalResult.StreamResult r = score(d, verdicts, label);
    r.msPerPage = ns / 1e6 / Math.max(1, d.stream().size());
    return r;
  }

  /**
   * The baseline a crawler operator might write in an afternoon: the exact Jaccard of word
   * 5-shingles over the whole text of each page (jsoup's body text, templates and all), a page a
   * copy of the first earlier page at 0.5 or more (that page's own original when it is a copy).
   * Scored exactly as the detector is, on the same stream.
   */
  EvalResult.StreamResult baseline(Dataset d) {
    List<long[]> sets = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (Dataset.Item it : d.stream()) {
      PageSpec s = d.pages().get(it.pageId());
      ids.add(it.pageId());
      sets.add(SiteOracle.shingles(s.html() != null ? SiteOracle.bodyText(s.html(), s.url()) : s.title() + " " + s.text()));
    }
    Map<Integer, Integer> earliest = new HashMap<>();
    for (SimilarityJoin.Match m : SimilarityJoin.join(sets, 0.5)) {
      earliest.merge(Math.max(m.a(), m.b()), Math.min(m.a(), m.b()), Math::min);
    }
    List<Verdict> verdicts = new ArrayList<>(ids.size());
    Map<Integer, Integer> originalOf = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      Integer first = earliest.get(i);
      if (first == null) {
        verdicts.add(new Verdict(VerdictKind.UNIQUE, i + 1, null, null, 0, null, Map.of(), false));
        continue;
      }
      int original = originalOf.getOrDefault(first, first);
      originalOf.put(i, original);
      String o = ids.get(original);
      verdicts.add(new Verdict(VerdictKind.NEAR, i + 1, o, d.pages().get(o).url(), 0, "baseline", Map.of(), false));
    }
    return score(d, verdicts, "baseline: whole-page word 5-shingle Jaccard >= 0.5");
  }

  /** Scores verdicts given in stream order, as documented in {@link Dataset} (or by {@link SiteLabels}). */
  private EvalResult.StreamResult score(Dataset d, List<Verdict> verdicts, String label) {
    EvalResult.StreamResult r = new EvalResult.StreamResult(label);
    Map<String, String> clusterOf = new HashMap<>();
    java.util.Set<String> seenClusters = new java.util.HashSet<>();
    java.util.Set<String> earlier = new java.util.HashSet<>();
    if (d.labels() != null) r.site = new EvalResult.SiteResult();
    for (int i = 0; i < d.stream().size(); i++) {
      Dataset.Item it = d.stream().get(i);
      Verdict v = verdicts.get(i);
      if (d.labels() != null) {
        VerdictKind kind = v == null ? VerdictKind.SKIPPED : v.kind();
        r.verdicts.merge(kind.key(), 1, Integer::sum);
        siteItem(d.labels(), it, v, earlier, r);
        earlier.add(it.pageId());
        continue;
      }
      clusterOf.put(it.pageId(), it.cluster());
      boolean expected = seenClusters.contains(it.cluster());
      seenClusters.add(it.cluster());
      VerdictKind kind = v == null ? VerdictKind.SKIPPED : v.kind();
      r.verdicts.merge(kind.key(), 1, Integer::sum);
      if (it.ambiguous()) {
        r.ambiguous++;
        continue;
      }
      boolean called = v != null && v.isDuplicate();
      boolean rightOriginal = called && it.cluster().equals(clusterOf.get(v.originalId()));
      if (called && expected && !rightOriginal) r.wrongOriginal++;
      boolean tp = expected && rightOriginal;
      Counts c = tp ? new Counts(1, 0, 0, 0)
          : expected ? (called ? new Counts(0, 1, 1, 0) : new Counts(0, 0, 1, 0))
          : (called ? new Counts(0, 1, 0, 0) : new Counts(0, 0, 0, 1));
      r.overall = r.overall.plus(c);
      r.perKind.merge(it.kind(), c, Counts::plus);
      r.items.merge(it.kind(), 1, Integer::sum);
      if (called && v.detector() != null) r.decidedBy.merge(v.detector(), 1, Integer::sum);
      if (called && !expected && r.falsePositives.size() < 20) {
        r.falsePositives.add(it.pageId() + " ~ " + v.originalId() + " (" + v.detector() + ")");
      }
      if (!called && expected && r.misses.size() < 20) {
        r.misses.add(it.pageId() + " (" + kind.key() + ")");
      }
    }
    r.pages = d.stream().size();
    return r;
  }

  /**
   * Scores one page of a real-site stream by the oracle ({@link SiteLabels}), into the site's
   * figures and into the stream's counts: a right call is a true positive, a wrong one a false
   * positive, a copy let through a false negative, a distinct page let through a true negative;
   * unsure calls and pages count in neither.
   */
  private static void siteItem(SiteLabels truth, Dataset.Item it, Verdict v, java.util.Set<String> earlier,
      EvalResult.StreamResult r) {
    String id = it.pageId();
    boolean copy = false;
    // a page the oracle reads no text in: it cannot say whether the page is distinct
    boolean unsure = truth.shingles(id) == null || truth.shingles(id).length == 0;
    String samePage = null;
    double samePageJaccard = 0;
    for (var e : truth.similar(id).entrySet()) {
      if (!earlier.contains(e.getKey())) continue;
      SiteLabels.Truth t = truth.truth(id, e.getKey());
      if (t == SiteLabels.Truth.COPY) copy = true;
      else if (t == SiteLabels.Truth.UNSURE) unsure = true;
      if (truth.samePage(id, e.getKey()) && e.getValue() >= SiteLabels.COPY && e.getValue() > samePageJaccard) {
        samePage = e.getKey();
        samePageJaccard = e.getValue();
      }
    }
    boolean called = v != null && v.isDuplicate();
    SiteLabels.Truth call = called ? truth.truth(id, v.originalId()) : null;
    EvalResult.SiteResult s = r.site;
    for (EvalResult.SiteResult.Part p : List.of(s.all, s.perEdition.computeIfAbsent(truth.edition(id), k -> new EvalResult.SiteResult.Part()))) {
      p.pages++;
      if (copy) p.copies++;
      else if (unsure) p.unsurePages++;
      else p.distinct++;
      if (samePage != null) p.samePageCopies++;
      if (called) {
        p.calls++;
        if (samePage != null && call != SiteLabels.Truth.NOT) p.samePageCalled++;
        if (call == SiteLabels.Truth.COPY) {
          p.right++;
          if (copy) p.copiesCaught++;
          if (samePage != null) p.samePageCaught++;
        } else if (call == SiteLabels.Truth.NOT) {
          p.wrong++;
        } else {
          p.unsureCalls++;
        }
        if (!copy && !unsure) p.distinctDropped++;
      }
    }
    Counts c = Counts.ZERO;
    if (called && call == SiteLabels.Truth.COPY) c = new Counts(1, 0, 0, 0);
    else if (called && call == SiteLabels.Truth.NOT) c = new Counts(0, 1, copy ? 1 : 0, 0);
    else if (!called && copy) c = new Counts(0, 0, 1, 0);
    else if (!called && !unsure) c = new Counts(0, 0, 0, 1);
    r.overall = r.overall.plus(c);
    r.perKind.merge(it.kind(), c, Counts::plus);
    r.items.merge(it.kind(), 1, Integer::sum);
    if (called && v.detector() != null) r.decidedBy.merge(v.detector(), 1, Integer::sum);
    if (called && call == SiteLabels.Truth.NOT) {
      s.wrongBy.merge(v.detector(), 1, Integer::sum);
      if (s.wrongCalls.size() < 100) {
        s.wrongCalls.add(String.format(java.util.Locale.ROOT, "%s ~ %s (%s, oracle %.2f)%s", id, v.originalId(), v.detector(),
            truth.jaccard(id, v.originalId()), via(truth, id, v)));
      }
    }
    if (called && !copy && !unsure && s.droppedDistinct.size() < 100) {
      s.droppedDistinct.add(String.format(java.util.Locale.ROOT, "%s ~ %s (%s, oracle %.2f)%s", id, v.originalId(), v.detector(),
          truth.jaccard(id, v.originalId()), via(truth, id, v)));
    }
    if (samePage != null && (!called || call != SiteLabels.Truth.COPY) && s.missedCopies.size() < 100) {
      String named = called ? String.format(java.util.Locale.ROOT, ", named %s, oracle %.2f%s", v.originalId(),
          truth.jaccard(id, v.originalId()), via(truth, id, v)) : "";
      s.missedCopies.add(String.format(java.util.Locale.ROOT, "%s (%s, oracle %.2f with %s%s)", id,
          v == null ? "no text" : v.kind().key(), samePageJaccard, samePage, named));
    }
  }

  /**
   * The page a near verdict matched, when it is not the original the verdict names (that page was
   * itself a copy of the original): " via PAGE (oracle J)", else "". A wrong call through such a
   * page comes from the earlier call that joined it to the original.
   */
  private static String via(SiteLabels truth, String id, Verdict v) {
    Object m = v.scores().get("matched");
    String matched = m == null ? null : m.toString();
    if (matched == null || matched.equals(v.originalId())) return "";
    return String.format(java.util.Locale.ROOT, " via %s (oracle %.2f)", matched, truth.jaccard(id, matched));
  }

  /**
   * One peer over the dataset: a signature per page (one thread, timed; its input text made
   * beforehand and timed apart), then the pairs (duplicate = equal signatures) and the stream (a
   * page is called a duplicate of the first earlier page with the same signature), scored as the
   * detector is.
   */
  EvalResult.PeerResult peer(Dataset d, Map<String, Page> pages, Peer peer) {
    EvalResult.PeerResult r = new EvalResult.PeerResult(peer.key(), peer.description(), peer.source().name().toLowerCase(java.util.Locale.ROOT));
    Map<String, String> sig = new HashMap<>();
    List<PageSpec> specs = new ArrayList<>(d.pages().values());
    progress.begin(d.name() + ": peer " + peer.key(), specs.size());
    long inputNs = 0;
    long ns = 0;
    for (PageSpec s : specs) {
      Page p = pages.get(s.id());
      byte[] bytes = s.html() != null ? s.html() : s.text().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      long t0 = System.nanoTime();
      String pageText = peer.source() != Peer.Source.PAGE_TEXT ? "" : s.html() != null ? Peers.pageText(s.html(), s.url()) : s.text();
      long t1 = System.nanoTime();
      String v = peer.signature(new PeerInput(s.url(), bytes, pageText, p.text()));
      ns += System.nanoTime() - t1;
      inputNs += t1 - t0;
      sig.put(s.id(), v);
      progress.step();
    }
    progress.finish();
    r.msPerPage = ns / 1e6 / Math.max(1, specs.size());
    r.inputMsPerPage = inputNs / 1e6 / Math.max(1, specs.size());

    int n = d.pairs().size();
    boolean[] truth = new boolean[n];
    boolean[] called = new boolean[n];
    String[] kinds = new String[n];
    for (int i = 0; i < n; i++) {
      Dataset.Pair p = d.pairs().get(i);
      truth[i] = p.duplicate();
      kinds[i] = p.kind();
      called[i] = sig.get(p.a()).equals(sig.get(p.b()));
    }
    r.pairwise = Counts.of(truth, called);
    r.pairwisePerKind = perKind(truth, called, kinds);

    Map<String, String> firstWith = new HashMap<>();
    Map<String, String> clusterOf = new HashMap<>();
    java.util.Set<String> seenClusters = new java.util.HashSet<>();
    for (Dataset.Item it : d.stream()) {
      String original = firstWith.putIfAbsent(sig.get(it.pageId()), it.pageId());
      clusterOf.put(it.pageId(), it.cluster());
      boolean expected = seenClusters.contains(it.cluster());
      seenClusters.add(it.cluster());
      if (it.ambiguous()) continue;
      boolean isCalled = original != null;
      boolean rightOriginal = isCalled && it.cluster().equals(clusterOf.get(original));
      if (isCalled && expected && !rightOriginal) r.wrongOriginal++;
      Counts c = expected && rightOriginal ? new Counts(1, 0, 0, 0)
          : expected ? (isCalled ? new Counts(0, 1, 1, 0) : new Counts(0, 0, 1, 0))
          : (isCalled ? new Counts(0, 1, 0, 0) : new Counts(0, 0, 0, 1));
      r.stream = r.stream.plus(c);
      r.streamPerKind.merge(it.kind(), c, Counts::plus);
      if (isCalled && !expected && r.falsePositives.size() < 20) r.falsePositives.add(it.pageId() + " ~ " + original);
    }
    return r;
  }

  /** The values a stream sweep tries for each of {@link MatchThresholds#SWEEPABLE}. */
  static Map<String, double[]> sweepGrids() {
    Map<String, double[]> grids = new LinkedHashMap<>();
    grids.put("jaccard", Sweep.range(0.15, 0.6, 0.05));
    grids.put("support_jaccard", Sweep.range(0.05, 0.3, 0.05));
    grids.put("containment", Sweep.range(0.5, 1.0, 0.05));
    grids.put("containment_min_ratio", Sweep.range(0.05, 0.5, 0.05));
    grids.put("sentence_score", Sweep.range(2, 4.5, 0.5));
    grids.put("longest_overlap", Sweep.range(0.4, 1.0, 0.1));
    grids.put("same_site_jaccard", Sweep.range(0.3, 0.9, 0.05));
    grids.put("same_site_containment", Sweep.range(0.75, 1.0, 0.05));
    grids.put("max_template_share", Sweep.range(0.25, 1.0, 0.05));
    grids.put("sibling_ratio", Sweep.range(0.5, 1.0, 0.05));
    grids.put("same_site_title_jaccard", Sweep.range(0.5, 0.95, 0.05));
    grids.put("same_site_short_jaccard", Sweep.range(0.6, 1.0, 0.05));
    grids.put("script_difference", Sweep.range(0.05, 0.5, 0.05));
    grids.put("same_site_name_jaccard", Sweep.range(0, 0.6, 0.1));
    return grids;
  }

  private void streamSweeps(Dataset d, Map<String, Page> pages, Map<String, Fingerprints> fps,
      MatchThresholds t, EvalResult res) {
    Map<String, double[]> grids = sweepGrids();
    grids.keySet().retainAll(sweepKeys);
    int total = 0;
    for (double[] g : grids.values()) total += g.length;
    progress.begin(d.name() + ": stream threshold sweep", total);
    for (String k : MatchThresholds.SWEEPABLE) res.streamSweepDefaults.put(k, t.get(k));
    for (var e : grids.entrySet()) {
      List<Sweep.Point> pts = new ArrayList<>();
      for (double v : e.getValue()) {
        MatchThresholds m = e.getKey().equals("jaccard")
            ? t.with("jaccard", v).with("support_jaccard", Math.min(t.supportJaccard(), v))
            : t.with(e.getKey(), v);
        pts.add(new Sweep.Point(v, stream(d, pages, fps, m, e.getKey() + "=" + v, false).overall));
        progress.step();
      }
      res.streamSweeps.put(e.getKey(), pts);
    }
    progress.finish();
  }
}
