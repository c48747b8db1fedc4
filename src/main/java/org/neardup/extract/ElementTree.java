package org.neardup.extract;

import java.util.Arrays;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.neardup.text.CodeNames;

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
  private final int[] ownWords;
  private final int[] ownWide;
  private final int[] ownCodeMarks;
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
    ownWords = Arrays.copyOf(b.ownWords, n);
    ownWide = Arrays.copyOf(b.ownWide, n);
    ownCodeMarks = Arrays.copyOf(b.ownCodeMarks, n);
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

  /** Runs of non-blank characters in the element's own text nodes (each node counted apart). */
  int ownWords(int i) {
    return ownWords[i];
  }

  /**
   * Characters of the element's own text from U+2E80 up (CJK and the scripts written without
   * spaces between words), where a run of non-blank characters is no word.
   */
  int ownWide(int i) {
    return ownWide[i];
  }

  /**
   * Marks of a name as code writes it in the element's own text nodes of one word of at most
   * {@value #MAX_NAME_CHARS} characters ({@link #codeMarks}); 0 for longer text.
   */
  int ownCodeMarks(int i) {
    return ownCodeMarks[i];
  }

  /** A name has at most this many characters; a longer text node's marks are not counted. */
  static final int MAX_NAME_CHARS = 64;

  /**
   * How many marks of a name as code writes it {@code word} holds: those of {@link
   * CodeNames#isMark} (an underscore, a digit, a capital after a small letter: {@code
   * FontRenderContext}), and a letter after a dot or a colon that follows a letter or digit
   * ({@code java.awt}, {@code std::vector}). A word of prose has none, nor has an address: a word
   * with "://" or an at sign (a url, an e-mail address) is no name, though a path is ({@code
   * bits/stl_algo.h}).
   */
  static int codeMarks(String word) {
    if (word.contains("://")) return 0;
    int marks = 0;
    for (int k = 0; k < word.length(); k++) {
      char c = word.charAt(k);
      if (c == '@') return 0;
      if (CodeNames.isMark(word, k)) {
        marks++;
      } else if (k > 1 && isAsciiLetter(c) && (word.charAt(k - 1) == '.' || word.charAt(k - 1) == ':')
          && endsNamePart(word.charAt(k - 2))) {
        marks++;
      }
    }
    return marks;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** What can stand before a dot or colon that joins two parts of a name ("::" is one joint). */
  private static boolean endsNamePart(char c) {
    return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == ':';
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
    int[] ownWords = new int[256];
    int[] ownWide = new int[256];
    int[] ownCodeMarks = new int[256];
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

    /**
     * Non-blank characters, commas (every comma is non-blank), words and wide characters in one
     * pass; a short word's marks of code in a second.
     */
    private void countText(int owner, String text) {
      int chars = 0;
      int commas = 0;
      int words = 0;
      int wide = 0;
      boolean inWord = false;
      for (int k = 0; k < text.length(); k++) {
        char c = text.charAt(k);
        if (!Chars.isBlank(c)) {
          chars++;
          if (!inWord) words++;
          inWord = true;
          if (c >= 0x2E80) wide++;
          if (Chars.isComma(c)) commas++;
        } else {
          inWord = false;
        }
      }
      ownChars[owner] += chars;
      ownCommas[owner] += commas;
      ownWords[owner] += words;
      ownWide[owner] += wide;
      if (words == 1 && chars <= MAX_NAME_CHARS) ownCodeMarks[owner] += codeMarks(text);
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
      ownWords = Arrays.copyOf(ownWords, n);
      ownWide = Arrays.copyOf(ownWide, n);
      ownCodeMarks = Arrays.copyOf(ownCodeMarks, n);
      facts = Arrays.copyOf(facts, n);
    }
  }
}
