package org.neardup.extract;

/** Where {@link MainContentExtractor}'s attempts look for a page's main text. */
final class ContentRoot {
  private ContentRoot() {}

  /**
   * The element the site marks as its main content ({@code marker}, -1 for none: {@link #marker}),
   * or {@code body}. The marker is, in this order, the one element with {@code role="main"}, the
   * one {@code <main>}, the one {@code <article>} (several of a kind mark nothing: a list of article
   * teasers, or markup of several templates nested); markers inside never-content elements do not
   * count. A marker is taken only when it holds at least {@code minMarkerShare} ({@link
   * ExtractionSettings#minMarkerShare}) of the text the body shows outside never-content elements
   * and boilerplate classes (a footer longer than a short page must not outweigh it): a marker
   * around a teaser or a heading alone is not the content.
   *
   * <p>Inside the marker, scoring and cleaning run as on a whole page; but no attempt of the retry
   * ladder can reach the site's furniture outside it (footers, licence lines, sidebars), which is
   * what a relaxed attempt on a short page would otherwise bring back.
   */
  static int of(ElementFacts facts, int body, int marker, double minMarkerShare) {
    if (marker < 0) return body;
    // a theme that wraps the whole page in an element whose class reads like furniture (Read the
    // Docs' div.wy-grid-for-nav) still shows its marked content
    int shown = facts.shownChars(body, marker);
    return shown > 0 && facts.shownChars(marker, -1) >= minMarkerShare * shown
        ? marker : body;
  }

  /**
   * The element the page marks as its main content, whatever share of the page it holds (the
   * one {@code role="main"}, else the one {@code <main>}, else the one {@code <article>}, none
   * inside never-content elements), or -1.
   */
  static int marker(ElementTree tree, ElementFacts facts, int body) {
    int roleMain = -1;
    int roleMains = 0;
    int main = -1;
    int mains = 0;
    int article = -1;
    int articles = 0;
    for (int i = body + 1; i < tree.end(body); i++) {
      if (facts.is(i, ElementFacts.ALWAYS_PRUNED | ElementFacts.NOT_READ)) {
        i = tree.end(i) - 1;
        continue;
      }
      if (facts.is(i, ElementFacts.ROLE_MAIN)) {
        roleMain = i;
        roleMains++;
      }
      String tag = tree.tag(i);
      if (tag.equals("main")) {
        main = i;
        mains++;
      } else if (tag.equals("article")) {
        article = i;
        articles++;
      }
    }
    return roleMains == 1 ? roleMain : mains == 1 ? main : articles == 1 ? article : -1;
  }
}
