package org.neardup.eval;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.neardup.config.NeardupConfig;
import org.neardup.extract.Page;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.MatchThresholds;
import org.neardup.runtime.PageFiles;
import org.neardup.runtime.Pipeline;

/**
 * How often the sentence-boundary score alone would call two pages of different sites copies, and
 * how much text such pairs share: every pair of pages from two different folders (each folder one
 * site) whose score reaches {@code neardup.match.sentence_score} (three equal parts, or an equal
 * title and two), with the Jaccard estimate of their sketches. No store and no candidate lookup:
 * the rule itself, on every such pair.
 *
 * <pre>java -cp target/test-classes:target/classes:$(cat target/classpath.txt) \
 *     org.neardup.eval.BoundaryProbe PAGES_PER_SITE DIR [DIR ...]</pre>
 *
 * Prints the pairs that share less than {@code neardup.match.support_jaccard} and the counts.
 */
public final class BoundaryProbe {
  private BoundaryProbe() {}

  private record Signed(int site, Path file, FineSignature sig) {}

  public static void main(String[] args) {
    if (args.length < 3) {
      System.err.println("usage: BoundaryProbe PAGES_PER_SITE DIR DIR [DIR ...] (each DIR one site)");
      System.exit(2);
    }
    int perSite = Integer.parseInt(args[0]);
    NeardupConfig config = NeardupConfig.defaults();
    MatchThresholds t = config.detector().thresholds();
    Pipeline pipeline = Pipeline.of(config);
    List<Signed> pages = new ArrayList<>();
    for (int site = 1; site < args.length; site++) {
      List<Path> files = new ArrayList<>(PageFiles.list(Path.of(args[site]), PageFiles::isHtml));
      Collections.shuffle(files, new Random(site));
      int kept = 0;
      for (Path f : files) {
        if (kept == perSite) break;
        byte[] bytes;
        try {
          bytes = PageFiles.read(f);
        } catch (UncheckedIOException e) {
          System.err.println("skipped " + f + ": " + e.getCause().getMessage());
          continue;
        }
        Page page = pipeline.extractor().extract(f.toUri().toString(), bytes, null);
        if (!page.status().hasText()) continue;
        pages.add(new Signed(site, f, FineSignature.of(pipeline.fingerprinter().of(page))));
        kept++;
      }
    }
    // pages that can reach the score share all parts, or the title and two parts: group by those
    Map<String, List<Signed>> groups = new HashMap<>();
    for (Signed p : pages) {
      int[] parts = p.sig().parts();
      int title = p.sig().titleHash();
      if (parts.length == 3 && parts[0] != 0 && parts[1] != 0 && parts[2] != 0) {
        groups.computeIfAbsent("p" + parts[0] + ":" + parts[1] + ":" + parts[2], k -> new ArrayList<>()).add(p);
      }
      for (int i = 0; i < parts.length; i++) {
        for (int j = i + 1; j < parts.length; j++) {
          if (title == 0 || parts[i] == 0 || parts[j] == 0) continue;
          groups.computeIfAbsent("t" + i + j + ":" + title + ":" + parts[i] + ":" + parts[j],
              k -> new ArrayList<>()).add(p);
        }
      }
    }
    Set<String> seen = new HashSet<>();
    int pairs = 0;
    int unsupported = 0;
    for (List<Signed> group : groups.values()) {
      for (int i = 0; i < group.size(); i++) {
        for (int j = i + 1; j < group.size(); j++) {
          Signed a = group.get(i);
          Signed b = group.get(j);
          if (a.site() == b.site() || !seen.add(a.file() + "\n" + b.file())) continue;
          double score = a.sig().boundaryScore(b.sig(), t.titleWeight());
          if (score < t.sentenceScore()) continue;
          pairs++;
          double jaccard = a.sig().jaccardEstimate(b.sig());
          if (jaccard < t.supportJaccard()) {
            unsupported++;
            System.out.printf("%.3f  score %.1f  %s ~ %s%n", jaccard, score, a.file(), b.file());
          }
        }
      }
    }
    System.out.printf("%d pages of %d sites; pairs of two sites with sentence-boundary score >= %.1f: %d,"
        + " of which Jaccard estimate < %.2f: %d%n", pages.size(), args.length - 1, t.sentenceScore(),
        pairs, t.supportJaccard(), unsupported);
  }
}
