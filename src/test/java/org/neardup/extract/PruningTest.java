package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;
import org.junit.jupiter.api.Test;

/**
 * Marking removed elements must read exactly like removing them from a copy of the body, which is
 * what extraction did before: the text of any element and the walk over any subtree.
 */
class PruningTest {

  private static final List<String> PAGES = List.of(
      Fixtures.page("template-portal.html", "article-en-1.html", "Library vote", "1"),
      Fixtures.page("template-blog.html", "article-zh-1.html", "图书馆", "2"),
      Fixtures.read("template-blog.html").replace("{{ARTICLE}}", Fixtures.brArticle("article-zh-2.html")),
      // jsoup keeps white space below a pre, looking some levels up from the text
      "<body><pre><div><p>a   <span class=x>y</span>\n   b  c</p><p>d\n e <b>f</b></p></div></pre>"
          + "<p>g  <i>h</i>\n i</p><textarea> j  <br> k</textarea></body>");

  @Test
  void readsLikeACopyWithTheElementsRemoved() {
    Random random = new Random(3);
    for (String html : PAGES) {
      Element body = Jsoup.parse(html).body();
      ElementTree tree = MainContentExtractor.index(body, body);
      for (int round = 0; round < 40; round++) {
        Pruning pruning = new Pruning(tree);
        Element copy = body.clone();
        List<Element> copied = copy.getAllElements(); // pre-order, as the tree numbers them
        for (int k = 0; k < 1 + random.nextInt(6); k++) {
          int i = 1 + random.nextInt(tree.size() - 1);
          pruning.remove(i);
          copied.get(i).remove();
        }
        for (int i = 0; i < tree.size(); i++) {
          if (pruning.isRemoved(i)) continue;
          assertEquals(copied.get(i).text(), pruning.text(i), html + " element " + i);
          assertEquals(walk(copied.get(i)), walk(pruning, tree, i), html + " element " + i);
        }
      }
    }
  }

  private static List<String> walk(Element root) {
    List<String> seen = new ArrayList<>();
    NodeTraversor.traverse(new NodeVisitor() {
      @Override
      public void head(Node node, int depth) {
        if (node instanceof Element e) seen.add("<" + e.normalName());
        else if (node instanceof TextNode t) seen.add(t.getWholeText());
      }

      @Override
      public void tail(Node node, int depth) {
        if (node instanceof Element e) seen.add("/" + e.normalName());
      }
    }, root);
    return seen;
  }

  private static List<String> walk(Pruning pruning, ElementTree tree, int root) {
    List<String> seen = new ArrayList<>();
    pruning.traverse(root, new Pruning.Visitor() {
      @Override
      public void head(int element) {
        seen.add("<" + tree.tag(element));
      }

      @Override
      public void tail(int element) {
        seen.add("/" + tree.tag(element));
      }

      @Override
      public void text(TextNode text) {
        seen.add(text.getWholeText());
      }
    });
    return seen;
  }
}
