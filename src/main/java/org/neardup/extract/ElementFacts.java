package org.neardup.extract;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import org.jsoup.nodes.Element;

/**
 * What main-content extraction needs to know about each element of the body, read from its tag
 * and attributes once per page and kept as bit flags.
 *
 * <p>Why: the retry ladder's attempts, the statistics, scoring and rendering all ask the same
 * questions (is it a block, a link, hidden, a boilerplate container?). Asking the DOM each time
 * meant several attribute scans and set lookups per element and question, and on a large page an
 * element's attributes are rarely still in the CPU cache after the walk that numbered it, so the
 * flags are read during that walk ({@link #classifier}). Elements inside a subtree that every
 * attempt removes are never looked at by anything, so they are not examined ({@link
 * #NOT_READ}).
 */
final class ElementFacts {

  /** Never content, hidden, a navigation role, or the {@code h1} headline: no attempt keeps it. */
  static final int ALWAYS_PRUNED = 1;
  /** Class/id read like a boilerplate container; only the strict attempt removes it. */
  static final int UNLIKELY = 1 << 1;
  /** Starts and ends a line of output. */
  static final int BLOCK = 1 << 2;
  /** {@code p, pre, td, blockquote}: scored as a paragraph. */
  static final int PARAGRAPH = 1 << 3;
  /** {@code div, section, article, main, center}: scored as a paragraph without block children. */
  static final int DIV_LIKE = 1 << 4;
  static final int BR = 1 << 5;
  /** {@code a} with an {@code href}: its text is link text. */
  static final int LINK = 1 << 6;
  /** A link to a fragment of the same page ({@code href="#..."}), which counts less. */
  static final int FRAGMENT_LINK = 1 << 7;
  static final int P = 1 << 8;
  static final int IMG = 1 << 9;
  static final int LI = 1 << 10;
  /** {@code input, select, textarea, button}. */
  static final int INPUT = 1 << 11;
  /** Set on every element that was examined, so an examined element's flags are never 0. */
  static final int READ = 1 << 12;
  /** Below an {@link #ALWAYS_PRUNED} element, or outside the body: not examined. */
  static final int NOT_READ = 1 << 13;
  /** A {@code p} lies between the element and the body. */
  static final int IN_P = 1 << 14;
  /** {@code role="main"}: the site marks this element as the page's main content. */
  static final int ROLE_MAIN = 1 << 15;
  /**
   * Class/id read like the site's furniture (footer, header, navigation, breadcrumbs, menu,
   * sidebar, copyright box), a kind of {@link #UNLIKELY} that every attempt removes, the relaxed
   * ones too. Never a {@code table}, which is only unlikely.
   */
  static final int FURNITURE = 1 << 16;
  /**
   * {@code p, pre, td, blockquote, dd} and the div-likes: their text (without block children) is
   * prose, unlike that of list items and headings.
   */
  static final int PROSE_BLOCK = 1 << 17;
  /** {@code h2} to {@code h6} (an {@code h1} is always pruned). */
  static final int HEADING = 1 << 18;
  /**
   * Code: {@code pre, code, tt, kbd, samp}, an element whose class names code ({@link
   * #classFlags}), or an element inside one. Documentation generators link the names in
   * declarations, examples and prose to their reference pages; a link whose text is code is such a
   * cross-reference, part of the text, not navigation.
   */
  static final int CODE = 1 << 19;
  /**
   * A part of a list, a definition list or a figure: {@code li, dt, dd, figure, figcaption}, and
   * DocBook's {@code div.figure} and {@code div.informalfigure}. One {@code article} of several is
   * a part too; that takes its siblings, which the element alone does not show, so {@link
   * MainContentExtractor} asks the tree ({@link ElementTree#hasSiblingOfItsTag}).
   */
  static final int PART = 1 << 20;
  /**
   * A section of a text: {@code section}, and the {@code div.section}, {@code div.sect1} …
   * {@code div.sect5} of Sphinx and DocBook.
   */
  static final int SECTION = 1 << 21;
  /**
   * An admonition: a div of one of the classes {@code note, tip, warning, caution, important,
   * admonition} (DocBook's and Sphinx's boxes, which a site repeats on many pages).
   */
  static final int ADMONITION = 1 << 22;
  /**
   * A table of contents of the pages below this one, Sphinx's {@code div.toctree-wrapper},
   * DocBook's {@code dl.toc}, LaTeX2HTML's {@code ul.ChildLinks}, a {@code div} or list under a
   * "Contents" heading ({@code headsContentsOfPages}) or SiSU's headings of class {@code toc}
   * ({@code isContentsEntry}), or an element inside one. On an index page it is the content: its
   * links are the page's text, not navigation. (A list of the sections of the page itself, or a
   * site's menu, is no such table.)
   */
  static final int TOC = 1 << 23;
  /**
   * A table's caption, or an element inside one: an HTML {@code caption}, or an element of class
   * {@code caption} followed by a table or an element whose class names one (Javadoc's {@code
   * div.caption} over its {@code div.summary-table}: "Classes in java.util.zip used by
   * java.util.jar"). It names what the table holds; its links (the names it speaks of) are its
   * text, not navigation, and its class is no photo's caption.
   */
  static final int TABLE_CAPTION = 1 << 24;
  /**
   * The elements whose links are their text, not navigation, in every link density ({@code
   * ElementStats}) and in the line filter ({@code LineBuilder}): a table of contents' entries and a
   * table caption's names.
   */
  static final int LINKS_ARE_TEXT = TOC | TABLE_CAPTION;
  /**
   * Folded away: a child of a closed {@code <details>} (one without {@code open}) other than its
   * {@code summary}, or an element inside one. The page shows the summary and leaves the rest to
   * a reader who opens it (Haddock's methods of each of a class's instances), so it scores
   * nothing; its text stays in the text of a container chosen around it.
   */
  static final int FOLDED = 1 << 25;

