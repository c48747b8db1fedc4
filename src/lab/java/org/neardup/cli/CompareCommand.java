package org.neardup.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.neardup.extract.Page;
import org.neardup.fingerprint.Fingerprints;
import org.neardup.fingerprint.Hashes;
import org.neardup.fingerprint.MinHash;
import org.neardup.fingerprint.SiteContext;
import org.neardup.fingerprint.MethodScore;
import org.neardup.fingerprint.PairComparison;
import org.neardup.runtime.Pipeline;
import picocli.CommandLine;

@CommandLine.Command(name = "compare",
    description = {"Compare two pages with every method side by side.",
        "For each method: its signature summary, score, and whether it calls the pair a duplicate at the "
            + "configured thresholds. The combined rule is the detector's: pages of one site (by url, or "
            + "--same-site) are held to the same-site thresholds, and --site-page gives other pages of A's "
            + "site, so the rule sees A's template and its other neighbours as the detector does."})
final class CompareCommand extends BaseCommand {
  @CommandLine.Parameters(index = "0", paramLabel = "A", description = "HTML or text file, or url")
  String a;

  @CommandLine.Parameters(index = "1", paramLabel = "B", description = "HTML or text file, or url")
  String b;

  @CommandLine.Option(names = "--json", description = "one JSON object: {a, b, methods: {name: {score, duplicate, ...}}}")
  boolean json;

  @CommandLine.Option(names = "--same-site", description = "A and B are pages of one site (default: when their urls' sites are equal)")
  boolean sameSite;

  @CommandLine.Option(names = "--site-page", paramLabel = "PAGE",
      description = "another page of A's site, not a copy of B (repeatable): what A shares with it is template, and B must stand out from it")
  List<String> sitePages = new java.util.ArrayList<>();

  @CommandLine.Mixin ConfigOptions config = new ConfigOptions();

  @Override
  public Integer call() throws Exception {
    Pipeline pipeline = Pipeline.of(config.load());
    Page pa = load(pipeline, a);
    Page pb = load(pipeline, b);
    Fingerprints fa = pipeline.fingerprinter().of(pa);
    Fingerprints fb = pipeline.fingerprinter().of(pb);
    List<MethodScore> scores = PairComparison.compare(fa, fb, pipeline.config().detector().thresholds(), site(pipeline, pa, fa, pb, fb, pipeline.config().detector().thresholds()));
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("a", summary(pa, fa));
      o.put("b", summary(pb, fb));
      Map<String, Object> methods = new LinkedHashMap<>();
      for (MethodScore s : scores) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("score", s.score());
        m.put("duplicate", s.duplicate());
        m.putAll(s.details());
        methods.put(s.method().key(), m);
      }
      o.put("methods", methods);
      out().println(ExtractCommand.JSON.writeValueAsString(o));
    } else {
      // the share of words in another script than Latin: what two_scripts compares
      out().printf(Locale.ROOT, "A: %s (%s, %d letters, non-Latin %.2f, %s)%n", pa.url(), pa.language().code(), fa.textChars(),
          fa.nonLatinShare(), pa.title());
      out().printf(Locale.ROOT, "B: %s (%s, %d letters, non-Latin %.2f, %s)%n%n", pb.url(), pb.language().code(), fb.textChars(),
          fb.nonLatinShare(), pb.title());
      out().printf("%-24s %10s  %-9s  %s%n", "method", "score", "duplicate", "details");
      for (MethodScore s : scores) {
        out().printf("%-24s %10s  %-9s  %s%n", s.method().key(), format(s.score()), s.duplicate() ? "yes" : "no", s.details());
      }
    }
    return OK;
  }

  /**
   * What A's site says of the pair: one site or two, A's template and closest other neighbour among
   * --site-page, and whether the two are views of one thing (A's title in words that
   * match.title_pattern_pages of the --site-page pages write around their names).
   */
  private SiteContext site(Pipeline pipeline, Page pa, Fingerprints fa, Page pb, Fingerprints fb,
      org.neardup.fingerprint.MatchThresholds t) {
    boolean same = sameSite || org.neardup.detect.SiteKey.sameSite(pa.url(), pb.url());
    byte[] mine = MinHash.sketch(fa.minhash());
    List<byte[]> others = new java.util.ArrayList<>();
    double sibling = 0;
    String pattern = org.neardup.fingerprint.TitleNames.pattern(pa.title());
    int patternPages = 0;
    for (String location : sitePages) {
      Page p = load(pipeline, location);
      if (pattern != null && pattern.equals(org.neardup.fingerprint.TitleNames.pattern(p.title()))) patternPages++;
      if (!p.status().hasText()) continue;
      byte[] theirs = MinHash.sketch(pipeline.fingerprinter().of(p).minhash());
      others.add(theirs);
      if (theirs.length == mine.length) sibling = Math.max(sibling, MinHash.estimateFromSketch(mine, theirs));
    }
    boolean sameTitle = same && SiteContext.sameTitle(pa.title(), pb.title());
    boolean views = SiteContext.views(same, pa.title(), org.neardup.fingerprint.FineSignature.of(fa).names(), patternPages,
        pb.title(), org.neardup.fingerprint.FineSignature.of(fb).names(), t);
    return new SiteContext(same, sameTitle, same ? SiteContext.templateOf(mine, others) : new java.util.BitSet(),
        same ? others.size() : 0, sibling, false, views);
  }

  private Page load(Pipeline p, String location) {
    PageSource src = PageSource.read(location, p.config().extraction().maxBytes());
    Page page = p.extractor().extract(src.url(), src.body(), src.charsetHint());
    if (!page.status().hasText()) {
      err().println("warning: " + location + ": " + page.status().name().toLowerCase() + " " + page.message());
    }
    return page;
  }

  private static Map<String, Object> summary(Page p, Fingerprints f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("url", p.url());
    m.put("title", p.title());
    m.put("heading", p.heading());
    m.put("language", p.language().code());
    m.put("status", p.status().name().toLowerCase());
    m.put("text_chars", f.textChars());
    m.put("non_latin_share", Math.round(f.nonLatinShare() * 1000) / 1000.0);
    m.put("digest", f.digest().hex());
    m.put("simhash", Hashes.hex(f.simhash()));
    m.put("shingles", f.shingles().length);
    m.put("core_terms", f.coreTerms().terms());
    return m;
  }

  private static String format(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format("%.3f", v);
  }
}
