package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class ClassNamesTest {

  @Test
  void furnitureWordsAreWholeWordsOfTheClassOrId() {
    for (String yes : new String[] {"footer", "site-footer", "footerWrapper", "mobileNavMenu",
        "nav_links", "Breadcrumbs", "SurfComponent-Footer", "page header", "cookie-consent",
        "navfooter", "sphinxsidebar", "topnavs", "legalnotice"}) {
      assertTrue(ClassNames.hasFurnitureWord(yes), yes);
    }
    for (String no : new String[] {"PageBuilder-pageRow", "navigator", "menuitem",
        "headerlink", "", "-"}) {
      assertFalse(ClassNames.hasFurnitureWord(no), no);
    }
  }

  @Test
  void furnitureIsAKindOfBoilerplateAndContentWordsRescueBoth() {
    assertEquals(ClassNames.FURNITURE_CONTAINER, ClassNames.boilerplate(div("footer", "")));
    assertEquals(ClassNames.BOILERPLATE, ClassNames.boilerplate(div("comments", "")));
    assertEquals(ClassNames.BOILERPLATE, ClassNames.boilerplate(div("PageBuilder-pageRow", "")));
    assertEquals(ClassNames.NOT_BOILERPLATE, ClassNames.boilerplate(div("article-header", "")));
    assertEquals(ClassNames.NOT_BOILERPLATE, ClassNames.boilerplate(div("sect2", "")));
    assertEquals(ClassNames.FURNITURE_CONTAINER, ClassNames.boilerplate(div("", "nav-menu")));
    // an id alone, one word
    assertEquals(ClassNames.FURNITURE_CONTAINER, ClassNames.boilerplate(div("", "footer")));
    assertEquals(ClassNames.FURNITURE_CONTAINER, ClassNames.boilerplate(div("", "sidebar")));
    assertTrue(ClassNames.hasFurnitureWord(" footer"), "a leading separator");
  }

  private static Element div(String className, String id) {
    Element e = Jsoup.parse("<div></div>").selectFirst("div");
    if (!className.isEmpty()) e.attr("class", className);
    if (!id.isEmpty()) e.attr("id", id);
    return e;
  }
}
