package org.neardup.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Makes a labelled repost stream from real articles, the way copiers repost ("伪原创",
 * "pseudo-original" rewriting as Chinese content farms practise it): the article's main text
 * inside another site's template, with a changed title and a source line, width and punctuation
 * changes, reordered sentences or paragraphs, synonym swaps, a truncated copy or an excerpt. Every
 * article's reposts depend only on the seed and the article's id, so a run is reproducible and
 * adding articles does not change the others' reposts.
 *
 * <p>The stream a crawl sees: the originals (as crawled) first, then the reposts shuffled together
 * with hard negatives: held-out articles inside one of the same templates ({@code neg_template}), or
 * as crawled from a site whose other articles are in the stream ({@code neg_neighbour}). The
 * labelled pairs: each repost with its original, and for each article {@code templateNegatives}
 * pairs of it and another article inside one template and {@code neighbourNegatives} pairs of it
 * and another article of the same site or folder.
 */
public final class RepostGenerator {
  /**
   * @param seed the seed of every random choice
   * @param kinds the repost kinds to make, one repost of each kind per article
   * @param templates how many of the 4 templates to use
   * @param synonymRate share of the listed words swapped (synonyms, rewrite)
   * @param truncateShare share of the text a truncated copy keeps
   * @param excerptMin smallest excerpt share
   * @param excerptMax largest excerpt share
   * @param punctuationRate share of characters the punctuation/width edit touches
   * @param holdout share of the articles kept out of the originals to serve as stream negatives
   * @param templateNegatives negative pairs per article: another article in the same template
   * @param neighbourNegatives negative pairs per article: another article of the same site/folder
   */
  public record Options(long seed, List<Transform> kinds, int templates, double synonymRate,
      double truncateShare, double excerptMin, double excerptMax, double punctuationRate, double holdout,
      int templateNegatives, int neighbourNegatives) {
    public Options {
      kinds = List.copyOf(kinds);
      for (Transform k : kinds) {
        if (!Transform.REPOSTS.contains(k)) throw new IllegalArgumentException("not a repost kind: " + k.key());
      }
      if (templates < 1 || templates > Templates.COUNT) throw new IllegalArgumentException("--templates must be 1.." + Templates.COUNT);
      unit("--synonym-rate", synonymRate);
      unit("--truncate-share", truncateShare);
      unit("--excerpt-min", excerptMin);
      unit("--excerpt-max", excerptMax);
      unit("--punctuation-rate", punctuationRate);
      unit("--holdout", holdout);
      if (excerptMin > excerptMax) throw new IllegalArgumentException("--excerpt-min must be <= --excerpt-max");
      if (templateNegatives < 0 || neighbourNegatives < 0) throw new IllegalArgumentException("negatives per article must be >= 0");
    }

    private static void unit(String name, double v) {
      if (!(v >= 0 && v <= 1)) throw new IllegalArgumentException(name + " must be in [0, 1], got " + v);
    }

    public static Options defaults() {
      return new Options(42, Transform.REPOSTS, Templates.COUNT, 0.5, 0.6, 0.3, 0.5, 1.0, 0.2, 2, 2);
    }

    public Options withSeed(long s) {
      return new Options(s, kinds, templates, synonymRate, truncateShare, excerptMin, excerptMax,
          punctuationRate, holdout, templateNegatives, neighbourNegatives);
    }
  }

  /** One repost: the page and what was done. */
  public record Repost(Article source, Transform kind, int template, String title, List<String> paragraphs, PageSpec page,
      int synonymsEligible, int synonymsSwapped) {}

  private final Options options;
  private final Map<String, PageSpec> plain = new HashMap<>();
  private List<Article> pool = List.of();
  private long eligible;
  private long swapped;

  public RepostGenerator(Options options) {
    this.options = options;
  }

  public Options options() {
    return options;
  }

  static long mix(long seed, String a, String b) {
    long h = seed * 0x9E3779B97F4A7C15L;
    for (char c : (a + "\u0000" + b).toCharArray()) h = (h ^ c) * 0x100000001B3L;
    return h ^ (h >>> 31);
  }

