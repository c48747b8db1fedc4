package org.neardup.peers;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.parse.ParseData;
import com.digitalpebble.stormcrawler.parse.ParseResult;
import com.digitalpebble.stormcrawler.parse.filter.MD5SignatureParseFilter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * StormCrawler's {@link MD5SignatureParseFilter} (storm-crawler-core), configured as in a
 * parsefilters.json and called through its {@code filter(url, content, doc, parse)} the way
 * {@code JSoupParserBolt} calls it. Default configuration: MD5 of the raw content bytes; with
 * {@code useText}: MD5 of the parse text when it is not blank, else of the url (so a
 * page without text matches nothing).
 */
public final class StormCrawlerMd5Peer implements Peer {
  private static final String KEY_NAME = "signature";
  private final boolean useText;
  private final Source source;
  private final MD5SignatureParseFilter filter = new MD5SignatureParseFilter();

  /**
   * @param useText the filter's {@code useText} parameter
   * @param textSource with useText, which text is the parse text (page text or neardup's main text)
   */
  public StormCrawlerMd5Peer(boolean useText, Source textSource) {
    this.useText = useText;
    this.source = useText ? textSource : Source.BYTES;
    ObjectNode params = new ObjectMapper().createObjectNode();
    params.put("useText", useText);
    params.put("keyName", KEY_NAME);
    filter.configure(Map.of(), params);
  }

  /** The filter as configured by default: MD5 of the content bytes. */
  public static StormCrawlerMd5Peer content() {
    return new StormCrawlerMd5Peer(false, Source.BYTES);
  }

  @Override
  public String key() {
    return useText ? (source == Source.MAIN_TEXT ? "sc_md5_text" : "sc_md5_page_text") : "sc_md5_content";
  }

  @Override
  public String description() {
    return "StormCrawler 2.4 MD5SignatureParseFilter" + (useText
        ? " {useText: true}: MD5 of the " + (source == Source.MAIN_TEXT ? "main text (neardup's extractor)" : "page text (jsoup body text)")
        : " (default): MD5 of the raw content bytes");
  }

  @Override
  public Source source() {
    return source;
  }

  @Override
  public String signature(PeerInput page) {
    ParseResult parse = new ParseResult();
    ParseData data = parse.get(page.url()); // creates the url's ParseData, as the parser bolt does
    if (useText) data.setText(page.text(source));
    filter.filter(page.url(), page.bytes(), null, parse);
    Metadata md = data.getMetadata();
    return md.getFirstValue(KEY_NAME);
  }

  @Override
  public Peer copy() {
    return new StormCrawlerMd5Peer(useText, source);
  }
}
