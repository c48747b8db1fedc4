package org.neardup.storm;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.parse.JSoupFilter;
import com.digitalpebble.stormcrawler.parse.ParseResult;
import com.digitalpebble.stormcrawler.util.ConfUtils;
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
 * <p>The page's canonical url is the one another filter put under StormCrawler's canonical key
 * ({@code indexer.canonical.name}, "canonical" by default: XPathFilter's
 * {@code //*[@rel="canonical"]/@href}), so neardup and the indexer agree on it; without one, the
 * page's own {@code rel=canonical} link. With {@code neardup.signature.key} set (e.g.
 * "signature"), the filter also writes the MD5 of the page's normalised main text there, as
 * StormCrawler's {@code MD5SignatureParseFilter} writes the MD5 of the page's bytes, after copying
 * the previous value to {@code neardup.signature.copy_key}: {@code AdaptiveScheduler} then sees a
 * page change only when its content changes, not its boilerplate.
 *
 * <p>A failure on one page is logged and leaves no {@code dedup.} keys; it never fails the parse.
 */
public class FingerprintParseFilter extends JSoupFilter {
  private static final Logger LOG = LoggerFactory.getLogger(FingerprintParseFilter.class);

  /** Where JSoupParserBolt records the charset it decoded the page with. */
  static final String CHARSET_KEY = "parse.Content-Encoding";

  /** StormCrawler's key for the metadata key holding a page's canonical url (XPathFilter writes it). */
  static final String CANONICAL_NAME_PARAM = "indexer.canonical.name";

  private Pipeline pipeline;
  private String canonicalKey;
  private String signatureKey;
  private String signatureCopyKey;

  @Override
  public void configure(Map<String, Object> stormConf, JsonNode filterParams) {
    NeardupConfig config = NeardupConfig.fromMap(stormConf);
    pipeline = Pipeline.of(config);
    canonicalKey = ConfUtils.getString(stormConf, CANONICAL_NAME_PARAM, "canonical");
    signatureKey = config.signatureKey();
    signatureCopyKey = config.signatureCopyKey();
  }

  @Override
  public void filter(String url, byte[] content, Document doc, ParseResult parse) {
    Metadata md = parse.get(url).getMetadata();
    try {
      Page page = pipeline.extractor().extract(url, doc, md.getFirstValue(CHARSET_KEY));
      Fingerprints f = page.status().hasText() ? pipeline.fingerprinter().of(page) : null;
      DedupMetadata.write(md, page, f);
      String canonical = resolve(url, md.getFirstValue(canonicalKey));
      if (canonical != null) md.setValue(DedupMetadata.KEY_CANONICAL, canonical);
      if (f != null && !signatureKey.isEmpty()) writeSignature(md, f.digest().hex());
      if (f == null) LOG.debug("{}: {}", url, page.message());
    } catch (RuntimeException e) {
      LOG.error("Cannot fingerprint {}, the near-duplicate bolt will: {}", url, e.toString());
      md.remove(DedupMetadata.KEY_VERSION);
    }
  }

  /**
   * The canonical url another filter put under StormCrawler's canonical key (XPathFilter, as
   * {@code indexer.canonical.name} names it), resolved against the page's url: the canonical the
   * indexer uses is the one the detector prefers. Null when there is none, or it is no url.
   */
  static String resolve(String url, String canonical) {
    if (canonical == null || canonical.isBlank()) return null;
    try {
      return new java.net.URL(new java.net.URL(url), canonical.strip()).toExternalForm();
    } catch (java.net.MalformedURLException e) {
      LOG.debug("{}: canonical {} is no url", url, canonical);
      return null;
    }
  }

  /** The main text's MD5 as StormCrawler's signature, the previous one copied first. */
  private void writeSignature(Metadata md, String hex) {
    String previous = md.getFirstValue(signatureKey);
    if (previous != null && !signatureCopyKey.isEmpty()) md.setValue(signatureCopyKey, previous);
    md.setValue(signatureKey, hex);
  }
}
