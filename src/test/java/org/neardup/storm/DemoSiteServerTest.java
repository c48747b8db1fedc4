package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoSiteServerTest {
  @Test
  void everySiteHasItsOwnOriginAndLinksBetweenSitesNameIt() throws Exception {
    try (DemoSiteServer site = DemoSiteServer.start(List.of("news-a/subway.html", "blog-c/subway.html"))) {
      String newsA = site.url("news-a/subway.html");
      String blogC = site.url("blog-c/subway.html");
      assertNotEquals(URI.create(newsA).getPort(), URI.create(blogC).getPort());
      assertEquals("blog-c/subway.html", site.path(blogC));
      HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(blogC)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      String page = new String(r.body(), StandardCharsets.UTF_8);
      // the copy's rel=canonical names its original where the crawl fetches it
      assertTrue(page.contains("<link rel=\"canonical\" href=\"" + newsA + "\">"), page.substring(0, 600));
    }
  }
}
