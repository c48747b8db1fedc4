package org.neardup.extract;

import java.util.Arrays;
import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The elements one extraction attempt has removed from an {@link ElementTree}, and reads of the
 * tree as if they were gone. Marking instead of removing leaves the DOM untouched, so attempts need
 * no copy of the body and the caller's document stays as it was.
 */
final class Pruning {

  private final ElementTree tree;
  private final boolean[] removed;

  Pruning(ElementTree tree) {
    this.tree = tree;
    this.removed = new boolean[tree.size()];
  }

  ElementTree tree() {
    return tree;
  }

  /** Removes element {@code i} with its subtree. */
  void remove(int i) {
    Arrays.fill(removed, i, tree.end(i), true);
  }

  /** Whether {@code i} or one of its ancestors was removed. */
  boolean isRemoved(int i) {
    return removed[i];
  }

  /** The element children of {@code i} that are left. */
  int childCount(int i) {
    int n = 0;
    for (int c = tree.firstChild(i); c >= 0; c = tree.nextSibling(c)) {
      if (!removed[c]) n++;
    }
    return n;
  }

  /**
   * jsoup's {@code text()} of element {@code i} with the removed elements gone: the element's own
   * {@code text()} when nothing below it was removed (the usual case), otherwise that of a copy of
   * its subtree with the removed elements taken out, so jsoup's whitespace and separator rules
   * apply unchanged. The copy is put below shallow copies of the element's ancestors: jsoup keeps
   * white space in text below a {@code pre} (or {@code textarea}, ...) some levels up.
   */
  String text(int i) {
    int end = tree.end(i);
    int firstRemoved = -1;
    for (int k = i + 1; k < end; k++) {
      if (removed[k]) {
        firstRemoved = k;
        break;
      }
    }
    if (firstRemoved < 0) return tree.element(i).text();
    Element copy = tree.element(i).clone();
    // The copy's elements in pre-order match the subtree's indices i, i+1, ...
    List<Element> copied = copy.getAllElements();
    for (int k = firstRemoved; k < end; ) {
      if (removed[k]) {
        copied.get(k - i).remove();
        k = tree.end(k);
      } else {
        k++;
      }
    }
    Element holder = copy;
    for (Element a = tree.element(i).parent(); a != null; a = a.parent()) {
      Element shell = a.shallowClone();
      shell.appendChild(holder);
      holder = shell;
    }
    return copy.text();
  }

  /** What {@link #traverse} reports: elements by their index, text nodes as they are. */
  interface Visitor {
    void head(int element);

    void tail(int element);

    void text(TextNode text);
  }

  /**
   * Walks the subtree of {@code i} in document order, leaving out removed elements. Element
   * children are met in pre-order, so the walk knows each one's index by counting; an explicit
   * stack of (element, next child position) as in {@link ElementTree#of}, for the same reasons.
   */
  void traverse(int i, Visitor visitor) {
    int[] open = new int[32];
    int[] position = new int[32];
    int depth = 0;
    open[0] = i;
    int next = i + 1; // the index of the next element the walk meets
    visitor.head(i);
    while (depth >= 0) {
      int e = open[depth];
      Element element = tree.element(e);
      int pos = position[depth];
      if (pos == element.childNodeSize()) {
        visitor.tail(e);
        depth--;
        continue;
      }
      position[depth] = pos + 1;
      Node child = element.childNode(pos);
      if (child instanceof Element) {
        int c = next;
        if (removed[c]) {
          next = tree.end(c);
          continue;
        }
        next = c + 1;
        visitor.head(c);
        if (++depth == open.length) {
          open = Arrays.copyOf(open, depth * 2);
          position = Arrays.copyOf(position, depth * 2);
        }
        open[depth] = c;
        position[depth] = 0;
      } else if (child instanceof TextNode t) {
        visitor.text(t);
      }
    }
  }
}
