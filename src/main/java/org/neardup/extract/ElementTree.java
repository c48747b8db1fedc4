package org.neardup.extract;

import java.util.Arrays;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

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
 */
final class ElementTree {

  private final Element[] elements;
  private final String[] tags;
  private final int[] parent;
  private final int[] end;
  private final int[] firstChild;
  private final int[] nextSibling;
  private final int[] ownChars;
  private final int[] ownCommas;

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
  }

  /** One iterative walk over {@code root}'s subtree (deep DOMs must not overflow the stack). */
  static ElementTree of(Element root) {
    Builder b = new Builder();
    NodeTraversor.traverse(b, root);
    return new ElementTree(b);
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

  /** Whether {@code ancestor} is a proper ancestor of {@code i}. */
  boolean isAncestor(int ancestor, int i) {
    return ancestor < i && i < end[ancestor];
  }

  /**
   * Numbers elements in pre-order. {@code open} is the chain of elements entered and not yet left
   * (the current element's ancestors and itself), {@code lastChild} the last child numbered so far
   * at each of those levels.
   */
  private static final class Builder implements NodeVisitor {
    Element[] elements = new Element[256];
    String[] tags = new String[256];
    int[] parent = new int[256];
    int[] end = new int[256];
    int[] firstChild = new int[256];
    int[] nextSibling = new int[256];
    int[] ownChars = new int[256];
    int[] ownCommas = new int[256];
    int size;
    int[] open = new int[64];
    int[] lastChild = new int[64];
    int depth;

    @Override
    public void head(Node node, int d) {
      if (node instanceof Element e) {
        if (size == elements.length) grow();
        int i = size++;
        int p = depth == 0 ? -1 : open[depth - 1];
        elements[i] = e;
        tags[i] = e.normalName();
        parent[i] = p;
        firstChild[i] = -1;
        nextSibling[i] = -1;
        if (p >= 0) {
          int last = lastChild[depth - 1];
          if (last < 0) firstChild[p] = i;
          else nextSibling[last] = i;
          lastChild[depth - 1] = i;
        }
        if (depth == open.length) {
          open = Arrays.copyOf(open, depth * 2);
          lastChild = Arrays.copyOf(lastChild, depth * 2);
        }
        open[depth] = i;
        lastChild[depth] = -1;
        depth++;
      } else if (node instanceof TextNode t && depth > 0) {
        String text = t.getWholeText();
        int owner = open[depth - 1];
        ownChars[owner] += MainContentExtractor.countNonBlank(text);
        ownCommas[owner] += countCommas(text);
      }
    }

    @Override
    public void tail(Node node, int d) {
      if (node instanceof Element) {
        depth--;
        end[open[depth]] = size;
      }
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
    }
  }

  private static int countCommas(String text) {
    int n = 0;
    for (int i = 0; i < text.length(); i++) {
      if (MainContentExtractor.isComma(text.charAt(i))) n++;
    }
    return n;
  }
}
