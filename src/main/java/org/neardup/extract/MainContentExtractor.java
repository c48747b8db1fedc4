package org.neardup.extract;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Finds the main text of a page and drops its boilerplate (navigation, headers, footers, sidebars,
 * related-article and hot lists, comment boxes, copyright lines, share widgets).
 *
 * <p>The approach is Readability's (Arc90 Readability, as in Mozilla's Readability.js):
 *
 * <ol>
 *   <li>prune elements that are never content ({@code script, nav, footer, aside}, hidden ones,
 *       and those whose class or id says "comment", "sidebar", "related", "share", ...);
 *   <li>score every paragraph by its length and its commas, and add the score to its parent and,
 *       damped, to further ancestors; an ancestor's score is then scaled by one minus its link
 *       density, so link lists lose;
 *   <li>take the best-scoring element, merge siblings that score well or look like prose;
 *   <li>clean that subtree conditionally (link-heavy lists and divs, image galleries, forms);
 *   <li>render it with block elements and {@code <br>} as line breaks, dropping lines that are
 *       mostly links or read like boilerplate ("Advertisement", "© 2024 ...", "责任编辑 ...").
 * </ol>
 *
 * If that yields little text the whole thing is retried with the filters relaxed one at a time and
 * the longest result is kept, again as Readability does.
 *
 * <p>Changes for Chinese: lengths are counted in characters, not words (Chinese has no spaces),
 * and Chinese punctuation ({@code ，。！？；：、“”}) scores like Readability's commas, because
 * punctuation-rich runs of text are what articles are made of and menus are not.
 *
 * <p>Because the article is chosen by where the prose is, not by the site's template, the same
 * article inside two templates gives nearly the same text, and two articles in one template give
 * their own texts. {@link #text(Document)} does not modify the document it is given, so a
 * StormCrawler parse filter can reuse an already parsed DOM.
 */
public final class MainContentExtractor {

  /** Never content; removed before scoring. */
  private static final Set<String> NEVER_CONTENT = Set.of("script", "style", "noscript",
      "template", "iframe", "object", "embed", "svg", "canvas", "map", "input", "select", "option",
      "button", "textarea", "nav", "aside", "footer", "header", "menu", "dialog", "head", "link",
      "meta", "audio", "video", "picture", "source", "form-control");

  private static final Set<String> ROLES_NEVER_CONTENT = Set.of("navigation", "banner",
      "contentinfo", "complementary", "menu", "menubar", "dialog", "alertdialog", "search");

  /** Block-level elements: each starts and ends a line of output. */
  private static final Set<String> BLOCKS = Set.of("p", "div", "section", "article", "main",
      "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table", "tr",
      "tbody", "thead", "tfoot", "caption", "pre", "blockquote", "figure", "figcaption", "center",
      "address", "hr", "form", "fieldset", "details", "summary", "body", "td", "th");

  /** Elements scored as paragraphs; a div without block children is scored as one too. */
  private static final Set<String> PARAGRAPHS = Set.of("p", "pre", "td", "blockquote");

  private static final Set<String> DIV_LIKE = Set.of("div", "section", "article", "main",
      "center");

  /** Class/id words of boilerplate containers (Readability's list plus Chinese portal names). */
  private static final Pattern UNLIKELY = Pattern.compile(
      "-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|footer"
          + "|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper"
          + "|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote"
          + "|share|sharing|copyright|newsletter|subscribe|signup|login|cookie|consent|promo"
          + "|outbrain|taboola|recommend|tuijian|xiangguan|pinglun|hotnews|hot-news|hot_news"
          + "|(^|[-_ ])hot($|[-_ ])|rank|crumb|toolbar|tool-bar|nav(bar)?($|[-_ ])|topbar"
          + "|bottom|most-?popular|trending|read-?more|more-?stories|author-?bio|byline"
          + "|statement|disclaimer|mianze|shengming",
      Pattern.CASE_INSENSITIVE);

  /** Class/id words that rescue an element from {@link #UNLIKELY}. */
  private static final Pattern MAYBE = Pattern.compile(
      "and|article|body|column|content|main|shadow|post|entry|story|text|zhengwen|neirong"
          + "|artibody|detail",
      Pattern.CASE_INSENSITIVE);

  private static final Pattern POSITIVE = Pattern.compile(
      "article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|zhengwen"
          + "|neirong|artibody|detail|cont",
      Pattern.CASE_INSENSITIVE);

  private static final Pattern NEGATIVE = Pattern.compile(
      "-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer"
          + "|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox"
          + "|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|recommend|hot|rank|copyright"
          + "|caption|credit|subscribe|newsletter",
      Pattern.CASE_INSENSITIVE);

  /** Short lines that are boilerplate whatever the template. */
  private static final Pattern BOILERPLATE_LINE = Pattern.compile(
      "(advertisement|advertising|sponsored( content)?|share( this)?( article| story)?"
          + "|read more.*|continue reading.*|click here.*|related( articles| stories| content)?:?"
          + "|follow us.*|sign up.*|subscribe.*|image:.*|photo:.*|getty images|ap photo.*"
          + "|[（(【\\[]?(分享到|责任编辑|编辑|相关阅读|相关新闻|相关文章|热门推荐|推荐阅读|返回搜狐|查看更多|点击进入|扫一扫"
          + "|版权所有|免责声明|本文来源|原标题|图片来源|关注我们|更多精彩|上一篇|下一篇|打印|关闭窗口"
          + "|第\\d+页).*)",
      Pattern.CASE_INSENSITIVE);

  /** Legal small print, whatever its length; it is prose-like and would otherwise score. */
  private static final Pattern DISCLAIMER = Pattern.compile(
      "^[【\\[(（]?(免责声明|特别声明|郑重声明|本站郑重声明|声明：|违法和不良信息举报|disclaimer:)",
      Pattern.CASE_INSENSITIVE);

  /** A numeric date or time: datelines ("Posted by admin on 2024-03-02", "2005-03-21 01:20"). */
  private static final Pattern DATE = Pattern.compile(
      "\\d{4}\\s*[-/.年]\\s*\\d{1,2}\\s*[-/.月]\\s*\\d{1,2}|\\d{1,2}:\\d{2}");

  /** Sentence punctuation: a line with it is prose, not a dateline. */
  private static final Pattern SENTENCE = Pattern.compile("[。！？；，]|[.!?;,](\\s|$)");

  /**
   * The lookahead is only a fast reject: every alternative starts with one of its characters, so
   * at most positions one class test fails instead of nine alternatives being tried in turn (this
   * runs on every short paragraph and line).
   */
  private static final Pattern COPYRIGHT = Pattern.compile(
      "(?=[©(ca版未i])(?:©|\\(c\\)\\s*\\d{4}|copyright|all rights reserved|版权所有|版权声明|未经授权"
          + "|ICP备|ICP证)",
      Pattern.CASE_INSENSITIVE);

  private final ExtractionSettings settings;

  public MainContentExtractor(ExtractionSettings settings) {
    this.settings = settings;
  }

  public MainContentExtractor() {
    this(ExtractionSettings.defaults());
  }

  /**
   * The main text of {@code doc}, one paragraph per line, or "" when nothing but boilerplate is
   * found. The document is not modified.
   */
  public String text(Document doc) {
    if (doc == null || doc.body() == null) return "";
    String best = "";
    int bestLength = -1;
    // Readability's retry ladder: strict first, then relax one filter at a time.
    for (Flags flags : Flags.LADDER) {
      String text = attempt(doc.body().clone(), flags);
      int length = weightedLength(text);
      if (length >= settings.retryBelowChars()) return text;
      // A relaxed attempt must find clearly more text to win: relaxing filters always lets some
      // boilerplate back in, so a short article with a slightly longer relaxed result is kept.
      if (bestLength < 0 || length > 2 * bestLength) {
        best = text;
        bestLength = length;
      }
    }
    return best;
  }

  /** Which of the filters an attempt applies. */
  private record Flags(boolean stripUnlikely, boolean weightClasses, boolean cleanConditionally) {
    static final List<Flags> LADDER = List.of(new Flags(true, true, true),
        new Flags(false, true, true), new Flags(false, false, true),
        new Flags(false, false, false));
  }

  private String attempt(Element body, Flags flags) {
    prune(body, flags);
    Map<Element, Stats> stats = Stats.compute(body);
    Map<Element, Double> scores = score(body, stats, flags);
    Element top = topCandidate(body, scores, stats);
    List<Element> article = top == null ? List.of(body) : withSiblings(top, scores, stats, flags);
    List<String> lines = new ArrayList<>();
    for (Element part : article) {
      // The body's statistics of a part's subtree are the part's own: they count only what lies
      // below each element, and cleaning one part updates only that part's elements and their
      // ancestors (never a sibling part), so they need not be computed again per part.
      if (flags.cleanConditionally()) cleanConditionally(part, stats, flags);
      render(part, lines);
    }
    return String.join("\n", lines);
  }

  // ---------------------------------------------------------------- 1. pruning

  private static void prune(Element root, Flags flags) {
    List<Element> doomed = new ArrayList<>();
    for (Element e : root.getAllElements()) {
      if (e == root) continue;
      String tag = e.normalName();
      if (NEVER_CONTENT.contains(tag) || isHidden(e)
          || ROLES_NEVER_CONTENT.contains(e.attr("role").toLowerCase(Locale.ROOT))) {
        doomed.add(e);
      } else if (flags.stripUnlikely() && !tag.equals("article") && !tag.equals("main")
          && !tag.equals("body") && !tag.equals("a")) {
        String ci = classAndId(e);
        if (!ci.isEmpty() && isUnlikely(ci)) {
          doomed.add(e);
        }
      }
    }
    for (Element e : doomed) e.remove(); // removing a removed element's descendant is harmless
    // h1 is the headline, which belongs in Page.title, not in the text
    root.select("h1").remove();
  }

  /**
   * Class/id strings repeat across a page's elements, across the retry ladder's attempts and across
   * a site's pages, and the two big case-insensitive alternations are the costliest part of pruning;
   * their verdicts are pure functions of the string, so they are remembered (bounded: cleared when
   * full).
   */
  private static final int MEMO_LIMIT = 20_000;

  private static final java.util.concurrent.ConcurrentHashMap<String, Boolean> UNLIKELY_MEMO =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final java.util.concurrent.ConcurrentHashMap<String, Integer> WEIGHT_MEMO =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static boolean isUnlikely(String ci) {
    Boolean v = UNLIKELY_MEMO.get(ci);
    if (v == null) {
      v = UNLIKELY.matcher(ci).find() && !MAYBE.matcher(ci).find();
      if (UNLIKELY_MEMO.size() >= MEMO_LIMIT) UNLIKELY_MEMO.clear();
      UNLIKELY_MEMO.put(ci, v);
    }
    return v;
  }

  private static int weightOf(String s) {
    Integer v = WEIGHT_MEMO.get(s);
    if (v == null) {
      int w = 0;
      if (NEGATIVE.matcher(s).find()) w -= 25;
      if (POSITIVE.matcher(s).find()) w += 25;
      if (WEIGHT_MEMO.size() >= MEMO_LIMIT) WEIGHT_MEMO.clear();
      WEIGHT_MEMO.put(s, v = w);
    }
    return v;
  }

  private static boolean isHidden(Element e) {
    if (e.hasAttr("hidden")) return true;
    String style = e.attr("style");
    if (style.isEmpty()) return false;
    String s = style.toLowerCase(Locale.ROOT).replace(" ", "");
    return s.contains("display:none") || s.contains("visibility:hidden");
  }

  private static String classAndId(Element e) {
    String c = e.className();
    String id = e.id();
    return id.isEmpty() ? c : c + " " + id;
  }

  private static int classWeight(Element e) {
    int weight = 0;
    for (String s : new String[] {e.className(), e.id()}) {
      if (s.isEmpty()) continue;
      weight += weightOf(s);
    }
    return weight;
  }

  // ---------------------------------------------------------------- 2. scoring

  private Map<Element, Double> score(Element root, Map<Element, Stats> stats, Flags flags) {
    Map<Element, Double> scores = new IdentityHashMap<>();
    for (Element e : root.getAllElements()) {
      String tag = e.normalName();
      Stats s = stats.get(e);
      if (s == null) continue;
      boolean paragraph = tag.equals("p")
          || ((PARAGRAPHS.contains(tag) || DIV_LIKE.contains(tag)) && !s.hasBlockChild);
      if (paragraph) {
        // Nested paragraph-like divs would be counted twice; only the innermost counts.
        if (!tag.equals("td") && hasParagraphAncestorBelow(e, root)) continue;
        if (s.chars < 400 && isSmallPrint(e.text())) continue;
        addParagraph(e.parent(), s.chars, s.commas, stats, scores, flags);
      } else if (DIV_LIKE.contains(tag) || tag.equals("body")) {
        // Text written straight into a div between <br>s (common on Chinese sites): Readability
        // wraps such runs in <p>; here they score as one paragraph whose parent is the div.
        int chars = s.ownInlineChars;
        if (chars > 0) addParagraph(e, chars, s.ownInlineCommas, stats, scores, flags);
      }
    }
    for (Map.Entry<Element, Double> entry : scores.entrySet()) {
      Stats s = stats.get(entry.getKey());
      entry.setValue(entry.getValue() * (1 - s.linkDensity()));
    }
    return scores;
  }

  private static boolean hasParagraphAncestorBelow(Element e, Element root) {
    for (Element p = e.parent(); p != null && p != root; p = p.parent()) {
      if (p.normalName().equals("p")) return true;
    }
    return false;
  }

  private void addParagraph(Element parent, int chars, int commas, Map<Element, Stats> stats,
      Map<Element, Double> scores, Flags flags) {
    if (parent == null || chars < settings.minParagraphChars()) return;
    double score = 1 + commas + Math.min(chars / 80, 3);
    Element ancestor = parent;
    for (int level = 0; ancestor != null && level < 5; level++) {
      if (!stats.containsKey(ancestor)) break;
      double divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
      double current = scores.computeIfAbsent(ancestor, a -> initialScore(a, flags));
      scores.put(ancestor, current + score / divider);
      ancestor = ancestor.parent();
    }
  }

  private static double initialScore(Element e, Flags flags) {
    double score = switch (e.normalName()) {
      case "div", "article", "section", "main" -> 5;
      case "pre", "td", "blockquote" -> 3;
      case "address", "ol", "ul", "dl", "dd", "dt", "li", "form" -> -3;
      case "h1", "h2", "h3", "h4", "h5", "h6", "th" -> -5;
      default -> 0;
    };
    return flags.weightClasses() ? score + classWeight(e) : score;
  }

  private static Element topCandidate(Element root, Map<Element, Double> scores,
      Map<Element, Stats> stats) {
    Element top = null;
    double best = Double.NEGATIVE_INFINITY;
    for (Map.Entry<Element, Double> e : scores.entrySet()) {
      if (e.getValue() > best || (e.getValue() == best && top != null
          && stats.get(e.getKey()).chars > stats.get(top).chars)) {
        best = e.getValue();
        top = e.getKey();
      }
    }
    if (top == null) return null;
    // Readability.js: when several near-best candidates share an ancestor, the article is split
    // (by ads or figures) across containers; the shared ancestor is the real article.
    List<Element> alternatives = new ArrayList<>();
    for (Map.Entry<Element, Double> e : scores.entrySet()) {
      if (e.getKey() != top && e.getValue() >= 0.75 * best) alternatives.add(e.getKey());
    }
    if (alternatives.size() >= 3) {
      for (Element a = top.parent(); a != null && a != root.parent(); a = a.parent()) {
        int containing = 0;
        for (Element alt : alternatives) {
          if (isAncestor(a, alt)) containing++;
        }
        if (containing >= 3) {
          top = a;
          break;
        }
      }
    }
    // A lone child carries no more than its parent: climb so siblings can be considered.
    while (top.parent() != null && top.parent() != root.parent()
        && top.parent().children().size() == 1) {
      top = top.parent();
    }
    return top;
  }

  private static boolean isAncestor(Element ancestor, Element e) {
    for (Element p = e.parent(); p != null; p = p.parent()) {
      if (p == ancestor) return true;
    }
    return false;
  }

  private List<Element> withSiblings(Element top, Map<Element, Double> scores,
      Map<Element, Stats> stats, Flags flags) {
    Element parent = top.parent();
    if (parent == null) return List.of(top);
    double topScore = scores.getOrDefault(top, 0.0);
    double threshold = Math.max(10, topScore * 0.2);
    List<Element> parts = new ArrayList<>();
    for (Element sibling : parent.children()) {
      if (sibling == top) {
        parts.add(sibling);
        continue;
      }
      Stats s = stats.get(sibling);
      if (s == null) continue;
      double bonus = 0;
      if (!top.className().isEmpty() && top.className().equals(sibling.className())) {
        bonus = topScore * 0.2;
      }
      Double score = scores.get(sibling);
      boolean append = score != null && score + bonus >= threshold;
      if (!append && sibling.normalName().equals("p")) {
        double density = s.linkDensity();
        String text = sibling.text();
        append = (s.chars > 70 && density < 0.25)
            || (s.chars > 0 && s.chars <= 70 && density == 0
                && (text.matches(".*\\.( |$).*") || text.contains("。")));
      }
      if (append) parts.add(sibling);
    }
    return parts;
  }

  // ---------------------------------------------------------------- 3. conditional cleaning

  /** Readability's _cleanConditionally, innermost first so a parent is judged without junk. */
  private static void cleanConditionally(Element root, Map<Element, Stats> stats, Flags flags) {
    List<Element> all = root.getAllElements();
    for (int i = all.size() - 1; i >= 0; i--) {
      Element e = all.get(i);
      String tag = e.normalName();
      boolean list = tag.equals("ul") || tag.equals("ol");
      if (!(list || tag.equals("div") || tag.equals("section") || tag.equals("table")
          || tag.equals("form") || tag.equals("fieldset") || tag.equals("dl")
          || tag.equals("figure") || tag.equals("h2") || tag.equals("h3"))) {
        continue;
      }
      if (e == root || e.parent() == null) continue;
      Stats s = stats.get(e);
      if (s == null || s.removed) continue;
      if (shouldRemove(e, tag, list, s, flags)) {
        s.removeFromAncestors(e, stats);
        e.remove();
      }
    }
  }

  private static boolean shouldRemove(Element e, String tag, boolean list, Stats s, Flags flags) {
    int weight = flags.weightClasses() ? classWeight(e) : 0;
    double density = s.linkDensity();
    if (tag.equals("h2") || tag.equals("h3")) return weight < 0 || density > 0.33;
    if (weight < 0) return true;
    if (s.commas >= 10) return false;
    int p = s.paragraphs;
    int li = s.listItems - 100;
    if (tag.equals("figure")) return s.chars < 25 || density > 0.5;
    if (s.images > 1 && p / (double) s.images < 0.5) return true;
    if (!list && li > p) return true;
    if (s.inputs > p / 3) return true;
    if (!list && s.chars < 20 && (s.images == 0 || s.images > 2) && s.chars > 0) return true;
    if (weight < 25 && density > (list ? 0.5 : 0.2)) return true;
    if (weight >= 25 && density > 0.5) return true;
    return false;
  }

  // ---------------------------------------------------------------- 4. rendering

  private void render(Element part, List<String> lines) {
    LineBuilder builder = new LineBuilder(lines, settings.maxLineLinkDensity());
    NodeTraversor.traverse(builder, part);
    builder.flush();
  }

  /** Turns a DOM subtree into lines: blocks and {@code <br>} end lines, whitespace collapses. */
  private static final class LineBuilder implements NodeVisitor {
    private final List<String> lines;
    private final double maxLinkDensity;
    private final StringBuilder line = new StringBuilder();
    private int linkChars;
    private int inLink;

    LineBuilder(List<String> lines, double maxLinkDensity) {
      this.lines = lines;
      this.maxLinkDensity = maxLinkDensity;
    }

    @Override
    public void head(Node node, int depth) {
      if (node instanceof TextNode t) {
        appendText(t.getWholeText());
      } else if (node instanceof Element e) {
        String tag = e.normalName();
        if (tag.equals("br") || BLOCKS.contains(tag)) flush();
        else if (tag.equals("a") && e.hasAttr("href")) inLink++;
        else if (tag.equals("img") || tag.equals("td") || tag.equals("th")) appendText(" ");
      }
    }

    @Override
    public void tail(Node node, int depth) {
      if (node instanceof Element e) {
        String tag = e.normalName();
        if (BLOCKS.contains(tag)) flush();
        else if (tag.equals("a") && e.hasAttr("href")) inLink--;
      }
    }

    private void appendText(String text) {
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
          if (line.length() > 0 && line.charAt(line.length() - 1) != ' ') line.append(' ');
        } else {
          line.append(c);
          if (inLink > 0) linkChars++;
        }
      }
    }

    void flush() {
      String s = line.toString().trim();
      int chars = countNonBlank(s);
      boolean keep = chars > 0 && hasLetterOrDigit(s)
          && linkChars <= maxLinkDensity * chars
          && !(s.length() <= 60 && BOILERPLATE_LINE.matcher(s).matches())
          && !isSmallPrint(s)
          && !isDateline(s);
      if (keep) lines.add(s);
      line.setLength(0);
      linkChars = 0;
    }
  }

  // ---------------------------------------------------------------- helpers

  /** A short line with a date and no sentence punctuation: byline or timestamp, not text. */
  static boolean isDateline(String line) {
    return line.length() <= 80 && DATE.matcher(line).find() && !SENTENCE.matcher(line).find();
  }

  /** Copyright lines and disclaimers: never main text, however prose-like. */
  static boolean isSmallPrint(String text) {
    String t = text.strip();
    // DISCLAIMER is anchored at the start: lookingAt() tries there only, as find() would succeed.
    return DISCLAIMER.matcher(t).lookingAt()
        || (t.length() <= 200 && COPYRIGHT.matcher(t).find());
  }

  static boolean isComma(int c) {
    return c == ',' || c == '，' || c == '。' || c == '、' || c == '；' || c == '：' || c == '！'
        || c == '？' || c == '“' || c == '”' || c == '\u060C' || c == '\uFE50' || c == '\uFF64';
  }

  static int countNonBlank(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isWhitespace(s.charAt(i))) n++;
    }
    return n;
  }

  static boolean hasLetterOrDigit(CharSequence s) {
    for (int i = 0; i < s.length(); ) {
      int cp = Character.codePointAt(s, i);
      if (Character.isLetterOrDigit(cp)) return true;
      i += Character.charCount(cp);
    }
    return false;
  }

  /** Non-blank characters, a Han character counting twice (it carries about a word). */
  static int weightedLength(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = Character.codePointAt(s, i);
      i += Character.charCount(cp);
      if (Character.isWhitespace(cp)) continue;
      n += Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN ? 2 : 1;
    }
    return n;
  }

  /**
   * Text statistics of one element's subtree, computed bottom-up once per attempt so scoring and
   * cleaning stay linear in the page size (no repeated {@code Element.text()} calls).
   */
  private static final class Stats {
    int chars;
    double linkChars;
    int commas;
    int paragraphs;
    int images;
    int listItems;
    int inputs;
    boolean hasBlockChild;
    int ownInlineChars;
    int ownInlineCommas;
    boolean removed;

    double linkDensity() {
      return chars == 0 ? 0 : Math.min(1, linkChars / chars);
    }

    void removeFromAncestors(Element e, Map<Element, Stats> stats) {
      removed = true;
      for (Element p = e.parent(); p != null; p = p.parent()) {
        Stats a = stats.get(p);
        if (a == null) break;
        a.chars -= chars;
        a.linkChars -= linkChars;
        a.commas -= commas;
        a.paragraphs -= paragraphs;
        a.images -= images;
        a.listItems -= listItems;
        a.inputs -= inputs;
      }
    }

    static Map<Element, Stats> compute(Element root) {
      Map<Element, Stats> map = new IdentityHashMap<>();
      computeInto(root, map, false);
      return map;
    }

    /** Iterative post-order walk; deep DOMs must not overflow the stack. */
    private static void computeInto(Element root, Map<Element, Stats> map, boolean unused) {
      NodeTraversor.traverse(new NodeVisitor() {
        @Override
        public void head(Node node, int depth) {
          if (node instanceof Element e) map.put(e, new Stats());
        }

        @Override
        public void tail(Node node, int depth) {
          if (!(node instanceof Element e)) return;
          Stats s = map.get(e);
          String tag = e.normalName();
          boolean hashLink = tag.equals("a") && e.attr("href").startsWith("#");
          for (Node child : e.childNodes()) {
            if (child instanceof TextNode t) {
              String text = t.getWholeText();
              int c = countNonBlank(text);
              int k = countCommas(text);
              s.chars += c;
              s.commas += k;
              s.ownInlineChars += c;
              s.ownInlineCommas += k;
            } else if (child instanceof Element ce) {
              Stats cs = map.get(ce);
              s.chars += cs.chars;
              s.linkChars += cs.linkChars;
              s.commas += cs.commas;
              s.paragraphs += cs.paragraphs;
              s.images += cs.images;
              s.listItems += cs.listItems;
              s.inputs += cs.inputs;
              if (BLOCKS.contains(ce.normalName())) {
                s.hasBlockChild = true;
              } else if (!ce.normalName().equals("br")) {
                s.ownInlineChars += cs.chars;
                s.ownInlineCommas += cs.commas;
              }
            }
          }
          if (tag.equals("a") && e.hasAttr("href")) {
            s.linkChars = hashLink ? 0.3 * s.chars : s.chars;
          }
          switch (tag) {
            case "p" -> s.paragraphs++;
            case "img" -> s.images++;
            case "li" -> s.listItems++;
            case "input", "select", "textarea", "button" -> s.inputs++;
            default -> { }
          }
        }
      }, root);
    }

    private static int countCommas(String text) {
      int n = 0;
      for (int i = 0; i < text.length(); i++) {
        if (isComma(text.charAt(i))) n++;
      }
      return n;
    }
  }
}
