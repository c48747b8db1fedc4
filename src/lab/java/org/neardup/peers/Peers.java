package org.neardup.peers;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jsoup.Jsoup;

/**
 * The peer baselines behind {@code eval --peers} and {@code bench --peers}: StormCrawler's MD5
 * parse filter (storm-crawler-core is a normal dependency) and Apache Nutch's signatures, which
 * are compiled from {@code src/peers/java} only by the Maven profile {@code peers} (Nutch brings
 * Hadoop, which the default build must not download or load).
 */
public final class Peers {
  /** The class compiled from src/peers/java by {@code -Ppeers}; a {@code Supplier<List<Peer>>}. */
  static final String NUTCH_PEERS = "org.neardup.peers.nutch.NutchPeers";

  private Peers() {}

  /** StormCrawler's peers: always available. */
  public static List<Peer> stormCrawler() {
    return List.of(StormCrawlerMd5Peer.content(), new StormCrawlerMd5Peer(true, Peer.Source.MAIN_TEXT));
  }

  /**
   * Nutch's peers, or an exception saying how to get them: the classes come from the {@code peers}
   * Maven profile and need Nutch and Hadoop on the class path.
   */
  @SuppressWarnings("unchecked")
  public static List<Peer> nutch() {
    try {
      Class<?> c = Class.forName(NUTCH_PEERS);
      return ((Supplier<List<Peer>>) c.getDeclaredConstructor().newInstance()).get();
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException("--peers needs Apache Nutch and Hadoop on the class path, which only the Maven "
          + "profile 'peers' adds (" + e + "). Build and run with it: `NEARDUP_MAVEN_PROFILES=peers bin/neardup ...`, "
          + "or compile with `mvn -Ppeers` and run java with that profile's class path; see docs/EVALUATION.md (Peers)", e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + NUTCH_PEERS + ": " + e, e);
    }
  }

  /** Every peer: StormCrawler's and Nutch's (fails as {@link #nutch()} does without the profile). */
  public static List<Peer> all() {
    List<Peer> all = new ArrayList<>(nutch());
    all.addAll(stormCrawler());
    return all;
  }

  /** All visible text of an HTML page, as jsoup finds it (charset from the BOM/meta, else UTF-8). */
  public static String pageText(byte[] html, String url) {
    try {
      return Jsoup.parse(new ByteArrayInputStream(html), null, url).body().text();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
