package org.neardup.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class StormCrawlerMd5PeerTest {
  private static PeerInput page(String html, String mainText) {
    byte[] b = html.getBytes(StandardCharsets.UTF_8);
    return new PeerInput("https://example.invalid/a", b, Peers.pageText(b, "https://example.invalid/a"), mainText);
  }

  private static String md5(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
  }

  @Test
  void defaultConfigurationIsTheMd5OfTheContentBytes() throws Exception {
    PeerInput p = page("<html><body><p>同一篇文章。</p></body></html>", "同一篇文章。");
    Peer peer = StormCrawlerMd5Peer.content();
    assertEquals("sc_md5_content", peer.key());
    assertEquals(md5(p.bytes()), peer.signature(p));
  }

  @Test
  void useTextIsTheMd5OfTheGivenText() throws Exception {
    Peer peer = new StormCrawlerMd5Peer(true, Peer.Source.MAIN_TEXT);
    PeerInput a = page("<html><body><nav>portal</nav><p>Same article text.</p></body></html>", "Same article text.");
    PeerInput b = page("<html><body><div>blog sidebar</div><p>Same article text.</p></body></html>", "Same article text.");
    assertEquals(md5("Same article text.".getBytes(StandardCharsets.UTF_8)), peer.signature(a));
    assertEquals(peer.signature(a), peer.signature(b), "same main text in two templates: same signature");
    assertNotEquals(StormCrawlerMd5Peer.content().signature(a), StormCrawlerMd5Peer.content().signature(b),
        "the bytes differ, so the default filter does not match them");
  }

  @Test
  void blankTextFallsBackToTheUrl() throws Exception {
    Peer peer = new StormCrawlerMd5Peer(true, Peer.Source.MAIN_TEXT);
    PeerInput p = page("<html><body></body></html>", "");
    assertEquals(md5(p.url().getBytes(StandardCharsets.UTF_8)), peer.signature(p));
  }

  @Test
  void copiesAgree() {
    PeerInput p = page("<p>x</p>", "x");
    for (Peer peer : Peers.stormCrawler()) assertEquals(peer.signature(p), peer.copy().signature(p));
  }

  @Test
  void nutchWithoutTheProfileSaysHowToGetIt() {
    boolean onClassPath;
    try {
      Class.forName(Peers.NUTCH_PEERS);
      Class.forName("org.apache.nutch.crawl.TextProfileSignature");
      onClassPath = true;
    } catch (ClassNotFoundException e) {
      onClassPath = false;
    }
    if (onClassPath) return; // built with -Ppeers: NutchSignaturePeerTest covers it
    IllegalStateException e = assertThrows(IllegalStateException.class, Peers::all);
    assertTrue(e.getMessage().contains("profile 'peers'"), e.getMessage());
  }
}