  public Dataset generate(String name, List<Article> input) {
    List<Article> sorted = new ArrayList<>(input);
    sorted.sort((x, y) -> x.id().compareTo(y.id()));
    // natural duplicates in the source folder (the same article saved twice) would be unlabelled
    // positives: keep the first of each main text
    List<Article> articles = new ArrayList<>();
    Set<String> texts = new HashSet<>();
    List<String> dropped = new ArrayList<>();
    for (Article a : sorted) {
      if (texts.add(String.join("\n", a.paragraphs()).replaceAll("\\s+", ""))) articles.add(a);
      else dropped.add(a.id());
    }
    pool = articles;
    Random rnd = new Random(options.seed());
    List<Article> shuffled = new ArrayList<>(articles);
    Collections.shuffle(shuffled, rnd);
    int held = (int) Math.round(articles.size() * options.holdout());
    Set<String> heldIds = new HashSet<>();
    for (int i = 0; i < held; i++) heldIds.add(shuffled.get(i).id());
    List<Article> seen = articles.stream().filter(a -> !heldIds.contains(a.id())).toList();
    List<Article> heldOut = articles.stream().filter(a -> heldIds.contains(a.id())).toList();
    Set<String> seenGroups = new HashSet<>();
    for (Article a : seen) seenGroups.add(a.group());

    Dataset d = new Dataset(name, "reposts of " + articles.size() + " articles (" + seen.size()
        + " originals, " + heldOut.size() + " held out as negatives), kinds " + options.kinds().stream().map(Transform::key).toList()
        + ", seed " + options.seed());
    if (!dropped.isEmpty()) d.note("left out " + dropped.size() + " page(s) whose main text equals an earlier page's (natural duplicates): " + dropped);
    for (Article a : seen) d.streamItem(a.raw(), a.id(), Transform.ORIGINAL.key());

    record Pending(PageSpec page, String cluster, String kind) {}
    List<Pending> later = new ArrayList<>();
    for (Article a : seen) {
      for (Transform k : options.kinds()) {
        Repost r = repost(a, k);
        later.add(new Pending(r.page(), a.id(), k.key()));
        d.pair(a.raw(), r.page(), true, k.key());
      }
    }
    for (int i = 0; i < heldOut.size(); i++) {
      Article h = heldOut.get(i);
      Random r = new Random(mix(options.seed(), h.id(), "negative"));
      if (i % 2 == 1 && seenGroups.contains(h.group())) {
        later.add(new Pending(h.raw(), h.id(), Transform.NEG_NEIGHBOUR.key()));
      } else {
        later.add(new Pending(plain(h, r.nextInt(options.templates())), h.id(), Transform.NEG_TEMPLATE.key()));
      }
    }
    Collections.shuffle(later, rnd);
    for (Pending p : later) d.streamItem(p.page(), p.cluster(), p.kind());

    // negative pairs
    Set<String> done = new HashSet<>();
    for (Article a : seen) {
      Random r = new Random(mix(options.seed(), a.id(), "pairs"));
      for (int i = 0; i < options.templateNegatives() && seen.size() > 1; i++) {
        Article b = seen.get(r.nextInt(seen.size()));
        if (b == a) b = seen.get((seen.indexOf(a) + 1) % seen.size());
        int t = r.nextInt(options.templates());
        d.pair(plain(a, t), plain(b, t), false, Transform.NEG_TEMPLATE.key());
      }
      List<Article> siblings = new ArrayList<>(seen.stream().filter(b -> b != a && b.group().equals(a.group())).toList());
      Collections.shuffle(siblings, r);
      int n = 0;
      for (Article b : siblings) {
        if (n >= options.neighbourNegatives()) break;
        String key = a.id().compareTo(b.id()) < 0 ? a.id() + "|" + b.id() : b.id() + "|" + a.id();
        if (!done.add(key)) continue;
        d.pair(a.raw(), b.raw(), false, Transform.NEG_NEIGHBOUR.key());
        n++;
      }
    }
    if (options.kinds().contains(Transform.SYNONYMS) || options.kinds().contains(Transform.REWRITE)) {
      d.note(String.format("synonym swaps: %d of %d listed words swapped (asked %.2f, got %.2f)",
          swapped, eligible, options.synonymRate(), eligible == 0 ? 0.0 : (double) swapped / eligible));
    }
    return d;
  }

  /**
   * Where a page in template t is crawled from: each template is another site than the
   * articles' own (a repost moves an article to another site).
   */
  static String templateUrl(int t, String id) {
    return "https://repost-site-" + t + ".invalid/" + id;
  }