  private static final Set<String> PART_CLASSES = Set.of("figure", "informalfigure");

  private static final Set<String> ADMONITION_CLASSES = Set.of("note", "tip", "warning", "caution", "important",
      "admonition");

  private static final Set<String> SECTION_CLASSES =
      Set.of("section", "sect1", "sect2", "sect3", "sect4", "sect5");

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

  private static final Set<String> DIV_LIKES = Set.of("div", "section", "article", "main",
      "center");

  /**
   * Text-level (inline) elements: their class names describe the words inside them
   * ({@code guimenu}, {@code menuitem}, {@code byline-date}), not a boilerplate container.
   */
  private static final Set<String> INLINE = Set.of("span", "code", "em", "strong", "b", "i", "u",
      "tt", "kbd", "samp", "var", "abbr", "acronym", "cite", "dfn", "q", "small", "big", "sub",
      "sup", "mark", "time", "font", "bdi", "bdo", "s");

  /**
   * The parts of a table: their class names describe the table ({@code t-dsc-header}, {@code
   * row-footer}: its header and footer rows), not the site's header or footer. A table that is
   * boilerplate is judged by its own class, and by the conditional cleaning.
   */
  private static final Set<String> TABLE_PARTS = Set.of("tr", "td", "th", "thead", "tbody",
      "tfoot");

  /** Tags exempt from the unlikely-candidate test; only used inside {@link #TAG_FLAGS}. */
  private static final int NEVER_UNLIKELY = 1 << 30;

  /**
   * What a tag alone says, from the sets above, in one map: one lookup per element instead of
   * one per set. {@link #LINK} here means "an {@code a}", cleared when it has no {@code href}.
   */
  private static final Map<String, Integer> TAG_FLAGS = tagFlags();

  private static Map<String, Integer> tagFlags() {
    Map<String, Integer> m = new HashMap<>();
    BiConsumer<Iterable<String>, Integer> add =
        (tags, flag) -> tags.forEach(t -> m.merge(t, flag, (a, b) -> a | b));
    add.accept(NEVER_CONTENT, ALWAYS_PRUNED);
    add.accept(Set.of("h1"), ALWAYS_PRUNED); // the headline belongs in Page.heading
    add.accept(BLOCKS, BLOCK);
    add.accept(PARAGRAPHS, PARAGRAPH);
    add.accept(DIV_LIKES, DIV_LIKE);
    add.accept(PARAGRAPHS, PROSE_BLOCK);
    add.accept(DIV_LIKES, PROSE_BLOCK);
    add.accept(Set.of("dd"), PROSE_BLOCK);
    add.accept(Set.of("h2", "h3", "h4", "h5", "h6"), HEADING);
    add.accept(Set.of("pre", "code", "tt", "kbd", "samp"), CODE);
    add.accept(Set.of("li", "dt", "dd", "figure", "figcaption"), PART);
    add.accept(Set.of("section"), SECTION);
    add.accept(Set.of("br"), BR);
    add.accept(Set.of("p"), P);
    add.accept(Set.of("img"), IMG);
    add.accept(Set.of("li"), LI);
    add.accept(Set.of("input", "select", "textarea", "button"), INPUT);
    add.accept(Set.of("a"), LINK);
    add.accept(Set.of("article", "main", "body", "a"), NEVER_UNLIKELY);
    add.accept(TABLE_PARTS, NEVER_UNLIKELY);
    add.accept(INLINE, NEVER_UNLIKELY);
    return Map.copyOf(m);
  }

