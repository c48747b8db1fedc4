package org.neardup.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.neardup.fingerprint.Method;

/** What one dataset's evaluation found; {@link #toMap()} is the --json form. */
public final class EvalResult {
  /** One method over the labelled pairs. */
  public static final class MethodResult {
    public final Method method;
    public Counts atDefault = Counts.ZERO;
    public Map<String, Counts> perKind = new TreeMap<>();
    public Sweep.Spec spec;
    public List<Sweep.Point> sweep = List.of();
    public Sweep.Point best;
    public Map<String, Counts> bestPerKind = new TreeMap<>();
    public List<double[]> prCurve = List.of();
    public double[] duplicateScores = new double[0];
    public double[] otherScores = new double[0];

    MethodResult(Method method) {
      this.method = method;
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("method", method.key());
      m.put("description", method.description());
      if (spec != null) m.put("default_threshold", spec.defaultThreshold());
      m.put("at_default", atDefault.toMap());
      m.put("per_kind", kinds(perKind));
      if (spec != null) {
        m.put("rule", spec.unit());
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("threshold", best.threshold());
        b.putAll(best.counts().toMap());
        m.put("best", b);
        m.put("best_per_kind", kinds(bestPerKind));
        List<Map<String, Object>> sw = new ArrayList<>();
        for (Sweep.Point p : sweep) {
          Map<String, Object> x = new LinkedHashMap<>();
          x.put("threshold", p.threshold());
          x.putAll(p.counts().toMap());
          sw.add(x);
        }
        m.put("sweep", sw);
      }
      return m;
    }
  }

  /** The detector over the stream. */
  public static final class StreamResult {
    public final String label;
    public int pages;
    public int ambiguous;
    public Counts overall = Counts.ZERO;
    public Map<String, Counts> perKind = new TreeMap<>();
    public Map<String, Integer> items = new TreeMap<>();
    public Map<String, Integer> verdicts = new TreeMap<>();
    public Map<String, Integer> decidedBy = new TreeMap<>();
    public long wrongOriginal;
    public double msPerPage;
    public List<String> falsePositives = new ArrayList<>();
    public List<String> misses = new ArrayList<>();
    /** The oracle's figures, for a real-site dataset. */
    public SiteResult site;

    StreamResult(String label) {
      this.label = label;
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pages", pages);
      m.put("ambiguous_not_scored", ambiguous);
      m.put("overall", overall.toMap());
      Map<String, Object> pk = new LinkedHashMap<>();
      perKind.forEach((k, c) -> {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("pages", items.getOrDefault(k, 0));
        x.putAll(c.toMap());
        pk.put(k, x);
      });
      m.put("per_kind", pk);
      m.put("wrong_original", wrongOriginal);
      m.put("verdicts", verdicts);
      m.put("decided_by", decidedBy);
      m.put("check_ms_per_page", Counts.round(msPerPage));
      m.put("false_positive_examples", falsePositives);
      m.put("missed_examples", misses);
      if (site != null) m.put("site", site.toMap());
      return m;
    }
  }

  /**
   * The detector on a real site, judged by {@link SiteLabels}: every duplicate call is right
   * (the page and the original it names are copies), wrong (the oracle says they are not) or
   * unsure; a page is a copy when an earlier page is, distinct when no earlier page reaches the
   * oracle's lower bound.
   */
  public static final class SiteResult {
    /** Figures of one edition, or of the whole site. */
    public static final class Part {
      public int pages;
      public int distinct;
      public int copies;
      public int unsurePages;
      /** pages with an earlier edition of the same page at oracle Jaccard ≥ COPY */
      public int samePageCopies;
      public int samePageCaught;
      /** same-page copies called duplicates of an original the oracle does not refute (right or unsure calls) */
      public int samePageCalled;
      public int calls;
      public int right;
      public int wrong;
      public int unsureCalls;
      public int distinctDropped;
      public int copiesCaught;

      public double precision() {
        return right + wrong == 0 ? 1.0 : (double) right / (right + wrong);
      }