  /** The article, unchanged, inside template t (cached: one page per article and template). */
  PageSpec plain(Article a, int t) {
    return plain.computeIfAbsent(t + "|" + a.id(), k -> {
      Random r = new Random(mix(options.seed(), a.id(), "plain" + t));
      String id = "tpl" + t + "/" + a.id();
      return PageSpec.html(id, templateUrl(t, id), Templates.render(t, a.chinese(), a.title()
          + Templates.titleSuffix(t, a.chinese()), a.paragraphs(), related(a, r), r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    });
  }

  private List<String> related(Article a, Random r) {
    List<String> out = new ArrayList<>();
    if (pool.size() > 1) {
      for (int i = 0; i < 10; i++) {
        Article b = pool.get(r.nextInt(pool.size()));
        if (b != a && b.chinese() == a.chinese()) out.add(b.title());
      }
    }
    if (out.isEmpty()) out.add(a.chinese() ? "更多精彩内容" : "More stories");
    return out;
  }

  /** One repost of the article, made the way {@code kind} says. */
  public Repost repost(Article a, Transform kind) {
    Random r = new Random(mix(options.seed(), a.id(), kind.key()));
    boolean zh = a.chinese();
    int t = r.nextInt(options.templates());
    String title = a.title();
    List<String> paras = new ArrayList<>(a.paragraphs());
    int[] syn = {0, 0};
    switch (kind) {
      case TEMPLATE -> title = title + Templates.titleSuffix(t, zh);
      case TITLE_SOURCE -> {
        title = newTitle(a, t, r);
        paras = withSource(a, paras, r);
      }
      case PUNCTUATION -> {
        boolean toHalf = zh ? r.nextDouble() < 0.7 : r.nextBoolean();
        title = TextEdits.punctuation(title, toHalf, options.punctuationRate(), r) + Templates.titleSuffix(t, zh);
        List<String> out = new ArrayList<>();
        for (String p : paras) out.add(TextEdits.punctuation(p, toHalf, options.punctuationRate(), r));
        paras = out;
      }
      case SENTENCE_REORDER -> paras = TextEdits.reorderSentences(paras, zh, r);
      case PARAGRAPH_REORDER -> paras = TextEdits.reorderParagraphs(paras, r);
      case SYNONYMS -> paras = synonyms(paras, zh, r, syn);
      case TRUNCATE -> paras = TextEdits.truncate(paras, zh, options.truncateShare());
      case EXCERPT -> paras = TextEdits.excerpt(paras, zh,
          options.excerptMin() + r.nextDouble() * (options.excerptMax() - options.excerptMin()), r);
      case REWRITE -> {
        title = newTitle(a, t, r);
        paras = TextEdits.reorderParagraphs(paras, r);
        paras = synonyms(paras, zh, r, syn);
        boolean toHalf = zh || r.nextBoolean();
        List<String> out = new ArrayList<>();
        for (String p : paras) out.add(TextEdits.punctuation(p, toHalf, options.punctuationRate() / 2, r));
        paras = withSource(a, out, r);
      }
      default -> throw new IllegalArgumentException("not a repost kind: " + kind.key());
    }
    String html = Templates.render(t, zh, title, paras, related(a, r), r);
    String id = kind.key() + "/" + a.id();
    PageSpec page = PageSpec.html(id, templateUrl(t, id), html.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return new Repost(a, kind, t, title, paras, page, syn[0], syn[1]);
  }

  private List<String> synonyms(List<String> paras, boolean zh, Random r, int[] syn) {
    List<String> out = new ArrayList<>();
    for (String p : paras) {
      Synonyms.Result s = Synonyms.swap(p, zh, options.synonymRate(), r);
      out.add(s.text());
      syn[0] += s.eligible();
      syn[1] += s.swapped();
    }
    synchronized (this) {
      eligible += syn[0];
      swapped += syn[1];
    }
    return out;
  }

  private String newTitle(Article a, int t, Random r) {
    boolean zh = a.chinese();
    String suffix = Templates.titleSuffix(t, zh);
    return switch (r.nextInt(4)) {
      case 0 -> a.title() + suffix;
      case 1 -> (zh ? "【转载】" : "Repost: ") + a.title() + suffix;
      case 2 -> Synonyms.swap(a.title(), zh, 1.0, r).text() + suffix;
      default -> {
        String first = TextEdits.sentences(a.paragraphs().get(0), zh).get(0);
        int max = zh ? 24 : 80;
        yield (first.length() > max ? first.substring(0, max) : first) + suffix;
      }
    };
  }

  private static List<String> withSource(Article a, List<String> paras, Random r) {
    boolean zh = a.chinese();
    String origin = a.group().contains("/") ? a.group().substring(a.group().lastIndexOf('/') + 1) : a.group();
    List<String> out = new ArrayList<>();
    String[] names = zh ? new String[] {"王小明", "李华", "陈静", "赵磊"} : new String[] {"staff reporter", "A. Jones", "news desk", "P. Brown"};
    String name = names[r.nextInt(names.length)];
    out.add(zh ? "来源：" + origin + "  作者：" + name : "Source: " + origin + " | By " + name);
    out.addAll(paras);
    out.add(zh ? "本文转载自" + origin + "，版权归原作者所有，如有侵权请联系删除。（责任编辑：" + name + "）"
        : "This article was originally published by " + origin + " and is republished here with permission.");
    return out;
  }
}
