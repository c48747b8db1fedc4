package org.neardup.storm;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.parse.JSoupFilter;
import com.digitalpebble.stormcrawler.parse.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.neardup.config.NeardupConfig;
import org.neardup.runtime.Pipeline;
import org.neardup.extract.Page;
import org.neardup.fingerprint.Fingerprints;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fingerprints a page from the jsoup document {@code JSoupParserBolt} already parsed, so the page
 * is parsed once, and writes the fingerprints into the page's parse metadata under {@code dedup.}
 * (see {@link DedupMetadata} for the keys). {@link NearDuplicateBolt} reads them there; a page that
 * reaches the bolt without them (another parser, a failure here) is fingerprinted by the bolt.
 *
 * <p>Configured in the jsoup filters file ({@code jsoup.filters.config.file}):
 * <pre>{@code
 * { "class": "org.neardup.storm.FingerprintParseFilter", "name": "Fingerprints", "params": {} }
 * }</pre>
 *
 * <p>Parameters: none in the JSON. Everything comes from the topology's {@code neardup.*} keys,
 * read once in {@link #configure}, so the filter and the bolt always agree:
 * <dl>
 *   <dt>neardup.* (topology configuration)</dt>
 *   <dd>extraction limits, fingerprint settings, segmenter and IDF table; a bad value or an
 *       unknown {@code neardup.} key fails the topology start with a message naming the key</dd>
 * </dl>
 *
 * <p>A failure on one page is logged and leaves no {@code dedup.} keys; it never fails the parse.
 */
public class FingerprintParseFilter extends JSoupFilter {
  private static final Logger LOG = LoggerFactory.getLogger(FingerprintParseFilter.class);

  /** Where JSoupParserBolt records the charset it decoded the page with. */
  static final String CHARSET_KEY = "parse.Content-Encoding";

  private Pipeline pipeline;

  @Override
  public void configure(Map<String, Object> stormConf, JsonNode filterParams) {
    pipeline = Pipeline.of(NeardupConfig.fromMap(stormConf));
  }

  @Override
  public void filter(String url, byte[] content, Document doc, ParseResult parse) {
    Metadata md = parse.get(url).getMetadata();
    try {
      Page page = pipeline.extractor().extract(url, doc, md.getFirstValue(CHARSET_KEY));
      Fingerprints f = page.status().hasText() ? pipeline.fingerprinter().of(page) : null;
      DedupMetadata.write(md, page, f);
      if (f == null) LOG.debug("{}: {}", url, page.message());
    } catch (RuntimeException e) {
      LOG.error("Cannot fingerprint {}, the near-duplicate bolt will: {}", url, e.toString());
      md.remove(DedupMetadata.KEY_VERSION);
    }
  }
}
