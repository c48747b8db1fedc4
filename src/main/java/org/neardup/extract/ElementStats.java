package org.neardup.extract;

/**
 * Text statistics of every element's subtree in one attempt (characters, link characters, commas,
 * prose, counts of {@code p}, {@code img}, {@code li}, form inputs and headings), over what the
 * attempt's {@link Pruning} left. Computed bottom-up in one pass over the {@link ElementTree}'s
 * arrays, so scoring and cleaning stay linear in the page size (no repeated {@code
 * Element.text()} calls).
 */
final class ElementStats {

  /** An entry describes its names with at least this many characters that are no link text. */
  static final int MIN_DESCRIPTION_CHARS = 10;

  private final Pruning pruning;
  private final ElementFacts facts;
  private final int root;
  final int[] chars;
  final double[] linkChars;
  final int[] commas;
  final int[] paragraphs;
  final int[] images;
  final int[] listItems;
  final int[] inputs;
  /** Section headings ({@code h2} to {@code h6}). */
  final int[] headings;
  final boolean[] hasBlockChild;
  /** Characters of the element's own text and of its inline (non-block, non-br) children. */
  final int[] ownInlineChars;
  final int[] ownInlineCommas;
  /** Commas of the subtree inside code ({@link ElementFacts#CODE}): a signature's, an example's. */
  private final int[] codeCommas;
  /** Commas inside code among {@link #ownInlineCommas}. */
  private final int[] ownInlineCodeCommas;
  /** Link characters among {@link #ownInlineChars}. */
  final double[] ownInlineLinkChars;
  /**
   * Prose: the non-link characters of the subtree's text blocks of at least {@code
   * minParagraphChars} characters. A text block is a {@link ElementFacts#PROSE_BLOCK} element
   * without block children (a paragraph, table cell, definition, a div of text) or the text such
   * an element holds around its block children (runs between {@code <br>}s). List items are not
   * prose: lists of teasers (a headline and its summary) are what they usually hold.
   */
  final int[] prose;
  /**
   * Characters of the subtree inside code ({@link ElementFacts#CODE}): a declaration, an example.
   */
  final int[] code;
  /**
   * Link characters of names in the subtree not yet judged: the names below an element that no
   * block between them holds.
   */
  private final double[] names;
  /** How many names {@link #names} holds. */
  private final int[] nameCount;
  /** Entries whose name is text, not link text ({@link #describeNames}). */
  private final boolean[] namedEntry;

  private ElementStats(Pruning pruning, ElementFacts facts, int root) {
    this.pruning = pruning;
    this.facts = facts;
    this.root = root;
    int n = pruning.tree().size();
    chars = new int[n];
    linkChars = new double[n];
    commas = new int[n];
    paragraphs = new int[n];
    images = new int[n];
    listItems = new int[n];
    inputs = new int[n];
    headings = new int[n];
    hasBlockChild = new boolean[n];
    ownInlineChars = new int[n];
    ownInlineCommas = new int[n];
    codeCommas = new int[n];
    ownInlineCodeCommas = new int[n];
    ownInlineLinkChars = new double[n];
    prose = new int[n];
    code = new int[n];
    names = new double[n];
    nameCount = new int[n];
    namedEntry = new boolean[n];
  }

  /**
   * Statistics of the subtree of element {@code root}. Reverse pre-order visits every element
   * after all its descendants. Each element sums its children in document order, as a walk of the
   * DOM would: link characters are doubles, and the order of their additions is kept so the
   * figures match exactly. A text block shorter than {@code minParagraphChars} is no {@link
   * #prose}.
   */
  static ElementStats compute(Pruning pruning, ElementFacts facts, int root,
      int minParagraphChars) {
    ElementStats s = new ElementStats(pruning, facts, root);
    ElementTree tree = pruning.tree();
    for (int i = tree.end(root) - 1; i >= root; i--) {
      if (pruning.isRemoved(i)) continue;
      int c = tree.ownChars(i);
      int k = tree.ownCommas(i);
      s.chars[i] = c;
      s.commas[i] = k;
      s.ownInlineChars[i] = c;
      s.ownInlineCommas[i] = k;
      for (int ch = tree.firstChild(i); ch >= 0; ch = tree.nextSibling(ch)) {
        if (pruning.isRemoved(ch)) continue;
        s.chars[i] += s.chars[ch];
        s.linkChars[i] += s.linkChars[ch];
        s.commas[i] += s.commas[ch];
        s.codeCommas[i] += s.codeCommas[ch];
        s.paragraphs[i] += s.paragraphs[ch];
        s.images[i] += s.images[ch];
        s.listItems[i] += s.listItems[ch];
        s.inputs[i] += s.inputs[ch];
        s.headings[i] += s.headings[ch];
        s.prose[i] += s.prose[ch];
        s.code[i] += s.code[ch];
        s.names[i] += s.names[ch];
        s.nameCount[i] += s.nameCount[ch];
        if (facts.is(ch, ElementFacts.BLOCK)) {
          s.hasBlockChild[i] = true;
        } else if (!facts.is(ch, ElementFacts.BR)) {
          s.ownInlineChars[i] += s.chars[ch];
          s.ownInlineCommas[i] += s.commas[ch];
          s.ownInlineCodeCommas[i] += s.codeCommas[ch];
          s.ownInlineLinkChars[i] += s.linkChars[ch];
        }
      }
      // characters inside code have no link characters (ElementFacts.CODE)
      if (facts.is(i, ElementFacts.CODE)) {
        s.code[i] = s.chars[i];
        s.codeCommas[i] = s.commas[i];
        s.ownInlineCodeCommas[i] = s.ownInlineCommas[i];
      }
      if (facts.is(i, ElementFacts.LINK)) {
        // the links of a table of contents or of a table's caption are their text
        int linked = facts.is(i, ElementFacts.LINKS_ARE_TEXT) ? 0 : s.chars[i] - s.code[i];
        s.linkChars[i] = facts.is(i, ElementFacts.FRAGMENT_LINK) ? 0.3 * linked : linked;
        boolean name = s.isName(i);
        s.names[i] = name ? s.linkChars[i] : 0;
        s.nameCount[i] = name ? 1 : 0;
      }
      if (facts.is(i, ElementFacts.BLOCK)) s.describeNames(i);
      if (facts.is(i, ElementFacts.PROSE_BLOCK)) {
        int blockChars = s.hasBlockChild[i] ? s.ownInlineChars[i] : s.chars[i];
        double blockLinks = s.hasBlockChild[i] ? s.ownInlineLinkChars[i] : s.linkChars[i];
        if (blockChars >= minParagraphChars) s.prose[i] += (int) (blockChars - blockLinks);
      }
      if (facts.is(i, ElementFacts.P)) s.paragraphs[i]++;
      else if (facts.is(i, ElementFacts.IMG)) s.images[i]++;
      else if (facts.is(i, ElementFacts.LI)) s.listItems[i]++;
      else if (facts.is(i, ElementFacts.INPUT)) s.inputs[i]++;
      else if (facts.is(i, ElementFacts.HEADING)) s.headings[i]++;
    }
    return s;
  }

