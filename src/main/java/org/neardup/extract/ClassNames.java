package org.neardup.extract;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * What an element's {@code class} and {@code id} say about it: a boilerplate container
 * (Readability's "unlikely candidates" plus Chinese portal names) or a weight for or against it
 * being content.
 *
 * <p>Class/id strings repeat across a page's elements and across a site's pages, and the big
 * case-insensitive alternations are the costliest part of pruning; their verdicts are pure functions
 * of the string, so they are remembered (bounded: cleared when full).
 */
final class ClassNames {

  /** Class/id words of boilerplate containers (Readability's list plus Chinese portal names). */
  private static final Pattern UNLIKELY = Pattern.compile(
      "-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|footer"
          + "|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper"
          + "|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote"
          + "|share|sharing|copyright|newsletter|subscribe|signup|login|cookie|consent|promo"
          + "|outbrain|taboola|recommend|tuijian|xiangguan|pinglun|hotnews|hot-news|hot_news"
          + "|(^|[-_ ])hot($|[-_ ])|rank|crumb|toolbar|tool-bar|nav(bar)?($|[-_ ])|topbar"
          + "|bottom|most-?popular|trending|read-?more|more-?stories|author-?bio|byline"
          + "|statement|disclaimer|legal[-_]?notice|mianze|shengming|titlearea",
      Pattern.CASE_INSENSITIVE);

  /**
   * Words that name a site's furniture, repeated on every page of the site: footers, headers,
   * navigation, breadcrumbs, menus, sidebars, copyright boxes and legal notices (DocBook's {@code
   * div.legalnotice} on the title page of every book of a site), cookie banners, a project's name
   * and tagline over every page (Doxygen's {@code div#titlearea}). Only a class or id
   * that {@link #UNLIKELY} matches is tested; unlike its substrings, these must be whole words of
   * the class or id, or end one ({@link #hasFurnitureWord}): "pageRow" is no pager, "headerlink"
   * no header.
   */
  private static final Set<String> FURNITURE_WORDS = Set.of("banner", "breadcrumb", "crumb",
      "footer", "header", "masthead", "menu", "nav", "navbar", "navigation", "sidebar", "toolbar",
      "topbar", "copyright", "legalnotice", "pagination", "pager", "cookie", "consent", "gdpr",
      "titlearea");

  /** Class/id words that rescue an element from {@link #UNLIKELY}. */
  private static final Pattern MAYBE = Pattern.compile(
      "and|article|body|column|content|main|shadow|post|entry|story|text|zhengwen|neirong"
          + "|artibody|detail",
      Pattern.CASE_INSENSITIVE);

  private static final Pattern POSITIVE = Pattern.compile(
      "article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|zhengwen"
          + "|neirong|artibody|detail|cont",
      Pattern.CASE_INSENSITIVE);

  private static final Pattern NEGATIVE = Pattern.compile(
      "-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer"
          + "|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox"
          + "|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|recommend|hot|rank|copyright"
          + "|caption|credit|subscribe|newsletter",
      Pattern.CASE_INSENSITIVE);

  private static final int MEMO_LIMIT = 20_000;

  private static final ConcurrentHashMap<String, Integer> UNLIKELY_MEMO = new ConcurrentHashMap<>();

  private static final ConcurrentHashMap<String, Integer> WEIGHT_MEMO = new ConcurrentHashMap<>();

  private ClassNames() {}

  /** {@link #boilerplate}: class and id read like no boilerplate container. */
  static final int NOT_BOILERPLATE = 0;
  /** {@link #boilerplate}: class and id read like a boilerplate container. */
  static final int BOILERPLATE = 1;
  /** {@link #boilerplate}: class and id read like the site's furniture (a kind of boilerplate). */
  static final int FURNITURE_CONTAINER = 2;

  /**
   * What class and id say of a container: {@link #FURNITURE_CONTAINER}, {@link #BOILERPLATE}, or
   * {@link #NOT_BOILERPLATE} (also when a word such as "content" or "article" rescues it).
   */
  static int boilerplate(Element e) {
    String c = e.className();
    String id = e.id();
    String ci = id.isEmpty() ? c : c.isEmpty() ? id : c + " " + id;
    if (ci.isEmpty()) return NOT_BOILERPLATE;
    Integer v = UNLIKELY_MEMO.get(ci);
    if (v == null) {
      v = !UNLIKELY.matcher(ci).find() || MAYBE.matcher(ci).find() ? NOT_BOILERPLATE
          : hasFurnitureWord(ci) ? FURNITURE_CONTAINER : BOILERPLATE;
      if (UNLIKELY_MEMO.size() >= MEMO_LIMIT) UNLIKELY_MEMO.clear();
      UNLIKELY_MEMO.put(ci, v);
    }
    return v;
  }

  /**
   * Whether one of the words of {@code classAndId} is a {@link #FURNITURE_WORDS} word or ends with
   * one ("navfooter", "sphinxsidebar", "mainmenu"), with or without a plural s. Words are split at
   * every character that is not a letter or digit and where a lower-case letter is followed by an
   * upper-case one ("site-footer", "footerWrapper", "mobileNavMenu").
   */
  static boolean hasFurnitureWord(String classAndId) {
    int n = classAndId.length();
    int start = 0;
    while (start < n && !Character.isLetterOrDigit(classAndId.charAt(start))) start++;
    for (int i = start + 1; i <= n; i++) {
      boolean boundary = i == n || !Character.isLetterOrDigit(classAndId.charAt(i))
          || (Character.isLowerCase(classAndId.charAt(i - 1))
              && Character.isUpperCase(classAndId.charAt(i)));
      if (!boundary) continue;
      if (i > start && Character.isLetterOrDigit(classAndId.charAt(start))) {
        String word = classAndId.substring(start, i).toLowerCase(Locale.ROOT);
        String singular = word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
        if (endsWithFurnitureWord(word) || endsWithFurnitureWord(singular)) return true;
      }
      start = i < n && !Character.isLetterOrDigit(classAndId.charAt(i)) ? i + 1 : i;
    }
    return false;
  }

  private static boolean endsWithFurnitureWord(String word) {
    for (String f : FURNITURE_WORDS) {
      if (word.endsWith(f)) return true;
    }
    return false;
  }

  /** Readability's class weight: -25 for a negative word, +25 for a positive one, per attribute. */
  static int weight(Element e) {
    int weight = 0;
    String c = e.className();
    if (!c.isEmpty()) weight += weightOf(c);
    String id = e.id();
    if (!id.isEmpty()) weight += weightOf(id);
    return weight;
  }

  private static int weightOf(String s) {
    Integer v = WEIGHT_MEMO.get(s);
    if (v == null) {
      int w = 0;
      if (NEGATIVE.matcher(s).find()) w -= 25;
      if (POSITIVE.matcher(s).find()) w += 25;
      if (WEIGHT_MEMO.size() >= MEMO_LIMIT) WEIGHT_MEMO.clear();
      WEIGHT_MEMO.put(s, v = w);
    }
    return v;
  }
}
