package org.neardup.peers.nutch;

import org.apache.hadoop.conf.Configuration;
import org.apache.nutch.crawl.MD5Signature;
import org.apache.nutch.crawl.Signature;
import org.apache.nutch.crawl.TextProfileSignature;
import org.apache.nutch.metadata.Metadata;
import org.apache.nutch.parse.Outlink;
import org.apache.nutch.parse.ParseData;
import org.apache.nutch.parse.ParseImpl;
import org.apache.nutch.parse.ParseStatus;
import org.apache.nutch.protocol.Content;
import org.apache.nutch.util.NutchConfiguration;
import org.apache.nutch.util.StringUtil;
import org.neardup.peers.Peer;
import org.neardup.peers.PeerInput;

/**
 * One of Apache Nutch's {@link Signature}s ({@code org.apache.nutch:nutch}), configured from
 * Nutch's own nutch-default.xml ({@link NutchConfiguration#create()}) and called as Nutch's
 * ParseSegment calls it: {@code calculate(Content, Parse)} with the fetched bytes as the content and
 * the parse text as the parse.
 */
public final class NutchSignaturePeer implements Peer {
  private static final Configuration CONF = NutchConfiguration.create();
  private final String key;
  private final String description;
  private final Source source;
  private final Signature signature;

  private NutchSignaturePeer(String key, String description, Source source, Signature signature) {
    this.key = key;
    this.description = description;
    this.source = source;
    this.signature = signature;
    signature.setConf(CONF);
  }

  /** MD5Signature: MD5 of the content bytes (Nutch's default db.signature.class). */
  public static NutchSignaturePeer md5() {
    return new NutchSignaturePeer("nutch_md5", "Nutch 1.20 MD5Signature (default db.signature.class): MD5 of the raw content bytes",
        Source.BYTES, new MD5Signature());
  }

  /** TextProfileSignature over the page text (Nutch's parse-html text) or neardup's main text. */
  public static NutchSignaturePeer textProfile(Source text) {
    boolean main = text == Source.MAIN_TEXT;
    return new NutchSignaturePeer(main ? "nutch_text_profile" : "nutch_text_profile_page",
        "Nutch 1.20 TextProfileSignature (nutch-default.xml: min_token_len 2, quant_rate 0.01) over the "
            + (main ? "main text (neardup's extractor)" : "page text (jsoup body text, as parse-html keeps boilerplate)"),
        text, new TextProfileSignature());
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Source source() {
    return source;
  }

  @Override
  public String signature(PeerInput page) {
    // Content() + setters: the (url, base, bytes, type, metadata, conf) constructor would also run
    // Tika's MIME detection, which is the fetcher's work in Nutch, not the signature's.
    Content content = new Content();
    content.setContent(page.bytes());
    content.setContentType("text/html");
    String text = page.text(source);
    ParseData data = new ParseData(ParseStatus.STATUS_SUCCESS, "", new Outlink[0], new Metadata(), new Metadata());
    byte[] sig = signature.calculate(content, new ParseImpl(text, data));
    return StringUtil.toHexString(sig);
  }

  @Override
  public Peer copy() {
    return switch (key) {
      case "nutch_md5" -> md5();
      case "nutch_text_profile" -> textProfile(Source.MAIN_TEXT);
      default -> textProfile(Source.PAGE_TEXT);
    };
  }
}
