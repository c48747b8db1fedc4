package org.neardup.storm;

import com.digitalpebble.stormcrawler.Metadata;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.neardup.detect.Verdict;
import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.extract.PageStatus;
import org.neardup.fingerprint.ContentDigest;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.fingerprint.FineSignature;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.Fingerprints;

/**
 * The {@code dedup.*} metadata keys: the one place that writes and reads them. The parse filter
 * writes a page's fingerprints ({@link #write}); {@link NearDuplicateBolt} reads them back
 * ({@link #read}) and adds the verdict ({@link #writeVerdict}).
 *
 * <p>Fingerprint keys, version {@value #VERSION} (one value each unless noted):
 * <dl>
 *   <dt>dedup.version</dt><dd>codec version; another version is ignored and the bolt recomputes</dd>
 *   <dt>dedup.page_status</dt><dd>what extraction made of the page: ok, truncated, empty,
 *       not_text, no_main_text. Only ok and truncated carry the keys below.</dd>
 *   <dt>dedup.digest</dt><dd>MD5 of the normalised main text, 32 hex digits</dd>
 *   <dt>dedup.simhash</dt><dd>64-bit SimHash, 16 hex digits</dd>
 *   <dt>dedup.bands</dt><dd>MinHash LSH band keys, one value per band, 16 hex digits each</dd>
 *   <dt>dedup.core_terms</dt><dd>hash of the core terms, 16 hex digits (0 when the page has too
 *       little metadata)</dd>
 *   <dt>dedup.sketch</dt><dd>base64 of {@link FineSignature#encode()}</dd>
 *   <dt>dedup.text_chars</dt><dd>letters and digits in the normalised main text</dd>
 *   <dt>dedup.language</dt><dd>zh, en or other</dd>
 *   <dt>dedup.title</dt><dd>the page title</dd>
 *   <dt>dedup.canonical</dt><dd>the absolute rel=canonical url, or empty</dd>
 * </dl>
 *
 * <p>Verdict keys, written by the bolt:
 * <dl>
 *   <dt>dedup.verdict</dt><dd>unique, exact, near, skipped or unchecked</dd>
 *   <dt>dedup.seq</dt><dd>the page's first-seen sequence number in the store</dd>
 *   <dt>dedup.duplicate_of</dt><dd>the original's url (duplicates only)</dd>
 *   <dt>dedup.duplicate_of_id</dt><dd>the original's id (duplicates only)</dd>
 *   <dt>dedup.detector</dt><dd>the method that decided (duplicates only)</dd>
 *   <dt>dedup.scores</dt><dd>JSON object with every score of the decision</dd>
 *   <dt>dedup.replay</dt><dd>"true" when the url was already recorded with the same content</dd>
 * </dl>
 */
public final class DedupMetadata {
  public static final String PREFIX = "dedup.";
  public static final String VERSION = "1";

  public static final String KEY_VERSION = "dedup.version";
  public static final String KEY_PAGE_STATUS = "dedup.page_status";
  public static final String KEY_DIGEST = "dedup.digest";
  public static final String KEY_SIMHASH = "dedup.simhash";
  public static final String KEY_BANDS = "dedup.bands";
  public static final String KEY_CORE_TERMS = "dedup.core_terms";
  public static final String KEY_SKETCH = "dedup.sketch";
  public static final String KEY_TEXT_CHARS = "dedup.text_chars";
  public static final String KEY_LANGUAGE = "dedup.language";
  public static final String KEY_TITLE = "dedup.title";
  public static final String KEY_CANONICAL = "dedup.canonical";
  /** {@link Page#bodyDigest()} of a page with little main text. */
  public static final String KEY_BODY_DIGEST = "dedup.body_digest";