  /** {@link #weights} entry of an element whose weight was not asked for yet. */
  private static final int UNKNOWN = Integer.MIN_VALUE;

  private final ElementTree tree;
  /** Class weights, read on first use: only scored elements and cleaning candidates need one. */
  private final int[] weights;
  /** {@link #isNameLink} of each link, read on first use: 0 unknown, 1 a name, -1 not. */
  private final byte[] nameLinks;

  /** Elements named like furniture that wrap the page's content ({@link #keepAsWrapper}), or null. */
  private BitSet wrappers;

  /** The facts of a tree numbered with a {@link #classifier}. */
  ElementFacts(ElementTree tree) {
    this.tree = tree;
    weights = new int[tree.size()];
    Arrays.fill(weights, UNKNOWN);
    nameLinks = new byte[tree.size()];
  }

  /**
   * Reads the flags of {@code body} (which is never pruned) and of the elements below it that
   * some attempt may keep; every other element gets {@link #NOT_READ}.
   */
  static ElementTree.Classifier classifier(Element body) {
    return (e, tag, parentFacts) -> {
      if (e == body) return read(e, tag, true);
      if ((parentFacts & READ) == 0 || (parentFacts & ALWAYS_PRUNED) != 0) return NOT_READ;
      int f = read(e, tag, false);
      // the body is never a p, so a p parent is below it
      if ((parentFacts & (P | IN_P)) != 0) f |= IN_P;
      if (!tag.equals("summary") && isClosedDetails(e.parent())) f |= FOLDED;
      return f | parentFacts & (CODE | TOC | TABLE_CAPTION | FOLDED);
    };
  }

  /**
   * Visits {@code root} and every element below it that is outside never-content elements and
   * outside elements whose class or id reads like boilerplate (menus, footers, sidebars): the
   * elements whose text a page shows besides its site's frame.
   */
  void forEachShown(int root, IntConsumer visit) {
    forEachShown(root, -1, visit);
  }

  /**
   * {@link #forEachShown(int, IntConsumer)}, but an element that holds {@code through} (the
   * content a page marks) is read whatever its class says: a theme may wrap the whole page in an
   * element whose class reads like furniture (Read the Docs' {@code div.wy-grid-for-nav} and
   * {@code div.wy-nav-content}).
   */
  void forEachShown(int root, int through, IntConsumer visit) {
    forEachShown(root, through, 0, visit);
  }

  /**
   * {@link #forEachShown(int, int, IntConsumer)}, leaving out too the elements with any of the
   * {@code skipped} facts, and what they hold.
   */
  private void forEachShown(int root, int through, int skipped, IntConsumer visit) {
    for (int k = root; k < tree.end(root); k++) {
      boolean holdsThrough = k < through && through < tree.end(k);
      if (k > root && (is(k, ALWAYS_PRUNED | NOT_READ | skipped) || isUnlikely(k) && !holdsThrough)) {
        k = tree.end(k) - 1;
        continue;
      }
      visit.accept(k);
    }
  }

  /** Non-blank characters of the elements {@link #forEachShown(int, int, IntConsumer)} visits. */
  int shownChars(int root, int through) {
    return ownCharsOfShown(root, through, 0);
  }

  /**
   * {@link #shownChars}, less the characters of links and headings: the prose a page shows besides
   * its site's frame, not its menus' items.
   */
  int shownProse(int root, int through) {
    return ownCharsOfShown(root, through, LINK | HEADING);
  }

  private int ownCharsOfShown(int root, int through, int skipped) {
    int[] chars = {0};
    forEachShown(root, through, skipped, k -> chars[0] += tree.ownChars(k));
    return chars[0];
  }

  boolean is(int i, int flag) {
    return (tree.facts(i) & flag) != 0;
  }

