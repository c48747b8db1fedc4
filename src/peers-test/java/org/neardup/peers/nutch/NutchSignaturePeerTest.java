package org.neardup.peers.nutch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.peers.Peer;
import org.neardup.peers.PeerInput;
import org.neardup.peers.Peers;

/** Runs only with -Ppeers (src/peers-test/java): the real Nutch classes on a Hadoop Configuration. */
class NutchSignaturePeerTest {
  private static PeerInput page(String html, String mainText) {
    byte[] b = html.getBytes(StandardCharsets.UTF_8);
    return new PeerInput("https://example.invalid/a", b, Peers.pageText(b, "https://example.invalid/a"), mainText);
  }

  @Test
  void md5SignatureIsTheMd5OfTheContent() throws Exception {
    PeerInput p = page("<html><body><p>Some text.</p></body></html>", "Some text.");
    String expected = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(p.bytes()));
    assertEquals(expected, NutchSignaturePeer.md5().signature(p));
  }

  @Test
  void textProfileIgnoresRareTokensAndOrder() {
    Peer tp = NutchSignaturePeer.textProfile(Peer.Source.MAIN_TEXT);
    String text = "alpha beta alpha beta gamma gamma delta";
    String reordered = "gamma beta alpha gamma beta alpha epsilon"; // delta/epsilon occur once: below the quantum
    assertEquals(tp.signature(page("<p>x</p>", text)), tp.signature(page("<p>y</p>", reordered)));
    assertNotEquals(tp.signature(page("<p>x</p>", text)), tp.signature(page("<p>x</p>", "alpha alpha beta beta")));
  }

  @Test
  void allPeersLoadWithTheProfile() {
    List<String> keys = Peers.all().stream().map(Peer::key).toList();
    assertEquals(List.of("nutch_md5", "nutch_text_profile", "nutch_text_profile_page", "sc_md5_content", "sc_md5_text"), keys);
  }
}
