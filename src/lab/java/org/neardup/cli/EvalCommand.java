package org.neardup.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.neardup.config.NeardupConfig;
import org.neardup.eval.ArticleLoader;
import org.neardup.eval.Article;
import org.neardup.eval.Corpora;
import org.neardup.eval.Dataset;
import org.neardup.eval.EvalResult;
import org.neardup.eval.Evaluator;
import org.neardup.eval.DebianPackages;
import org.neardup.eval.HtmlReport;
import org.neardup.eval.SiteLabels;
import org.neardup.eval.SiteOracle;
import org.neardup.eval.Sites;
import org.neardup.eval.Progress;
import org.neardup.eval.RealSites;
import org.neardup.eval.RepostGenerator;
import org.neardup.eval.SiteTargets;
import org.neardup.eval.Transform;
import org.neardup.fingerprint.Method;
import org.neardup.peers.Peer;
import org.neardup.peers.Peers;
import org.neardup.runtime.Pipeline;
import picocli.CommandLine;

@CommandLine.Command(name = "eval",
    description = {"Measure every method and the streaming detector on labelled data.",
        "Data: reposts generated from a folder of pages (--pages), real sites (--site, --deb, --real-sites), labelled "
            + "corpora (--corpus KIND DIR) and labelled pairs (--pairs FILE.jsonl). Prints a summary; --json, "
            + "--json-out and --report give the details."})
final class EvalCommand extends BaseCommand {
  @CommandLine.Option(names = "--pages", paramLabel = "DIR", description = "folder of pages (.html, .html.gz, .txt) to make a repost stream from; repeat to pool folders into one stream")
  List<Path> pages = new ArrayList<>();

  @CommandLine.Option(names = "--name", paramLabel = "NAME", description = "name of the repost dataset (default: reposts:<folders>)")
  String name;

  @CommandLine.Option(names = "--corpus", arity = "2", paramLabel = "KIND DIR",
      description = "a labelled corpus: en-plagiarism DIR, zh-sohu-pairs DIR or en-bbc-news DIR (repeatable)")
  List<String> corpus = new ArrayList<>();

  @CommandLine.Option(names = "--site", paramLabel = "[NAME=]DIR[,DIR...]",
      description = {"a real site: one folder of HTML pages per edition (language, version), the same path in two editions",
          "being the same page; labelled by the oracle (--container) (repeatable)"})
  List<String> sites = new ArrayList<>();

  @CommandLine.Option(names = "--deb", paramLabel = "[NAME=]PKG[:FOLDER][,PKG[:FOLDER]...]",
      description = {"a real site from Debian packages, one per edition (or one FOLDER of a package's site per edition),",
          "downloaded once (apt-get download, dpkg-deb -x) into $NEARDUP_CACHE or ~/.cache/neardup (repeatable)"})
  List<String> debs = new ArrayList<>();

  @CommandLine.Option(names = "--real-sites", arity = "0..1", paramLabel = "FILE",
      description = {"every real site of a list, each as --deb takes it: FILE (one NAME=PKG[,PKG...] a line, # comments), or without FILE "
          + "the bundled list of the documentation sites docs/EVALUATION.md reports.",
          "A site that cannot be loaded is named and left out, and the others go on; the run ends with every site against the targets."})
  String realSites;

  @CommandLine.Option(names = "--container", paramLabel = "CSS",
      description = "CSS selector of the sites' content container for the oracle (default: role=main, main, article, common ids; else the body)")
  String container;

  @CommandLine.Option(names = "--oracle-text", description = "real sites: the detector reads the oracle's text instead of the extractor's (the rule measured apart from extraction)")
  boolean oracleText;

  @CommandLine.Option(names = "--edition-sites", description = "real sites: serve each edition from a site of its own (mirrors on other domains) instead of one host")
  boolean editionSites;

  @CommandLine.Option(names = "--pairs", paramLabel = "FILE.jsonl", description = "labelled pairs {\"a\", \"b\", \"label\": 0|1, \"kind\"?}; a and b are texts or page files (repeatable)")
  List<Path> pairs = new ArrayList<>();

  @CommandLine.Option(names = "--seed", paramLabel = "N", description = "seed of the generator and of sampled negatives (default: ${DEFAULT-VALUE})")
  long seed = 42;

  @CommandLine.Option(names = "--kinds", split = ",", paramLabel = "KIND", description = "repost kinds (default: all): template,title_source,punctuation,sentence_reorder,paragraph_reorder,synonyms,truncate,excerpt,rewrite")
  List<String> kinds;