  /**
   * Takes element {@code i}, whose class or id reads like the site's furniture, for a wrapper of the
   * page's content: {@link #isFurniture} and {@link #isUnlikely} no longer say so of it.
   */
  void keepAsWrapper(int i) {
    if (wrappers == null) wrappers = new BitSet(tree.size());
    wrappers.set(i);
  }

  /** {@link #FURNITURE}, unless the element wraps the page's content ({@link #keepAsWrapper}). */
  boolean isFurniture(int i) {
    return is(i, FURNITURE) && !isWrapper(i);
  }

  /** {@link #UNLIKELY}, unless the element wraps the page's content ({@link #keepAsWrapper}). */
  boolean isUnlikely(int i) {
    return is(i, UNLIKELY) && !isWrapper(i);
  }

  private boolean isWrapper(int i) {
    return wrappers != null && wrappers.get(i);
  }

  /**
   * Whether link {@code i}'s text is a name as code writes it: one word with a mark of code
   * ({@link ElementTree#codeMarks}: {@code dbhtml_dir}, {@code FontRenderContext}, {@code
   * java.awt}; no address) and no CJK text, whose words have no spaces between them, of at most
   * {@value ElementTree#MAX_NAME_CHARS} characters. An action ("Run", "source", "Reply") is a word
   * of prose. Read once per link, from the whole text below it.
   */
  boolean isNameLink(int i) {
    byte known = nameLinks[i];
    if (known == 0) {
      int words = 0;
      int marks = 0;
      int chars = 0;
      boolean wide = false;
      for (int k = i; k < tree.end(i) && words <= 1 && !wide; k++) {
        words += tree.ownWords(k);
        marks += tree.ownCodeMarks(k);
        chars += tree.ownChars(k);
        wide = tree.ownWide(k) > 0;
      }
      boolean name = words == 1 && marks > 0 && !wide && chars <= ElementTree.MAX_NAME_CHARS;
      nameLinks[i] = known = (byte) (name ? 1 : -1);
    }
    return known > 0;
  }

  /** Readability's class weight: -25 for a negative class/id word, +25 for a positive one. */
  int classWeight(int i) {
    if (is(i, TABLE_CAPTION)) return 0;
    int w = weights[i];
    if (w == UNKNOWN) weights[i] = w = ClassNames.weight(tree.element(i));
    return w;
  }

  /**
   * The class weight an element scores with as a candidate: {@link #classWeight}, but no bonus for
   * a {@link #PART} (a list item, a definition, a figure), whatever its class says: a part is never
   * the whole content, and a class that reads like content on one ({@code dd.body--doc}, each
   * entry's description on a reference page; {@code li.entry}, each teaser of a list) would make
   * it outscore the container that holds it and its siblings.
   */
  int candidateWeight(int i) {
    int w = classWeight(i);
    return w > 0 && is(i, PART) ? 0 : w;
  }

  private static int read(Element e, String tag, boolean root) {
    int byTag = TAG_FLAGS.getOrDefault(tag, 0);
    if (!root && ((byTag & ALWAYS_PRUNED) != 0 || isHiddenOrNeverContent(e) || isInheritedMember(tag, e))) {
      return READ | ALWAYS_PRUNED;
    }
    int f = READ | (byTag & ~ALWAYS_PRUNED); // the root is never pruned
    if (!root && e.attr("role").equalsIgnoreCase("main")) f |= ROLE_MAIN;
    if (!root && (byTag & NEVER_UNLIKELY) == 0) {
      int boilerplate = ClassNames.boilerplate(e);
      // a table is judged by the strict attempt and the conditional cleaning: Texinfo writes the
      // menu of a node's sections as a table.menu, all the content of a node that has no prose
      if (boilerplate == ClassNames.FURNITURE_CONTAINER) f |= tag.equals("table") ? UNLIKELY : UNLIKELY | FURNITURE;
      else if (boilerplate == ClassNames.BOILERPLATE) f |= UNLIKELY;
    }
    f |= classFlags(tag, e.className());
    if (headsContentsOfPages(e, tag) || isContentsEntry(e, tag)) f |= TOC;
    if (tag.equals("caption") || e.hasClass("caption") && namesTable(e.nextElementSibling())) {
      f |= TABLE_CAPTION;
    }
    if ((f & LINK) != 0) {
      if (!e.hasAttr("href")) f &= ~LINK;
      else if (e.attr("href").startsWith("#")) f |= FRAGMENT_LINK;
    }
    return f & ~NEVER_UNLIKELY;
  }