  public static final String KEY_VERDICT = "dedup.verdict";
  public static final String KEY_SEQ = "dedup.seq";
  public static final String KEY_DUPLICATE_OF = "dedup.duplicate_of";
  public static final String KEY_DUPLICATE_OF_ID = "dedup.duplicate_of_id";
  public static final String KEY_DETECTOR = "dedup.detector";
  public static final String KEY_SCORES = "dedup.scores";
  public static final String KEY_REPLAY = "dedup.replay";
  /** A unique page fetched before the original of its content: that page's url (Verdict#replacedUrl). */
  public static final String KEY_REPLACES = "dedup.replaces";
  /** "true" for a page that belongs in the index, "false" for a duplicate (for indexer.md.filter). */
  public static final String KEY_INDEX = "dedup.index";

  /** The keys that only carry fingerprints from the parser to the bolt (dropped after the verdict). */
  static final List<String> TRANSPORT_KEYS = List.of(KEY_BANDS, KEY_SKETCH, KEY_CORE_TERMS);

  private static final ObjectMapper JSON = new ObjectMapper();

  private DedupMetadata() {}

  /**
   * A page and its index signature as read back from metadata.
   *
   * @param page the page's url, title, canonical, language and status (no text: it is not carried)
   * @param signature null when the page has no text to fingerprint
   */
  public record Fingerprinted(Page page, IndexSignature signature) {}

  /** Writes the page's fingerprints; {@code f} may be null when the page has no text. */
  public static void write(Metadata md, Page page, Fingerprints f) {
    for (String k : List.copyOf(md.keySet())) {
      if (k.startsWith(PREFIX)) md.remove(k);
    }
    md.setValue(KEY_VERSION, VERSION);
    md.setValue(KEY_PAGE_STATUS, page.status().name().toLowerCase(Locale.ROOT));
    md.setValue(KEY_TITLE, page.title());
    md.setValue(KEY_CANONICAL, page.canonical());
    if (!page.bodyDigest().isEmpty()) md.setValue(KEY_BODY_DIGEST, page.bodyDigest());
    if (f == null || !page.status().hasText()) return;
    IndexSignature s = IndexSignature.of(f);
    md.setValue(KEY_LANGUAGE, f.language().code());
    md.setValue(KEY_DIGEST, s.digest().hex());
    md.setValue(KEY_SIMHASH, hex(s.simhash()));
    String[] bands = new String[s.bands().length];
    for (int i = 0; i < bands.length; i++) bands[i] = hex(s.bands()[i]);
    md.setValues(KEY_BANDS, bands);
    md.setValue(KEY_CORE_TERMS, hex(s.coreTerms()));
    md.setValue(KEY_SKETCH, Base64.getEncoder().encodeToString(s.fine().encode()));
    md.setValue(KEY_TEXT_CHARS, Integer.toString(s.textChars()));
  }

  /**
   * Reads what {@link #write} wrote. Empty when the keys are absent, of another version, or
   * malformed (a bad hex digit, a band count or sketch size that does not fit {@code settings}):
   * the caller then computes the fingerprints itself.
   *
   * <p>The result holds the page's {@link IndexSignature}: everything the detector needs.
   */
  public static Optional<Fingerprinted> read(Metadata md, String url, FingerprintSettings settings) {
    try {
      if (!VERSION.equals(md.getFirstValue(KEY_VERSION))) return Optional.empty();
      PageStatus status = PageStatus.valueOf(required(md, KEY_PAGE_STATUS).toUpperCase(Locale.ROOT));
      String title = value(md, KEY_TITLE);
      String canonical = value(md, KEY_CANONICAL);
      if (!status.hasText()) {
        Page page = new Page(url, title, "", "", "", canonical, Language.OTHER, "", "", status, "", "");
        return Optional.of(new Fingerprinted(page, null));
      }
      Language language = Language.fromCode(required(md, KEY_LANGUAGE));
      ContentDigest digest = new ContentDigest(unhex(required(md, KEY_DIGEST), 16));
      long simhash = parseHex(required(md, KEY_SIMHASH));
      String[] bandValues = md.getValues(KEY_BANDS);
      if (bandValues == null || bandValues.length != settings.lshBands()) return Optional.empty();
      long[] bands = new long[bandValues.length];
      for (int i = 0; i < bands.length; i++) bands[i] = parseHex(bandValues[i]);
      long coreTerms = parseHex(required(md, KEY_CORE_TERMS));
      FineSignature sketch = FineSignature.decode(Base64.getDecoder().decode(required(md, KEY_SKETCH)));
      if (sketch.simhash() != simhash || sketch.minhash().length != settings.minhashPermutations()) {
        return Optional.empty();
      }
      int textChars = Integer.parseInt(required(md, KEY_TEXT_CHARS));
      if (textChars < 0) return Optional.empty();

      Page page = new Page(url, title, "", "", "", canonical, language, "", "", status, "", value(md, KEY_BODY_DIGEST));
      return Optional.of(new Fingerprinted(page,
          new IndexSignature(textChars, digest, simhash, bands, coreTerms, sketch)));
    } catch (IllegalArgumentException | NullPointerException e) {
      return Optional.empty(); // includes NumberFormatException and a malformed sketch
    }
  }

