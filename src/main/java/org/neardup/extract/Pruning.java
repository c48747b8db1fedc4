package org.neardup.extract;

import java.util.Arrays;
import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

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
   * apply unchanged.
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
    return copy.text();
  }

  /** Walks the subtree of {@code i} in document order, leaving out removed elements. */
  void traverse(int i, NodeVisitor visitor) {
    NodeTraversor.filter(new NodeFilter() {
      private int next = i; // the index of the next element the walk meets

      @Override
      public FilterResult head(Node node, int depth) {
        if (node instanceof Element) {
          int index = next;
          if (removed[index]) {
            next = tree.end(index);
            return FilterResult.SKIP_ENTIRELY;
          }
          next++;
        }
        visitor.head(node, depth);
        return FilterResult.CONTINUE;
      }

      @Override
      public FilterResult tail(Node node, int depth) {
        visitor.tail(node, depth);
        return FilterResult.CONTINUE;
      }
    }, tree.element(i));
  }
}