  private static final Set<String> HEADINGS = Set.of("h1", "h2", "h3", "h4", "h5", "h6");

  /**
   * The headings of a book's table of contents: "Contents", "Table of Contents", and their words in
   * the languages documentation is most often written in.
   */
  private static final Set<String> CONTENTS_HEADINGS = Set.of("contents", "table of contents",
      "short table of contents", "short contents", "conteúdo", "índice", "sumário", "contenido",
      "contenu", "table des matières", "sommaire", "inhalt", "inhaltsverzeichnis", "indice",
      "sommario", "содержание", "目次", "目录", "目錄", "内容目录");

  /** The ids a generator gives the heading of a book's table of contents. */
  private static final Set<String> CONTENTS_IDS = Set.of("contents", "toc", "table-of-contents");

  /**
   * Whether {@code e} is a table of contents by its heading, and links to another page: a {@code
   * div} whose first child is a contents heading ({@link #isContentsHeading}), or a list ({@code
   * ul}, {@code ol}, {@code dl}) right after one. Texinfo writes a manual's contents as a {@code
   * div.contents} under an {@code h2} "Table of Contents" on its top node, GAPDoc under an {@code
   * h3} "Contents" on a book's first page, debiandoc as a {@code ul} after an {@code h2
   * id="contents"} in the manual's language ("Conteúdo"): there the contents are what tells one
   * manual's top page from another's, whose prose is the same licence. A list of the page's own
   * sections links only to fragments of it and is no such table.
   */
  private static boolean headsContentsOfPages(Element e, String tag) {
    Element heading = switch (tag) {
      case "div" -> e.firstElementChild();
      case "ul", "ol", "dl" -> e.previousElementSibling();
      default -> null;
    };
    return heading != null && isContentsHeading(heading) && linksToAnotherPage(e);
  }

  /**
   * A heading ({@code h1}–{@code h6}) that reads "Contents" or "Table of Contents" ({@link
   * #CONTENTS_HEADINGS}, a trailing colon aside), or whose id names a table of contents ({@link
   * #CONTENTS_IDS}).
   */
  private static boolean isContentsHeading(Element h) {
    if (!HEADINGS.contains(h.normalName())) return false;
    if (CONTENTS_IDS.contains(h.id().toLowerCase(Locale.ROOT))) return true;
    String text = h.text().strip().toLowerCase(Locale.ROOT);
    if (text.endsWith(":")) text = text.substring(0, text.length() - 1).strip();
    return CONTENTS_HEADINGS.contains(text);
  }

  /** Whether an element holds a link to another page (not to a fragment of this one). */
  private static boolean linksToAnotherPage(Element e) {
    for (Element a : e.getElementsByTag("a")) {
      String href = a.attr("href");
      if (!href.isEmpty() && !href.startsWith("#")) return true;
    }
    return false;
  }

  /**
   * A heading of class {@code toc} that links to another page: an entry of a table of contents
   * written as headings, one a level (SiSU's {@code h4.toc} … {@code h6.toc}).
   */
  private static boolean isContentsEntry(Element e, String tag) {
    return HEADINGS.contains(tag) && e.hasClass("toc") && linksToAnotherPage(e);
  }

  /** The classes syntax highlighters give the code they colour. */
  private static final Set<String> HIGHLIGHTER_CLASSES = Set.of("mw-geshi", "geshi", "mw-highlight",
      "syntaxhighlighter", "hljs", "prettyprint", "sourcecode");

