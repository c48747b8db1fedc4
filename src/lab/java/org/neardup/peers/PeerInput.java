package org.neardup.peers;

/**
 * What a peer signature is computed from, for one page.
 *
 * @param url the page's address
 * @param bytes the page as fetched (what Nutch's {@code Content} and StormCrawler's parse filters
 *     get as content); for text-only pages, the text in UTF-8
 * @param pageText all visible text of the page (jsoup's {@code body().text()}): what a crawler's HTML
 *     parser hands on as the parse text when it does no boilerplate removal
 * @param mainText neardup's extracted main text (boilerplate removed), the same text neardup fingerprints
 */
public record PeerInput(String url, byte[] bytes, String pageText, String mainText) {
  /** The text a peer reading {@code source} is given. */
  public String text(Peer.Source source) {
    return switch (source) {
      case BYTES -> "";
      case PAGE_TEXT -> pageText;
      case MAIN_TEXT -> mainText;
    };
  }
}
