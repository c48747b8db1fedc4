package org.neardup.eval;

import java.util.List;
import java.util.Random;

/**
 * Four synthetic site templates a repost is put into: a portal with navigation, breadcrumb and a
 * "hot news" sidebar, a blog with tags, comments and related posts, an aggregator with a long
 * link column and share buttons, and a mobile page with a download banner. Each comes in Chinese and
 * English wording; the related lists carry titles of other articles, as real sidebars do.
 */
public final class Templates {
  private Templates() {}

  public static final int COUNT = 4;

  private static final String[] ZH_SITES = {"华夏资讯网", "晨光博客", "聚合头条", "掌上新闻"};
  private static final String[] EN_SITES = {"Daily Courier", "Notes & Letters", "NewsPile", "Pocket News"};

  public static String siteName(int template, boolean chinese) {
    return (chinese ? ZH_SITES : EN_SITES)[template % COUNT];
  }

  /** A site suffix for a title, like copiers' sites add. */
  public static String titleSuffix(int template, boolean chinese) {
    return chinese ? List.of("_华夏资讯网", " - 晨光博客", "|聚合头条", "_掌上新闻手机版").get(template % COUNT)
        : List.of(" | Daily Courier", " - Notes & Letters", " :: NewsPile", " - Pocket News Mobile").get(template % COUNT);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /**
   * Renders a page.
   *
   * @param template 0..3
   * @param title the page's &lt;title&gt; and heading
   * @param paragraphs the article body, one &lt;p&gt; each
   * @param related titles for the sidebar / related lists
   */
  public static String render(int template, boolean chinese, String title, List<String> paragraphs,
      List<String> related, Random rnd) {
    StringBuilder b = new StringBuilder(8192);
    String site = siteName(template, chinese);
    String date = String.format("20%02d-%02d-%02d %02d:%02d", 20 + rnd.nextInt(5), 1 + rnd.nextInt(12),
        1 + rnd.nextInt(28), rnd.nextInt(24), rnd.nextInt(60));
    b.append("<!DOCTYPE html>\n<html lang=\"").append(chinese ? "zh-CN" : "en").append("\"><head><meta charset=\"utf-8\">")
        .append("<title>").append(esc(title)).append("</title>")
        .append("<meta name=\"viewport\" content=\"width=device-width\">")
        .append("<style>body{font-family:sans-serif} .ad{color:#999}</style></head><body>\n");
    switch (template % COUNT) {
      case 0 -> portal(b, chinese, site, title, date, paragraphs, related);
      case 1 -> blog(b, chinese, site, title, date, paragraphs, related, rnd);
      case 2 -> aggregator(b, chinese, site, title, date, paragraphs, related);
      default -> mobile(b, chinese, site, title, date, paragraphs, related);
    }
    b.append("<script>var _hmt=_hmt||[];(function(){var s=document.createElement('script');})();</script>\n");
    b.append("</body></html>\n");
    return b.toString();
  }

  private static void nav(StringBuilder b, List<String> items) {
    b.append("<ul class=\"nav\">");
    for (String i : items) b.append("<li><a href=\"/").append(Math.abs(i.hashCode())).append("/\">").append(esc(i)).append("</a></li>");
    b.append("</ul>\n");
  }

  private static void links(StringBuilder b, String cls, String heading, List<String> titles, int max) {
    b.append("<div class=\"").append(cls).append("\"><h3>").append(esc(heading)).append("</h3><ul>");
    int n = 0;
    for (String t : titles) {
      if (n++ >= max) break;
      b.append("<li><a href=\"/a/").append(Math.abs(t.hashCode())).append(".html\">").append(esc(t)).append("</a></li>");
    }
    b.append("</ul></div>\n");
  }

  private static void body(StringBuilder b, List<String> paragraphs) {
    for (String p : paragraphs) b.append("<p>").append(esc(p)).append("</p>\n");
  }

  private static void portal(StringBuilder b, boolean zh, String site, String title, String date,
      List<String> paragraphs, List<String> related) {
    b.append("<div id=\"top\"><a href=\"/\" class=\"logo\">").append(site).append("</a>");
    nav(b, zh ? List.of("首页", "国内", "国际", "财经", "科技", "体育", "娱乐", "汽车", "房产", "教育")
        : List.of("Home", "World", "Business", "Tech", "Sport", "Culture", "Travel", "Opinion", "Video", "Weather"));
    b.append("</div>\n<div class=\"crumb\">").append(zh ? "当前位置：首页 &gt; 新闻中心 &gt; 正文" : "You are here: Home &gt; News &gt; Story").append("</div>\n");
    b.append("<div class=\"wrap\"><div class=\"article\"><h1>").append(esc(title)).append("</h1>\n<div class=\"info\">")
        .append(date).append(zh ? " 来源：" : " Source: ").append(site).append("</div>\n<div class=\"content\">\n");
    body(b, paragraphs);
    b.append("</div><div class=\"editor\">").append(zh ? "责任编辑：张明" : "Editor: J. Smith").append("</div></div>\n");
    b.append("<div class=\"side\">");
    links(b, "hot", zh ? "热点新闻" : "Most read", related, 8);
    b.append("<div class=\"ad\">").append(zh ? "广告 本站招商热线 400-800-1234" : "Advertisement - subscribe for just $1 a week").append("</div></div></div>\n");
    b.append("<div id=\"footer\"><p>").append(zh ? "关于我们 | 联系我们 | 广告服务 | 网站地图 | 版权声明" : "About us | Contact | Advertise | Sitemap | Terms")
        .append("</p><p>").append(zh ? "Copyright © 2024 " + site + " 版权所有 京ICP备12345678号" : "Copyright © 2024 " + site + ". All rights reserved.").append("</p></div>\n");
  }

  private static void blog(StringBuilder b, boolean zh, String site, String title, String date,
      List<String> paragraphs, List<String> related, Random rnd) {
    b.append("<header><h2 class=\"blog-title\">").append(site).append("</h2><p class=\"tagline\">")
        .append(zh ? "记录生活，分享见闻" : "Thoughts, links and longer reads").append("</p>");
    nav(b, zh ? List.of("首页", "归档", "标签", "关于") : List.of("Home", "Archive", "Tags", "About"));
    b.append("</header>\n<main><article class=\"post\"><h1 class=\"post-title\">").append(esc(title)).append("</h1><div class=\"post-meta\">")
        .append(zh ? "发表于 " : "Posted on ").append(date).append(zh ? " · 阅读 " : " · views ").append(100 + rnd.nextInt(9000)).append("</div>\n<div class=\"post-body\">\n");
    body(b, paragraphs);
    b.append("</div><div class=\"tags\">").append(zh ? "标签：新闻 转载 热点" : "Tags: news, repost, trending").append("</div></article>\n");
    links(b, "related", zh ? "相关文章" : "Related posts", related, 5);
    b.append("<section class=\"comments\"><h3>").append(zh ? "评论（3）" : "Comments (3)").append("</h3>");
    String[] cs = zh ? new String[] {"写得好，支持一下！", "转走了，谢谢分享。", "沙发"} : new String[] {"Great post, thanks!", "Sharing this with my team.", "First!"};
    for (String c : cs) b.append("<div class=\"comment\"><b>").append(zh ? "网友" : "guest").append(rnd.nextInt(1000)).append("</b>: ").append(c).append("</div>");
    b.append("</section></main>\n<aside>");
    links(b, "recent", zh ? "最新文章" : "Recent posts", related.subList(Math.min(related.size(), 2), related.size()), 6);
    b.append("</aside>\n<footer>").append(zh ? "本博客采用知识共享署名协议 · 由 WordPress 强力驱动" : "Powered by WordPress · Theme by Someone").append("</footer>\n");
  }

  private static void aggregator(StringBuilder b, boolean zh, String site, String title, String date,
      List<String> paragraphs, List<String> related) {
    b.append("<table width=\"100%\"><tr><td class=\"logo\">").append(site).append("</td><td>");
    nav(b, zh ? List.of("推荐", "热榜", "视频", "财经", "科技", "军事", "历史", "美食") : List.of("Top", "Trending", "Video", "Money", "Tech", "Science", "Health", "Food"));
    b.append("</td></tr></table>\n<table><tr><td valign=\"top\" width=\"200\">");
    links(b, "left", zh ? "频道" : "Channels", zh ? List.of("要闻", "社会", "国际", "体育", "娱乐", "科技", "健康") : List.of("Headlines", "Society", "World", "Sports", "Showbiz", "Science", "Health"), 7);
    b.append("</td><td valign=\"top\"><div class=\"box\"><h1 class=\"t\">").append(esc(title)).append("</h1><span class=\"src\">").append(date).append("</span>\n<div id=\"text\">\n");
    body(b, paragraphs);
    b.append("</div><div class=\"share\">").append(zh ? "分享到：微信 微博 QQ空间" : "Share: Facebook Twitter Email").append("</div>");
    b.append("<div class=\"statement\">").append(zh ? "声明：本文由入驻作者编辑撰写，除官方账号外，观点仅代表作者本人，不代表本平台立场。" : "Disclaimer: views expressed are the author's own and do not reflect those of this platform.").append("</div></div></td>");
    b.append("<td valign=\"top\" width=\"260\">");
    links(b, "rank", zh ? "24小时排行" : "24h ranking", related, 10);
    b.append("</td></tr></table>\n<div class=\"foot\">").append(zh ? "违法和不良信息举报电话：12377 | 用户协议 | 隐私政策" : "Report abuse | User agreement | Privacy policy").append("</div>\n");
  }

  private static void mobile(StringBuilder b, boolean zh, String site, String title, String date,
      List<String> paragraphs, List<String> related) {
    b.append("<div class=\"m-header\"><span>").append(site).append("</span><a class=\"app\">").append(zh ? "打开App，阅读体验更佳" : "Open in the app for a better experience").append("</a></div>\n");
    b.append("<div class=\"m-article\"><h1>").append(esc(title)).append("</h1><div class=\"m-time\">").append(date).append("</div>\n<section class=\"m-content\">\n");
    body(b, paragraphs);
    b.append("</section><div class=\"m-more\">").append(zh ? "展开全文" : "Read more").append("</div></div>\n");
    links(b, "m-rec", zh ? "为你推荐" : "Recommended for you", related, 6);
    b.append("<div class=\"m-footer\">").append(zh ? "下载客户端 | 意见反馈 | 电脑版" : "Get the app | Feedback | Desktop version").append("</div>\n");
  }
}
