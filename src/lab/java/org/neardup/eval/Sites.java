package org.neardup.eval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.neardup.runtime.PageFiles;

/**
 * Real-site datasets ({@code eval --site}): one site in one or more editions (localisations,
 * versions), each a folder of HTML pages as the site serves them. Nothing is generated: the pages
 * are crawled as they are, and the truth comes from the site's structure and the {@link
 * SiteOracle} ({@link SiteLabels}).
 *
 * <p>Every edition is served from one host, {@code https://NAME.site.invalid/EDITION/PATH}, as
 * documentation sites serve their languages and versions (or, with {@link Options#editionSites},
 * each from a site of its own, as mirrors are). The stream is every page of every
 * edition in one order drawn from the seed (a crawl of a host meets its editions mixed); the
 * first page of a set of copies is their original.
 *
 * <p>Pairs, for every method alone: the same page in two editions, and each page with the next
 * two pages of its folder in its edition (siblings: one template, one subject, other pages),
 * each labelled by the oracle; pairs it is unsure of are left out.
 */
public final class Sites {
  private Sites() {}

  /** One edition of a site: a label (its folder in the url) and the folder of its pages. */
  public record Edition(String label, Path root) {
    public Edition {
      if (!Files.isDirectory(root)) throw new IllegalArgumentException("edition " + label + ": " + root + " is not a folder");
    }
  }

  public static Dataset load(String name, List<Edition> editions, SiteOracle oracle, long seed, Progress progress) {
    return load(name, editions, oracle, seed, new Options(false, false), progress);
  }

  /**
   * How a site is crawled in the evaluation.
   *
   * @param oracleText the detector reads each page's oracle text (and its {@code <title>}) instead
   *     of what the extractor makes of the page: the decision rule measured apart from extraction
   * @param editionSites each edition is served from a site of its own ({@code EDITION.NAME.site.invalid}),
   *     as mirrors and localised copies on other domains are, instead of all from one host
   */
  public record Options(boolean oracleText, boolean editionSites) {}

  public static Dataset load(String name, List<Edition> editions, SiteOracle oracle, long seed, Options options,
      Progress progress) {
    boolean oracleText = options.oracleText();
    if (editions.isEmpty()) throw new IllegalArgumentException("--site " + name + ": no edition folder");
    String host = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]+", "-") + ".site.invalid";
    List<PageSpec> specs = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (Edition e : editions) {
      for (Path f : PageFiles.list(e.root(), PageFiles::isHtml)) {
        String rel = e.root().relativize(f).toString().replace('\\', '/');
        String id = name + "/" + e.label() + "/" + rel;
        String h = options.editionSites() ? e.label().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]+", "-") + "." + host : host;
        specs.add(PageSpec.html(id, "https://" + h + "/" + e.label() + "/" + rel, PageFiles.read(f)));
        keys.add(rel);
        labels.add(e.label());
      }
    }
    if (specs.size() < 2) throw new IllegalArgumentException("--site " + name + ": fewer than 2 HTML pages in " + editions);
    long[][] shingles = new long[specs.size()][];
    progress.begin(name + ": oracle", specs.size());
    IntStream.range(0, specs.size()).parallel().forEach(i -> {
      PageSpec s = specs.get(i);
      String text = oracle.text(s.html(), s.url());
      shingles[i] = SiteOracle.shingles(text);
      if (oracleText) specs.set(i, PageSpec.text(s.id(), SiteOracle.title(s.html(), s.url()), text).at(s.url()));
      progress.step();
    });
    progress.finish();
    SiteLabels truth = new SiteLabels();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      truth.page(specs.get(i).id(), keys.get(i), labels.get(i), shingles[i]);
      ids.add(specs.get(i).id());
    }
    truth.join(ids);

    Dataset d = new Dataset(name, "real site " + name + ": " + specs.size() + " pages in " + editions.size()
        + " edition(s) " + editions.stream().map(Edition::label).toList() + ", labelled by path and oracle (" + oracle + ")");
    d.labels(truth);
    for (Edition e : editions) d.note("edition " + e.label() + ": " + e.root());
    List<PageSpec> order = new ArrayList<>(specs);
    Collections.shuffle(order, new Random(seed));
    for (PageSpec p : order) d.streamItem(p, p.id(), "page");

    // pairs: the same page across editions, and siblings (the next pages of a folder)
    Map<String, List<PageSpec>> byKey = new HashMap<>();
    for (int i = 0; i < specs.size(); i++) byKey.computeIfAbsent(keys.get(i), k -> new ArrayList<>()).add(specs.get(i));
    for (List<PageSpec> same : byKey.values()) {
      for (int i = 0; i < same.size(); i++) {
        for (int j = i + 1; j < same.size(); j++) pair(d, truth, same.get(i), same.get(j), "same_page");
      }
    }
    for (int i = 0; i < specs.size(); i++) {
      for (int j = i + 1; j <= i + 2 && j < specs.size(); j++) {
        if (labels.get(i).equals(labels.get(j)) && folder(keys.get(i)).equals(folder(keys.get(j)))) {
          pair(d, truth, specs.get(i), specs.get(j), "sibling");
        }
      }
    }
    return d;
  }

  private static void pair(Dataset d, SiteLabels truth, PageSpec a, PageSpec b, String kind) {
    SiteLabels.Truth t = truth.truth(a.id(), b.id());
    if (t != SiteLabels.Truth.UNSURE) d.pair(a, b, t == SiteLabels.Truth.COPY, kind);
  }

  private static String folder(String rel) {
    int slash = rel.lastIndexOf('/');
    return slash < 0 ? "" : rel.substring(0, slash);
  }
}
