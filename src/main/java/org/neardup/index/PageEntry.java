package org.neardup.index;

import java.util.Arrays;
import java.util.Objects;

/**
 * One page's fingerprints in the form the store indexes them. Built by the detector from the
 * page's {@code Fingerprints}; the store never interprets {@link #sketch()}, it keeps it and hands
 * it back with every candidate so the detector can verify matches without another round trip.
 *
 * @param url the page's address; the registry key (a replay of the same url is never its own duplicate)
 * @param id the caller's id for the page (the url when the caller has none)
 * @param fetchedAt when the page was fetched, epoch milliseconds
 * @param title the page title, kept for verdicts and operators (may be "")
 * @param canonical the page's rel=canonical url, or "" (looked up so the detector can prefer it)
 * @param digest 16-byte MD5 of the normalised main text: the exact-duplicate key
 * @param nearLookup false when the page has too little text to judge: only the exact check runs,
 *     and the page is recorded in no near-duplicate structure
 * @param simhash 64-bit Charikar SimHash of the text (ignored when !nearLookup)
 * @param bands MinHash LSH band keys, one per band (ignored when !nearLookup)
 * @param coreTerms core-term fingerprint from title/keywords/description; 0 when there is none
 * @param sketch the detector's fine signature (sentence-boundary, longest sentences, b-bit MinHash)
 * @param site the page's site key ({@code org.neardup.detect.SiteKey}), "" when it has none: the
 *     site whose {@link Mirrors} the lookup reads
 */
public record PageEntry(
    String url,
    String id,
    long fetchedAt,
    String title,
    String canonical,
    byte[] digest,
    boolean nearLookup,
    long simhash,
    long[] bands,
    long coreTerms,
    byte[] sketch,
    String site) {

  public PageEntry {
    Objects.requireNonNull(url, "url");
    if (url.isEmpty()) throw new IllegalArgumentException("page entry needs a url");
    id = (id == null || id.isEmpty()) ? url : id;
    title = Objects.requireNonNullElse(title, "");
    canonical = Objects.requireNonNullElse(canonical, "");
    Objects.requireNonNull(digest, "digest");
    if (digest.length != 16) {
      throw new IllegalArgumentException(
          "digest of " + url + " must be 16 bytes (MD5), got " + digest.length);
    }
    bands = bands == null ? new long[0] : bands;
    sketch = sketch == null ? new byte[0] : sketch;
    site = Objects.requireNonNullElse(site, "");
  }

  /**
   * The page's title on its site, as a 64-bit key (MD5 bytes 0–7 of the site key and the title as
   * titles are compared, {@code SiteContext.titleKey}); 0 when the page has no site or no title.
   * The store counts the originals of a site under each title ({@link CheckResult#titlePages()}).
   */
  public long titleKey() {
    String t = org.neardup.fingerprint.SiteContext.titleKey(title);
    return site.isEmpty() || t == null ? 0 : org.neardup.fingerprint.Hashes.md5Long(site + '\n' + t);
  }

  /**
   * The pattern of the page's title on its site, as a 64-bit key (MD5 bytes 0–7 of the site key and
   * {@code TitleNames.pattern} of the title, kept apart from {@link #titleKey()}'s); 0 when the
   * page has no site or its title gives no name. The store counts the pages of a site recorded
   * under each pattern ({@link CheckResult#patternPages()}).
   */
  public long patternKey() {
    String p = site.isEmpty() ? null : org.neardup.fingerprint.TitleNames.pattern(title);
    return p == null ? 0 : org.neardup.fingerprint.Hashes.md5Long(site + "\n\u0001pattern\n" + p);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PageEntry p
        && url.equals(p.url) && id.equals(p.id) && fetchedAt == p.fetchedAt
        && title.equals(p.title) && canonical.equals(p.canonical)
        && Arrays.equals(digest, p.digest) && nearLookup == p.nearLookup
        && simhash == p.simhash && Arrays.equals(bands, p.bands)
        && coreTerms == p.coreTerms && Arrays.equals(sketch, p.sketch) && site.equals(p.site);
  }

  @Override
  public int hashCode() {
    return Objects.hash(url, id, fetchedAt, Arrays.hashCode(digest), simhash);
  }

  @Override
  public String toString() {
    return "PageEntry[" + id + " " + url + "]";
  }
}