  @CommandLine.Option(names = "--templates", paramLabel = "N", description = "synthetic templates used, 1-4 (default: ${DEFAULT-VALUE})")
  int templates = 4;

  @CommandLine.Option(names = "--synonym-rate", paramLabel = "R", description = "share of listed words swapped (default: ${DEFAULT-VALUE})")
  double synonymRate = 0.5;

  @CommandLine.Option(names = "--truncate-share", paramLabel = "R", description = "share of the text a truncated copy keeps (default: ${DEFAULT-VALUE})")
  double truncateShare = 0.6;

  @CommandLine.Option(names = "--excerpt-min", paramLabel = "R", description = "smallest excerpt share (default: ${DEFAULT-VALUE})")
  double excerptMin = 0.3;

  @CommandLine.Option(names = "--excerpt-max", paramLabel = "R", description = "largest excerpt share (default: ${DEFAULT-VALUE})")
  double excerptMax = 0.5;

  @CommandLine.Option(names = "--punctuation-rate", paramLabel = "R", description = "share of characters the width/punctuation edit touches (default: ${DEFAULT-VALUE})")
  double punctuationRate = 1.0;

  @CommandLine.Option(names = "--holdout", paramLabel = "R", description = "share of articles held out as stream negatives (default: ${DEFAULT-VALUE})")
  double holdout = 0.2;

  @CommandLine.Option(names = "--template-negatives", paramLabel = "N", description = "negative pairs per article: another article in the same template (default: ${DEFAULT-VALUE})")
  int templateNegatives = 2;

  @CommandLine.Option(names = "--neighbour-negatives", paramLabel = "N", description = "negative pairs per article: another article of the same site/folder (default: ${DEFAULT-VALUE})")
  int neighbourNegatives = 2;

  @CommandLine.Option(names = "--min-chars", paramLabel = "N", description = "pages with less main text are not used as articles (default: ${DEFAULT-VALUE})")
  int minChars = 200;

  @CommandLine.Option(names = "--json", description = "print every figure as one JSON object on stdout (the summary goes to stderr)")
  boolean json;

  @CommandLine.Option(names = "--json-out", paramLabel = "FILE", description = "write every figure as JSON to FILE")
  Path jsonOut;

  @CommandLine.Option(names = "--report", paramLabel = "FILE.html", description = "write a self-contained HTML report with charts")
  Path report;

