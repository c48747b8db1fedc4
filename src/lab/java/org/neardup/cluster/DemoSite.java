package org.neardup.cluster;

import java.util.List;
import org.neardup.storm.DemoSiteServer;

/** The bundled demo site (5 sites, 25 articles) as a {@link CrawlSite}. */
final class DemoSite implements CrawlSite {
  private final DemoSiteServer server;
  private final List<String> pages;

  DemoSite(List<String> pages) {
    this.pages = List.copyOf(pages);
    CrawlSite.noDelay();
    this.server = DemoSiteServer.start(pages);
  }

  @Override
  public List<String> pages() {
    return pages;
  }

  @Override
  public String url(String page) {
    return server.url(page);
  }

  @Override
  public String path(String url) {
    return server.path(url);
  }

  @Override
  public List<String> origins() {
    return server.origins();
  }

  @Override
  public void close() {
    server.close();
  }
}