  /**
   * What an element's class names say, whatever their case: {@link #PART}, {@link #SECTION},
   * {@link #ADMONITION} or {@link #TOC} for a div of one of their classes ({@link #TOC} also for
   * DocBook's {@code dl.toc} and LaTeX2HTML's {@code ul.ChildLinks}), {@link #CODE} for an element
   * of a class that names code ({@code code}, or a name that ends in {@code _code} or {@code -code}
   * or starts with {@code code-}: Erlang's {@code span.bold_code}, rustdoc's {@code
   * h4.code-header}; {@code src}: Haddock's declarations, {@code p.src} and {@code td.src}, and Org
   * mode's {@code pre.src} blocks) or a syntax highlighter ({@link #HIGHLIGHTER_CLASSES}:
   * cppreference's {@code span.mw-geshi}).
   */
  private static int classFlags(String tag, String className) {
    if (className.isEmpty()) return 0;
    // read in lower case: DocBook's DSSSL stylesheets write classes in capitals (DIV CLASS="WARNING",
    // "SECT1", DL inside DIV CLASS="TOC"), which pages in quirks mode match whatever their case
    className = className.toLowerCase(Locale.ROOT);
    boolean div = tag.equals("div");
    if (tag.equals("dl") && className.equals("toc")) return TOC; // DocBook XSL's
    if (tag.equals("ul") && className.equals("childlinks")) return TOC; // LaTeX2HTML's ChildLinks
    boolean code = className.contains("code") || className.contains("src") || className.contains("geshi")
        || className.contains("highlight") || className.contains("hljs") || className.contains("prettyprint");
    if (!code && !(div && (className.contains("fig") || className.contains("sect")
        || className.contains("toctree") || mayNameAnAdmonition(className)))) {
      return 0;
    }
    int f = 0;
    for (String c : className.split("\\s+")) {
      if (div && PART_CLASSES.contains(c)) f |= PART;
      if (div && ADMONITION_CLASSES.contains(c)) f |= ADMONITION;
      if (div && SECTION_CLASSES.contains(c)) f |= SECTION;
      if (div && c.equals("toctree-wrapper")) f |= TOC;
      if (code && (c.equals("code") || c.equals("src") || c.endsWith("_code") || c.endsWith("-code") || c.startsWith("code-")
          || HIGHLIGHTER_CLASSES.contains(c))) {
        f |= CODE;
      }
    }
    return f;
  }

  /** Whether {@code e} is a table: a {@code table}, or an element with a class word naming one. */
  private static boolean namesTable(Element e) {
    if (e == null) return false;
    if (e.tagName().equals("table")) return true;
    for (String c : e.classNames()) {
      if (c.equals("table") || c.endsWith("-table") || c.endsWith("_table")) return true;
    }
    return false;
  }

  /** Whether a class attribute may hold an admonition's class: a quick test before the split. */
  private static boolean mayNameAnAdmonition(String className) {
    for (String admonition : ADMONITION_CLASSES) {
      if (className.contains(admonition)) return true;
    }
    return false;
  }

  /**
   * A row of Doxygen's member tables that lists a member a class inherits ({@code tr.inherit}),
   * or the heading of such rows ({@code tr.inherit_header}: "Public Member Functions inherited
   * from wxDC"). The base class's page holds them; every class derived from it repeats them, so a
   * derived class's text would be mostly its base's, and its siblings' (EXTRACTION.md, step 1).
   */
  static boolean isInheritedMember(String tag, Element e) {
    return tag.equals("tr") && (e.hasClass("inherit") || e.hasClass("inherit_header"));
  }

  private static boolean isClosedDetails(Element e) {
    return e != null && e.normalName().equals("details") && !e.hasAttr("open");
  }

  /**
   * Whether an element is hidden or has a role that is never content: the page does not show it
   * (an {@code h1}, which extraction prunes for its tag alone, is then no heading).
   */
  static boolean isHiddenOrNeverContent(Element e) {
    return isHidden(e) || ROLES_NEVER_CONTENT.contains(e.attr("role").toLowerCase(Locale.ROOT));
  }

  private static boolean isHidden(Element e) {
    if (e.hasAttr("hidden")) return true;
    String style = e.attr("style");
    return !style.isEmpty()
        && (declares(style, "display:none") || declares(style, "visibility:hidden"));
  }

  /**
   * Whether {@code style}, lower-cased and without spaces, contains {@code target} (lower-case
   * ASCII letters and ':'), without building that string: this runs on every styled element.
   * Comparing ASCII letters case-insensitively is exact here: the only other characters that
   * lower-case to ASCII letters are U+212A (to 'k', in neither target) and U+0130 (to 'i' plus a
   * combining dot, which no target character can follow).
   */
  static boolean declares(String style, String target) {
    int n = style.length();
    for (int start = 0; start < n; start++) {
      int k = start;
      int t = 0;
      while (t < target.length() && k < n) {
        char c = style.charAt(k++);
        if (c == ' ') {
          if (t == 0) break; // a match starts at a character, not at a space
          continue;
        }
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        if (c != target.charAt(t)) break;
        t++;
      }
      if (t == target.length()) return true;
    }
    return false;
  }
}
