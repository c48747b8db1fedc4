package org.neardup.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SiteKeyTest {
  @Test
  void aSiteIsTheRegistrableDomain() {
    assertEquals("python.org", SiteKey.of("https://docs.python.org/3/library/os.html"));
    assertEquals("python.org", SiteKey.of("http://www.python.org/"));
    assertEquals("bbc.co.uk", SiteKey.of("http://news.bbc.co.uk/1/hi/uk_politics/4172563.stm"));
    assertEquals("sina.com.cn", SiteKey.of("https://news.sina.com.cn/c/2024-07-15/doc.shtml"));
    assertTrue(SiteKey.sameSite("https://help.example.com/en-US/a.html", "https://help.example.com/en-GB/b.html"));
    assertTrue(SiteKey.sameSite("https://docs.python.org/a", "HTTPS://WWW.PYTHON.ORG./b"));
  }

  @Test
  void blogsOnASharedHostAreSitesOfTheirOwn() {
    // blogspot.com is on the public suffix list (private section): each blog is a site
    assertFalse(SiteKey.sameSite("https://alice.blogspot.com/2024/a.html", "https://bob.blogspot.com/2024/a.html"));
  }

  @Test
  void unknownSuffixesAddressesAndPorts() {
    assertEquals("gimp-help.site.invalid", SiteKey.of("https://gimp-help.site.invalid/en/index.html"));
    assertEquals("127.0.0.1:8080", SiteKey.of("http://127.0.0.1:8080/news-a/flood.html"));
    assertFalse(SiteKey.sameSite("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a"));
    assertEquals("localhost", SiteKey.of("http://localhost/a"));
    assertEquals("[::1]:9000", SiteKey.of("http://[::1]:9000/a"));
  }

  @Test
  void hostsAreReadAsACrawlerMeetsThem() {
    // an international name, in Unicode or punycode, is one site
    assertEquals(SiteKey.of("https://xn--fiqs8s.xn--fiqs8s/a"), SiteKey.of("https://中国.中国/b"));
    assertTrue(SiteKey.sameSite("https://帮助.例子.中国/en-US/a.html", "https://www.例子.中国/b.html"));
    // characters java.net.URI refuses in a path or query, an underscore in a host name
    assertEquals("example.com", SiteKey.of("https://www.example.com/a|b c/{d}?q=%zz"));
    assertEquals("example.org", SiteKey.of("http://my_host.example.org/x"));
    assertEquals("example.com", SiteKey.of("http://user:pw@Example.COM:8080/x"));
    // a scheme's default port is no port
    assertEquals(SiteKey.of("http://10.0.0.1/a"), SiteKey.of("http://10.0.0.1:80/b"));
    assertEquals(SiteKey.of("https://10.0.0.1/a"), SiteKey.of("https://10.0.0.1:443/b"));
  }

  @Test
  void urlsWithoutAHostAreNoSite() {
    assertEquals("", SiteKey.of("file:///tmp/page.html"));
    assertEquals("", SiteKey.of("not a url"));
    assertFalse(SiteKey.sameSite("file:///tmp/a.html", "file:///tmp/b.html"));
  }

  @Test
  void aPageIsNamedAsAMirrorKeepsIt() {
    // the last segment, lower-cased, without extension, query or fragment, whatever the folders
    assertEquals("sumx", SiteKey.pageName("https://help.tallyo.example/en-US/sumx.html"));
    assertEquals("sumx", SiteKey.pageName("https://mirror.example.net/tallyo/help/en-US/SUMX.htm?lang=en#syntax"));
    assertEquals("how-to-bake-bread", SiteKey.pageName("https://blog.example/2024/05/how-to-bake-bread/"
        .replaceAll("/$", "")));
    assertEquals("notes.2024-final", SiteKey.pageName("https://a.example/notes.2024-final"), "no extension: kept whole");
    // a language tag before the extension, as editions name their translations
    assertEquals("tweaking-basics", SiteKey.pageName("https://lilypond.example/learning/tweaking-basics.zh.html"));
    assertEquals("intro", SiteKey.pageName("https://a.example/intro.pt-br.html"));
    assertEquals("install.html", SiteKey.pageName("https://httpd.example/manual/install.html.de"), "the tag is the extension");
    assertEquals("os.path", SiteKey.pageName("https://docs.example/library/os.path.html"), "a word, no language");
    // an index page is named by its folder, a front page is "/"
    assertEquals("python/", SiteKey.pageName("https://docs.example/python/"));
    assertEquals("python/", SiteKey.pageName("https://mirror.example/docs/python/index.html"));
    assertEquals("/", SiteKey.pageName("https://example.com"));
    assertEquals("/", SiteKey.pageName("https://example.com/index.php?p=1"));
    assertEquals("/", SiteKey.pageName("https://example.com/"));
  }
}