      public double samePageRecall() {
        return samePageCopies == 0 ? Double.NaN : (double) samePageCaught / samePageCopies;
      }

      public double copyRecall() {
        return copies == 0 ? Double.NaN : (double) copiesCaught / copies;
      }

      public double droppedShare() {
        return distinct == 0 ? 0 : (double) distinctDropped / distinct;
      }

      Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pages", pages);
        m.put("distinct_pages", distinct);
        m.put("copies", copies);
        m.put("unsure_pages", unsurePages);
        m.put("duplicate_calls", calls);
        m.put("right_calls", right);
        m.put("wrong_calls", wrong);
        m.put("unsure_calls", unsureCalls);
        m.put("precision", Counts.round(precision()));
        m.put("same_page_copies", samePageCopies);
        m.put("same_page_caught", samePageCaught);
        m.put("same_page_recall", samePageCopies == 0 ? null : Counts.round(samePageRecall()));
        m.put("same_page_called", samePageCalled);
        m.put("same_page_called_recall", samePageCopies == 0 ? null : Counts.round((double) samePageCalled / samePageCopies));
        m.put("copies_caught", copiesCaught);
        m.put("copy_recall", copies == 0 ? null : Counts.round(copyRecall()));
        m.put("distinct_dropped", distinctDropped);
        m.put("distinct_dropped_share", Counts.round(droppedShare()));
        return m;
      }
    }

