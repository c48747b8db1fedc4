package org.neardup.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class MainContentExtractorTest {

  private final MainContentExtractor extractor = new MainContentExtractor();

  @Test
  void keepsParagraphsAndDropsNavigationFooterRelatedAndComments() {
    String html = "<html><head><title>T</title></head><body>"
        + "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/sport'>Sport</a></nav>"
        + "<div id='main'><article><h1>Headline</h1>"
        + "<p>The first paragraph has enough words, and a comma, to count as real content.</p>"
        + "<p>The second paragraph is split by a break<br>and goes on, on a new line, to the end.</p>"
        + "<div class='related'><h3>Related</h3><ul><li><a href='/a'>Another story about"
        + " something</a></li><li><a href='/b'>Yet another story, about something else</a></li>"
        + "</ul></div></article>"
        + "<div id='comments'><p>Great article, thanks! Really, I mean it, well done.</p></div>"
        + "</div><footer><p>© 2024 Example Inc. All rights reserved.</p></footer></body></html>";

    assertEquals("The first paragraph has enough words, and a comma, to count as real content.\n"
            + "The second paragraph is split by a break\n"
            + "and goes on, on a new line, to the end.",
        extractor.text(Jsoup.parse(html)));
  }

  @Test
  void englishArticleInTwoTemplatesGivesTheSameParagraphs() {
    String portal = extractor.text(Jsoup.parse(
        Fixtures.page("template-portal.html", "article-en-1.html", "Library vote", "1")));
    String blog = extractor.text(Jsoup.parse(Fixtures.read("template-blog.html")
        .replace("{{TITLE}}", "Library vote")
        .replace("{{ARTICLE}}", Fixtures.brArticle("article-en-1.html"))));

    assertEquals(paragraphs("article-en-1.html"), List.of(portal.split("\n")));
    assertEquals(portal, blog);
  }

  @Test
  void chineseArticleInTwoTemplatesGivesTheSameParagraphs() {
    String portal = extractor.text(Jsoup.parse(
        Fixtures.page("template-portal.html", "article-zh-1.html", "图书馆", "1")));
    String blog = extractor.text(Jsoup.parse(Fixtures.read("template-blog.html")
        .replace("{{TITLE}}", "图书馆")
        .replace("{{ARTICLE}}", Fixtures.brArticle("article-zh-1.html"))));

    assertEquals(paragraphs("article-zh-1.html"), List.of(portal.split("\n")));
    assertEquals(portal, blog);
  }

  @Test
  void twoArticlesInOneTemplateGiveDifferentTexts() {
    for (String lang : List.of("en", "zh")) {
      for (String template : List.of("template-portal.html", "template-blog.html")) {
        String a = extractor.text(Jsoup.parse(
            Fixtures.page(template, "article-" + lang + "-1.html", "One", "1")));
        String b = extractor.text(Jsoup.parse(
            Fixtures.page(template, "article-" + lang + "-2.html", "Two", "2")));
        ExtractionEval.Counts overlap = ExtractionEval.match(a, b);
        assertTrue(overlap.tp() < 0.05,
            lang + " in " + template + ": texts share " + overlap.tp() + " of their shingles");
        assertEquals(paragraphs("article-" + lang + "-2.html"), List.of(b.split("\n")));
      }
    }
  }

  @Test
  void chinesePunctuationMakesATextBlockWinOverALinkList() {
    String html = "<body><div class='list'>"
        + "<a href='/1'>新闻</a> <a href='/2'>体育</a> <a href='/3'>财经</a> <a href='/4'>娱乐</a>"
        + " <a href='/5'>科技</a> <a href='/6'>汽车</a> <a href='/7'>房产</a> <a href='/8'>旅游</a>"
        + "</div><div class='x'>今天天气很好，我们去公园散步。路上遇到了老朋友，聊了很久！"
        + "<br>回家的时候，天已经黑了；大家都很开心。</div></body>";

    assertEquals("今天天气很好，我们去公园散步。路上遇到了老朋友，聊了很久！\n回家的时候，天已经黑了；大家都很开心。",
        extractor.text(Jsoup.parse(html)));
  }

  /**
   * A short page of a documentation site: the relaxed attempts of the retry ladder would find the
   * site footer longer than the page's own text; the page marks its content, and nothing outside
   * that is taken.
   */
  @Test
  void keepsTheFooterOutOfAShortPageThatMarksItsContent() {
    String html = "<body><div class='related' role='navigation'><a href='/'>index</a></div>"
        + "<div class='document'><div class='body' role='main'><section>"
        + "<h1>Uploading Packages<a class='headerlink' href='#up'>¶</a></h1>"
        + "<p>References to up to date documentation can be found at"
        + " <a href='../guide.html'>Reading the Packaging Guide</a>.</p></section></div></div>"
        + "<div class='footer'>© <a href='/copyright.html'>Copyright</a> 2001-2026, Example"
        + " Foundation.<br>This page is licensed under the Example Foundation License Version 2."
        + "<br>Examples, recipes, and other code in the documentation are additionally licensed"
        + " under the Zero Clause BSD License.<br>See <a href='/license.html'>History and"
        + " License</a> for more information.<br>The Example Foundation is a non-profit"
        + " corporation. <a href='/donate'>Please donate.</a><br>Last updated on October 07,"
        + " 2026. <a href='/bugs.html'>Found a bug</a>?<br>Created using"
        + " <a href='https://www.sphinx-doc.org/'>Sphinx</a> 5.3.0.</div></body>";

    assertEquals("References to up to date documentation can be found at Reading the Packaging"
        + " Guide.", extractor.text(Jsoup.parse(html)));
  }

  /**
   * The same short page without a content marker: the relaxed attempts still leave out what the
   * class names call the site's furniture (footer, header, menu, sidebar ...), while other
   * boilerplate classes are relaxed as before.
   */
  @Test
  void keepsSiteFurnitureOutOfRelaxedAttempts() {
    String html = "<body><div class='page-header'><p>Python 3.11 documentation, the library,"
        + " the tutorial, the reference, and the how-to guides, all in one place.</p></div>"
        + "<div class='sect1'><p>References to up to date documentation can be found at"
        + " <a href='../guide.html'>Reading the Packaging Guide</a>.</p></div>"
        + "<div class='site-footer'><p>This page is licensed under the Example Foundation License,"
        + " Version 2, which you may read on our site.</p><p>Examples, recipes, and other code in"
        + " the documentation are additionally licensed under the Zero Clause BSD License.</p>"
        + "<p>The Example Foundation is a non-profit corporation, and it depends on your gifts."
        + "</p><p>Last updated on October 07, 2026, by the documentation team, from the sources."
        + "</p></div></body>";

    assertEquals("References to up to date documentation can be found at Reading the Packaging"
        + " Guide.", extractor.text(Jsoup.parse(html)));
  }

  /**
   * A template that leaves its header's div open puts the whole page inside it: that element holds
   * the heading and most of what the page shows, and is the content's wrapper, not the site's
   * header. A header that holds the site's logo as the first heading is still the site's.
   */
  @Test
  void aHeaderLeftOpenAroundTheWholePageIsNoFurniture() {
    String prose = "<p>The item is the base type of every visual type, and it holds the anchors, the"
        + " geometry, and the children, of the types that inherit from it.</p><p>Each item has a"
        + " position, a size, an opacity, and a parent, and it draws nothing of its own.</p>";
    String open = "<body><div class='header' id='docheader'><div class='main'>"
        + "<div class='navigationbar'><ul><li><a href='index.html'>Docs</a></li>"
        + "<li><a href='types.html'>Types</a></li></ul></div>"
        + "<div class='content'><h1>Item Type</h1>" + prose + "</div></div></div>"
        + "<div class='footer'><p>Documentation licensed under the terms of the free licence.</p>"
        + "</div></body>";
    assertEquals(String.join("\n", Jsoup.parse(prose).select("p").eachText()),
        extractor.text(Jsoup.parse(open)));

    String logo = "<body><div class='header'><h1>Example Docs</h1><ul class='menu'>"
        + "<li><a href='a.html'>Guides</a></li><li><a href='b.html'>Reference</a></li></ul>"
        + "<p>Documentation for every release, in one place, searchable, and free to read.</p>"
        + "</div><div class='content'><h2>Item Type</h2>" + prose + "</div></body>";
    String text = extractor.text(Jsoup.parse(logo));
    assertTrue(text.startsWith("Item Type\nThe item is the base type"), text);
    assertFalse(text.contains("one place"), text);
  }

  /**
   * A layout named after the menu beside its column wraps the column too, below a bar that holds
   * the heading: it holds most of the prose the page shows and its sections, and is no menu. A
   * menu that holds more text than a short page still shows it as links, and stays out; a footer
   * under a page of a heading and a picture is not that page's text.
   */
  @Test
  void aLayoutNamedAfterItsMenuIsNoFurniture() {
    String prose = "<h2>Glyph Metrics</h2><p>Each glyph has a width, a height, and a bearing, which"
        + " place it on the baseline, relative to the pen.</p><p>The advance moves the pen to the"
        + " next glyph, and it is always an integer number of pixels when hinted.</p>";
    String html = "<body><div class='bar'><h1>Glyph Conventions</h1></div>"
        + "<div class='colmask leftmenu'><div class='col1'>" + prose + "</div>"
        + "<div class='col2'><ul><li><a href='a.html'>Home</a></li><li><a href='b.html'>News</a>"
        + "</li><li><a href='c.html'>Documentation</a></li></ul></div></div></body>";
    assertEquals("Glyph Metrics\n" + String.join("\n", Jsoup.parse(prose).select("p").eachText()),
        extractor.text(Jsoup.parse(html)));

    StringBuilder menu = new StringBuilder("<ul class='leftmenu'>");
    for (int i = 0; i < 40; i++) {
      menu.append("<li><a href='p").append(i).append(".html'>Chapter ").append(i).append(" of the guide</a></li>");
    }
    String stub = "<body>" + menu + "</ul><div><h1>Glyph Metrics</h1><p>This page moved to the"
        + " chapter on metrics, in the second part of the guide.</p></div></body>";
    assertEquals("This page moved to the chapter on metrics, in the second part of the guide.",
        extractor.text(Jsoup.parse(stub)));

    String picture = "<body><h1>Glyph 12</h1><img src='g12.png'><div class='footer'><p>This guide"
        + " is licensed under the free documentation licence, version 1.3, of the foundation.</p>"
        + "<p>Last updated on 2024-01-02 by the team that writes the guide.</p></div></body>";
    assertEquals("", extractor.text(Jsoup.parse(picture)));
  }

  /**
   * A book's title page holds the publisher's legal notice, the same in every book of the site and
   * longer than the book's table of contents: the contents are the page's text.
   */
  @Test
  void theLegalNoticeOfABooksTitlePageIsNeverItsText() {
    String notice = "<div class='legalnotice'><p>This documentation is distributed under an open"
        + " source license, whose terms you may review on the publisher's site.</p><p>The names of"
        + " the products are trademarks of their owners, and no third party may use them.</p></div>";
    String html = "<body><div class='book'><div class='titlepage'><h1>Getting Started</h1>" + notice
        + "</div><div class='toc'><p><b>Table of Contents</b></p><dl><dt><a href='p.html'>Preface</a></dt>"
        + "<dt><a href='intro.html'>1. Introduction to the library</a></dt>"
        + "<dt><a href='env.html'>2. Environments</a></dt></dl></div></div></body>";
    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("1. Introduction to the library"), text);
    assertFalse(text.contains("license"), text);
  }

  /** A box outside the marked content scores higher by its commas; the marker decides. */
  @Test
  void honoursTheElementThePageMarksAsItsMainContent() {
    String box = "<div class='about'><p>Our shop, founded in 1990, sells tea, coffee, cocoa,"
        + " spices, biscuits, jams, honey, cups, pots, filters, gifts, and vouchers, in town"
        + " and online.</p></div>";
    String main = "<main><div><p>The new season of green tea arrived this week from the hills"
        + " where the same family has grown it for four generations and more.</p>"
        + "<p>Its leaves are picked by hand in the early morning and dried the same day in small"
        + " batches so that they keep their colour and their fresh taste.</p></div></main>";
    String expected = "The new season of green tea arrived this week from the hills where the"
        + " same family has grown it for four generations and more.\n"
        + "Its leaves are picked by hand in the early morning and dried the same day in small"
        + " batches so that they keep their colour and their fresh taste.";

    assertEquals(expected, extractor.text(Jsoup.parse("<body>" + box + main + "</body>")));
    assertEquals(expected, extractor.text(Jsoup.parse(
        "<body>" + box + main.replace("<main>", "<div role='main'>").replace("</main>", "</div>")
            + "</body>")));
    // without a marker, the box with its commas is the best candidate
    assertTrue(extractor.text(Jsoup.parse("<body>" + box
        + main.replace("main>", "div>") + "</body>")).startsWith("Our shop"));
  }

  /**
   * A theme that wraps the whole page, content and all, in elements whose classes read like
   * furniture (Read the Docs': {@code div.wy-grid-for-nav}, {@code div.wy-nav-content}): the
   * content the page marks inside them is its text, not nothing.
   */
  @Test
  void markedContentInsideAWrapperNamedLikeFurnitureIsTheText() {
    String html = "<body><div class='wy-grid-for-nav'><nav class='wy-nav-side'><ul><li><a href='a.html'>"
        + "Overview</a></li><li><a href='b.html'>API</a></li></ul></nav>"
        + "<section class='wy-nav-content-wrap'><div class='wy-nav-content'><div class='rst-content'>"
        + "<div role='navigation'><a href='index.html'>Docs</a> » Overview</div>"
        + "<div role='main' class='document'><div itemprop='articleBody'><h1>Overview</h1>"
        + "<p>The library writes the methods of a class for you, from the fields it declares, so"
        + " that a class of data takes a few lines instead of a page.</p>"
        + "<p>Types are optional, and nothing is added to the class at run time but what it"
        + " asked for.</p></div></div>"
        + "<footer><p>© Copyright 2024, the authors.</p></footer></div></div></section></div></body>";
    assertEquals("The library writes the methods of a class for you, from the fields it declares, so"
        + " that a class of data takes a few lines instead of a page.\n"
        + "Types are optional, and nothing is added to the class at run time but what it asked for.",
        extractor.text(Jsoup.parse(html)));
  }

  /** A banner every page of the site shows above its header, with a comma to score on. */
  private static final String BANNER = "<div style='background:#fdd'>Please, tell us how you use"
      + " the library by answering our short survey: <a href='https://forms.example/s'>"
      + "https://forms.example/s</a></div><div id='top'><div id='projectname'>"
      + "<a href='/'>Matrix</a> 3.4</div></div>";

  /**
   * A page whose content is only links under its heading, below a banner the site shows on every
   * page: the banner outscores the links, yet it stands above the heading and is no part of the
   * page; the links under the heading are the text.
   */
  @Test
  void aBannerAboveTheHeadingIsNotTheTextOfAPageOfLinks() {
    String html = "<body>" + BANNER + "<div class='header'><div class='title'>Geometry</div></div>"
        + "<div class='contents'><h2>Modules</h2><table>"
        + "<tr><td><a href='rotations.html'>Rotations</a></td></tr>"
        + "<tr><td><a href='splines.html'>Splines</a></td></tr></table></div></body>";
    assertEquals("Modules\nRotations\nSplines", extractor.text(Jsoup.parse(html)));
  }

  /**
   * A short reference entry under a bar of the unit's links: the content chosen is the whole
   * body, and what stands above the heading leaves its text; the entry stays whole.
   */
  @Test
  void aBarAboveTheHeadingLeavesTheTextOfAShortEntry() {
    String html = "<body><table class='bar' width='100%'><tr><td><b>[<a href='index.html'>Overview"
        + "</a>][<a href='index-2.html'>Constants</a>][<a href='index-3.html'>Types</a>]["
        + "<a href='index-5.html'>Procedures and functions</a>][<a href='index-8.html'>Index</a>]"
        + "</b></td><td align='right'><span class='bartitle'>Reference for unit 'Sockets' ("
        + "<a href='../index.html'>#rtl</a>)</span></td></tr></table><h1>TUid</h1>"
        + "<p>Alias for <a href='uid_t.html'>uid_t</a> type.</p><h2>Declaration</h2>"
        + "<p>Source position: sockets.inc line 25</p><table><tr><td><p><tt><span class='code'>"
        + "<span class='kw'>type </span>TUid<span class='sym'> = </span>"
        + "<a href='../unixtype/tuid.html'>UnixType.TUid</a><span class='sym'>;</span></span>"
        + "</tt></p></td></tr></table></body>";
    assertEquals("Alias for uid_t type.\nDeclaration\nSource position: sockets.inc line 25\n"
        + "type TUid = UnixType.TUid;", extractor.text(Jsoup.parse(html)));
  }

  /** A page with nothing under its heading has no text, whatever stands above the heading. */
  @Test
  void aPageWithNothingUnderItsHeadingHasNoText() {
    String html = "<body>" + BANNER + "<div class='header'><div class='title'>Splines</div></div>"
        + "<div class='contents'></div></body>";
    assertEquals("", extractor.text(Jsoup.parse(html)));
  }

  /**
   * A reference page: syntax, parameters, example, and a note box that many pages of the site
   * share. The note has the most commas, so Readability's scoring picks it; it holds little of the
   * page's prose, so the container around it is taken.
   */
  @Test
  void aNoteBoxIsNotTheMainTextOfAPageWithContentOfItsOwn() {
    String note = "<div class='note'><p>Like all commands of this kind, it works on the active"
        + " layer only, and, as usual, it can be undone, repeated, or recorded, just as the"
        + " manual, the tutorial, and the reference describe.</p></div>";
    String html = "<body><div class='refsect'><h2>fill</h2>"
        + "<div class='synopsis'><pre>fill(image, colour, x, y)</pre></div>"
        + "<div class='description'><p>Fills the area around a point of the active layer with a"
        + " colour. The area is the set of pixels of similar colour that touch the point.</p>"
        + "</div><div class='parameters'><h3>Parameters</h3>"
        + "<dl><dt>image</dt><dd>The image whose active layer is filled with the colour.</dd>"
        + "<dt>colour</dt><dd>The colour used for the fill, a name or a hexadecimal triple.</dd>"
        + "<dt>x</dt><dd>The column of the point where the fill starts on the layer.</dd>"
        + "<dt>y</dt><dd>The row of the point where the fill starts on the layer.</dd></dl></div>"
        + "<div class='example'><h3>Example</h3><pre>fill(photo, \"red\", 10, 20)</pre></div>"
        + note + "</div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("fill\nfill(image, colour, x, y)\nFills the area"), text);
    assertTrue(text.contains("\nThe image whose active layer is filled with the colour.\n"), text);
    assertTrue(text.contains("\nfill(photo, \"red\", 10, 20)\n"), text);
    assertTrue(text.endsWith("the manual, the tutorial, and the reference describe."), text);
  }

  /**
   * A chapter's first page: its table of contents, a paragraph of its own and a note box that the
   * chapters of the site share, laid out in a table. The note holds a third of the page's prose and
   * scores best; it is a part of the chapter, never all of it, so the chapter is the text and two
   * chapters with the same note give two texts.
   */
  @Test
  void aNoteBoxIsAPartOfTheTextEvenWhenItHoldsMuchOfTheProse() {
    String note = "<div class='note'><table><tr><td rowspan='2'><img src='note.png'></td><th>Note</th></tr>"
        + "<tr><td><p>This chapter is a draft. Some of it was not checked against the current version;"
        + " while it may not be exact, it is at least a guide.</p></td></tr></table></div>";
    StringBuilder toc = new StringBuilder();
    for (String section : List.of("Introduction", "Saving a Report", "Saved Reports", "Report Options",
        "Option Buttons", "Common Options", "Reports by Class", "General Reports", "Assets and Debts",
        "Business Reports", "Income and Expense", "Custom Reports", "Printing Reports", "Writing Reports")) {
      toc.append("<dt><a href='").append(section.hashCode()).append(".html'>").append(section).append("</a></dt>");
    }
    String html = "<body><div class='chapter'><div class='titlepage'><h1 class='title'>Chapter 9. Reports</h1></div>"
        + "<div class='toc'><dl class='toc'>" + toc + "</dl></div>"
        + "<p>Dear reader, nobody has translated the following parts yet. If you would like to help, follow"
        + " the steps in <a href='https://wiki.example.org/translate'>How to translate the manual</a> and"
        + " write to the list of translators.</p>" + note + "</div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("Dear reader, nobody has translated the following parts yet."), text);
    assertTrue(text.endsWith("while it may not be exact, it is at least a guide."), text);
  }

  /**
   * DocBook's DSSSL stylesheets write their classes in capitals: a chapter's warning box, shared by
   * every chapter, is an admonition as {@code div.warning} is, so two chapters give two texts.
   */
  @Test
  void aWarningBoxInCapitalsIsAPartOfTheText() {
    String chapter = "<body><DIV CLASS='NAVHEADER'><A HREF='prev.htm'>Prev</A></DIV><DIV CLASS='CHAPTER'>"
        + "<H1>%s</H1><DIV CLASS='TOC'><DL><DT><B>Table of Contents</B></DT><DT><A HREF='a.htm'>Quick"
        + " start</A></DT><DT><A HREF='b.htm'>Data types</A></DT><DT><A HREF='c.htm'>Parser functions"
        + "</A></DT><DT><A HREF='d.htm'>Rendering</A></DT><DT><A HREF='e.htm'>Creation functions</A>"
        + "</DT></DL></DIV><P>%s</P><DIV CLASS='WARNING'><TABLE CLASS='WARNING' BORDER='1'><TR><TD><B>Warning"
        + "</B></TD></TR><TR><TD><P>Every allocation function takes the data it is given, keeps it in"
        + " the structure it allocates, and, when the structure is freed, frees it too, so the data must"
        + " live as long as the structure does; functions that return an integer return one of the codes"
        + " BP_NO_ERROR, BP_ERROR_PARSE, BP_ERROR_MEMORY, or BP_ERROR_FILE.</P></TD></TR></TABLE></DIV>"
        + "<DIV CLASS='SECT1'><H1 CLASS='SECT1'>Quick start</H1><P>%s</P></DIV></DIV></body>";
    String headers = extractor.text(Jsoup.parse(chapter.formatted("Chapter 3. Headers",
        "bytepack parses the headers of a message as the standard for messages on the Internet"
            + " defines them. It also writes them, folded at the length the standard asks for.",
        "You need this module to read the sender, the date and the subject of a message. Call"
            + " bp_headers_parse on the message, then read its fields one by one in their order.")));
    String parts = extractor.text(Jsoup.parse(chapter.formatted("Chapter 4. Parts",
        "bytepack parses the parts of a multipart message, also known as a message with"
            + " attachments. It also builds such messages from parts you give it one after another.",
        "You need this module to read the attachments of a message. Call bp_parts_parse on the"
            + " message, then walk the tree of its parts from the top down to every leaf.")));

    assertTrue(headers.startsWith("bytepack parses the headers of a message as"), headers);
    assertNotEquals(headers, parts);
  }

  /**
   * A general index whose entries are links, where Sphinx writes a module's name as plain text
   * over its link "module": without its links the index is the modules' names, a text as long as
   * a short page's and the same as the module index's. A text of nothing but names is no writing of
   * the page's own; the links are the content.
   */
  @Test
  void anIndexWhosePlainWordsAreOnlyNamesKeepsItsLinks() {
    StringBuilder jump = new StringBuilder();
    for (char c : "ABCDFGIJLMOPRSTUV".toCharArray()) {
      jump.append(jump.length() == 0 ? "" : " | ").append("<a href='#").append(c).append("'><strong>")
          .append(c).append("</strong></a>");
    }
    StringBuilder modules = new StringBuilder();
    for (String m : new String[] {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
        "iota", "kappa", "lambda", "omicron", "sigma", "upsilon", "omega"}) {
      modules.append("<li>gadget.plugins.").append(m).append("<ul><li><a href='gadget.plugins.").append(m)
          .append(".html'>module</a></li></ul></li>");
    }
    String html = "<body><div class='body' role='main'><h1>Index</h1><div class='genindex-jumpbox'>" + jump
        + "</div><h2 id='A'>A</h2><table class='indextable'><tr><td><ul>"
        + "<li><a href='g.html#AS_DICT'>AS_DICT (gadget.converters.Strategy attribute)</a></li>"
        + "<li><a href='g.html#AS_TUPLE'>AS_TUPLE (gadget.converters.Strategy attribute)</a></li>"
        + "</ul></td></tr></table><h2 id='G'>G</h2><table class='indextable'><tr><td><ul>" + modules
        + "</ul></td></tr></table></div><div class='footer'>Created using Sphinx.</div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("\nAS_DICT (gadget.converters.Strategy attribute)\n"), text);
    assertTrue(text.contains("\ngadget.plugins.omega\nmodule"), text);
    assertFalse(text.contains("Sphinx"), text);
  }

  /**
   * A page of a class's uses that marks its main content: a table naming the package with its
   * description, then a section listing the uses as linked names. The description outscores the
   * rest and alone is a short text, the same on the page of every class of the package; the marked
   * content, links kept, is the page's text.
   */
  @Test
  void aShortPickFromMarkedContentGivesWayToTheWholeOfIt() {
    StringBuilder uses = new StringBuilder();
    for (String[] use : new String[][] {{"CheckLook", "The look of a check box"},
        {"ToggleLook", "The look of a toggle button"}, {"MenuRadioLook", "The look of a radio item in a menu"}}) {
      uses.append("<div class='col-first'><code>class</code></div><div class='col-second'><code><a href='../")
          .append(use[0]).append(".html'>").append(use[0]).append("</a></code></div><div class='col-last'>")
          .append("<div class='block'>").append(use[1]).append("</div></div>");
    }
    String html = "<body><nav><a href='/'>Overview</a> <a href='/p'>Package</a> <a href='/c'>Class</a></nav>"
        + "<main role='main'><h1>Uses of Class toolkit.RadioLook</h1>"
        + "<div class='summary'><div class='col-first'><a href='#toolkit'>toolkit</a></div>"
        + "<div class='col-last'><div class='block'>Provides the objects of the classic look, which is the default"
        + " look of the toolkit, and the themes that change its colours and fonts.</div></div></div>"
        + "<section class='uses'><h2>Uses of <a href='../RadioLook.html'>RadioLook</a> in"
        + " <a href='../package-summary.html'>toolkit</a></h2><div class='summary'>" + uses
        + "</div></section></main><footer>Copyright the toolkit's authors</footer></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("Provides the objects of the classic look"), text);
    assertTrue(text.contains("\nCheckLook\n"), text);
    assertFalse(text.contains("Copyright"), text);
    assertFalse(text.contains("Overview"), text);
  }

  /**
   * A site that wraps its whole article in a {@code div.note}: a box that holds most of the page's
   * prose is the text, not a note inside it, so the teasers beside it stay out.
   */
  @Test
  void anArticleWrappedInANoteIsTheText() {
    String article = "<div class='note'><p>The council met on Tuesday to vote on the new library, which"
        + " will open next spring in the old market hall, after three years of planning and debate.</p>"
        + "<p>Its shelves will hold forty thousand books, and its reading room, the largest in the"
        + " region, will stay open until ten in the evening, every day of the week.</p>"
        + "<p>The mayor said the building, restored with care, would serve readers, students and"
        + " families, and that the old hall, empty for a decade, would live again.</p></div>";
    String teaser = "<div class='box'><p>Other readers also read</p><ul><li><a href='/marathon'>The city"
        + " marathon</a></li><li><a href='/bridge'>A new bridge</a></li></ul></div>";
    String text = extractor.text(Jsoup.parse("<body><div class='wrap'>" + article + teaser + "</div></body>"));
    assertTrue(text.startsWith("The council met on Tuesday"), text);
    assertFalse(text.contains("Other readers"), text);
  }

  /**
   * A menu command's help page: what the command does, how to reach it, and an illustration whose
   * caption is the longest paragraph, and a near copy of the caption of the sibling command's page.
   * Taken alone, the caption would make the two pages one text; the section around the figure
   * holds the command's own description and how to reach it.
   */
  @Test
  void aFigureCaptionIsNotTheMainTextOfACommandPage() {
    String caption = "<div class='figure'><p class='title'><b>Figure 3. Illustration</b></p>"
        + "<div class='figure-contents'><div class='mediaobject'><img src='example.png' alt=''>"
        + "<div class='caption'><p>On the left, the drawing before, with a selection. In the"
        + " middle, the dialog with its options. On the right, the drawing after the command, with"
        + " the selection of the visible pixels of the active layer replacing the first one.</p>"
        + "</div></div></div></div>";
    String html = "<body><div class='sect2'><h3>4.2. Frame to Selection</h3>"
        + "<p>The Frame to Selection command turns the frame of the active layer into a selection,"
        + " which replaces the selection that the drawing already has.</p>"
        + "<div class='sect3'><h4>4.2.1. Activating the Command</h4><ul>"
        + "<li><p>From the menu bar, through Layer → Frame → Frame to Selection,</p></li>"
        + "<li><p>or from the menu of the layer in the Layers dialog.</p></li></ul></div>"
        + "<div class='sect3'><h4>4.2.2. Illustration</h4>" + caption + "</div></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("The Frame to Selection command turns the frame"), text);
    assertTrue(text.contains("\nFrom the menu bar, through Layer → Frame → Frame to Selection,"), text);
  }

  /**
   * An options page whose longest paragraph is one option's description: the whole list of options
   * and the text before it are the content, not that one description.
   */
  @Test
  void oneOptionsDescriptionIsNotTheMainTextOfAnOptionsPage() {
    String html = "<body><div class='sect2'><h3>Scale Layer</h3>"
        + "<p>The command opens a dialog that shows the size of the layer in pixels.</p>"
        + "<div class='variablelist'><dl>"
        + "<dt>Width</dt><dd><p>The new width of the layer, in the unit chosen beside it.</p></dd>"
        + "<dt>Height</dt><dd><p>The new height of the layer, kept in proportion while the chain"
        + " is closed.</p></dd>"
        + "<dt>Interpolation</dt><dd><p>When you enlarge a layer, new pixels are computed from the"
        + " existing ones, and the method chosen here, linear, cubic, or none, decides how smooth,"
        + " how sharp, and how slow the result is; when you shrink it, pixels are merged, and the"
        + " same method decides, again, how much detail, noise, or blur is kept.</p></dd>"
        + "</dl></div></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("The command opens a dialog"), text);
    assertTrue(text.contains("\nWidth\nThe new width of the layer"), text);
    assertTrue(text.endsWith("how much detail, noise, or blur is kept."), text);
  }

  /**
   * A sectioned page (Sphinx's nested sections, each opening with its heading) whose best-scoring
   * part is one subsection of its second section: the page's text is all of its sections, whatever
   * their scores, or two versions of the page that score their sections differently give two texts.
   */
  @Test
  void oneSubsectionIsNotTheMainTextOfASectionedPage() {
    String html = "<body><div role='main'><section id='policy'><h1>Review policy</h1>"
        + "<p>Every change is reviewed before it is merged, so that the project keeps its quality.</p>"
        + "<section id='general'><h2>General rules</h2>"
        + "<p>Reviewers read the whole change and say what they found in their comments.</p></section>"
        + "<section id='workflow'><h2>Workflow</h2>"
        + "<p>A change goes through rounds of review until it is accepted.</p>"
        + "<section id='accept'><h3>Acceptance</h3>"
        + "<p>A change is accepted when a reviewer, who knows the code, the tests, the history, the"
        + " users, the risks, and the plans of the component, approves it, in writing, after the last"
        + " round, and, where the change is large, after a second reviewer, too, agrees.</p>"
        + "</section></section></section></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("Every change is reviewed before it is merged"), text);
    assertTrue(text.contains("\nReviewers read the whole change"), text);
    assertTrue(text.endsWith("after a second reviewer, too, agrees."), text);
  }

  /**
   * Sphinx's local table of contents wins on its "contents" class, and the two sections that score
   * best are merged with it; the section between them, with one short paragraph, is part of the
   * page all the same. Sphinx puts an empty anchor before each section's heading.
   */
  @Test
  void aTableOfContentsAndTwoSectionsAreNotTheWholeOfASectionedPage() {
    String html = "<body><div role='main'><section id='stream'><h1>The Stream</h1>"
        + "<div class='contents local topic' id='contents'><ul><li><a href='#intro'>Intro</a></li>"
        + "<li><a href='#layout'>Layout</a></li><li><a href='#records'>Records</a></li></ul></div>"
        + "<section id='intro'><span id='stream-intro'></span><h2>Intro</h2>"
        + "<p>The stream holds, for one module, its symbols, its line tables, its references, and the"
        + " records, entries, and offsets, that the debugger, the linker, and the profiler read.</p>"
        + "</section><section id='layout'><span id='stream-layout'></span><h2>Layout</h2>"
        + "<p>A signature comes first.</p></section>"
        + "<section id='records'><span id='stream-records'></span><h2>Records</h2>"
        + "<p>Each record has a length, a kind, and a body, and the body, in turn, has fields, flags,"
        + " names, and offsets, aligned to four bytes, padded, where needed, with zeros.</p>"
        + "</section></section></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("\nThe stream holds, for one module"), text);
    assertTrue(text.contains("\nLayout\nA signature comes first.\n"), text);
    assertTrue(text.endsWith("padded, where needed, with zeros."), text);
  }

  /**
   * An API page of a type alias: its declaration is a line of code shorter than a paragraph, and the
   * only line that tells it from the page of the next alias, whose note is the same.
   */
  @Test
  void keepsAShortDeclarationOfCode() {
    String html = "<body><main><section id='main-content'><h1>Type Definition raw::ino_t</h1>"
        + "<div class='docblock item-decl'><pre class='rust'><code>pub type ino_t = <a href='u64.html'>u64</a>;"
        + "</code></pre></div><div class='stab deprecated'><p>These aliases are no longer supported by"
        + " the standard library; the libc crate should be used instead, for the right definitions.</p>"
        + "</div></section></main></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("pub type ino_t = u64;\n"), text);
    assertTrue(text.endsWith("for the right definitions."), text);
  }

  /**
   * Erlang's reference marks code with a class ({@code span.bold_code}), not a {@code code} tag,
   * and links every type in it: the type lines ("This = wxListbook()") are what tell the page of
   * one class from its sibling's, which documents the same functions.
   */
  @Test
  void keepsLinkedTypesInsideAnElementWhoseClassNamesCode() {
    String html = "<body><div id='content'><p>Functions for the list book class, a book control that shows"
        + " the labels of its pages in a list, one row for each page, instead of in tabs.</p>"
        + "<h4>addPage(This, Page, Text) -&gt; boolean()</h4><div class='REFBODY fun-types'><h3>Types</h3>"
        + "<div class='REFTYPES'><span class='bold_code'>This = <span class='bold_code'>"
        + "<a href='#type-wxListbook'>wxListbook()</a></span></span></div>"
        + "<div class='REFTYPES'><span class='bold_code'>Page = <span class='bold_code'>"
        + "<a href='wxWindow.html#type-wxWindow'>wxWindow:wxWindow()</a></span></span></div></div>"
        + "<p>Adds a new page, which must have the book control itself as its parent, and which must not"
        + " have been added to this control before.</p></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("\nThis = wxListbook()\nPage = wxWindow:wxWindow()\n"), text);
  }

  /**
   * MediaWiki's syntax highlighter (GeSHi, {@code span.mw-geshi}) colours a declaration without a
   * {@code code} tag and links each type in it; the declaration is what tells the page of one
   * function from its twin's, and its links are code, not a menu.
   */
  @Test
  void keepsLinkedTypesInsideHighlightedCode() {
    String html = "<body><div id='content'><table class='t-dcl-begin'><tr class='t-dsc-header'><td><div>"
        + "Defined in header <code><a href='../header/filesystem.html'>&lt;filesystem&gt;</a></code></div></td></tr>"
        + "<tr class='t-dcl'><td><div><span class='mw-geshi cpp source-cpp'><span class='kw4'>bool</span> is_fifo( "
        + "<a href='file_status.html'><span class='kw2203'>std::filesystem::file_status</span></a> s );</span></div></td>"
        + "<td>(1)</td><td><span class='t-mark-rev'>(since C++17)</span></td></tr>"
        + "<tr class='t-dcl'><td><div><span class='mw-geshi cpp source-cpp'><span class='kw4'>bool</span> is_fifo( "
        + "<a href='path.html'><span class='kw2196'>std::filesystem::path</span></a>&amp; p, "
        + "<a href='../error/error_code.html'><span class='kw877'>std::error_code</span></a>&amp; ec );</span></div></td>"
        + "<td>(2)</td><td><span class='t-mark-rev'>(since C++17)</span></td></tr></table>"
        + "<p>Checks if the given file status or path corresponds to a FIFO or pipe file, as if"
        + " determined by the operating system's own test for named pipes.</p>"
        + "<h3>Return value</h3><p>true if the file that the path names is a named pipe, false otherwise;"
        + " the overload that takes an error code returns false when an error occurs.</p></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("bool is_fifo( std::filesystem::path& p, std::error_code& ec );"), text);
  }

  /**
   * Haddock's page of a class: its documentation, a few sentences, then the table of its instances,
   * a row per tuple instance whose declaration ({@code td.src}) holds a comma per element. A comma
   * in code separates no clauses; counted as prose, the table's commas outscore the documentation
   * and the page's text is a list of "Since:" lines that the next module's page shares.
   */
  @Test
  void commasInCodeDoNotMakeATableOfDeclarationsTheText() {
    StringBuilder rows = new StringBuilder();
    StringBuilder tuple = new StringBuilder("a1");
    for (int n = 2; n <= 15; n++) {
      tuple.append(", a").append(n);
      rows.append("<tr><td class='src clearfix'><span class='inst-left'><a href='#t:Ix'>Ix</a> (").append(tuple)
          .append(")</span> <a href='#t:Ix' class='selflink'>#</a></td><td class='doc'><p><em>Since: base-4.15.0.0</em></p></td></tr>");
    }
    String html = haddockClassPage("<div class='doc'><p>The Ix class is used to map a contiguous subrange of values"
        + " in a type onto integers. It is used primarily for array indexing.</p>"
        + "<p>The first argument of each of these operations is a pair specifying the lower and upper bounds of a"
        + " contiguous subrange of values.</p></div>"
        + "<div class='subs methods'><p class='caption'>Methods</p><p class='src'><a id='v:range' class='def'>range</a>"
        + " :: (a, a) -&gt; [a]</p><div class='doc'><p>The list of values in the subrange defined by a bounding pair.</p></div>"
        + "<p class='src'><a id='v:index' class='def'>index</a> :: (a, a) -&gt; a -&gt; Int</p>"
        + "<div class='doc'><p>The position of a subscript in the subrange.</p></div></div>", rows.toString());

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("The Ix class is used to map a contiguous subrange of values in a type onto integers."), text);
    assertTrue(text.contains("The position of a subscript in the subrange."), text);
  }

  /**
   * Haddock folds each instance's methods into a closed {@code <details>}: a reader sees a row per
   * instance and opens one to read its methods. Folded lines are no paragraphs of the page's; scored
   * as paragraphs, the methods of many instances outscore the class's documentation, and the page's
   * text is its table of instances. Their text stays in the text of the container chosen around
   * them.
   */
  @Test
  void whatAClosedDetailsFoldsAwayDoesNotMakeATableOfInstancesTheText() {
    StringBuilder rows = new StringBuilder();
    for (int k = 0; k < 42; k++) {
      String type = "(Tuple" + k + " alpha beta gamma delta)";
      rows.append("<tr><td class='src clearfix'>Ix ").append(type).append(" #</td>")
          .append("<td class='doc'><p><em>Since: base-2.1</em></p></td></tr><tr><td colspan='2'><details>")
          .append("<summary>Instance details</summary><p>Defined in GHC.Ix</p><div class='subs methods'>");
      for (String method : List.of("range", "index", "unsafeIndex", "inRange", "rangeSize", "unsafeRangeSize")) {
        rows.append("<p class='src'>").append(method).append(" :: (").append(type).append(", ").append(type)
            .append(") -&gt; ").append(type).append(" -&gt; Int <a href='#'>Source</a> <a href='#'>#</a></p>");
      }
      rows.append("</div></details></td></tr>");
    }
    String html = haddockClassPage("<div class='doc'>"
        + "<p>The Ix class is used to map a contiguous subrange of values in a type onto integers.</p>"
        + "<p>It is used primarily for array indexing and the array package builds on it.</p>"
        + "<p>An implementation is entitled to assume the laws about these operations listed below.</p></div>",
        rows.toString());

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("class Ord a => Ix a where\nThe Ix class is used to map"), text);
    // the folded methods are text of the container chosen around them
    assertTrue(text.contains("\nunsafeRangeSize :: ((Tuple41 alpha beta gamma delta), (Tuple41 alpha beta gamma delta))"), text);
  }

  /** Haddock's entry of one declaration: its signature, then its documentation's paragraphs. */
  private static String haddockEntry(String signature, String... paragraphs) {
    StringBuilder doc = new StringBuilder();
    for (String p : paragraphs) doc.append("<p>").append(p).append("</p>");
    return "<div class='top'><p class='src'>" + signature + "</p><div class='doc'>" + doc + "</div></div>";
  }

  /** Haddock's page of the class {@code Ix}: its declaration, then {@code classBody}, then its table of instances. */
  private static String haddockClassPage(String classBody, String instanceRows) {
    return "<body><div id='content'><div id='interface'><h1>Documentation</h1><div class='top'>"
        + "<p class='src'><span class='keyword'>class</span> Ord a =&gt; <a id='t:Ix' class='def'>Ix</a> a"
        + " <span class='keyword'>where</span></p>" + classBody
        + "<div class='subs instances'><h4 class='instances'>Instances</h4><details id='i:Ix' open>"
        + "<summary>Instances details</summary><table>" + instanceRows + "</table></details></div></div></div></div></body>";
  }

  /**
   * A module's page with its description and a {@code div.top} per declaration: the longest
   * declaration's documentation outscores the description and the others, which are split over
   * its siblings, and is one entry of the page, not its text. A page's rows of layout that share a
   * class hold its menu and footer beside the row of the text, and stay out.
   */
  @Test
  void oneEntryOfSeveralIsNotTheMainTextOfAModulePage() {
    String html = "<body><div id='content'><div id='description'><div class='doc'>"
        + "<p>In general terms, a weak pointer is a reference to an object that is not followed by the collector.</p>"
        + "<p>Weak pointers are particularly useful for caches and memo tables, which map keys to values.</p></div></div>"
        + "<div id='interface'><h2>The Weak type</h2>"
        + haddockEntry("data Weak v",
            "A weak pointer object with a key and a value, whose value has the type v, and whose key, when alive, keeps it alive.",
            "A weak pointer may also have a finalizer, which, if it does, runs at most once, after the key has become unreachable.",
            "It is not guaranteed that a finalizer will eventually run, and no attempt is made to run them at exit.",
            "There may be several weak pointers with the same key, and their finalizers, then, run in some order, or at once.",
            "References from the finalizer to the key are treated, in the same way, as references from the value to the key.",
            "The finalizer, and the relation of key and value, exist whether or not the program keeps the weak object itself.",
            "If there are no other threads to run, the runtime checks, first, for finalizers ready to run, before deadlock.",
            "Weak pointers to ordinary values are fragile, because the compiler, when optimising, may duplicate or drop them.")
        + haddockEntry("mkWeak :: k -&gt; v -&gt; IO (Weak v)",
            "Establishes a weak pointer to the key, with the value and a finalizer, when one is given.",
            "The finalizer runs once the key is dead, and the value, then, is released as well.")
        + haddockEntry("deRefWeak :: Weak v -&gt; IO (Maybe v)",
            "Dereferences a weak pointer, and returns the value if the key is still alive.",
            "Otherwise it returns Nothing, and the finalizer may have run, or may run soon.")
        + haddockEntry("finalize :: Weak v -&gt; IO ()",
            "Causes the finalizer of a weak pointer to be run at once, if it has not run yet.",
            "After that the weak pointer is dead, and dereferencing it returns Nothing.")
        + "</div></div></body>";
    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.contains("\ndata Weak v\nA weak pointer object with a key and a value"), text);
    assertTrue(text.endsWith("\nfinalize :: Weak v -> IO ()\nCauses the finalizer of a weak pointer to be run at once,"
        + " if it has not run yet.\nAfter that the weak pointer is dead, and dereferencing it returns Nothing."), text);

    String rows = "<body><div class='row'><ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li></ul></div>"
        + "<div class='row'><div class='col'><p>The council voted on Monday to close the old bridge, which, after"
        + " eighty years, needs repairs the town cannot pay for, and to build a new one by the year's end.</p>"
        + "<p>The ferry will run in the meantime, every half hour, from the market square.</p></div></div>"
        + "<div class='row'><p>Contact the newsroom at the address on our page about us, any day of the week.</p></div></body>";
    assertEquals("The council voted on Monday to close the old bridge, which, after eighty years, needs repairs the"
        + " town cannot pay for, and to build a new one by the year's end.\nThe ferry will run in the meantime, every"
        + " half hour, from the market square.", extractor.text(Jsoup.parse(rows)));
  }

  /**
   * A class's reference page whose one method is also a page of its own. Each entry is a list of
   * its own, its description a {@code dd.body--doc}, a class that reads like content: on a
   * definition it earns no bonus, and a definition of a kind other lists hold is one part of the
   * text. The method's entry is not the class page's text (it is the method page's), whichever
   * entry scores best: the method's, or the class's own long description.
   */
  @Test
  void aClassPageIsNotTheEntryOfItsOneMethod() {
    String header = "<body><header><div class='top'><h1><a href='/'>Gadget Reference</a></h1></div></header>";
    String method = "<dl class='group--doc'><dt>Method create</dt>"
        + "<dd><p><code>Gadget.Gauge Gadget.Gauge(mapping|void props)</code></p></dd>"
        + "<dt>Description</dt><dd class='body--doc'><p>Create a new Gadget.Gauge.</p></dd></dl>";
    String classPage = header + "<article><h1>Class Gadget.Gauge</h1><dt>Inheritance graph</dt>"
        + "<div class='graph'><svg><text><a href='Widget.html'>Widget</a></text></svg></div>"
        + "<dl class='group--doc'><dt>Description</dt><dd class='body--doc'><p>A gauge shows a value.</p></dd></dl>"
        + "<hr><dl class='group--doc'><dt>Inherit Widget</dt>"
        + "<dd><p><code>inherit <a href='Widget.html'>Widget</a> : Widget</code></p></dd></dl>"
        + "<hr>" + method + "</article></body>";
    String methodPage = header + "<article><h1>Method Gadget.Gauge()-&gt;create()</h1><hr>" + method
        + "</article></body>";

    String text = extractor.text(Jsoup.parse(classPage));
    assertTrue(text.startsWith("Inheritance graph\nDescription\nA gauge shows a value.\nInherit Widget\n"), text);
    assertTrue(text.endsWith("\nCreate a new Gadget.Gauge."), text);
    assertEquals("Method create\nGadget.Gauge Gadget.Gauge(mapping|void props)\nDescription\nCreate a new Gadget.Gauge.",
        extractor.text(Jsoup.parse(methodPage)));

    String described = classPage.replace("A gauge shows a value.", "A gauge shows a value, a needle over a"
        + " dial, between its bounds, which, by default, are 0 and 100, and, when asked, a label, in"
        + " its own font, under the dial, with the value, or, if set, a text of its own.");
    text = extractor.text(Jsoup.parse(described));
    assertTrue(text.contains("\nA gauge shows a value, a needle over a dial,"), text);
    assertTrue(text.endsWith("\nCreate a new Gadget.Gauge."), text);
  }

  /**
   * Old Javadoc's page of a class's uses: the tables of its uses straight in the body, one per kind
   * of use, each row a {@code tr.TableRowColor}, between navigation bars. The one row with a long
   * description outscores the rest; a class used by that method and by a field of its own has
   * both in its text, not that row alone (the text of every class the method uses), and the bars
   * above and below the tables stay out.
   */
  @Test
  void theRowsOfTablesOfOneKindAreOnePageWithoutTheBarsAroundThem() {
    String bar = "<table><tr><td><a href='overview.html'>Overview</a></td><td><a href='package.html'>Package</a>"
        + "</td><td><a href='index.html'>Index</a></td><td><a href='help.html'>Help</a></td></tr></table>";
    String method = "<tr class='TableRowColor'><td><code><a href='Stats.html'>Stats</a></code></td>"
        + "<td><code><b>Database.compact</b>(Transaction txn, Entry start, Entry stop, Config config)</code><br>"
        + "Compact a database, or return its unused pages to the underlying file system, so that the"
        + " file shrinks, without blocking readers, in steps, each in a transaction of its own.</td></tr>";
    String heading = "<tr class='TableHeadingColor'><th colspan='2'>%s</th></tr>";
    String stats = "<body>" + bar + "<hr><h2>Uses of Class<br>db.Stats</h2><table>"
        + heading.formatted("Methods in db that return Stats") + method + "</table><hr>" + bar + "</body>";
    String config = "<body>" + bar + "<hr><h2>Uses of Class<br>db.Config</h2><table>"
        + heading.formatted("Fields in db declared as Config")
        + "<tr class='TableRowColor'><td><code>static <a href='Config.html'>Config</a></code></td>"
        + "<td><code><b>Config.DEFAULT</b></code><br>The configuration used when none is given.</td></tr></table>"
        + "<table>" + heading.formatted("Methods in db with parameters of type Config") + method
        + "</table><hr>" + bar + "</body>";

    String configText = extractor.text(Jsoup.parse(config));
    assertTrue(configText.contains("Config.DEFAULT\nThe configuration used when none is given."), configText);
    assertTrue(configText.contains("\nCompact a database,"), configText);
    assertFalse(configText.contains("Overview"), configText);
    assertNotEquals(extractor.text(Jsoup.parse(stats)), configText);
  }

  /**
   * A class of more than a hundred methods, none described: each method's detail is a heading and
   * its signature, items of a list but entries of a reference, not a menu. Two such classes (an
   * interface and the class that implements it) are told apart by the details alone.
   */
  @Test
  void theDetailsOfAClassOfManyMethodsAreText() {
    String page = "<body><main role='main'><h1>%s</h1><p>%s</p><section class='details'><h3>Method Detail</h3>%s"
        + "</section></main></body>";
    StringBuilder abstractMethods = new StringBuilder();
    StringBuilder emptyMethods = new StringBuilder();
    for (int k = 0; k < 120; k++) {
      String name = "visitOpcode" + k;
      abstractMethods.append("<ul class='blockList'><li class='blockList'><h4>").append(name)
          .append("</h4><pre class='methodSignature'>void ").append(name).append("(<a href='Op.html'>Op</a> obj)</pre></li></ul>");
      emptyMethods.append("<ul class='blockList'><li class='blockList'><h4>").append(name)
          .append("</h4><pre class='methodSignature'>public void ").append(name)
          .append("(<a href='Op.html'>Op</a> obj)</pre><dl><dt>Specified by:</dt><dd><code><a href='Visitor.html'>")
          .append(name).append("</a></code> in interface <code><a href='Visitor.html'>Visitor</a></code></dd></dl></li></ul>");
    }
    String about = " A visitor walks the instructions of a method, in the order of its code, and is"
        + " called, for each of them, with the method of the instruction's own type, so that a"
        + " subclass handles the kinds it needs, and passes over, without a word, every other kind.";
    String visitor = extractor.text(Jsoup.parse(page.formatted("Interface Visitor",
        "Handles every kind of instruction with a method of its own type." + about, abstractMethods)));
    String empty = extractor.text(Jsoup.parse(page.formatted("Class EmptyVisitor",
        "Supplies empty method bodies, to be overridden by subclasses." + about, emptyMethods)));

    assertTrue(visitor.contains("\nvoid visitOpcode119(Op obj)"), visitor);
    assertTrue(empty.contains("\npublic void visitOpcode119(Op obj)\nSpecified by:"), empty);
  }

  /**
   * A type's table of members whose rows carry no class: the longest description outscores the
   * others, and is one row of the table; two types that inherit that member keep their own rows.
   * A layout table's row of text, beside a banner row and a footer row, stays the text alone.
   */
  @Test
  void oneRowOfATableOfMembersIsNotTheMainText() {
    String close = "<tr><td><img src='pubmethod.gif'></td><td><a href='Close.htm'>Close</a></td><td><p>Discard"
        + " the cursor. If you do not close it before closing the database handle, closing the handle"
        + " closes it, and any later use of it fails, whatever the result of the close was.</p>"
        + "(Inherited from BaseCursor.)</td></tr>";
    String members = "<body><div id='header'><a href='index.htm'>API Documentation</a></div>"
        + "<div id='mainBody'><p>The %s type exposes the following members.</p><h1>Methods</h1><table>"
        + "<tr><th></th><th>Name</th><th>Description</th></tr>" + close
        + "<tr><td><img src='pubmethod.gif'></td><td><a href='Count.htm'>Count</a></td><td>%s</td></tr>"
        + "<tr><td><img src='pubmethod.gif'></td><td><a href='Dup.htm'>Duplicate</a></td><td>%s</td></tr>"
        + "</table></div></body>";
    String secondary = extractor.text(Jsoup.parse(members.formatted("SecondaryCursor",
        "Returns the number of data items for the key of the secondary index the cursor refers to.",
        "Creates a new cursor of the secondary index at the position of this one.")));
    String join = extractor.text(Jsoup.parse(members.formatted("JoinCursor",
        "Returns the number of items of the join, which the cursor reads one by one.",
        "Creates a new join cursor over the same secondary cursors.")));

    assertTrue(secondary.contains("\nDiscard the cursor."), secondary);
    assertTrue(secondary.contains("Creates a new cursor of the secondary index"), secondary);
    assertNotEquals(join, secondary);

    String layout = "<body><table><tr><td><a href='/'>Home</a></td><td><a href='/news'>News</a></td></tr>"
        + "<tr><td><a href='/a'>Archive</a></td><td><p>The council approved the new budget on Tuesday,"
        + " after a debate that lasted, with breaks, well into the night, and the mayor, who had"
        + " proposed it, thanked the members who voted for it.</p><p>The budget takes effect in"
        + " January, and the first payments, to the schools, follow in March.</p></td></tr>"
        + "<tr><td><a href='/c'>Contact</a></td><td>Copyright 2024 The Town Paper</td></tr></table></body>";
    String text = extractor.text(Jsoup.parse(layout));
    assertTrue(text.startsWith("The council approved"), text);
    assertFalse(text.contains("Copyright"), text);
  }

  /**
   * A generated reference heads every page with the project's name and tagline (Doxygen's {@code
   * div#titlearea}). On an index of members, whose entries are too short to score, the tagline
   * would be the one paragraph and the text of every index page alike.
   */
  @Test
  void theProjectsTaglineOverEveryPageIsNotTheIndexsText() {
    String index = "<body><div id='top'><div id='titlearea'><table><tr><td id='projectalign'>"
        + "<div id='projectname'>bytepack <span id='projectnumber'>1.2</span></div>"
        + "<div id='projectbrief'>bytepack is a small library that packs and unpacks integers of every"
        + " width in the byte orders of every common platform</div></td></tr></table></div>"
        + "<div id='main-nav'></div></div><div id='doc-content'><div class='contents'>"
        + "<h3>- %1$s -</h3><ul>%2$s</ul></div></div></body>";
    String l = index.formatted("l", "<li>length() : <a class='el' href='classReader.html'>Reader</a></li>"
        + "<li>load() : <a class='el' href='classCodec.html'>Codec</a>, <a class='el' href='classWriter.html'>Writer</a></li>"
        + "<li>lower() : <a class='el' href='classBound.html'>Bound</a></li>");
    String p = index.formatted("p", "<li>pack() : <a class='el' href='classCodec.html'>Codec</a></li>"
        + "<li>peek() : <a class='el' href='classReader.html'>Reader</a></li>"
        + "<li>put() : <a class='el' href='classWriter.html'>Writer</a></li>");

    String lText = extractor.text(Jsoup.parse(l));
    assertTrue(lText.contains("length() : Reader"), lText);
    assertFalse(lText.contains("packs and unpacks"), lText);
    assertNotEquals(lText, extractor.text(Jsoup.parse(p)));
  }

  /**
   * A module's reference page with an article per function: the longest description is one
   * function's, but the page's text holds all its functions.
   */
  @Test
  void oneArticleOfSeveralIsNotTheMainTextOfAReferencePage() {
    String html = "<body><div id='content'><section class='description'><h3>Description</h3>"
        + "<p>The module keeps the community table of the agent and reads it from its configuration file.</p>"
        + "</section><div class='exports'><article class='func'><h4>configure(Dir) -&gt; ok</h4>"
        + "<div class='tube'><div class='refbody'><p>Reads the configuration file in the directory,"
        + " inserts every row into the table, and removes, before that, every volatile row, so that,"
        + " after a restart, only the file's rows, and those the manager added since, remain, in the"
        + " order, the file, gives them.</p></div></div></article>"
        + "<article class='func'><h4>reconfigure(Dir) -&gt; ok</h4><div class='tube'><div class='refbody'>"
        + "<p>Reads the file again and replaces every row of the table with the rows of the file.</p>"
        + "</div></div></article></div></div></body>";

    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.startsWith("configure(Dir) -> ok\nReads the configuration file"), text);
    assertTrue(text.endsWith("replaces every row of the table with the rows of the file."), text);
  }

  /**
   * A reference page whose content is mostly links: the operand list is what tells this page from
   * hundreds of siblings that share the other two lines.
   */
  @Test
  void keepsAListOfLinksThatIsTheContentOfAShortPage() {
    String html = "<body><div class='related' role='navigation'><a href='../index.html'>index</a>"
        + " <a href='next.html'>next</a></div><div class='document'><div class='body'"
        + " role='main'><section><h1>src</h1><p>Instruction input.</p>"
        + "<p><em>Size:</em> 1 dword.</p><p><em>Operands:</em>"
        + " <a href='../Syntax.html#v'>v</a>, <a href='../Syntax.html#s'>s</a>,"
        + " <a href='../Syntax.html#flat-scratch'>flat_scratch</a>,"
        + " <a href='../Syntax.html#vcc'>vcc</a>, <a href='../Syntax.html#m0'>m0</a>,"
        + " <a href='../Syntax.html#exec'>exec</a></p></section></div></div>"
        + "<div class='footer' role='contentinfo'>© Copyright 2003-2023, Example Project."
        + " Created using <a href='https://www.sphinx-doc.org/'>Sphinx</a>.</div></body>";

    assertEquals("Instruction input.\nSize: 1 dword.\nOperands: v, s, flat_scratch, vcc, m0, exec",
        extractor.text(Jsoup.parse(html)));

    // a menu page of a help manual without a content marker: its list of commands
    String menu = "<body><div class='navheader'><a href='prev.html'>Prev</a>"
        + " <a href='next.html'>Next</a></div><div class='sect1'><h2>7.33. Transparency</h2>"
        + "<p>The submenu contains these commands:</p><ul>"
        + "<li><a href='alpha-add.html'>Add Alpha Channel</a></li>"
        + "<li><a href='alpha-remove.html'>Remove Alpha Channel</a></li>"
        + "<li><a href='color-to-alpha.html'>Color to Alpha</a></li>"
        + "<li><a href='semi-flatten.html'>Semi-flatten</a></li></ul></div>"
        + "<div class='navfooter'><a href='index.html'>Home</a></div></body>";

    assertEquals("7.33. Transparency\nThe submenu contains these commands:\nAdd Alpha Channel\n"
        + "Remove Alpha Channel\nColor to Alpha\nSemi-flatten", extractor.text(Jsoup.parse(menu)));
  }

  /**
   * A footer named by its id alone is furniture, removed by every attempt: the node of a manual
   * whose only content is its heading and a menu of its sections never becomes its footer, which
   * every page of the manual shows.
   */
  @Test
  void aFooterNamedByItsIdIsNeverTheText() {
    String node = "<body><div id='main'><h2>5.1 Tweaking basics</h2><p>Four ways to change a drawing.</p>"
        + "<div id='footer'><p>This page is for Notewriter 2.24.1, the stable branch of the program.</p>"
        + "<p>We welcome your aid; please help us by reporting errors to our bug list, with a small"
        + " example of the input that shows them.</p><p id='languages'>Other languages: <a href='x.ca.html'>"
        + "Català</a>, <a href='x.de.html'>Deutsch</a>.<br>About <a href='lang.html'>automatic language"
        + " selection</a>.</p></div></div></body>";

    assertEquals("5.1 Tweaking basics\nFour ways to change a drawing.", extractor.text(Jsoup.parse(node)));
  }

  /**
   * A Texinfo node whose content is its heading and the menu of its sections, a {@code table.menu}:
   * the menu is the text, not the footer or the manual's table of contents beside the node, which
   * every node shows.
   */
  @Test
  void aTexinfoMenuIsTheTextOfANodeWithoutProse() {
    String node = "<body><div id='main'><table class='nav_table'><tr><td>[<a href='output.html'>&lt;&lt;"
        + " Tweaking output</a>]</td><td>[<a href='index.html'>Top</a>]</td></tr></table>"
        + "<h2 class='section'>5.1 Tweaking basics</h2><table class='menu'>"
        + "<tr><td><a href='tweaks.html'>5.1.1 Introduction to tweaks</a></td></tr>"
        + "<tr><td><a href='objects.html'>5.1.2 Objects and interfaces</a></td></tr>"
        + "<tr><td><a href='naming.html'>5.1.3 Naming conventions of objects and properties</a></td></tr>"
        + "<tr><td><a href='methods.html'>5.1.4 Tweaking methods</a></td></tr></table>"
        + "<div id='footer'><p id='languages'>Other languages: <a href='x.ca.html'>Català</a>,"
        + " <a href='x.de.html'>Deutsch</a>.<br>About <a href='lang.html'>automatic language selection</a>.</p>"
        + "</div></div><div id='tocframe'><div class='contents'><ul class='toc'>"
        + "<li><a href='installing.html'>1. Installing</a></li><li><a href='tutorial.html'>2. Tutorial</a></li>"
        + "<li><a href='fundamental.html'>3. Fundamental concepts</a></li><li><a href='output.html'>4. Tweaking"
        + " output</a></li></ul></div></div></body>";

    String text = extractor.text(Jsoup.parse(node));
    assertTrue(text.contains("5.1 Tweaking basics\n5.1.1 Introduction to tweaks\n5.1.2 Objects and interfaces\n"
        + "5.1.3 Naming conventions of objects and properties\n5.1.4 Tweaking methods"), text);
    assertFalse(text.contains("Other languages") || text.contains("Installing"), text);
  }

  /**
   * A Doxygen class page: its own members, then the members it inherits, under their heading. The
   * inherited rows are its base class's page, repeated on every class derived from it; the text
   * is the class's own.
   */
  @Test
  void membersAClassInheritsAreNotItsText() {
    StringBuilder page = new StringBuilder("<body><div class='header'><div class='title'>wxVectorDC Class Reference</div></div>"
        + "<div class='contents'><p>A device context that writes vector drawings to a file of the caller's"
        + " choosing, for printing and export.</p><table class='memberdecls'>"
        + "<tr class='heading'><td colspan='2'><h2>Public Member Functions</h2></td></tr>"
        + "<tr class='memitem:a1'><td class='memItemLeft'>bool</td><td class='memItemRight'>StartVector (const wxString &amp;file)</td></tr>"
        + "<tr class='memdesc:a1'><td></td><td class='mdescRight'>Opens the file the drawing is written to and writes its header.</td></tr>"
        + "<tr class='inherit_header pub_methods_classwx_d_c'><td colspan='2'>Public Member Functions inherited from wxDC</td></tr>");
    for (String m : List.of("DrawLine", "DrawCircle", "DrawText", "SetPen", "SetBrush", "GetSize", "Clear")) {
      page.append("<tr class='memitem:b").append(m).append(" inherit pub_methods_classwx_d_c'><td class='memItemLeft'>void</td>")
          .append("<td class='memItemRight'>").append(m).append(" (int x, int y)</td></tr>")
          .append("<tr class='memdesc:b").append(m).append(" inherit pub_methods_classwx_d_c'><td></td><td class='mdescRight'>")
          .append("Calls ").append(m).append(" on the device context, in logical coordinates, with the current pen and brush.</td></tr>");
    }
    page.append("</table></div></body>");

    String text = extractor.text(Jsoup.parse(page.toString()));
    assertTrue(text.contains("Opens the file the drawing is written to"), text);
    assertFalse(text.contains("inherited from wxDC") || text.contains("DrawCircle"), text);
  }

  /**
   * A Doxygen class page: the class's description, then each member's documentation, one {@code
   * div.memitem} each, all in one {@code div.contents}. The description outscores members
   * described in a line each; the members are part of the text, and two classes that share a
   * description (an event and the event it extends) are two texts.
   */
  @Test
  void theMembersBesideAClasssDescriptionArePartOfItsText() {
    String page = "<body><div class='header'><div class='title'>%1$s Class Reference</div></div>"
        + "<div class='contents'><h2 class='groupheader'>Detailed Description</h2><div class='textblock'>"
        + "<p>An event sent when a window or the application is activated or deactivated, by a click"
        + " of the mouse, by the keyboard, or by the program itself.</p><p>Handlers receive it with the"
        + " window that changed, and may skip it to let the parent window handle it too, as with any"
        + " other event of the toolkit.</p></div>"
        + "<h2 class='groupheader'>Member Function Documentation</h2>%2$s</div></body>";
    String members = "";
    for (String[] m : new String[][] {{"GetActive", "Returns true if the window is being activated."},
        {"GetReason", "Tells how the window was activated."}, {"Clone", "Copies the event and its window."}}) {
      members += "<h2 class='memtitle'>" + m[0] + "()</h2><div class='memitem'><div class='memproto'>"
          + "<table class='memname'><tr><td class='memname'>bool wxActivateEvent::" + m[0] + "</td><td>(</td>"
          + "<td class='paramname'></td><td>)</td><td> const</td></tr></table></div>"
          + "<div class='memdoc'><p>" + m[1] + "</p></div></div>";
    }

    String text = extractor.text(Jsoup.parse(String.format(page, "wxActivateEvent", members)));
    assertTrue(text.contains("An event sent when a window"), text);
    assertTrue(text.contains("Tells how the window was activated.")
        && text.contains("Copies the event and its window."), text);
    String other = extractor.text(Jsoup.parse(String.format(page, "wxEvent", "")));
    assertFalse(text.equals(other), text);
  }

  /**
   * A news template that lays the byline, the date and the text out as rows of one class: the
   * text's row is the content, and the rows beside it are not entries of the text.
   */
  @Test
  void theRowsOfALayoutBesideTheTextAreNotItsEntries() {
    String page = "<body><div class='g-row'><div class='byline'>By POST STAFF</div></div>"
        + "<div class='g-row'><div class='date'>NOVEMBER 20, 2019 10:43</div></div>"
        + "<div class='g-row'><div class='article-inner-content'><p>The son of a former president was"
        + " stabbed to death on Tuesday evening during a lecture at a Berlin clinic, the police said.</p>"
        + "<p>Another man, who tried to stop the attacker, was critically injured, and the suspect was"
        + " arrested at the scene, according to the prosecutor's office.</p></div></div></body>";

    String text = extractor.text(Jsoup.parse(page));
    assertTrue(text.startsWith("The son of a former president"), text);
    assertFalse(text.contains("POST STAFF") || text.contains("NOVEMBER"), text);
  }

  /** A page without any prose (a table of contents): its links are all it says. */
  @Test
  void keepsTheLinksOfAPageWithoutProse() {
    String html = "<body><div class='navheader'><a href='prev.html'>Prev</a>"
        + " <a href='next.html'>Next</a></div><div class='part'><div class='toc'>"
        + "<p><strong>Table of Contents</strong></p><dl><dt><a href='intro.html'>1."
        + " Introduction</a></dt><dt><a href='start.html'>2. Fire up the program</a></dt>"
        + "<dt><a href='first.html'>3. First steps</a></dt></dl></div></div>"
        + "<div class='navfooter'><a href='prev.html'>Preface</a>"
        + " <a href='index.html'>Home</a></div></body>";

    assertEquals("Table of Contents\n1. Introduction\n2. Fire up the program\n3. First steps",
        extractor.text(Jsoup.parse(html)));

    // an index table; the copyright line below it is no paragraph to pick
    String index = "<body><center><h1>Reference Page Index</h1></center><center>"
        + "<table class='man-index'><tr><th>Manual Page</th><th>Application</th></tr>"
        + "<tr><td><a href='alarm.html'>alarm_handler</a></td><td><a href='sasl.html'>sasl</a>"
        + "</td></tr><tr><td><a href='app.html'>app</a></td><td><a href='kernel.html'>kernel</a>"
        + "</td></tr></table></center><p/><center><hr/><small>Copyright &copy; 1991-2026"
        + " <a href='https://example.com/ab'>Example AB</a></small></center></body>";
    assertEquals("Manual Page\nApplication\nalarm_handler\nsasl\napp\nkernel",
        extractor.text(Jsoup.parse(index)));
  }

  /**
   * Two index pages of one manual that say the same licence and list different chapters: the table
   * of contents is what each page is, inside its section or beside the block the licence fills,
   * however many entries it lists; the page's own list of its sections stays out.
   */
  @Test
  void theTableOfContentsOfAnIndexPageIsItsText() {
    String licence = "<p>This manual is free software; you may redistribute it and modify it under"
        + " the terms of the licence published by its authors, either version 2 or any later one.</p>"
        + "<p>It is distributed in the hope that it will be useful, but without any warranty; see"
        + " the licence for more details, and the copy of it in the distribution.</p>";
    StringBuilder entries = new StringBuilder();
    for (int i = 1; i <= 120; i++) {
      entries.append("<li class='toctree-l2'><a href='tools.html#t").append(i).append("'>1.").append(i)
          .append(". Tool number ").append(i).append("</a></li>");
    }
    String inSection = "<body><div class='body' role='main'><section id='reference'>"
        + "<h1>The Reference</h1><div class='contents local topic'><ul><li><a href='#scope'>Scope"
        + "</a></li></ul></div>" + licence + "<div class='toctree-wrapper compound'><ul>"
        + "<li class='toctree-l1'><a href='tools.html'>1. Overview of the tools</a><ul>" + entries
        + "</ul></li></ul></div></section></div></body>";
    String beside = "<body><div role='main'><section id='media'><h1>Media</h1>"
        + "<p>This section describes the media drivers.</p>"
        + "<p class='toc-title'>Table of Contents</p><div class='toctree-wrapper compound'><ul>"
        + "<li class='toctree-l1'><a href='profile.html'>1. Media Subsystem Profile</a></li>"
        + "<li class='toctree-l1'><a href='v4l2.html'>2. Video devices</a></li></ul></div>"
        + "<div class='highlight'><pre>This documentation is free software; you can redistribute"
        + " it and/or modify it under the terms of the licence, either version 2, or (at your"
        + " option) any later version, in the hope that it will be useful.</pre></div>"
        + "</section></div></body>";

    String index = extractor.text(Jsoup.parse(inSection));
    assertTrue(index.contains("\n1. Overview of the tools\n1.1. Tool number 1\n"), index);
    assertTrue(index.endsWith("\n1.120. Tool number 120"), index);
    assertFalse(index.contains("Scope"), index);
    String media = extractor.text(Jsoup.parse(beside));
    assertTrue(media.contains("\n1. Media Subsystem Profile\n2. Video devices\n"), media);
  }

  /**
   * A manual's top page: one line naming the manual, its copyright and permission notice, then its
   * table of contents under a heading "Table of Contents" (Texinfo's {@code div.contents}, with the
   * heading inside it or in a wrapper around it), a list after a "Contents" heading in another
   * language (debiandoc), a list of headings of class {@code toc} (SiSU), or LaTeX2HTML's list of
   * the pages below. Two manuals of one project say the same notice;
   * their contents are what tells them apart, and are taken as text. A "Contents" list of the
   * page's own sections (links to its fragments) is not.
   */
  @Test
  void aManualsTableOfContentsUnderItsHeadingIsText() {
    String notice = "<p>Copyright &copy; 1986, 1987, 1988, 1989, 1990, 1991, 1992, 1993, 1994, 1995,"
        + " 1996, 1997, 1998, 1999, 2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010,"
        + " 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020 Example Institute</p>"
        + "<blockquote><p>Permission is granted to copy, distribute and/or modify this document under"
        + " the terms of the GNU Free Documentation License, Version 1.2 or any later version; with no"
        + " Invariant Sections, with no Front-Cover Texts and no Back-Cover Texts.</p></blockquote>";
    String inside = "<body><h1 class='settitle'>Example User Manual</h1><div class='top' id='Top'>"
        + "<h1 class='top'>Example</h1><p>This manual documents the use of Example 1.0.</p>" + notice
        + "</div><div class='contents'><h2 class='contents-heading'>Table of Contents</h2><ul class='no-bullet'>"
        + "<li><a href='Running.html'>1 Running the program</a></li>"
        + "<li><a href='Options.html'>2 Command-line options</a></li></ul></div></body>";
    String wrapped = "<body><h1 class='settitle'>Example Reference Manual</h1><div class='top' id='Top'>"
        + "<h1 class='top'>Example</h1><p>This manual documents Example 1.0.</p>" + notice
        + "<div class='Contents_element' id='SEC_Contents'><h2 class='contents-heading'>Table of Contents</h2>"
        + "<div class='contents'><ul class='no-bullet'><li><a href='Lists.html'>1 Lists</a></li>"
        + "<li><a href='Strings.html'>2 Strings</a></li></ul></div></div></div></body>";
    assertTextEndsWith(inside, "\n1 Running the program\n2 Command-line options");
    assertTextEndsWith(wrapped, "\n1 Lists\n2 Strings");
    // LaTeX2HTML: the pages below a page are its ul.ChildLinks, without a heading
    String latex = "<body><h1>Example Problem Guide</h1><div class='author_info'><p>This manual documents"
        + " Example 1.0.<br>This documentation is licensed under the Creative Commons Attribution-ShareAlike"
        + " 4.0 International License, a complete list of its authors is in the License chapter.</p></div>"
        + "<p><br><hr><a id='CHILD_LINKS'></a><ul class='ChildLinks'><li><a href='FAQ.html'>Frequently"
        + " Asked Questions</a></li><li><a href='Tips.html'>Tips and Suggestions</a></li></ul></body>";
    assertTextEndsWith(latex, "\nFrequently Asked Questions\nTips and Suggestions");
    // debiandoc: the list right after an h2 "Conteúdo" (id "contents") in the manual's language
    String debiandoc = "<body><h1>Guia Exemplo</h1><h2 id='abstract'>Resumo</h2><p>Este guia tem por objetivo"
        + " ser uma referência ao aprendizado do usuário e um manual de consulta e configuração.</p>"
        + "<h2 id='contents'>Conteúdo</h2><ul><li><a href='ch-intro.html'>1 Introdução</a></li>"
        + "<li><a href='ch-rede.html'>2 Rede</a></li></ul></body>";
    assertTextEndsWith(debiandoc, "\n1 Introdução\n2 Rede");
    // SiSU: each entry a heading of class toc, one level a heading, above the licence
    String sisu = "<body><div class='main_column'><p class='centerbold'>Example Manual</p>"
        + "<h4 class='toc'><a href='about.html'>1. About this manual</a></h4>"
        + "<h5 class='toc'><a href='about.html#8'>1.1 For the impatient</a></h5>"
        + "<p>License: This program is free software: you can redistribute it and/or modify it under the"
        + " terms of the GNU General Public License, version 3 or any later version.</p></div></body>";
    String sisuText = extractor.text(Jsoup.parse(sisu));
    assertTrue(sisuText.contains("\n1. About this manual\n1.1 For the impatient\n"), sisuText);

    String sections = "<body><div><h2>Contents</h2><ul><li><a href='#scope'>Scope of the notice</a></li>"
        + "<li><a href='#terms'>Terms of the notice</a></li></ul></div><p>This page is about the notice"
        + " that the manual carries on its first page and that every copy of it keeps.</p>" + notice + "</body>";
    String page = extractor.text(Jsoup.parse(sections));
    assertFalse(page.contains("Scope of the notice"), page);
  }

  private void assertTextEndsWith(String html, String end) {
    String text = extractor.text(Jsoup.parse(html));
    assertTrue(text.endsWith(end), text);
  }

  /**
   * DocBook's book page: a title page (author, licence, abstract) and beside it the table of the
   * chapters below ({@code div.toc} around {@code dl.toc}). Two editions of the book that leave
   * the licence and abstract untranslated differ in that table, which is taken as text; a menu of
   * a page's own sections or another site's list of class "toc" is not DocBook's list.
   */
  @Test
  void docBooksTableOfTheChaptersBelowIsText() {
    String book = "<body><div class='navheader'><a href='ch1.html'>Next</a></div><div class='book'>"
        + "<div class='titlepage'><h1 class='title'>%s</h1><div class='author'><h3>Ada Example</h3></div>"
        + "<div class='legalnotice'><p>This guide is free software; you can redistribute it and/or modify it"
        + " under the terms of the licence, either version 2 or any later version.</p></div>"
        + "<div class='abstract'><p>This document describes how to install and use the package tool.</p>"
        + "</div></div><div class='toc'><p><strong>%s</strong></p><dl class='toc'>"
        + "<dt><span class='chapter'><a href='ch1.html'>1. %s</a></span></dt>"
        + "<dd><dl><dt><span class='section'><a href='ch1.html#s1'>1.1. %s</a></span></dt></dl></dd>"
        + "<dt><span class='chapter'><a href='ch2.html'>2. %s</a></span></dt></dl></div></div></body>";
    String en = extractor.text(Jsoup.parse(String.format(book, "Package Tool Guide", "Table of Contents",
        "General", "Anatomy of the Package System", "The Interface")));
    String fr = extractor.text(Jsoup.parse(String.format(book, "Guide de l'outil", "Table des matières",
        "Généralités", "Anatomie du système de paquets", "L'interface")));
    assertTrue(en.contains("This document describes how to install"), en);
    assertTrue(en.endsWith("1. General\n1.1. Anatomy of the Package System\n2. The Interface"), en);
    assertTrue(fr.endsWith("1. Généralités\n1.1. Anatomie du système de paquets\n2. L'interface"), fr);
    // Qt's list of a page's own sections: a div.toc of links to fragments, no dl.toc
    String sections = extractor.text(Jsoup.parse("<body><div class='toc'><h3>Contents</h3><ul>"
        + "<li class='level1'><a href='#details'>Detailed Description</a></li>"
        + "<li class='level1'><a href='#members'>Member Functions</a></li></ul></div>"
        + "<div class='descr'><h2 id='details'>Detailed Description</h2><p>The class keeps a list of timers and"
        + " calls each one when its time comes, on the thread that created it, in the order they were added.</p>"
        + "<h2 id='members'>Member Functions</h2><p>Start begins the countdown; stop ends it and forgets the time"
        + " that was left, so that a timer started again counts its whole interval once more.</p></div></body>"));
    assertFalse(sections.contains("Contents"), sections);
    assertTrue(sections.startsWith("Detailed Description\nThe class keeps"), sections);
  }

  /**
   * An article of its own length keeps dropping the related-article links inside it, and the
   * heading of that list with them.
   */
  @Test
  void anArticleStillDropsTheRelatedLinksInsideIt() {
    String paragraphs = "<p>The city council voted on Tuesday to keep the central library open"
        + " on Sundays, after a year in which visits rose by a third.</p>"
        + "<p>The mayor said the extra hours would be paid for from the culture budget, and that"
        + " the branch libraries would follow next spring if the numbers hold.</p>"
        + "<p>Librarians welcomed the decision, which ends a long campaign by parents, students"
        + " and the readers' association.</p>";
    String related = "<h3>More from the city</h3><ul>"
        + "<li><a href='/a'>Council approves the new budget for schools and parks</a></li>"
        + "<li><a href='/b'>Readers' association elects a new chair after ten years</a></li>"
        + "<li><a href='/c'>Five libraries in the region that changed their hours</a></li></ul>"
        + "<p>Read more: <a href='/d'>Why the library matters to the city's students</a></p>";
    String html = "<body><nav><a href='/'>Home</a></nav><article><h1>Library stays open</h1>"
        + "<div class='story'>" + paragraphs + related + "</div></article></body>";

    assertEquals(String.join("\n", Jsoup.parse(paragraphs).select("p").eachText()),
        extractor.text(Jsoup.parse(html)));
  }

  /**
   * Two member pages of one class reference that share their description word for word: their
   * examples, whose names link to the reference pages of those names, and the cross-reference in
   * their prose are what tells them apart, and are text, not navigation.
   */
  @Test
  void keepsCodeWhoseNamesLinkToTheirReferencePages() {
    String page = "<body><div class='nav'><a href='../index.html'>Reference</a></div>"
        + "<div id='content'><p>Checks whether the stream has an open file attached to it, and"
        + " returns the answer without changing the state of the stream.</p>"
        + "<p>A stream opened with a name that names no file, or closed since, has no file; so"
        + " has a stream made from another one that was moved away.</p>"
        + "<p>Effectively calls <a href='../buffer/is_open.html'><code>buffer()->is_open()"
        + "</code></a>.</p><h3>Return value</h3><p>True when the stream has a file, false when"
        + " it has none, whatever the mode the file was opened in.</p><h3>Example</h3>"
        + "<div class='example'>%s</div></div></body>";
    String reader = "<pre><a href='../reader.html'>io::reader</a> in(\"data.txt\");\n"
        + "if (in.is_open()) <a href='../print.html'>io::print</a>(in.<a href='read_line.html'>"
        + "read_line</a>());</pre>";
    String writer = "<pre><a href='../writer.html'>io::writer</a> out(\"log.txt\");\n"
        + "if (out.is_open()) out.<a href='write_line.html'>write_line</a>(\"started\");</pre>";

    String readerText = extractor.text(Jsoup.parse(String.format(page, reader)));
    String writerText = extractor.text(Jsoup.parse(String.format(page, writer)));

    assertEquals("Checks whether the stream has an open file attached to it, and returns the"
        + " answer without changing the state of the stream.\n"
        + "A stream opened with a name that names no file, or closed since, has no file; so has a"
        + " stream made from another one that was moved away.\n"
        + "Effectively calls buffer()->is_open().\n"
        + "Return value\n"
        + "True when the stream has a file, false when it has none, whatever the mode the file was"
        + " opened in.\n"
        + "Example\n"
        + "io::reader in(\"data.txt\"); if (in.is_open()) io::print(in.read_line());", readerText);
    assertTrue(writerText.endsWith("\nio::writer out(\"log.txt\"); if (out.is_open())"
        + " out.write_line(\"started\");"), writerText);

    // links whose text is not code stay links: a list of them is still navigation
    String related = String.format(page,
        "<p>See <a href='a.html'>reading files</a>, <a href='b.html'>writing files</a></p>");
    assertFalse(extractor.text(Jsoup.parse(related)).contains("reading files"));
  }

  /**
   * An overview page of a reference: an introduction that every part of the reference shares,
   * then an index of the part's entries, each a name and what it is. The index is the page's own
   * content, not navigation; without it two parts are one text.
   */
  @Test
  void keepsAnIndexThatDescribesEachName() {
    String page = "<body><div class='navheader'><a href='prev.html'>Prev</a>"
        + " <a href='next.html'>Next</a></div><div class='part'><h1>Part %s</h1>"
        + "<div class='partintro'><p>This is generated reference documentation for the"
        + " processing instructions of the stylesheets, one page for each of them.</p>"
        + "<div class='note'><h3>Note</h3><p>You add these instructions at particular points in a"
        + " document, to change the output there; to change it everywhere, set a parameter.</p>"
        + "<p>A parameter changes the output of the whole document at once, so it is the better"
        + " choice when there is one, and an instruction is for the exceptions.</p></div><div class='toc'><p><b>Table of Contents</b></p><dl class='toc'>%s</dl></div>"
        + "</div></div></body>";
    String html = page.formatted("1", entry("html_dir", "Specifies a directory name for files")
        + entry("html_filename", "Specifies a filename for a chunk")
        + entry("html_bgcolor", "Sets background color on a table row or cell"));
    String print = page.formatted("2", entry("print_float", "Specifies how to float an image")
        + entry("print_font-size", "Specifies the font size of a table")
        + entry("print_keep-together", "Keeps a table together on one page"));

    String htmlText = extractor.text(Jsoup.parse(html));
    assertTrue(htmlText.endsWith("\nhtml_dir — Specifies a directory name for files\n"
        + "html_filename — Specifies a filename for a chunk\n"
        + "html_bgcolor — Sets background color on a table row or cell"), htmlText);
    assertTrue(extractor.text(Jsoup.parse(print))
        .endsWith("\nprint_keep-together — Keeps a table together on one page"));
  }

  private static String entry(String name, String purpose) {
    return "<dt><span class='refentrytitle'><a href='" + name + ".html'>" + name + "</a></span>"
        + "<span class='refpurpose'> — " + purpose + "</span></dt>";
  }

  /**
   * A list whose entries each name one thing as code names it and say what it is: the names are
   * text. A menu of one-word links, a bar of names, an action beside prose ("Run"), a list of
   * headlines (several words, or Chinese, whose words have no spaces) beside their teasers, a
   * forum's line of a post's title and its author's name, and
   * the names of a grid whose description cells stand beside them (Javadoc's summaries, which list
   * the same names on sister pages) stay links.
   */
  @Test
  void keepsNamesDescribedInTheirEntriesButNotMenusHeadlinesOrGrids() {
    String article = "<p>The shapes package draws two-dimensional shapes, fills them, and tests"
        + " whether a point lies inside one of them, in any coordinate system.</p>"
        + "<p>Every shape is immutable, so one shape can be drawn by many threads at once, and"
        + " transforms make new shapes instead of changing the old ones.</p>";
    String index = "<ul><li><a href='draw_arc.html'>draw_arc</a> — draws a part of an ellipse"
        + " between two angles</li><li><a href='fill_polygon.html'>fill_polygon</a> — fills a"
        + " closed shape of straight edges</li><li><a href='Path.html'>shapes.Path</a> — lines"
        + " and curves, open or closed</li></ul>";
    String navigation = "<ul><li><a href='/news'>News</a></li><li><a href='/sport'>Sport</a></li>"
        + "<li><a href='/culture'>Culture</a></li></ul>"
        + "<p>[<a href='sys_utils.html'>sys_utils</a>][<a href='str_utils.html'>str_utils</a>]"
        + "[<a href='date_utils.html'>date_utils</a>][<a href='math_utils.html'>math_utils</a>]"
        + "[<a href='type_info.html'>type_info</a>][<a href='all.html'>Index</a>]</p>"
        + "<div class='example'><pre>total = sum(numbers)</pre><a href='play.html'>Run</a></div>"
        + "<ul><li><a href='/a'>Council approves the new school budget</a>"
        + "<p>Parks and schools get more money next year.</p></li>"
        + "<li><a href='/b'>市议会通过新的学校预算方案</a><p>公园和学校明年将获得更多资金。</p></li></ul>"
        + "<p><a href='/t/9'>图书馆周日开放到晚上九点，大家怎么看这件事</a>【<a href='/u/5'>reader_58</a>】08-19 18:04 207字"
        + " [146/0]</p>"
        + "<div class='summary-table'><div class='col-first'><a href='Line.html'>geom.Line</a></div>"
        + "<div class='col-last'><div class='block'>A straight segment between two points."
        + "</div></div></div>";

    String text = extractor.text(Jsoup.parse("<body><nav><a href='/'>Home</a></nav><main>"
        + "<h1>Package shapes</h1>" + article + index + navigation + "</main></body>"));

    assertTrue(text.contains("\ndraw_arc — draws a part of an ellipse between two angles\n"
        + "fill_polygon — fills a closed shape of straight edges\n"
        + "shapes.Path — lines and curves, open or closed\n"), text);
    for (String link : List.of("Sport", "str_utils", "Council approves", "市议会", "geom.Line",
        "Run", "reader_58")) {
      assertFalse(text.contains(link), link + " in " + text);
    }
  }

  /**
   * A table of a handle's methods, a linked name and what it does a row: the names are text. The C
   * API's page and the C++ API's list the same descriptions under their own names, and without the
   * names each page would be the other's text.
   */
  @Test
  void keepsNamesThatTheNextCellOfTheirRowDescribes() {
    String page = "<body><div class='chapter'><h2>The %1$s Handle</h2><p>The %1$s object is a log sequence number, which"
        + " specifies a unique location in a log file: two unsigned integers, one the number of the log file, and the"
        + " other an offset in it. Applications compare them, and never change their fields.</p><p>A log sequence"
        + " number is returned by every call that writes a log record, and the application may store it, with the data"
        + " it describes, to find the record again later, when it reads the log back through a log cursor.</p>"
        + "<table><tr><th>Method</th><th>Description</th></tr>"
        + "<tr><td><a href='logarchive.html'>%2$s</a></td><td>List log and database files</td></tr>"
        + "<tr><td><a href='logflush.html'>%3$s</a></td><td>Flush log records</td></tr>"
        + "<tr><td><a href='logput.html'>%4$s</a></td><td>Write a log record</td></tr></table>"
        + "</div></body>";
    String c = extractor.text(Jsoup.parse(page.formatted("DB_LSN", "DB_ENV->log_archive()", "DB_ENV->log_flush()",
        "DB_ENV->log_put()")));
    String cxx = extractor.text(Jsoup.parse(page.formatted("DbLsn", "DbEnv::log_archive()", "DbEnv::log_flush()",
        "DbEnv::log_put()")));

    assertTrue(c.contains("DB_ENV->log_archive()\nList log and database files\nDB_ENV->log_flush()\n"), c);
    assertTrue(cxx.contains("DbEnv::log_archive()\nList log and database files\nDbEnv::log_flush()\n"), cxx);
  }

  /**
   * A table row or cell named "header" or "footer" is the table's own header or footer, not the
   * site's: the header line of a declaration table says which file declares the function, which
   * tells a page of a language's reference from the same function's page in a sister language.
   */
  @Test
  void keepsTableRowsWhoseClassNamesReadLikeSiteFurniture() {
    String html = "<body><div class='site-header'><a href='/'>Reference</a></div>"
        + "<div id='content'><table class='declarations'>"
        + "<tr class='decl-header'><td>Defined in header <code>wchar.h</code></td></tr>"
        + "<tr class='decl'><td>size_t wcslen(const wchar_t *str);</td></tr>"
        + "<tr class='decl-footer'><td class='cell-footer'>(since C95)</td></tr></table>"
        + "<p>Returns the length of a wide string, that is the number of non-null wide characters"
        + " that precede the terminating null wide character.</p>"
        + "<p>The behavior is undefined if str is not a pointer to a null-terminated wide string,"
        + " so check the pointer before, and keep the string terminated.</p></div></body>";

    assertEquals("Defined in header wchar.h\nsize_t wcslen(const wchar_t *str);\n(since C95)\n"
        + "Returns the length of a wide string, that is the number of non-null wide characters"
        + " that precede the terminating null wide character.\n"
        + "The behavior is undefined if str is not a pointer to a null-terminated wide string, so"
        + " check the pointer before, and keep the string terminated.",
        extractor.text(Jsoup.parse(html)));
  }

  /** DocBook wraps a section's heading in small divs; Readability's "tiny div" rule spares them. */
  @Test
  void keepsTheHeadingOfASectionWrappedInASmallBlock() {
    String html = "<body><div class='sect2'><div class='titlepage'><div><div>"
        + "<h3 class='title'>5.25. Show Rulers</h3></div></div></div>"
        + "<p>The Show Rulers command enables and disables displaying the rulers. It may be"
        + " useful to disable them if you are working in full-screen mode.</p>"
        + "<p>You can set the default for the rulers in the Image Window Appearance dialog, for"
        + " every new image window, and for full-screen mode separately.</p>"
        + "<div class='titlepage'><div><span>Short note</span></div></div></div></body>";

    assertEquals("5.25. Show Rulers\nThe Show Rulers command enables and disables displaying the"
        + " rulers. It may be useful to disable them if you are working in full-screen mode.\n"
        + "You can set the default for the rulers in the Image Window Appearance dialog, for"
        + " every new image window, and for full-screen mode separately.",
        extractor.text(Jsoup.parse(html)));
  }

  /** A menu path written with class names such as {@code guimenu} is words of the text. */
  @Test
  void keepsInlineElementsWhoseClassNamesReadLikeBoilerplate() {
    String html = "<body><div class='menu'><a href='/'>Home</a> <a href='/help'>Help</a></div>"
        + "<div class='sect2'><p>This command displays the Preferences dialog, which lets you alter"
        + " a variety of settings, such as the look and feel of the program.</p>"
        + "<p>You can access this command from the image menu bar through"
        + " <span class='guimenu'>Edit</span> → <span class='guimenuitem'>Preferences</span>.</p>"
        + "</div></body>";

    assertEquals("This command displays the Preferences dialog, which lets you alter a variety of"
            + " settings, such as the look and feel of the program.\n"
            + "You can access this command from the image menu bar through Edit → Preferences.",
        extractor.text(Jsoup.parse(html)));
  }

  @Test
  void doesNotModifyTheDocument() {
    Document doc = Jsoup.parse(
        Fixtures.page("template-portal.html", "article-en-1.html", "Library vote", "1"));
    String before = doc.outerHtml();
    extractor.text(doc);
    assertEquals(before, doc.outerHtml());
  }

  @Test
  void allBoilerplateGivesNoText() {
    String html = "<body><div id='header'><a href='/'>Home</a> | <a href='/a'>About</a></div>"
        + "<ul class='menu'><li><a href='/x'>Products and services for you</a></li>"
        + "<li><a href='/y'>Contact our friendly team today</a></li></ul>"
        + "<div><a href='/z'>Read the latest news from our company</a></div>"
        + "<div id='footer'>Copyright © 2024 Foo Inc. All rights reserved.</div></body>";
    assertEquals("", extractor.text(Jsoup.parse(html)));
  }

  @Test
  void emptyDocumentGivesNoText() {
    assertEquals("", extractor.text(Jsoup.parse("")));
    assertFalse(extractor.text(Jsoup.parse("<p>A lonely paragraph, short.</p>")).isEmpty());
  }

  @Test
  void aNameAsCodeWritesItHasMarksAndAWordOfProseHasNone() {
    for (String name : List.of("dbhtml_dir", "FontRenderContext", "java.awt", "std::vector", "i8",
        "callout.unicode.font", "getX", "bits/stl_algo.h")) {
      assertTrue(ElementTree.codeMarks(name) > 0, name);
    }
    for (String word : List.of("Run", "source", "Color", "Overview", "e.", "Reply:", "",
        "https://example.com/2019_09_07_516891.shtml", "reader_58@example.com")) {
      assertEquals(0, ElementTree.codeMarks(word), word);
    }
  }

  @Test
  void isBlankAgreesWithCharacterIsWhitespaceOnEveryChar() {
    for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
      assertEquals(Character.isWhitespace((char) c), Chars.isBlank((char) c),
          "U+" + Integer.toHexString(c));
    }
  }

  @Test
  void isSpaceAgreesWithTheUnicodeTablesOnEveryChar() {
    for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
      assertEquals(Character.isWhitespace((char) c) || Character.isSpaceChar((char) c),
          Chars.isSpace((char) c), "U+" + Integer.toHexString(c));
    }
  }

  @Test
  void isHanAgreesWithUnicodeScriptOnEveryCodePoint() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      assertEquals(Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN,
          Chars.isHan(cp), "U+" + Integer.toHexString(cp));
    }
  }

  @Test
  void aWeightedLengthCountsHanTwiceAndStopsAtItsCap() {
    String text = "Abc  de\n新闻 f";
    assertEquals(10, Chars.weightedLength(text)); // 6 letters, 2 Han characters twice
    for (int cap = 0; cap <= 12; cap++) {
      int capped = Chars.weightedLength(text, cap);
      // the same answer to "at least cap?", and the whole length below the cap
      assertEquals(Chars.weightedLength(text) >= cap, capped >= cap, "cap " + cap);
      assertEquals(Chars.weightedLength(text) >= cap, Chars.reaches(text, cap), "cap " + cap);
      if (capped < cap) assertEquals(Chars.weightedLength(text), capped, "cap " + cap);
    }
    assertEquals(5, Chars.weightedLength("abcdefgh", 5));
  }

  /** The hand-written small-print test answers what the regular expressions it replaces did. */
  @Test
  void smallPrintAgreesWithTheRegularExpressions() {
    java.util.regex.Pattern disclaimer = java.util.regex.Pattern.compile(
        "^[【\\[(（]?(免责声明|特别声明|郑重声明|本站郑重声明|声明：|违法和不良信息举报|disclaimer:)",
        java.util.regex.Pattern.CASE_INSENSITIVE);
    java.util.regex.Pattern copyright = java.util.regex.Pattern.compile(
        "©|\\(c\\)\\s*\\d{4}|copyright|all rights reserved|版权所有|版权声明|未经授权|ICP备|ICP证",
        java.util.regex.Pattern.CASE_INSENSITIVE);
    String[] pieces = {"免责声明", "特别声明", "郑重", "声明", "声明：", "本站", "违法和不良信息举报", "违法",
        "disclaimer:", "DISCLAIMER:", "Disclaimer", "【", "[", "(", "（", ")", "(c)", "(C)", "(c",
        "2024", "19", "7", " ", "  ", "\t", "\n", "\u000B", "\u00A0", "\u3000", "©", "copyright",
        "COPYRIGHT", "Copy", "right", "all rights reserved", "All Rights Reserved", "all  rights",
        " reserved", "版权所有", "版权声明", "版权", "未经授权", "未经", "ICP备", "icp证", "ICP", "Icp",
        "备", "证", "\u017F", "\u212A", "\u0130", "\u0131", "a", "c", "i", "x", "文字", "。",
        "x".repeat(150)};
    java.util.Random random = new java.util.Random(11);
    for (int t = 0; t < 300_000; t++) {
      StringBuilder sb = new StringBuilder();
      int n = random.nextInt(8);
      for (int i = 0; i < n; i++) sb.append(pieces[random.nextInt(pieces.length)]);
      String text = sb.toString();
      String stripped = text.strip();
      boolean expected = disclaimer.matcher(stripped).lookingAt()
          || (stripped.length() <= 200 && copyright.matcher(stripped).find());
      assertEquals(expected, LineBuilder.isSmallPrint(text), text);
    }
  }

  /**
   * A section of a page's marked content is a part of it: a Javadoc class page (description,
   * summary, details) is all of them, not the section that scores best. An article's sections stay
   * its own (its photo gallery beside its text).
   */
  @Test
  void theSectionsOfAPagesMarkedContentAreAllOfIt() {
    String member = "<li><section class='detail'><h3>%s</h3><div class='member-signature'>public void %s()</div>"
        + "<div class='block'>%s</div></section></li>";
    String page = "<body><header><nav><a href='/'>Overview</a> <a href='/p'>Package</a></nav></header>"
        + "<main role='main'><div class='header'><h1 class='title'>Class Timer</h1></div>"
        + "<section class='class-description'><div class='block'>A timer runs its tasks one after another"
        + " on one background thread.</div></section>"
        + "<section class='summary'><h2>Method Summary</h2><div class='summary-table'>"
        + "<div class='col-first'><a href='#cancel()'>cancel</a></div>"
        + "<div class='col-last'><div class='block'>Ends this timer and its tasks.</div></div></div></section>"
        + "<section class='details'><ul class='details-list'><li><section class='method-details'>"
        + "<h2>Method Details</h2><ul class='member-list'>"
        + String.format(member, "cancel", "cancel", "Ends this timer, dropping its scheduled tasks. It does"
            + " not stop a task that is running, if there is one, and a second call, or a third, has no effect.")
        + String.format(member, "purge", "purge", "Removes the cancelled tasks from the queue, which keeps"
            + " them, for speed, until they come due, and returns how many, which is zero for a new timer.")
        + "</ul></section></li></ul></section></main></body>";
    String text = extractor.text(Jsoup.parse(page));
    assertTrue(text.startsWith("A timer runs its tasks one after another"), text);
    assertTrue(text.contains("Method Summary\nEnds this timer and its tasks.\nMethod Details"), text);
    assertTrue(text.endsWith("returns how many, which is zero for a new timer."), text);
    assertFalse(text.contains("Overview"), text);
    String article = "<body><article><h1>Shops sell out of fuel cans</h1><section class='featured'>"
        + "<figure><img src='1.jpg'><span class='caption'>A shopper looks at extension cords, on Tuesday, in"
        + " Grass Valley, Calif., before the shutdown, as others, in line, wait.</span></figure>"
        + "<figure><img src='2.jpg'><span class='caption'>Fuel cans, of all sizes, on the shelves, on Tuesday,"
        + " in Grass Valley, Calif., in anticipation, as ever, of the next shutdown.</span></figure></section>"
        + "<section class='body'><p>Hardware stores in the valley ran out of fuel cans and extension cords on"
        + " Tuesday, a day before the utility was to cut power to thousands of homes.</p><p>The utility said"
        + " the shutdown, its third this autumn, would last until Thursday evening, and that it would restore"
        + " power street by street once crews had checked every line.</p></section></article></body>";
    String news = extractor.text(Jsoup.parse(article));
    assertTrue(news.startsWith("Hardware stores in the valley"), news);
    assertFalse(news.contains("A shopper looks"), news);
  }

  /**
   * A table's caption is text with its links: it names what the table holds (Javadoc's "Classes
   * in P used by Q" over each table of a package's uses). A photo's caption is not.
   */
  @Test
  void aTablesCaptionIsTextWithItsLinks() {
    String uses = "<li><section class='detail'><div class='caption'><span>Classes in <a href='package-summary.html'>"
        + "org.example.zip</a> used by <a href='../%s/package-summary.html'>org.example.%s</a></span></div>"
        + "<div class='summary-table'><div class='col-first'><a href='class-use/ZipEntry.html'>ZipEntry</a></div>"
        + "<div class='col-last'><div class='block'>This class represents one entry of a zip file, its name,"
        + " its size and its time.</div></div><div class='col-first'><a href='class-use/ZipFile.html'>ZipFile"
        + "</a></div><div class='col-last'><div class='block'>This class reads the entries of a zip file, one"
        + " by one, in the order of its directory.</div></div></div></section></li>";
    String page = "<body><main role='main'><div class='header'><h1 class='title'>Uses of Package"
        + " org.example.zip</h1></div><div class='caption'><span>Packages that use <a href='package-summary.html'>"
        + "org.example.zip</a></span></div><div class='summary-table'><div class='col-first'><a href='#jar'>"
        + "org.example.jar</a></div><div class='col-last'><div class='block'>Reads and writes jar files with"
        + " a manifest.</div></div></div><section class='package-uses'><ul class='block-list'>"
        + String.format(uses, "jar", "jar") + String.format(uses, "war", "war") + String.format(uses, "ear", "ear")
        + "</ul></section></main></body>";
    String text = extractor.text(Jsoup.parse(page));
    // the table above the section of uses is a part of the page too
    assertTrue(text.startsWith("Packages that use org.example.zip\n"), text);
    assertTrue(text.contains("\nClasses in org.example.zip used by org.example.jar\nThis class represents"), text);
    assertTrue(text.contains("\nClasses in org.example.zip used by org.example.war\n"), text);
    String photo = extractor.text(Jsoup.parse("<body><div class='story'><p>The council voted on Tuesday to keep"
        + " the central library open on Sundays, after a year in which visits rose by a third.</p>"
        + "<figure><img src='a.jpg'><div class='caption'>The library on <a href='/sun'>Sunday</a> by"
        + " <a href='/p'>our photographer</a></div></figure><p>The mayor said the extra hours would be paid"
        + " for from the culture budget, and the branch libraries would follow next spring.</p></div></body>"));
    assertFalse(photo.contains("The library on"), photo);
  }

  /** The paragraphs of an article fixture as plain text, the way they should come out. */
  private static List<String> paragraphs(String article) {
    return Jsoup.parse(Fixtures.read(article)).select("p").eachText();
  }
}
