package org.neardup.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Finds the main text of a page and drops its boilerplate (navigation, headers, footers, sidebars,
 * related-article and hot lists, comment boxes, copyright lines, share widgets).
 *
 * <p>The approach is Readability's (Arc90 Readability, as in Mozilla's Readability.js):
 *
 * <ol>
 *   <li>prune elements that are never content ({@code script, nav, footer, aside}, hidden ones,
 *       and those whose class or id says "comment", "sidebar", "related", "share", ...);
 *   <li>score every paragraph, but those a closed {@code <details>} folds away, by its length and
 *       its commas (not those inside code: a signature's commas are no clauses), and add the score
 *       to its parent and, damped, to further ancestors; an ancestor's score is then scaled by one
 *       minus its link density, so link lists lose;
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
 * <p>Changes for documentation and reference pages, whose layouts are not a news article's:
 *
 * <ul>
 *   <li>an element the page marks as its main content ({@code role="main"}, its one {@code
 *       <main>} or {@code <article>}) is where every attempt looks ({@link ContentRoot});
 *   <li>containers whose class or id names the site's furniture (footer, header, menu, sidebar,
 *       breadcrumb, copyright, legal notice) are pruned by the relaxed attempts too: on a short
 *       page they would otherwise be longer than the page's own text and win; one that wraps the
 *       content is kept ({@link #keepWrappers});
 *   <li>class names of inline elements ({@code span.guimenu}) do not make them boilerplate;
 *   <li>when the chosen element holds little of the page's prose (a note box, a figure caption, a
 *       code example that wins on commas or on a "contents" class), the container around it that
 *       holds most of the prose is taken ({@link ExtractionSettings#minProseShare});
 *   <li>when it is a list item, a definition, a figure, one article of several, one entry of
 *       several or one row of a table of several (one option's description, a caption, one
 *       function's entry, one declaration of a module, one member of a type), the element holding
 *       them all is taken, and
 *       when it is a subsection the outermost section, each with its siblings ({@code whole}): such
 *       a part is never all of the content, sibling pages of one site share many of them, and two
 *       versions of a sectioned page would otherwise give different texts; when it lies in a
 *       section of the page's marked content ({@code role="main"} or {@code <main>}) that holds
 *       more than that section, the marked content is taken (Javadoc's description, summary and
 *       details of a class);
 *   <li>a table's caption is text, its links included ("Classes in java.util.zip used by
 *       java.util.jar"): it names what the table holds, and is no photo caption;
 *   <li>a page whose chosen content has little text, or nothing but names (an index's plain
 *       words), keeps the link lines and link lists of that content (operand lists, indexes, menus
 *       of commands, tables of contents); a page with text of its own still drops them, like the
 *       related-article lists of news pages;
 *   <li>a list item, a definition or a figure earns no bonus for a class that reads like content
 *       ({@code dd.body--doc}): it is one part, and the bonus would make it outscore the rest; and
 *       a definition list or a table that shares the kind (tag and class) of a definition or a
 *       row with other lists or tables (Pike's entries of a class, each a list, each description
 *       a {@code dd.body--doc}; old Javadoc's tables of a class's uses, each row a {@code
 *       tr.TableRowColor}) is one of them, and the element holding all of them is taken, or, when
 *       that is the body, the body's children from the first of them to the last ({@code
 *       holderOfKin});
 *   <li>a page whose text is short loses what stands above its heading ({@link #heading}): the
 *       site's bar, banner or version line there is no part of the page, and would otherwise be
 *       much of its text, the same on every page of the site;
 *   <li>a short block that holds a section heading is not cleaned away, and headings left at the
 *       end of the content (their section was cleaned away) are dropped.
 * </ul>
 *
 * <p>Because the article is chosen by where the prose is, not by the site's template, the same
 * article inside two templates gives nearly the same text, and two articles in one template give
 * their own texts. {@link #text(Document)} does not modify the document it is given, so a
 * StormCrawler parse filter can reuse an already parsed DOM.
 */
public final class MainContentExtractor {

  /** A full stop ending a sentence; matched against a whole text, as String.matches does. */
  private static final Pattern FULL_STOP = Pattern.compile(".*\\.( |$).*");


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
    ElementTree tree = index(doc.body());
    return text(read(tree, 0));
  }

  /**
   * What extraction reads of a page's tree once, for its main text ({@link #text(Reading)}) and
   * for the text it shows ({@code PageExtractor.shownText}): the elements' facts with the wrappers
   * around the heading kept ({@link #keepWrappers}), and the element the page marks as its content
   * ({@link ContentRoot#marker}, -1 for none).
   *
   * @param body the tree index of the body
   * @param heading the tree index of the page's heading ({@link #heading}), -1 for none
   */
  record Reading(ElementTree tree, ElementFacts facts, int body, int heading, int marker) {}

  /** The {@link Reading} of element {@code body} of {@code tree}, a tree made by {@link #index}. */
  static Reading read(ElementTree tree, int body) {
    ElementFacts facts = new ElementFacts(tree);
    int marker = ContentRoot.marker(tree, facts, body);
    int heading = heading(tree, body, marker);
    keepWrappers(tree, facts, body, heading);
    return new Reading(tree, facts, body, heading, marker);
  }

  /**
   * Numbers the elements of {@code root}'s subtree (a document, or the body itself) with the
   * facts {@link #text(Reading)} needs of the elements below {@code body}.
   */
  static ElementTree index(Element root, Element body) {
    return ElementTree.of(root, ElementFacts.classifier(body));
  }

  private static ElementTree index(Element body) {
    return index(body, body);
  }

  /**
   * The element {@code body} shows as the heading over its text ({@link Page#heading}): the first
   * {@code h1} of the element the page marks as its content ({@code marker}, -1 for none: {@link
   * ContentRoot#marker}), else its first {@code h1}, or on a page without one its first element of
   * class {@code title}; -1 when it has none. A site's bar over its pages may head them with the
   * site's name as an {@code h1} ("MIT Kerberos Documentation" over each of its reference entries,
   * in a {@code div.header} beside the links to the previous and next entry) where the marked
   * content heads itself with its entry's name. None is taken from inside an element extraction
   * never keeps (a site's {@code header} or {@code nav} holding its logo as an {@code h1}, a hidden
   * element), nor a hidden {@code h1}; a heading in furniture by class (Doxygen's {@code div.title}
   * in {@code div.header}) counts.
   */
  static int heading(ElementTree tree, int body, int marker) {
    if (marker >= 0) {
      int marked = heading(tree, marker);
      if (marked >= 0 && tree.tag(marked).equals("h1")) return marked;
    }
    return heading(tree, body);
  }

  /** {@link #heading(ElementTree, int, int)} of element {@code body}, with no marked content. */
  private static int heading(ElementTree tree, int body) {
    int titled = -1;
    for (int i = body + 1; i < tree.end(body); i++) {
      int facts = tree.facts(i);
      boolean h1 = tree.tag(i).equals("h1");
      if ((facts & ElementFacts.NOT_READ) != 0 || (facts & ElementFacts.ALWAYS_PRUNED) != 0 && !h1) {
        i = tree.end(i) - 1; // nothing below is shown
      } else if (h1) {
        if (!ElementFacts.isHiddenOrNeverContent(tree.element(i))) return i;
        i = tree.end(i) - 1;
      } else if (titled < 0 && tree.element(i).hasClass("title")) {
        titled = i;
      }
    }
    return titled;
  }

  /**
   * The main text of a page's {@link Reading}: {@link PageExtractor} numbers the whole document
   * once ({@link #index}) and shares the tree with its metadata lookups, and the reading with the
   * text the page shows.
   *
   * <p>Each attempt of the ladder whose text is shorter than {@link
   * ExtractionSettings#retryBelowChars} is run again keeping the link lines of its content, unless
   * its best-scoring element is the body itself (prose scattered over the whole page, where link
   * lines are the page's navigation); a page where no paragraph scores at all is a list of links
   * (an index, a table of contents) and keeps them whatever its length. The longer of the two is
   * the attempt's text: both take the same elements, so it is the same content with its links.
   * When the page marks its main content ({@link ContentRoot}) and the best text is still short,
   * the whole marked content with its links is the text if it is more than twice as long: one
   * block of it outscored the rest (Javadoc's description of a package above a class's uses).
   *
   * <p>A page opens its content with its {@code heading} (a tree index, -1 for none; {@link
   * #heading}); what stands above it is the site's (the bar of unit links over a Free Pascal
   * reference entry, a survey banner over Doxygen's header, a tagline). When the heading lies
   * inside the content root and the text is still short, such lines can be much of the text, the
   * same on every page of the site, so it is taken again: first the same content without what
   * ends before the heading; when all of that content stood above it, the content chosen from
   * below the heading alone (a banner over a page whose content is only links); when nothing
   * with a letter or digit is there either, the page has no text of its own ("").
   */
  String text(Reading page) {
    // The tree was numbered and its facts read once (index, read); each attempt marks what it
    // removes instead of removing it from a copy.
    ElementTree tree = page.tree();
    ElementFacts facts = page.facts();
    int body = page.body();
    int heading = page.heading();
    int root = ContentRoot.of(facts, body, page.marker(), settings.minMarkerShare());
    String text = text(tree, facts, body, root, Above.KEPT);
    if (heading <= root || heading >= tree.end(root)
        || Chars.reaches(text, settings.retryBelowChars())) {
      return text;
    }
    // The same content without what stands above the heading (the site's bar over a reference
    // entry); when all of it stood there, the content is chosen again from below the heading
    // (a banner over a page whose content is only links); when nothing is there, the page has no
    // text of its own.
    String below = text(tree, facts, body, root, new Above(heading, false));
    if (Chars.hasLetterOrDigit(below)) return below;
    below = text(tree, facts, body, root, new Above(heading, true));
    return Chars.hasLetterOrDigit(below) ? below : "";
  }

  /**
   * An element whose class or id names the site's furniture but that holds the page's heading and
   * more than half of the text the page shows wraps the content: a template that leaves its
   * header's {@code div} open puts the whole page inside it (Qt's reference: every page's content
   * in {@code div.header}). Such an element is not removed for its name ({@link
   * ElementFacts#keepAsWrapper}); what it holds is judged as on any page. A site's header that holds
   * its logo as the first {@code h1} shows little text besides it, its menus being boilerplate.
   */
  static void keepWrappers(ElementTree tree, ElementFacts facts, int body, int heading) {
    int shown = -1;
    for (int p = heading < 0 ? -1 : tree.parent(heading); p > body; p = tree.parent(p)) {
      if (!facts.is(p, ElementFacts.FURNITURE)) continue;
      if (shown < 0) shown = facts.shownChars(body, heading);
      if (2L * facts.shownChars(p, heading) > shown) facts.keepAsWrapper(p);
    }
    keepProseWrappers(tree, facts, body);
  }

  /**
   * Characters below which what a page shows outside the elements named like its furniture is no
   * prose of its own: less than a paragraph ({@link ExtractionSettings#minParagraphChars}'s
   * default).
   */
  private static final int NO_PROSE_CHARS = 20;

  /**
   * On a page that shows no prose of its own outside the elements whose class or id names the
   * site's furniture (text outside links and headings, {@link ElementFacts#shownProse}), the one of
   * them that holds more prose than the rest of the page shows wraps the content: a layout named
   * after the menu beside its column (FreeType's {@code div.colmask.leftmenu} around the text and
   * the menu, below a bar that holds the {@code h1}), when it holds a heading of its own: the
   * content's sections. Without it the page's text would be what it shows as links outside, its
   * site's menu, the same on every page. A page with text of its own keeps its furniture out,
   * however long a footer is beside a short text, and so does a page of a heading and a picture
   * above a footer of licence lines: it has no text, not its footer's.
   */
  private static void keepProseWrappers(ElementTree tree, ElementFacts facts, int body) {
    int outside = facts.shownProse(body, -1);
    if (outside >= NO_PROSE_CHARS) return;
    // an upper bound of each element's shown prose, its subtree's text outside links and headings,
    // in one pass (children come after their parent): only an element whose bound beats what
    // the page shows outside can hold more than the rest of the page
    int[] bound = new int[tree.size()];
    for (int i = tree.end(body) - 1; i > body; i--) {
      boolean counted = !facts.is(i, ElementFacts.ALWAYS_PRUNED | ElementFacts.NOT_READ | ElementFacts.LINK
          | ElementFacts.HEADING);
      bound[i] = counted ? bound[i] + tree.ownChars(i) : 0;
      if (tree.parent(i) > body) bound[tree.parent(i)] += bound[i];
    }
    for (int p = body + 1; p < tree.end(body); p++) {
      if (!facts.isFurniture(p) || bound[p] <= outside || !holdsHeading(tree, facts, p)) continue;
      // the rest: what the page shows with p's ancestors read whatever their classes, but not p
      if (facts.shownProse(p, -1) > facts.shownProse(body, p)) facts.keepAsWrapper(p);
    }
  }

  /** Whether a heading below {@code p} is shown (not in a never-content element). */
  private static boolean holdsHeading(ElementTree tree, ElementFacts facts, int p) {
    for (int k = p + 1; k < tree.end(p); k++) {
      if (facts.is(k, ElementFacts.ALWAYS_PRUNED | ElementFacts.NOT_READ)) k = tree.end(k) - 1;
      else if (facts.is(k, ElementFacts.HEADING)) return true;
    }
    return false;
  }

  /** The text of the ladder over {@code root}, leaving out what {@code above} says. */
  private String text(ElementTree tree, ElementFacts facts, int body, int root, Above above) {
    String best = "";
    int bestLength = -1;
    // Readability's retry ladder: strict first, then relax one filter at a time.
    for (Flags flags : Flags.LADDER) {
      Attempt attempt = new Attempt(tree, facts, body, root, above, flags, false);
      String text = attempt.run();
      // counted up to the threshold, which a long text passes without being read to its end
      int length = Chars.weightedLength(text, settings.retryBelowChars());
      if (attempt.bestCandidate < 0 || (attempt.bestCandidate != body
          && (length < settings.retryBelowChars() || Chars.namesOnly(text)))) {
        // A page without any prose (an index, a table of contents), or little text besides the
        // links of a container inside the page, or nothing but names (the plain words of an
        // index's entries): the links are the content.
        String withLinks = new Attempt(tree, facts, body, root, above, flags, true).run();
        if (length >= settings.retryBelowChars()) length = Chars.weightedLength(text);
        int withLinksLength = Chars.weightedLength(withLinks);
        if (withLinksLength > length) {
          text = withLinks;
          length = withLinksLength;
        }
      }
      if (length >= settings.retryBelowChars()) return text;
      // A relaxed attempt must find clearly more text to win: relaxing filters always lets some
      // boilerplate back in, so a short article with a slightly longer relaxed result is kept.
      if (bestLength < 0 || length > 2 * bestLength) {
        best = text;
        bestLength = length;
      }
    }
    // A page that marks its main content, whose best text is still short: one block of it (a
    // description beside a table of linked names) outscored the rest; the marked content, links
    // kept, is the page's text.
    if (root != body && bestLength < settings.retryBelowChars()) {
      String whole =
          new Attempt(tree, facts, body, root, above, Flags.LADDER.get(0), true, true).run();
      if (Chars.weightedLength(whole) > 2 * bestLength) return whole;
    }
    return best;
  }

  /**
   * What an attempt leaves out of what stands above the page's heading: every element that ends
   * before tree index {@code heading}, either only from the text of the content it chose, or,
   * when {@code beforeChoosing}, from everything it reads. {@link #KEPT} leaves nothing out.
   */
  private record Above(int heading, boolean beforeChoosing) {
    static final Above KEPT = new Above(-1, false);
  }

  /** Which of the filters an attempt applies. */
  private record Flags(boolean stripUnlikely, boolean weightClasses, boolean cleanConditionally) {
    static final List<Flags> LADDER = List.of(new Flags(true, true, true),
        new Flags(false, true, true), new Flags(false, false, true),
        new Flags(false, false, false));
  }

  /**
   * One pass of the algorithm over the content root (the body or the element the page marks as
   * its content) with one set of filters. Elements are tree indices; the root's subtree is
   * {@code [root, tree.end(root))}, so an index {@code >= root} on the
   * parent chain of an element in it is still inside; removed ones are marked in {@link #pruning}.
   */
  private final class Attempt {
    private final ElementTree tree;
    private final ElementFacts facts;
    private final int root;
    /** Whether {@link #root} is the element the page marks as its content (not the body). */
    private final boolean marked;
    private final Above above;
    private final Flags flags;
    private final boolean keepLinks;
    private final boolean wholeRoot;
    private final Pruning pruning;
    /**
     * The best-scoring element (after Readability's promotion to a shared ancestor, before the
     * climb over lone children), -1 when no paragraph scored; set by {@link #run}.
     */
    int bestCandidate = -1;
    /**
     * When the lists of one kind ({@link #holderOfKin}) have no holder below the root: the root's
     * children that span them, taken as the content; null otherwise.
     */
    private List<Integer> kinSpan;
    private ElementStats stats;
    /** Candidate scores; NaN for elements that are not candidates. */
    private double[] scores;

    Attempt(ElementTree tree, ElementFacts facts, int body, int root, Above above, Flags flags,
        boolean keepLinks) {
      this(tree, facts, body, root, above, flags, keepLinks, false);
    }

    /** {@code wholeRoot}: the root is the content, whatever scores best inside it. */
    Attempt(ElementTree tree, ElementFacts facts, int body, int root, Above above, Flags flags,
        boolean keepLinks, boolean wholeRoot) {
      this.tree = tree;
      this.facts = facts;
      this.root = root;
      this.marked = root != body;
      this.above = above;
      this.flags = flags;
      this.keepLinks = keepLinks;
      this.wholeRoot = wholeRoot;
      this.pruning = new Pruning(tree);
    }

    String run() {
      prune();
      stats = ElementStats.compute(pruning, facts, root, settings.minParagraphChars());
      // the whole root needs no candidate: nothing scored inside it can change what it holds
      if (!wholeRoot) score();
      int top = wholeRoot ? -1 : topCandidate();
      List<Integer> article = top < 0 ? List.of(root) : withSiblings(top, false);
      if (top >= 0 && proseOf(article) < settings.minProseShare() * stats.prose[root]) {
        top = proseContainer(top);
        article = withSiblings(top, false);
      }
      int whole = top < 0 ? top : whole(top, article);
      if (whole != top) {
        top = whole;
        article = whole == root && kinSpan != null ? kinSpan : withSiblings(top, false);
      }
      if (top >= 0 && article != kinSpan) article = withSiblings(top, true);
      List<String> lines = new ArrayList<>();
      for (int part : article) {
        if (above.heading() >= 0 && !above.beforeChoosing()) {
          if (tree.end(part) <= above.heading()) continue;
          leaveOutAbove(part);
        }
        // The statistics of a part's subtree are the part's own: they count only what lies below
        // each element, and cleaning one part updates only that part's elements and their
        // ancestors (never a sibling part), so they need not be computed again per part.
        if (flags.cleanConditionally()) cleanConditionally(part);
        render(part, lines);
      }
      return String.join("\n", lines);
    }

    // -------------------------------------------------------------- 1. pruning

    /**
     * Removes never-content elements, those whose class/id names the site's furniture (footer,
     * header, menu, sidebar ...: relaxing the filters must not bring it back), with the strict
     * filter all those whose class/id reads like boilerplate, and every {@code h1} (the headline
     * belongs in Page.heading, not in the text), and what {@link #above} leaves out before
     * choosing. Elements inside a removed subtree need no test.
     */
    private void prune() {
      for (int i = root + 1; i < tree.end(root); ) {
        if (isPruned(i)) {
          pruning.remove(i);
          i = tree.end(i);
        } else {
          i++;
        }
      }
    }

    private boolean isPruned(int i) {
      return above.beforeChoosing() && tree.end(i) <= above.heading()
          || facts.is(i, ElementFacts.ALWAYS_PRUNED) || facts.isFurniture(i)
          || (flags.stripUnlikely() && facts.isUnlikely(i));
    }

    // -------------------------------------------------------------- 2. scoring

    private void score() {
      scores = new double[tree.size()];
      Arrays.fill(scores, Double.NaN);
      for (int i = root; i < tree.end(root); i++) {
        // what a closed <details> folds away is no paragraph of the page's (ElementFacts.FOLDED)
        if (pruning.isRemoved(i) || facts.is(i, ElementFacts.FOLDED)) {
          i = tree.end(i) - 1;
          continue;
        }
        String tag = tree.tag(i);
        boolean divLike = facts.is(i, ElementFacts.DIV_LIKE);
        boolean paragraph = facts.is(i, ElementFacts.P)
            || ((facts.is(i, ElementFacts.PARAGRAPH) || divLike) && !stats.hasBlockChild[i]);
        if (paragraph) {
          // Nested paragraph-like divs would be counted twice; only the innermost counts.
          if (!tag.equals("td") && facts.is(i, ElementFacts.IN_P)) continue;
          int chars = stats.chars[i];
          // Shorter than a paragraph scores nothing anyway: no need for its text.
          if (chars < settings.minParagraphChars()) continue;
          if (chars < 400 && SmallPrint.is(pruning.text(i))) continue;
          addParagraph(tree.parent(i), chars, stats.proseCommas(i));
        } else if (divLike || tag.equals("body")) {
          // Text written straight into a div between <br>s (common on Chinese sites): Readability
          // wraps such runs in <p>; here they score as one paragraph whose parent is the div.
          int chars = stats.ownInlineChars[i];
          if (chars < settings.minParagraphChars()) continue;
          // the small-print test sees the whole element: a copyright line alone in a block
          if (stats.chars[i] < 400 && SmallPrint.is(pruning.text(i))) continue;
          addParagraph(i, chars, stats.ownInlineProseCommas(i));
        }
      }
      for (int i = root; i < tree.end(root); i++) {
        if (!Double.isNaN(scores[i])) scores[i] *= 1 - stats.linkDensity(i);
      }
    }

    private void addParagraph(int parent, int chars, int commas) {
      if (parent < root || chars < settings.minParagraphChars()) return;
      double score = 1 + commas + Math.min(chars / 80, 3);
      int ancestor = parent;
      for (int level = 0; ancestor >= root && level < 5; level++) {
        double divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
        if (Double.isNaN(scores[ancestor])) scores[ancestor] = initialScore(ancestor);
        scores[ancestor] += score / divider;
        ancestor = tree.parent(ancestor);
      }
    }

    private double initialScore(int i) {
      double score = switch (tree.tag(i)) {
        case "div", "article", "section", "main" -> 5;
        case "pre", "td", "blockquote" -> 3;
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form" -> -3;
        case "h1", "h2", "h3", "h4", "h5", "h6", "th" -> -5;
        default -> 0;
      };
      return flags.weightClasses() ? score + facts.candidateWeight(i) : score;
    }

    /**
     * The best-scoring element; ties go to the one with more text, then to the first in document
     * order. -1 when nothing scored.
     */
    private int topCandidate() {
      int top = -1;
      double best = Double.NEGATIVE_INFINITY;
      for (int i = root; i < tree.end(root); i++) {
        double v = scores[i];
        if (Double.isNaN(v)) continue;
        if (v > best || (v == best && top >= 0 && stats.chars[i] > stats.chars[top])) {
          best = v;
          top = i;
        }
      }
      if (top < 0) return -1;
      // Readability.js: when several near-best candidates share an ancestor, the article is split
      // (by ads or figures) across containers; the shared ancestor is the real article.
      List<Integer> alternatives = new ArrayList<>();
      for (int i = root; i < tree.end(root); i++) {
        if (i != top && !Double.isNaN(scores[i]) && scores[i] >= 0.75 * best) alternatives.add(i);
      }
      if (alternatives.size() >= 3) {
        for (int a = tree.parent(top); a >= root; a = tree.parent(a)) {
          int containing = 0;
          for (int alt : alternatives) {
            if (tree.isAncestor(a, alt)) containing++;
          }
          if (containing >= 3) {
            top = a;
            break;
          }
        }
      }
      bestCandidate = top;
      return aboveLoneChildren(top);
    }

    /** A lone child carries no more than its parent: climb so siblings can be considered. */
    private int aboveLoneChildren(int i) {
      while (tree.parent(i) >= root && pruning.childCount(tree.parent(i)) == 1) i = tree.parent(i);
      return i;
    }

    private int proseOf(List<Integer> parts) {
      int sum = 0;
      for (int part : parts) sum += stats.prose[part];
      return sum;
    }

    /**
     * The lowest ancestor of {@code top} that leaves less than {@link
     * ExtractionSettings#minProseShare} of the page's prose outside. Readability's choice goes by
     * commas and class names per paragraph; when the chosen parts hold little of the page's prose,
     * they are a box inside the content (a figure caption, a note, a code example with commas, a
     * "contents" class), and the content is the container around it.
     */
    private int proseContainer(int top) {
      double outside = settings.minProseShare() * stats.prose[root];
      int a = top;
      while (a > root && stats.prose[root] - stats.prose[a] >= outside) a = tree.parent(a);
      return a;
    }

    /**
     * The element that holds the whole of what {@code top} is a part of, or {@code top} when it is
     * a whole: the outermost section when {@code top} lies in a subsection (a section inside a
     * section, each opening with its heading) or in a section whose subsections were chosen with it
     * ({@code parts}: a table of contents and two of the sections after it), and the element holding
     * the outermost list item, definition, figure, admonition (a note box holding less than half
     * of the page's text: a box that holds more is the text, a wrapper a site named "note"),
     * article of several (Erlang's entry of one function), entry of several ({@link #isEntry}) or
     * row of several ({@link #isRowOfSeveral}) around it. One section of a sectioned
     * page, one option's description, a figure's caption, a note: each can outscore the page's
     * other paragraphs, and each is a part of the content, never all of it; the pages of one site
     * that share such parts would otherwise give the same text, and two versions of one page whose
     * sections score differently two different texts. When {@code top} lies in a section of the
     * page's marked content that holds more than that section, the whole is the marked content
     * ({@link #inSectionOfMarked}). When the best-scoring element lies in a definition list of a
     * kind that other lists share, the element holding them all is the whole ({@link
     * #holderOfKin}).
     */
    private int whole(int top, List<Integer> parts) {
      if (inSectionOfMarked(top)) return root;
      int item = -1;
      int section = -1;
      int sections = 0;
      for (int a = top; a > root; a = tree.parent(a)) {
        boolean oneOfSeveral = tree.tag(a).equals("article") && tree.hasSiblingOfItsTag(a) || isEntry(a)
            || isRowOfSeveral(a);
        boolean aside = facts.is(a, ElementFacts.ADMONITION) && 2 * stats.chars[a] < stats.chars[root];
        if (facts.is(a, ElementFacts.PART) || oneOfSeveral || aside) item = a;
        if (isSection(a)) {
          section = a;
          sections++;
        }
      }
      int whole = item >= 0 ? tree.parent(item) : top;
      // a definition of a kind that other lists hold too, where the best score was (the container
      // around it taken for its prose share, or a lone child's parent, may be top): the element
      // holding all of them
      int kin = holderOfKin(bestCandidate >= 0 ? bestCandidate : top);
      if (kin >= 0 && kin < whole) whole = kin;
      // a subsection, or a part of a section chosen with sections beside it
      boolean sectioned = sections >= 2;
      for (int i = 0; !sectioned && sections == 1 && i < parts.size(); i++) {
        sectioned = parts.get(i) != top && isSection(parts.get(i));
      }
      // both are ancestors of top (or top): the outer one comes first in document order
      if (sectioned && section < whole) whole = section;
      return whole == top ? top : aboveLoneChildren(whole);
    }

    /**
     * The lowest element that holds the definition list (or table) around {@code i} and every
     * definition of other lists (or row of other tables) that has the tag ({@code dd}, {@code dt}
     * or {@code tr}) and class of one of its own, or -1 when there are none; the outermost such
     * list counts. When that element is the root, {@link #kinSpan} is set to the root's children
     * that span them. Pike's reference writes the description of a class and of each of its
     * methods in a {@code dd.body--doc}, each entry a list of its own: on the page of a class with
     * one method, that method's entry outscored the class's, and the page's text was the method's
     * entry, the text of the method's own page. A class that entries of several lists carry names
     * a kind of part, which the page spreads over its content.
     */
    private int holderOfKin(int i) {
      int holder = -1;
      for (int a = i; a > root; a = tree.parent(a)) {
        int list = tree.parent(a);
        if (!isListEntry(a) || list <= root || kindIn(list, -1) < 0) continue;
        int common = list;
        int first = list;
        int last = list;
        boolean kin = false;
        for (int k = root + 1; k < tree.end(root); k++) {
          if (pruning.isRemoved(k) || k == list) {
            k = tree.end(k) - 1;
          } else if (isClassedEntry(k) && kindIn(list, k) >= 0) {
            kin = true;
            while (!tree.isAncestor(common, k)) common = tree.parent(common);
            first = Math.min(first, k);
            last = Math.max(last, k);
          }
        }
        if (kin) {
          holder = common;
          kinSpan = common == root ? childrenOver(first, last) : null;
        }
      }
      return holder;
    }

    /**
     * The root's children from the one holding {@code first} to the one holding {@code last}: the
     * lists of one kind on a page without a container around them (old Javadoc's tables, straight
     * in the body between the navigation bars above and below them), without what stands before
     * the first and after the last.
     */
    private List<Integer> childrenOver(int first, int last) {
      List<Integer> parts = new ArrayList<>();
      for (int c = tree.firstChild(root); c >= 0; c = tree.nextSibling(c)) {
        if (tree.end(c) > first && c <= last && !pruning.isRemoved(c)) parts.add(c);
      }
      return parts;
    }

    /**
     * The first child of {@code list} that is an entry ({@link #isListEntry}) with a class, of
     * {@code k}'s kind ({@link #sameKind}; any such entry when {@code k} is -1), or -1 when there
     * is none.
     */
    private int kindIn(int list, int k) {
      for (int c = tree.firstChild(list); c >= 0; c = tree.nextSibling(c)) {
        if (isClassedEntry(c) && (k < 0 || sameKind(c, k))) return c;
      }
      return -1;
    }

    /**
     * An entry ({@link #isListEntry}) with a class: the only elements of a kind {@link #kindIn}
     * can find, so {@link #holderOfKin} looks into a list's children for no other element of the
     * page.
     */
    private boolean isClassedEntry(int i) {
      return isListEntry(i) && !tree.element(i).className().isEmpty();
    }

    /**
     * An entry of a list or a table: a definition ({@code dd}, {@code dt}) or a table's row. Old
     * Javadoc writes the uses of a class as one table per kind of use, each row a {@code
     * tr.TableRowColor}: the one row with a description outscored the others, and every class
     * used by that method had that row as its text.
     */
    private boolean isListEntry(int i) {
      String tag = tree.tag(i);
      return tag.equals("dd") || tag.equals("dt") || tag.equals("tr");
    }

    /** Whether elements {@code a} and {@code b} are of one kind: one tag and one class. */
    private boolean sameKind(int a, int b) {
      return tree.tag(a).equals(tree.tag(b))
          && tree.element(a).className().equals(tree.element(b).className());
    }

    /**
     * Whether {@code a} is one entry of several: an element with a class that at least two of its
     * siblings share with it (tag and class), which together hold at least half as much prose as it
     * does (a Haddock module's {@code div.top} of each declaration, a Doxygen page's {@code
     * div.memitem} of each member). The longest entry can outscore the page's other paragraphs,
     * which are split over its siblings; it is one part of the content. Rows of a layout that share
     * a class ({@code div.row}) hold the site's menus and footers, as links and small print, beside
     * the row of the text, and are not entries.
     */
    private boolean isEntry(int a) {
      return !tree.element(a).className().isEmpty() && oneOfSeveral(a, c -> sameKind(c, a));
    }

    /**
     * Whether at least two siblings of {@code a} that are {@code alike} it are left, and together
     * hold at least half as much prose as it does: {@code a} is one part of several, not the whole.
     */
    private boolean oneOfSeveral(int a, IntPredicate alike) {
      int others = 0;
      long prose = 0;
      for (int c = tree.firstChild(tree.parent(a)); c >= 0; c = tree.nextSibling(c)) {
        if (c != a && !pruning.isRemoved(c) && alike.test(c)) {
          others++;
          prose += stats.prose[c];
        }
      }
      return oneOfSeveral(a, others, prose);
    }

    /**
     * Whether {@code others} siblings alike {@code a}, holding {@code prose} together, make it one
     * of several.
     */
    private boolean oneOfSeveral(int a, int others, long prose) {
      return others >= 2 && 2 * prose >= stats.prose[a];
    }

    /** An element's kind, as {@link #sameKind} compares them: its tag and its class. */
    private record Kind(String tag, String className) {}

    private Kind kind(int i) {
      return new Kind(tree.tag(i), tree.element(i).className());
    }

    /**
     * How many of {@code parent}'s children that are left are of each kind with a class, and the
     * prose they hold: {@link #isEntry} of each child from one pass, not one pass per child.
     */
    private Map<Kind, long[]> entryKinds(int parent) {
      Map<Kind, long[]> kinds = new HashMap<>();
      for (int c = tree.firstChild(parent); c >= 0; c = tree.nextSibling(c)) {
        if (pruning.isRemoved(c) || tree.element(c).className().isEmpty()) continue;
        long[] tally = kinds.computeIfAbsent(kind(c), k -> new long[2]);
        tally[0]++;
        tally[1] += stats.prose[c];
      }
      return kinds;
    }

    /**
     * Whether {@code a} is one row of a table of several rows: a {@code tr} at least two of whose
     * sibling rows have as many cells, and together hold at least half as much prose as it does
     * ({@link #oneOfSeveral}). A table of members, each row a name and its description
     * (Sandcastle's, whose rows carry no class): the longest description outscores the others and
     * is one part of the table. The rows of a layout table (a banner, the text, a footer) are no
     * such rows: the row of the text holds nearly all of the table's prose.
     */
    private boolean isRowOfSeveral(int a) {
      if (!tree.tag(a).equals("tr")) return false;
      int cells = cells(a);
      return cells >= 2 && oneOfSeveral(a, c -> tree.tag(c).equals("tr") && cells(c) == cells);
    }

    /** The cells ({@code td}, {@code th}) of row {@code row} that are left. */
    private int cells(int row) {
      int n = 0;
      for (int c = tree.firstChild(row); c >= 0; c = tree.nextSibling(c)) {
        String tag = tree.tag(c);
        if (!pruning.isRemoved(c) && (tag.equals("td") || tag.equals("th"))) n++;
      }
      return n;
    }

    /**
     * Whether {@code top} lies in a {@link ElementFacts#SECTION} that is a child of the page's
     * marked content beside other text: the marked content is the whole, the section one part of
     * it (Javadoc's description, summary and details of a class; the table of the packages that
     * use a package, above the section of its uses). Not in an {@code article}: one article is one
     * composition, whose sections may be its photo gallery beside its text.
     */
    private boolean inSectionOfMarked(int top) {
      if (!marked || tree.tag(root).equals("article")) return false;
      int part = top;
      while (tree.parent(part) > root) part = tree.parent(part);
      if (part <= root || !facts.is(part, ElementFacts.SECTION)) return false;
      for (int c = tree.firstChild(root); c >= 0; c = tree.nextSibling(c)) {
        if (c != part && !pruning.isRemoved(c) && stats.chars[c] > 0) return true;
      }
      return false;
    }

    /**
     * A {@link ElementFacts#SECTION} whose first child (after empty anchors) is a heading or a
     * small block holding one (DocBook's title page).
     */
    private boolean isSection(int i) {
      if (!facts.is(i, ElementFacts.SECTION)) return false;
      int first = tree.firstChild(i);
      // anchors before the heading (Sphinx's <span id=...>) hold no text
      while (first >= 0 && tree.ownChars(first) == 0 && tree.firstChild(first) < 0) {
        first = tree.nextSibling(first);
      }
      if (first < 0) return false;
      return switch (tree.tag(first)) {
        case "h1", "h2", "h3", "h4", "h5", "h6" -> true;
        default -> stats.headings[first] > 0 && stats.chars[first] < 200;
      };
    }

    /**
     * A table of contents ({@link ElementFacts#TOC}), or an element whose child is one (DocBook's
     * {@code div.toc} around its {@code dl.toc}).
     */
    private boolean holdsToc(int i) {
      if (facts.is(i, ElementFacts.TOC)) return true;
      for (int c = tree.firstChild(i); c >= 0; c = tree.nextSibling(c)) {
        if (facts.is(c, ElementFacts.TOC)) return true;
      }
      return false;
    }

    /**
     * Readability's siblings of {@code top}: those that score at least a fifth of its score (and
     * at least 10), a table of contents, a paragraph of prose; with {@code entries}, also the
     * entries of several beside it ({@link #isEntryBeside}). What the content is (the prose share,
     * the whole) is judged on Readability's siblings; the entries join the content chosen.
     */
    private List<Integer> withSiblings(int top, boolean entries) {
      int parent = tree.parent(top);
      if (parent < root) return List.of(top);
      double topScore = Double.isNaN(scores[top]) ? 0.0 : scores[top];
      double threshold = Math.max(10, topScore * 0.2);
      String topClass = tree.element(top).className();
      Map<Kind, long[]> kinds = entries ? entryKinds(parent) : null;
      List<Integer> parts = new ArrayList<>();
      for (int sibling = tree.firstChild(parent); sibling >= 0;
          sibling = tree.nextSibling(sibling)) {
        if (pruning.isRemoved(sibling)) continue;
        if (sibling == top) {
          parts.add(sibling);
          continue;
        }
        double bonus = 0;
        if (!topClass.isEmpty() && topClass.equals(tree.element(sibling).className())) {
          bonus = topScore * 0.2;
        }
        double score = scores[sibling];
        boolean append = !Double.isNaN(score) && score + bonus >= threshold;
        // a table of contents beside the prose is what an index page lists
        if (!append && holdsToc(sibling)) append = true;
        if (!append && entries && isEntryBeside(sibling, top, kinds)) append = true;
        if (!append && facts.is(sibling, ElementFacts.P)) {
          int chars = stats.chars[sibling];
          double density = stats.linkDensity(sibling);
          append = (chars > 70 && density < 0.25)
              || (chars > 0 && chars <= 70 && density == 0 && isSentence(pruning.text(sibling)));
        }
        if (append) parts.add(sibling);
      }
      return parts;
    }

    /**
     * Whether {@code sibling} of {@code top} is a block that is an entry of several ({@link
     * #isEntry}) of another kind than {@code top}, less than half links: one part of the content
     * beside it. A Doxygen page writes the description of a class, then each member's
     * documentation ({@code div.memitem}), all children of one {@code div.contents}: the
     * description outscores entries whose paragraphs are each a line ("Constructor."), and without
     * them a class with such a description would be its description alone, the members that tell
     * two classes apart left out. Siblings of {@code top}'s kind are Readability's to judge (rows
     * of a layout: the byline's row beside the text's row). {@code kinds}: {@link #entryKinds} of
     * their parent.
     */
    private boolean isEntryBeside(int sibling, int top, Map<Kind, long[]> kinds) {
      if (!facts.is(sibling, ElementFacts.BLOCK) || sameKind(sibling, top)
          || stats.chars[sibling] == 0 || stats.linkDensity(sibling) >= 0.5) {
        return false;
      }
      long[] tally = tree.element(sibling).className().isEmpty() ? null : kinds.get(kind(sibling));
      return tally != null
          && oneOfSeveral(sibling, (int) tally[0] - 1, tally[1] - stats.prose[sibling]);
    }

    /** Removes from {@code part} every element that ends before the heading ({@link #above}). */
    private void leaveOutAbove(int part) {
      for (int i = part + 1; i < above.heading(); ) {
        if (pruning.isRemoved(i)) {
          i = tree.end(i);
        } else if (tree.end(i) <= above.heading()) {
          stats.remove(i);
          i = tree.end(i);
        } else {
          i++; // holds the heading: look inside
        }
      }
    }

    // -------------------------------------------------------------- 3. conditional cleaning

    /** Readability's _cleanConditionally, innermost first so a parent is judged without junk. */
    private void cleanConditionally(int root) {
      // Reverse pre-order meets every element after its descendants.
      for (int i = tree.end(root) - 1; i > root; i--) {
        if (pruning.isRemoved(i)) continue;
        String tag = tree.tag(i);
        boolean list = tag.equals("ul") || tag.equals("ol");
        if (!(list || tag.equals("div") || tag.equals("section") || tag.equals("table")
            || tag.equals("form") || tag.equals("fieldset") || tag.equals("dl")
            || tag.equals("figure") || tag.equals("h2") || tag.equals("h3"))) {
          continue;
        }
        if (shouldRemove(i, tag, list)) stats.remove(i);
      }
    }

    private boolean shouldRemove(int i, String tag, boolean list) {
      int weight = flags.weightClasses() ? facts.classWeight(i) : 0;
      double density = stats.linkDensity(i);
      if (keepLinks) density = 0;
      if (tag.equals("h2") || tag.equals("h3")) return weight < 0 || density > 0.33;
      if (weight < 0) return true;
      // an index page's table of contents is its content, however many entries it lists
      if (facts.is(i, ElementFacts.TOC)) return false;
      if (stats.commas[i] >= 10) return false;
      int p = stats.paragraphs[i];
      int li = stats.listItems[i] - 100;
      int images = stats.images[i];
      int chars = stats.chars[i];
      if (tag.equals("figure")) return chars < 25 || density > 0.5;
      if (images > 1 && p / (double) images < 0.5) return true;
      // more than a hundred items and fewer paragraphs: a menu, unless each item is an entry under
      // its own heading (a class's method details, each a heading and a signature)
      if (!list && li > p && 2 * stats.headings[i] < stats.listItems[i]) return true;
      if (stats.inputs[i] > p / 3) return true;
      // a short block holding a section heading is the content's structure, not a stray widget;
      // one of code is a declaration ("pub type ino_t = u64;"), what tells twin pages apart; one
      // of a described name is an entry of an index (ElementStats.describeNames)
      if (!list && chars < 20 && (images == 0 || images > 2) && chars > 0
          && stats.headings[i] == 0 && stats.code[i] < chars && !stats.isNamedEntry(i)) {
        return true;
      }
      if (weight < 25 && density > (list ? 0.5 : 0.2)) return true;
      if (weight >= 25 && density > 0.5) return true;
      return false;
    }

    private void render(int part, List<String> lines) {
      LineBuilder builder = new LineBuilder(lines, facts, tree, stats,
          keepLinks ? 1 : settings.maxLineLinkDensity());
      pruning.traverse(part, builder);
      builder.finish();
    }
  }

  /** A short paragraph reads like a sentence: it has a full stop. */
  private static boolean isSentence(String text) {
    return FULL_STOP.matcher(text).matches() || text.contains("。");
  }
}