    public final Part all = new Part();
    public final Map<String, Part> perEdition = new TreeMap<>();
    /** Wrong calls: page ~ named original (detector, oracle Jaccard). */
    public final List<String> wrongCalls = new ArrayList<>();
    /** Distinct pages called duplicates: page ~ named original (detector, oracle Jaccard). */
    public final List<String> droppedDistinct = new ArrayList<>();
    /** Same-page copies the detector let through: page (verdict, oracle Jaccard with the earliest copy). */
    public final List<String> missedCopies = new ArrayList<>();
    public final Map<String, Integer> wrongBy = new TreeMap<>();

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>(all.toMap());
      Map<String, Object> pe = new LinkedHashMap<>();
      perEdition.forEach((k, v) -> pe.put(k, v.toMap()));
      m.put("per_edition", pe);
      m.put("wrong_by", wrongBy);
      m.put("wrong_call_examples", wrongCalls);
      m.put("distinct_dropped_examples", droppedDistinct);
      m.put("missed_same_page_examples", missedCopies);
      return m;
    }
  }

  /**
   * A peer baseline (another crawler's signature, {@code --peers}): duplicates = equal signatures,
   * pairwise and over the same stream as the detector (a page is called a duplicate of the first
   * earlier page with its signature), scored exactly as the detector is.
   */
  public static final class PeerResult {
    public final String key;
    public final String description;
    public final String source;
    /** the peer's signature per page, one thread, its input (bytes or text) given */
    public double msPerPage;
    /** making the peer's input text, when it is not neardup's main text: jsoup parse + body text */
    public double inputMsPerPage;
    public Counts pairwise = Counts.ZERO;
    public Map<String, Counts> pairwisePerKind = new TreeMap<>();
    public Counts stream = Counts.ZERO;
    public Map<String, Counts> streamPerKind = new TreeMap<>();
    public long wrongOriginal;
    public List<String> falsePositives = new ArrayList<>();

    PeerResult(String key, String description, String source) {
      this.key = key;
      this.description = description;
      this.source = source;
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("peer", key);
      m.put("description", description);
      m.put("reads", source);
      m.put("signature_ms_per_page", Counts.round(msPerPage));
      m.put("input_text_ms_per_page", Counts.round(inputMsPerPage));
      m.put("pairwise", pairwise.toMap());
      m.put("pairwise_per_kind", kinds(pairwisePerKind));
      m.put("stream", stream.toMap());
      m.put("stream_per_kind", kinds(streamPerKind));
      m.put("stream_wrong_original", wrongOriginal);
      m.put("stream_false_positive_examples", falsePositives);
      return m;
    }
  }

  public final String name;
  public final String description;
  public final List<String> notes;
  public int pages;
  public int pagesWithText;
  public double meanChars;
  public double extractMsPerPage;
  public double fingerprintMsPerPage;
  public double fingerprintWallSeconds;
  public double compareMsPerPair;
  public int pairs;
  public int positivePairs;
  public int unscorablePairs;
  public final List<MethodResult> methods = new ArrayList<>();
  /**
   * Pairs the combined rule gets wrong (at most {@link #MAX_COMBINED_ERRORS}): ids, kind, label and
   * every method's score on the pair, with what the combined rule saw (its details).
   */
  public final List<Map<String, Object>> combinedErrors = new ArrayList<>();
  public static final int MAX_COMBINED_ERRORS = 50;
  public StreamResult stream;
  /** The naive baseline on the same stream ({@code eval --baseline}). */
  public StreamResult baseline;
  public final List<PeerResult> peers = new ArrayList<>();
  public final Map<String, List<Sweep.Point>> streamSweeps = new LinkedHashMap<>();
  public final Map<String, Double> streamSweepDefaults = new LinkedHashMap<>();
  public double seconds;

  EvalResult(String name, String description, List<String> notes) {
    this.name = name;
    this.description = description;
    this.notes = List.copyOf(notes);
  }

  public MethodResult method(Method m) {
    for (MethodResult r : methods) if (r.method == m) return r;
    return null;
  }

  static Map<String, Object> kinds(Map<String, Counts> k) {
    Map<String, Object> m = new LinkedHashMap<>();
    k.forEach((kk, c) -> m.put(kk, c.toMap()));
    return m;
  }

  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dataset", name);
    m.put("description", description);
    m.put("notes", notes);
    m.put("pages", pages);
    m.put("pages_with_text", pagesWithText);
    m.put("mean_text_chars", Math.round(meanChars));
    Map<String, Object> time = new LinkedHashMap<>();
    time.put("extract_ms_per_page", Counts.round(extractMsPerPage));
    time.put("fingerprint_ms_per_page", Counts.round(fingerprintMsPerPage));
    time.put("fingerprint_wall_seconds", Counts.round(fingerprintWallSeconds));
    time.put("compare_ms_per_pair", Counts.round(compareMsPerPair));
    if (stream != null) time.put("detector_check_ms_per_page", Counts.round(stream.msPerPage));
    time.put("total_seconds", Counts.round(seconds));
    m.put("time", time);
    m.put("pairs", pairs);
    m.put("positive_pairs", positivePairs);
    m.put("negative_pairs", pairs - positivePairs);
    m.put("unscorable_pairs", unscorablePairs);
    List<Object> ms = new ArrayList<>();
    for (MethodResult r : methods) ms.add(r.toMap());
    m.put("methods", ms);
    if (pairs > 0) m.put("combined_errors", combinedErrors);
    if (stream != null) m.put("stream", stream.toMap());
    if (baseline != null) {
      Map<String, Object> b = baseline.toMap();
      b.put("label", baseline.label);
      m.put("baseline", b);
    }
    if (!peers.isEmpty()) {
      List<Object> ps = new ArrayList<>();
      for (PeerResult p : peers) ps.add(p.toMap());
      m.put("peers", ps);
    }
    if (!streamSweeps.isEmpty()) {
      Map<String, Object> sw = new LinkedHashMap<>();
      streamSweeps.forEach((k, pts) -> {
        List<Object> l = new ArrayList<>();
        for (Sweep.Point p : pts) {
          Map<String, Object> x = new LinkedHashMap<>();
          x.put("threshold", p.threshold());
          x.putAll(p.counts().toMap());
          l.add(x);
        }
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("default", streamSweepDefaults.get(k));
        e.put("points", l);
        sw.put(k, e);
      });
      m.put("stream_sweeps", sw);
    }
    return m;
  }
}