  /** Writes the verdict keys (replacing earlier ones). */
  public static void writeVerdict(Metadata md, Verdict v) {
    for (String k : List.of(KEY_VERDICT, KEY_SEQ, KEY_DUPLICATE_OF, KEY_DUPLICATE_OF_ID,
        KEY_DETECTOR, KEY_SCORES, KEY_REPLAY, KEY_REPLACES)) {
      md.remove(k);
    }
    md.setValue(KEY_VERDICT, v.kind().key());
    if (v.seq() != 0) md.setValue(KEY_SEQ, Long.toString(v.seq()));
    if (v.originalUrl() != null) md.setValue(KEY_DUPLICATE_OF, v.originalUrl());
    if (v.originalId() != null) md.setValue(KEY_DUPLICATE_OF_ID, v.originalId());
    if (v.detector() != null) md.setValue(KEY_DETECTOR, v.detector());
    md.setValue(KEY_SCORES, json(v.scores()));
    if (v.replay()) md.setValue(KEY_REPLAY, "true");
    if (v.replacesOriginal()) md.setValue(KEY_REPLACES, v.replacedUrl());
  }

  /** Drops the keys that only carried fingerprints to the bolt, so the indexer and status do not store them. */
  static void dropTransportKeys(Metadata md) {
    for (String k : TRANSPORT_KEYS) md.remove(k);
  }

  /** The whole verdict as one JSON object (the {@code duplicates} stream's third field). */
  public static String verdictJson(String url, Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("url", url);
    m.put("verdict", v.kind().key());
    m.put("seq", v.seq());
    m.put("duplicate_of", v.originalUrl());
    m.put("duplicate_of_id", v.originalId());
    m.put("original_fetched_at", v.originalFetchedAt());
    m.put("detector", v.detector());
    m.put("replay", v.replay());
    m.put("removed_from_index", v.removesFromIndex());
    if (v.replacesOriginal()) m.put("replaces", v.replacedUrl());
    m.put("scores", v.scores());
    return json(m);
  }

  static String json(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write verdict JSON: " + e.getMessage(), e);
    }
  }

  private static String value(Metadata md, String key) {
    String v = md.getFirstValue(key);
    return v == null ? "" : v;
  }

  private static String required(Metadata md, String key) {
    String v = md.getFirstValue(key);
    if (v == null || v.isEmpty()) throw new IllegalArgumentException("missing " + key);
    return v;
  }

  static String hex(long v) {
    return String.format("%016x", v);
  }

  private static long parseHex(String s) {
    if (s.length() != 16) throw new IllegalArgumentException("expected 16 hex digits, got '" + s + "'");
    return Long.parseUnsignedLong(s, 16);
  }

  private static byte[] unhex(String s, int bytes) {
    if (s.length() != bytes * 2) {
      throw new IllegalArgumentException("expected " + bytes * 2 + " hex digits, got '" + s + "'");
    }
    byte[] out = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      int hi = Character.digit(s.charAt(2 * i), 16);
      int lo = Character.digit(s.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) throw new IllegalArgumentException("not hex: '" + s + "'");
      out[i] = (byte) (hi << 4 | lo);
    }
    return out;
  }

}