  /** A link that is a name ({@link ElementFacts#isNameLink}) with link text in this attempt. */
  private boolean isName(int link) {
    return chars[link] > code[link] && facts.isNameLink(link);
  }

  /**
   * Judges the name below block {@code i} that no inner block holds, when there is exactly one:
   * it is text, not link text, when it is the block's only link text and the block describes it,
   * at least {@value #MIN_DESCRIPTION_CHARS} of the block's characters being no link text
   * (DocBook's "{@code dbhtml_dir} — Specifies a directory name"). An index that describes each
   * entry is a page's content; a menu or a list of tags names pages without describing them, a
   * bar of names ("[sys_utils][str_utils]") is one block of several, a line of links with a name
   * among them (a post's title and its author's "sunmoon558") links more than the name, and a
   * headline is more than one word.
   *
   * <p>A name in a table cell of its own is text when the row's next cell describes it ({@link
   * #describedByNextCell}): a table of a handle's methods, each a linked name and what it does,
   * lists the C API's names on one page and the C++ API's on its sister page under the same
   * descriptions, and without its names each page is the other's text. A definition list's term
   * and a grid of {@code div} cells (Javadoc's and rustdoc's summaries) stay link text.
   */
  private void describeNames(int i) {
    double pending = names[i];
    int count = nameCount[i];
    names[i] = 0;
    nameCount[i] = 0;
    // an entry names one thing and links nothing else; a bar of names, or a line of links with a
    // name among them (a post's title and its author), is navigation
    if (pending <= 0 || count != 1 || linkChars[i] - pending > 0.5) return;
    if (chars[i] - linkChars[i] < MIN_DESCRIPTION_CHARS && !describedByNextCell(i)) return;
    linkChars[i] -= pending;
    ownInlineLinkChars[i] -= pending;
    namedEntry[i] = true;
  }

  /**
   * Whether table cell {@code i}'s next cell in its row describes what it names: at least {@value
   * #MIN_DESCRIPTION_CHARS} characters of it are no link text.
   */
  private boolean describedByNextCell(int i) {
    ElementTree tree = pruning.tree();
    String tag = tree.tag(i);
    if (!tag.equals("td") && !tag.equals("th")) return false;
    int next = tree.nextSibling(i);
    while (next >= 0 && pruning.isRemoved(next)) next = tree.nextSibling(next);
    return next >= 0 && tree.tag(next).equals("td") && chars[next] - linkChars[next] >= MIN_DESCRIPTION_CHARS;
  }

  /** Whether block {@code i}'s name is text ({@link #describeNames}). */
  boolean isNamedEntry(int i) {
    return namedEntry[i];
  }

  /**
   * Whether link {@code link} is a name that counts as text: the nearest block around it is an
   * entry that describes it ({@link #describeNames}).
   */
  boolean isTextName(int link) {
    if (!isName(link)) return false;
    ElementTree tree = pruning.tree();
    for (int p = tree.parent(link); p >= root; p = tree.parent(p)) {
      if (facts.is(p, ElementFacts.BLOCK)) return namedEntry[p];
    }
    return false;
  }

  /**
   * The subtree's commas outside code: those that separate clauses. A comma in a signature ({@code
   * (a1, a2, a3)}), a call or an array literal says nothing of prose.
   */
  int proseCommas(int i) {
    return commas[i] - codeCommas[i];
  }

  /** {@link #proseCommas} of the element's own text and inline children ({@link #ownInlineCommas}). */
  int ownInlineProseCommas(int i) {
    return ownInlineCommas[i] - ownInlineCodeCommas[i];
  }

  double linkDensity(int i) {
    return chars[i] == 0 ? 0 : Math.min(1, linkChars[i] / chars[i]);
  }

  /** Removes {@code i} from the attempt and its figures from its ancestors'. */
  void remove(int i) {
    ElementTree tree = pruning.tree();
    for (int p = tree.parent(i); p >= root; p = tree.parent(p)) {
      chars[p] -= chars[i];
      linkChars[p] -= linkChars[i];
      commas[p] -= commas[i];
      codeCommas[p] -= codeCommas[i];
      paragraphs[p] -= paragraphs[i];
      images[p] -= images[i];
      listItems[p] -= listItems[i];
      inputs[p] -= inputs[i];
      headings[p] -= headings[i];
      prose[p] -= prose[i];
      code[p] -= code[i];
    }
    pruning.remove(i);
  }
}
