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
}
