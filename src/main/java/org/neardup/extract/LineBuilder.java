package org.neardup.extract;

import static org.neardup.extract.Chars.countNonBlank;
import static org.neardup.extract.Chars.hasDigit;
import static org.neardup.extract.Chars.hasLetterOrDigit;
import static org.neardup.extract.Chars.isSpace;

import java.util.List;
import java.util.regex.Pattern;
import org.jsoup.nodes.TextNode;

/**
 * Turns the chosen parts of a page into lines of main text: blocks and {@code <br>} end lines,
 * whitespace collapses, and a line is dropped when it is mostly link text, a boilerplate phrase,
 * small print or a dateline.
 */
final class LineBuilder implements Pruning.Visitor {
  /** Short lines that are boilerplate whatever the template. */
  private static final Pattern BOILERPLATE_LINE = Pattern.compile(
      "(advertisement|advertising|sponsored( content)?|share( this)?( article| story)?"
          + "|read more.*|continue reading.*|click here.*|related( articles| stories| content)?:?"
          + "|follow us.*|sign up.*|subscribe.*|image:.*|photo:.*|getty images|ap photo.*"
          + "|[（(【\\[]?(分享到|责任编辑|编辑|相关阅读|相关新闻|相关文章|热门推荐|推荐阅读|返回搜狐|查看更多|点击进入|扫一扫"
          + "|版权所有|免责声明|本文来源|原标题|图片来源|关注我们|更多精彩|上一篇|下一篇|打印|关闭窗口"
          + "|第\\d+页).*)",
      Pattern.CASE_INSENSITIVE);

  /**
   * The line a documentation generator writes on every page of a site: Doxygen's "The
   * documentation for this struct was generated from the following file:" over the header's name.
   * On a page of an undocumented class it is most of the text, the same on every such page.
   */
  private static final Pattern GENERATOR_LINE = Pattern.compile(
      "the documentation for this \\w+ was generated from the following files?:?",
      Pattern.CASE_INSENSITIVE);

  /** A numeric date or time: datelines ("Posted by admin on 2024-03-02", "2005-03-21 01:20"). */
  private static final Pattern DATE = Pattern.compile(
      "\\d{4}\\s*[-/.年]\\s*\\d{1,2}\\s*[-/.月]\\s*\\d{1,2}|\\d{1,2}:\\d{2}");

  /** Sentence punctuation: a line with it is prose, not a dateline. */
  private static final Pattern SENTENCE = Pattern.compile("[。！？；，]|[.!?;,](\\s|$)");

  private final List<String> lines;
  private final ElementFacts facts;
  private final ElementTree tree;
  private final ElementStats stats;
  private final double maxLinkDensity;
  private final StringBuilder line = new StringBuilder();
  private int linkChars;
  private int inLink;
  /** Open code elements ({@link ElementFacts#CODE}): link text inside them is no link text. */
  private int inCode;
  private int inHeading;
  /** How many of the last lines kept are headings. */
  private int trailingHeadings;

  /** {@code stats}: the attempt's, whose names in described entries are text, not link text. */
  LineBuilder(List<String> lines, ElementFacts facts, ElementTree tree, ElementStats stats,
      double maxLinkDensity) {
    this.lines = lines;
    this.facts = facts;
    this.tree = tree;
    this.stats = stats;
    this.maxLinkDensity = maxLinkDensity;
  }

  @Override
  public void text(TextNode t) {
    appendText(t.getWholeText());
  }

  @Override
  public void head(int e) {
    if (facts.is(e, ElementFacts.CODE)) inCode++;
    if (facts.is(e, ElementFacts.BR | ElementFacts.BLOCK)) {
      flush();
      if (facts.is(e, ElementFacts.HEADING)) inHeading++;
    } else if (facts.is(e, ElementFacts.LINK)) {
      if (isLinkText(e)) inLink++;
    } else {
      String tag = tree.tag(e);
      if (tag.equals("img") || tag.equals("td") || tag.equals("th")) appendText(" ");
    }
  }

  @Override
  public void tail(int e) {
    if (facts.is(e, ElementFacts.CODE)) inCode--;
    if (facts.is(e, ElementFacts.BLOCK)) {
      flush();
      if (facts.is(e, ElementFacts.HEADING)) inHeading--;
    } else if (facts.is(e, ElementFacts.LINK) && isLinkText(e)) {
      inLink--;
    }
  }

  /**
   * Whether link {@code e}'s text is link text: not a name its entry describes, nor an entry of a
   * table of contents or a word of a table's caption ({@link ElementFacts#LINKS_ARE_TEXT}).
   */
  private boolean isLinkText(int e) {
    return !facts.is(e, ElementFacts.LINKS_ARE_TEXT) && !stats.isTextName(e);
  }

  private void appendText(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isSpace(c)) {
        if (line.length() > 0 && line.charAt(line.length() - 1) != ' ') line.append(' ');
      } else {
        line.append(c);
        if (inLink > 0 && inCode == 0) linkChars++;
      }
    }
  }

  /**
   * Ends the part: headings at its end head nothing (their section was cleaned away: "Related",
   * "More from ...") and are dropped.
   */
  void finish() {
    flush();
    for (; trailingHeadings > 0; trailingHeadings--) lines.remove(lines.size() - 1);
  }

  void flush() {
    String s = line.toString().trim();
    int chars = countNonBlank(s);
    boolean keep = chars > 0 && hasLetterOrDigit(s)
        && linkChars <= maxLinkDensity * chars
        && !(s.length() <= 60 && BOILERPLATE_LINE.matcher(s).matches())
        && !(s.length() <= 90 && GENERATOR_LINE.matcher(s).matches())
        && !isSmallPrint(s)
        && !isDateline(s);
    if (keep) {
      lines.add(s);
      trailingHeadings = inHeading > 0 ? trailingHeadings + 1 : 0;
    }
    line.setLength(0);
    linkChars = 0;
  }

  /** A short line with a date and no sentence punctuation: byline or timestamp, not text. */
  static boolean isDateline(String line) {
    // Both of DATE's alternatives start with a digit; most lines have none.
    return line.length() <= 80 && hasDigit(line) && DATE.matcher(line).find()
        && !SENTENCE.matcher(line).find();
  }

  /** Copyright lines and disclaimers: never main text, however prose-like. */
  static boolean isSmallPrint(String text) {
    return SmallPrint.is(text);
  }
}
