package org.neardup.extract;

import java.util.Arrays;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The elements of one subtree in document order (pre-order, the root first), numbered, with each
 * one's parent, subtree end and element children, and the characters and commas of its own text
 * nodes.
 *
 * <p>Why: {@link MainContentExtractor} runs up to four attempts over the same DOM, each removing
 * different elements. Removing them from a copy of the body cost more than the rest of an attempt.
 * With every element numbered in pre-order, the subtree of element {@code i} is the index range
 * {@code [i, end(i))}, so an attempt marks removed subtrees in a {@link Pruning} instead, and
 * "is an ancestor of" is a range test. The tree is built once per page and never modified, and
 * neither is the DOM.
 *
 * <p>A {@link Classifier} may read what its user needs from each element during the walk: on a
 * large page the element's attributes are in the CPU cache then and rarely are in a later pass.
 */
final class ElementTree {

  /** Reads one int of facts from each element as the walk meets it. */
  interface Classifier {
    /**
     * @param parentFacts what this returned for the parent element; 0 for the root
     */
    int classify(Element e, String tag, int parentFacts);
  }

  private final Element[] elements;
  private final String[] tags;
  private final int[] parent;
  private final int[] end;
  private final int[] firstChild;
  private final int[] nextSibling;
  private final int[] ownChars;
  private final int[] ownCommas;
  private final int[] facts;

  private ElementTree(Builder b) {
    int n = b.size;
    elements = Arrays.copyOf(b.elements, n);
    tags = Arrays.copyOf(b.tags, n);
    parent = Arrays.copyOf(b.parent, n);
    end = Arrays.copyOf(b.end, n);
    firstChild = Arrays.copyOf(b.firstChild, n);
    nextSibling = Arrays.copyOf(b.nextSibling, n);
    ownChars = Arrays.copyOf(b.ownChars, n);
    ownCommas = Arrays.copyOf(b.ownCommas, n);
    facts = Arrays.copyOf(b.facts, n);
  }

  /**
   * Numbers {@code root}'s subtree and keeps what {@code classifier} says of each element. An
   * explicit stack of (element, next child position) instead of jsoup's {@code NodeTraversor}: the
   * traversor re-derives each node's sibling index and guards against changes made during the
   * walk, which cost more than the rest of building the tree, and recursion would overflow on deep
   * DOMs.
   */
  static ElementTree of(Element root, Classifier classifier) {
    Builder b = new Builder(classifier);
    b.walk(root);
    return new ElementTree(b);
  }

  /** The index of {@code e}, or -1 when it is not in the tree. */
  int indexOf(Element e) {
    for (int i = 0; i < elements.length; i++) {
      if (elements[i] == e) return i;
    }
    return -1;
  }

  int size() {
    return elements.length;
  }

  Element element(int i) {
    return elements[i];
  }

  /** The element's {@code normalName()}. */
  String tag(int i) {
    return tags[i];
  }

  /** The parent's index, or -1 for the root. */
  int parent(int i) {
    return parent[i];
  }

  /** One past the last index of {@code i}'s subtree. */
  int end(int i) {
    return end[i];
  }

  /** The first element child, or -1. */
  int firstChild(int i) {
    return firstChild[i];
  }

  /** The next element sibling, or -1. */
  int nextSibling(int i) {
    return nextSibling[i];
  }

  /** Non-blank characters of the element's own text nodes (not its descendants'). */
  int ownChars(int i) {
    return ownChars[i];
  }

  /** Commas ({@link MainContentExtractor#isComma}) in the element's own text nodes. */
  int ownCommas(int i) {
    return ownCommas[i];
  }

  /** What the classifier returned for element {@code i}. */
  int facts(int i) {
    return facts[i];
  }

  /** Whether another element child of {@code i}'s parent has {@code i}'s tag. */
  boolean hasSiblingOfItsTag(int i) {
    int p = parent(i);
    if (p < 0) return false;
    for (int c = firstChild(p); c >= 0; c = nextSibling(c)) {
      if (c != i && tag(c).equals(tag(i))) return true;
    }
    return false;
  }

  /** Whether {@code ancestor} is a proper ancestor of {@code i}. */
  boolean isAncestor(int ancestor, int i) {
    return ancestor < i && i < end[ancestor];
  }

  /** Numbers elements in pre-order into growing arrays. */
  private static final class Builder {
    Element[] elements = new Element[256];
    String[] tags = new String[256];
    int[] parent = new int[256];
    int[] end = new int[256];
    int[] firstChild = new int[256];
    int[] nextSibling = new int[256];
    int[] ownChars = new int[256];
    int[] ownCommas = new int[256];
    int[] facts = new int[256];
    int size;
    final Classifier classifier;

    Builder(Classifier classifier) {
      this.classifier = classifier;
    }

    void walk(Element root) {
      // open[d]: index of the element entered at depth d; position[d]: its next child node;
      // last[d]: its last element child numbered so far.
      int[] open = new int[64];
      int[] position = new int[64];
      int[] last = new int[64];
      int depth = 0;
      open[0] = add(root, -1);
      last[0] = -1;
      while (depth >= 0) {
        int i = open[depth];
        Element e = elements[i];
        int pos = position[depth];
        if (pos == e.childNodeSize()) {
          end[i] = size;
          depth--;
          continue;
        }
        position[depth] = pos + 1;
        Node child = e.childNode(pos);
        if (child instanceof Element ce) {
          int c = add(ce, i);
          if (last[depth] < 0) firstChild[i] = c;
          else nextSibling[last[depth]] = c;
          last[depth] = c;
          if (++depth == open.length) {
            open = Arrays.copyOf(open, depth * 2);
            position = Arrays.copyOf(position, depth * 2);
            last = Arrays.copyOf(last, depth * 2);
          }
          open[depth] = c;
          position[depth] = 0;
          last[depth] = -1;
        } else if (child instanceof TextNode t) {
          countText(i, t.getWholeText());
        }
      }
    }

    private int add(Element e, int p) {
      if (size == elements.length) grow();
      int i = size++;
      String tag = e.normalName();
      elements[i] = e;
      tags[i] = tag;
      parent[i] = p;
      facts[i] = classifier.classify(e, tag, p < 0 ? 0 : facts[p]);
      firstChild[i] = -1;
      nextSibling[i] = -1;
      return i;
    }

    /** Non-blank characters and commas, in one pass (every comma is non-blank). */
    private void countText(int owner, String text) {
      int chars = 0;
      int commas = 0;
      for (int k = 0; k < text.length(); k++) {
        char c = text.charAt(k);
        if (!Chars.isBlank(c)) {
          chars++;
          if (Chars.isComma(c)) commas++;
        }
      }
      ownChars[owner] += chars;
      ownCommas[owner] += commas;
    }

    private void grow() {
      int n = size * 2;
      elements = Arrays.copyOf(elements, n);
      tags = Arrays.copyOf(tags, n);
      parent = Arrays.copyOf(parent, n);
      end = Arrays.copyOf(end, n);
      firstChild = Arrays.copyOf(firstChild, n);
      nextSibling = Arrays.copyOf(nextSibling, n);
      ownChars = Arrays.copyOf(ownChars, n);
      ownCommas = Arrays.copyOf(ownCommas, n);
      facts = Arrays.copyOf(facts, n);
    }
  }
}