  @CommandLine.Option(names = "--threads", paramLabel = "N", description = "extraction and fingerprinting threads (default: cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  @CommandLine.Option(names = "--no-stream-sweep", description = "skip the detector threshold sweeps over the stream")
  boolean noStreamSweep;

  @CommandLine.Option(names = "--baseline", description = {"also score, on the same streams, the rule a crawler operator might script in an afternoon:",
      "word 5-shingle Jaccard of the whole page text >= 0.5, first seen wins"})
  boolean baseline;

  @CommandLine.Option(names = "--sweep", split = ",", paramLabel = "KEY", completionCandidates = SweepKeys.class,
      description = "the thresholds the detector sweeps vary (default: all): ${COMPLETION-CANDIDATES}")
  List<String> sweep;

  /** The keys --sweep takes: MatchThresholds.SWEEPABLE. */
  static final class SweepKeys implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return org.neardup.fingerprint.MatchThresholds.SWEEPABLE.iterator();
    }
  }

  @CommandLine.Option(names = "--peers", description = {"also run the peer baselines on the same pages: Apache Nutch's MD5Signature and",
      "TextProfileSignature and StormCrawler's MD5SignatureParseFilter (needs the Maven profile 'peers': NEARDUP_MAVEN_PROFILES=peers)"})
  boolean peers;

  @CommandLine.Option(names = "--no-progress", description = "no progress bar on stderr")
  boolean noProgress;

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    List<RealSites.Entry> listed = realSites == null ? List.of()
        : realSites.isEmpty() ? RealSites.bundled() : RealSites.read(Path.of(realSites));
    if (pages.isEmpty() && corpus.isEmpty() && pairs.isEmpty() && sites.isEmpty() && debs.isEmpty() && listed.isEmpty()) {
      throw new IllegalArgumentException("nothing to evaluate: give --pages DIR, --corpus KIND DIR, --site DIR, --deb PKG, "
          + "--real-sites or --pairs FILE.jsonl");
    }
    if (sweep != null) {
      for (String k : sweep) {
        if (!org.neardup.fingerprint.MatchThresholds.SWEEPABLE.contains(k)) {
          throw new IllegalArgumentException("--sweep " + k + ": not a threshold, expected one of "
              + org.neardup.fingerprint.MatchThresholds.SWEEPABLE);
        }
      }
    }
    if (sites.isEmpty() && debs.isEmpty() && listed.isEmpty() && (oracleText || editionSites || container != null)) {
      throw new IllegalArgumentException("--oracle-text, --edition-sites and --container apply to real sites: give --site DIR, "
          + "--deb PKG or --real-sites");
    }
    System.setProperty("java.awt.headless", "true");
    List<Peer> peerList = peers ? Peers.all() : List.of(); // fails here, before any work, without the profile
    long start = System.nanoTime();
    NeardupConfig cfg = config.load().withStore("memory", "eval");
    Pipeline pipeline = Pipeline.of(cfg);
    Progress progress = new Progress(err(), !noProgress);
    List<Dataset> datasets = new ArrayList<>();
    if (!pages.isEmpty()) {
      List<Transform> ks = kinds == null ? Transform.REPOSTS : kinds.stream().map(Transform::parse).toList();
      RepostGenerator gen = new RepostGenerator(new RepostGenerator.Options(seed, ks, templates, synonymRate,
          truncateShare, excerptMin, excerptMax, punctuationRate, holdout, templateNegatives, neighbourNegatives));
      List<Article> articles = new ArrayList<>();
      List<String> loadNotes = new ArrayList<>();
      for (Path dir : pages) {
        progress.begin("read " + dir.getFileName(), ArticleLoader.pageFiles(dir).size());
        ArticleLoader.Loaded l = ArticleLoader.load(dir, pipeline.extractor(), minChars, progress);
        progress.finish();
        articles.addAll(l.articles());
        loadNotes.add(String.format("%s: %d page files, %d articles, %d left out (under %d characters of main text)",
            dir, l.files(), l.articles().size(), l.skipped(), minChars));
      }
      if (articles.size() < 2) throw new IllegalArgumentException("--pages: fewer than 2 usable articles");
      String n = name != null ? name : "reposts:" + String.join("+", pages.stream().map(p -> String.valueOf(p.getFileName())).toList());
      Dataset d = gen.generate(n, articles);
      loadNotes.forEach(d::note);
      datasets.add(d);
    }
    for (int i = 0; i + 1 < corpus.size(); i += 2) datasets.addAll(Corpora.load(corpus.get(i), Path.of(corpus.get(i + 1)), seed));
    for (Path p : pairs) datasets.add(Corpora.pairs(p));
    SiteOracle oracle = new SiteOracle(container);
    Sites.Options siteOptions = new Sites.Options(oracleText, editionSites);
    // real sites are loaded one at a time, each as its turn comes, so that only one site's pages are held
    List<Pending> later = new ArrayList<>();
    for (String site : sites) {
      Named n = named(site, "--site");
      List<Sites.Edition> editions = new ArrayList<>(); // a folder that is not there is named before any work
      for (String dir : n.values()) editions.add(new Sites.Edition(label(Path.of(dir).getFileName(), editions), Path.of(dir)));
      String siteName = n.name() != null ? n.name() : String.valueOf(editions.get(0).root().getFileName());
      later.add(new Pending("--site " + site, () -> Sites.load(siteName, editions, oracle, seed, siteOptions, progress)));
    }
    for (String deb : debs) later.add(debSite("--deb " + deb, named(deb, "--deb"), oracle, siteOptions, progress));
    for (RealSites.Entry e : listed) later.add(debSite("site " + e.name() + " (" + e.where() + ")", named(e.deb(), e.where()), oracle,
        siteOptions, progress));

    Evaluator ev = new Evaluator(pipeline, threads, progress, !noStreamSweep, peerList);
    if (sweep != null) ev.sweeping(sweep);
    ev.withBaseline(baseline);
    List<EvalResult> results = new ArrayList<>();
    for (Dataset d : datasets) run(ev, d, results);
    datasets.clear();
    List<String> failed = new ArrayList<>();
    for (Pending p : later) {
      Dataset d;
      try {
        d = p.load().call();
      } catch (Exception e) {
        // one site's package or pages must not cost the figures of the others
        failed.add(p.what() + ": " + e.getMessage());
        err().println("neardup eval: " + p.what() + ": " + e.getMessage() + " (left out; the other sites go on)");
        continue;
      }
      run(ev, d, results);
    }
    if (oracle.missed() > 0) {
      err().println("neardup eval: warning: " + oracle.missed() + " page(s) without the container '" + container
          + "': the oracle read their body");
    }
    SiteTargets targets = SiteTargets.DEFAULT;
    SiteTargets.Tally tally = targets.tally(results);
    if (tally.sites() > 0) targetSummary(json ? err() : out(), results, targets, tally);
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("seed", seed);
    meta.put("thresholds", cfg.detector().thresholds().toString());
    meta.put("fingerprints", cfg.fingerprints().toString());
    meta.put("min_text_chars", cfg.detector().minTextChars());
    meta.put("cores", Runtime.getRuntime().availableProcessors());
    meta.put("java", System.getProperty("java.version"));
    meta.put("seconds", Math.round((System.nanoTime() - start) / 1e8) / 10.0);
    if (json || jsonOut != null) {
      Map<String, Object> all = new LinkedHashMap<>();
      all.put("run", meta);
      List<Object> ds = new ArrayList<>();
      for (EvalResult r : results) ds.add(r.toMap());
      all.put("datasets", ds);
      if (!failed.isEmpty()) all.put("left_out", failed);
      if (tally.sites() > 0) all.put("targets", targets.toMap(results));
      ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      String text = m.writeValueAsString(all);
      if (jsonOut != null) Files.writeString(jsonOut, text, StandardCharsets.UTF_8);
      if (json) out().println(text);
    }
    if (report != null) {
      progress.begin("report charts", results.size());
      HtmlReport.write(report, results, meta, progress);
      progress.finish();
      err().println("neardup eval: report written to " + report);
    }
    err().printf("neardup eval: %d dataset(s) in %.1f s%n", results.size(), (System.nanoTime() - start) / 1e9);
    if (!failed.isEmpty()) {
      err().printf("neardup eval: %d site(s) left out:%n", failed.size());
      failed.forEach(f -> err().println("  " + f));
      return FAILED;
    }
    return OK;
  }

  /** A real site to load when its turn comes; {@code what} names it in errors. */
  private record Pending(String what, Callable<Dataset> load) {}

  /** A site of Debian packages, {@code NAME=PKG[:FOLDER][,...]}, each package checked now and fetched when loaded. */
  private Pending debSite(String what, Named n, SiteOracle oracle, Sites.Options options, Progress progress) {
    for (String v : n.values()) DebianPackages.checkName(packageOf(v), what);
    return new Pending(what, () -> {
      List<Sites.Edition> editions = new ArrayList<>();
      for (String v : n.values()) {
        // PKG or PKG:FOLDER, a folder of the package's site (one language of a package holding several)
        String pkg = packageOf(v);
        Path root = DebianPackages.site(pkg, DebianPackages.cache());
        if (pkg.length() < v.length()) {
          String folder = v.substring(pkg.length() + 1);
          root = root.resolve(folder);
          if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("--deb " + v + ": package " + pkg + " has no folder " + folder
                + " in its site " + root.getParent());
          }
        }
        editions.add(new Sites.Edition(label(Path.of(v.replace(':', '-')), editions), root));
      }
      Dataset d = Sites.load(n.name() != null ? n.name() : n.values().get(0), editions, oracle, seed, options, progress);
      for (String v : n.values()) {
        String pkg = packageOf(v);
        d.note("Debian package " + pkg + " " + DebianPackages.version(pkg, DebianPackages.cache()));
      }
      return d;
    });
  }

  /** The package of {@code PKG[:FOLDER]}. */
  private static String packageOf(String edition) {
    int colon = edition.indexOf(':');
    return colon < 0 ? edition : edition.substring(0, colon);
  }

  private void run(Evaluator ev, Dataset d, List<EvalResult> results) {
    EvalResult r = ev.run(d);
    results.add(r);
    summary(json ? err() : out(), r);
  }

  /** Every real site of the run against the targets, one line each, and how many meet each. */
  static void targetSummary(PrintWriter out, List<EvalResult> results, SiteTargets t, SiteTargets.Tally tally) {
    out.printf("%n== real sites against the targets: precision >= %.3f, distinct pages dropped <= %.2f %%, same-page recall >= %.2f%n",
        t.precision(), 100 * t.droppedShare(), t.samePageRecall());
    out.printf("   %-16s %7s %8s %6s %6s %7s %9s %9s  %s%n", "site", "pages", "distinct", "calls", "wrong", "P", "dropped",
        "recall", "unmet");
    // the share dropped to three decimals: 1 of 495 pages (0.202 %) misses 0.2 %
    SiteTargets.sites(results).forEach((name, p) -> out.printf("   %-16s %7d %8d %6d %6d %7.4f %8.3f%% %9s  %s%n", name,
        p.pages, p.distinct, p.calls, p.wrong, p.precision(), 100 * p.droppedShare(),
        p.samePageCopies == 0 ? "-" : String.format("%.4f", p.samePageRecall()), String.join(", ", t.unmet(p))));
    out.printf("   %d site(s): precision met on %d, distinct dropped on %d, same-page recall on %d of %d with same-page copies;"
        + " all three on %d%n", tally.sites(), tally.precision(), tally.dropped(), tally.recall(), tally.withSamePages(), tally.all());
  }

  /** {@code [NAME=]A[,B...]}. */
  record Named(String name, List<String> values) {}

  static Named named(String arg, String option) {
    int eq = arg.indexOf('=');
    String name = eq > 0 ? arg.substring(0, eq).strip() : null;
    List<String> values = new ArrayList<>();
    for (String v : arg.substring(eq + 1).split(",")) if (!v.isBlank()) values.add(v.strip());
    if (values.isEmpty()) throw new IllegalArgumentException(option + " '" + arg + "': nothing after the name");
    return new Named(name, values);
  }

  /** An edition's label: its folder's name, made unique among the site's editions. */
  private static String label(Path name, List<Sites.Edition> before) {
    String base = name == null ? "site" : name.toString();
    String label = base;
    for (int i = 2; ; i++) {
      String l = label;
      if (before.stream().noneMatch(e -> e.label().equals(l))) return label;
      label = base + "-" + i;
    }
  }

  static void summary(PrintWriter out, EvalResult r) {
    out.printf("%n== %s: %s%n", r.name, r.description);
    for (String n : r.notes) out.println("   " + n);
    out.printf("   %d pages (%d with text, mean %.0f chars); extract %.2f ms/page, fingerprint %.2f ms/page%n",
        r.pages, r.pagesWithText, r.meanChars, r.extractMsPerPage, r.fingerprintMsPerPage);
    if (r.pairs > 0) {
      out.printf("   pairs: %d (%d duplicate, %d not)%n", r.pairs, r.positivePairs, r.pairs - r.positivePairs);
      out.printf("   %-24s %6s %6s %6s | %-22s %6s %6s %6s%n", "method (pairwise)", "P", "R", "F1", "best threshold", "P", "R", "F1");
      for (EvalResult.MethodResult m : r.methods) {
        var c = m.atDefault;
        if (m.best != null) {
          var b = m.best.counts();
          out.printf("   %-24s %6.3f %6.3f %6.3f | %-22s %6.3f %6.3f %6.3f%n", m.method.key(), c.precision(), c.recall(), c.f1(),
              m.spec.unit() + " " + fmt(m.best.threshold()), b.precision(), b.recall(), b.f1());
        } else {
          out.printf("   %-24s %6.3f %6.3f %6.3f |%n", m.method.key(), c.precision(), c.recall(), c.f1());
        }
      }
      if (!r.combinedErrors.isEmpty()) {
        out.printf("   pairs the combined rule gets wrong (%d%s; every score in the JSON's combined_errors):%n", r.combinedErrors.size(),
            r.combinedErrors.size() >= EvalResult.MAX_COMBINED_ERRORS ? ", the first" : "");
        for (var e : r.combinedErrors.subList(0, Math.min(10, r.combinedErrors.size()))) {
          @SuppressWarnings("unchecked") var sc = (Map<String, Object>) e.get("scores");
          out.printf("     %s (label %s) %s ~ %s: shingles %s, minhash %s, containment %s; called by %s; combined %s%n", e.get("kind"),
              e.get("label"), e.get("a"), e.get("b"), sc.get("shingles"), sc.get("minhash"), sc.get("containment"),
              e.get("called_duplicate_by"), e.get("combined"));
        }
      }
    }
    if (r.stream != null) {
      var s = r.stream;
      out.printf("   stream (detector, %d pages, %.3f ms/check): P %.3f R %.3f F1 %.3f  (tp %d fp %d fn %d tn %d, wrong original %d)%n",
          s.pages, s.msPerPage, s.overall.precision(), s.overall.recall(), s.overall.f1(), s.overall.tp(), s.overall.fp(),
          s.overall.fn(), s.overall.tn(), s.wrongOriginal);
      s.perKind.forEach((k, c) -> out.printf("     %-20s pages %-5d caught %d/%d  false positives %d%n", k, s.items.getOrDefault(k, 0), c.tp(), c.positives(), c.fp()));
      out.println("     decided by: " + s.decidedBy);
      if (s.site != null) siteSummary(out, s.site);
    }
    if (r.baseline != null) {
      var b = r.baseline;
      out.printf("   %s: P %.3f R %.3f F1 %.3f  (tp %d fp %d fn %d tn %d)%n", b.label, b.overall.precision(), b.overall.recall(),
          b.overall.f1(), b.overall.tp(), b.overall.fp(), b.overall.fn(), b.overall.tn());
      if (b.site != null) siteSummary(out, b.site);
    }
    if (!r.peers.isEmpty()) peerSummary(out, r);
    out.flush();
  }

  /** A real site's figures by the oracle, whole and per edition. */
  static void siteSummary(PrintWriter out, EvalResult.SiteResult s) {
    out.printf("   real site, judged by the oracle (copy: oracle Jaccard >= %.1f, or the same page >= %.1f; not: < %.1f;%n"
        + "   recall: same-page copies named copies of a copy, called: of a page the oracle is unsure of included):%n",
        SiteLabels.COPY, SiteLabels.NOT, SiteLabels.NOT);
    out.printf("     %-22s %6s %8s %6s | %6s %6s %6s %7s | %9s %8s %8s | %9s %7s%n", "edition", "pages", "distinct", "copies",
        "calls", "right", "wrong", "P", "same-page", "recall", "called", "distinct", "dropped");
    Map<String, EvalResult.SiteResult.Part> rows = new LinkedHashMap<>(s.perEdition);
    rows.put("all", s.all);
    rows.forEach((k, p) -> out.printf("     %-22s %6d %8d %6d | %6d %6d %6d %7.4f | %9d %8s %8s | %9d %6.2f%%%n", k, p.pages, p.distinct,
        p.copies, p.calls, p.right, p.wrong, p.precision(), p.samePageCopies,
        p.samePageCopies == 0 ? "-" : String.format("%.4f", p.samePageRecall()),
        p.samePageCopies == 0 ? "-" : String.format("%.4f", (double) p.samePageCalled / p.samePageCopies), p.distinctDropped,
        100 * p.droppedShare()));
    if (!s.wrongBy.isEmpty()) out.println("     wrong calls by: " + s.wrongBy);
    for (String w : s.droppedDistinct.subList(0, Math.min(10, s.droppedDistinct.size()))) out.println("       dropped: " + w);
    for (String w : s.wrongCalls.subList(0, Math.min(10, s.wrongCalls.size()))) out.println("       wrong: " + w);
    for (String m : s.missedCopies.subList(0, Math.min(5, s.missedCopies.size()))) out.println("       missed: " + m);
  }

  /** Peers next to neardup: precision/recall/F1 pairwise and over the stream. */
  static void peerSummary(PrintWriter out, EvalResult r) {
    EvalResult.MethodResult combined = r.method(Method.COMBINED);
    out.printf("   peers (same pages, pairs and stream; duplicate = equal signatures):%n");
    out.printf("   %-24s %6s %6s %6s | %6s %6s %6s %5s %5s | %9s %9s%n", "method", "pair P", "R", "F1", "strm P", "R", "F1", "FP",
        "wrong", "sig ms/pg", "+input ms");
    if (combined != null && r.stream != null) {
      var c = combined.atDefault;
      var s = r.stream.overall;
      out.printf("   %-24s %6.3f %6.3f %6.3f | %6.3f %6.3f %6.3f %5d %5d |%n", "neardup (combined)", c.precision(), c.recall(),
          c.f1(), s.precision(), s.recall(), s.f1(), s.fp(), r.stream.wrongOriginal);
    }
    for (EvalResult.PeerResult p : r.peers) {
      var c = p.pairwise;
      var s = p.stream;
      out.printf("   %-24s %6.3f %6.3f %6.3f | %6.3f %6.3f %6.3f %5d %5d | %9.4f %9.3f%n", p.key, c.precision(), c.recall(), c.f1(),
          s.precision(), s.recall(), s.f1(), s.fp(), p.wrongOriginal, p.msPerPage, p.inputMsPerPage);
    }
    out.printf("   (sig ms/pg: the peer's signature with its input given, one thread, not warmed up; +input: jsoup body text"
        + " for page-text peers. Warm speed ratios to neardup: bench --peers)%n");
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

}
