package org.neardup.cluster;

import java.util.List;

/** Pages served on loopback for a crawl on the cluster: their urls, and back from a url to the page. */
interface CrawlSite extends AutoCloseable {
  /** The pages in seed order (site/page paths). */
  List<String> pages();

  String url(String page);

  /** The page of one of this site's urls; other urls as they are. */
  String path(String url);

  /** Every site's base url, ending in "/". */
  List<String> origins();

  @Override
  void close();

  /**
   * The JDK's HTTP server writes a response's headers and its body apart; without TCP_NODELAY the
   * body waits for the client's delayed ACK (40 ms on Linux), which capped a crawl with one fetcher
   * thread at 22 pages/s. Sets {@code sun.net.httpserver.nodelay} for this process's servers, unless
   * it is set; call before the first server starts.
   */
  static void noDelay() {
    if (System.getProperty("sun.net.httpserver.nodelay") == null) System.setProperty("sun.net.httpserver.nodelay", "true");
  }
}
