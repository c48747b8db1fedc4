package org.neardup.extract;

/**
 * Text statistics of every element's subtree in one attempt (characters, link characters, commas,
 * prose, counts of {@code p}, {@code img}, {@code li}, form inputs and headings), over what the
 * attempt's {@link Pruning} left. Computed bottom-up in one pass over the {@link ElementTree}'s
 * arrays, so scoring and cleaning stay linear in the page size (no repeated {@code
 * Element.text()} calls).
 */
final class ElementStats {

  private final Pruning pruning;
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

  private ElementStats(Pruning pruning, int root) {
    this.pruning = pruning;
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
    ownInlineLinkChars = new double[n];
    prose = new int[n];
    code = new int[n];
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
    ElementStats s = new ElementStats(pruning, root);
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
        s.paragraphs[i] += s.paragraphs[ch];
        s.images[i] += s.images[ch];
        s.listItems[i] += s.listItems[ch];
        s.inputs[i] += s.inputs[ch];
        s.headings[i] += s.headings[ch];
        s.prose[i] += s.prose[ch];
        s.code[i] += s.code[ch];
        if (facts.is(ch, ElementFacts.BLOCK)) {
          s.hasBlockChild[i] = true;
        } else if (!facts.is(ch, ElementFacts.BR)) {
          s.ownInlineChars[i] += s.chars[ch];
          s.ownInlineCommas[i] += s.commas[ch];
          s.ownInlineLinkChars[i] += s.linkChars[ch];
        }
      }
      // characters inside code have no link characters (ElementFacts.CODE)
      if (facts.is(i, ElementFacts.CODE)) s.code[i] = s.chars[i];
      if (facts.is(i, ElementFacts.LINK)) {
        int linked = s.chars[i] - s.code[i];
        s.linkChars[i] = facts.is(i, ElementFacts.FRAGMENT_LINK) ? 0.3 * linked : linked;
      }
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
