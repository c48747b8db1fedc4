package org.neardup.index;

import java.util.Arrays;
import org.neardup.fingerprint.Hashes;

/**
 * The sites a page's site is known to mirror, as the store hands them to the detector with a
 * lookup ({@link CheckResult#mirrors()}). Two sites mirror each other when the detector found a
 * page of one an exact copy of a page of the other under the same page name (one site serving the
 * other's pages, or both serving one site's pages: a mirror, a second domain, an edition of a help
 * site on a host of its own), and said so with {@link FingerprintStore#recordMirrors}. The store
 * keeps each site's mirrors as 64-bit hashes of their site keys ({@link #hash}), at most
 * {@link #MAX} a site, and never forgets them (a site mirrors another for good, and the knowledge
 * only ever makes the rule between two pages stricter).
 */
public final class Mirrors {
  /** The most mirrors a site keeps: later ones are not recorded. */
  public static final int MAX = 64;

  /** No mirrors known (a page without a site, or a lookup that did not read them). */
  public static final Mirrors NONE = new Mirrors(new long[0]);

  private final long[] hashes;

  private Mirrors(long[] hashes) {
    this.hashes = hashes;
  }

  /** The mirrors of these hashes ({@link #hash}). */
  public static Mirrors ofHashes(long[] hashes) {
    return hashes.length == 0 ? NONE : new Mirrors(hashes.clone());
  }

  /** The 64-bit key of a site in the store: the first 8 bytes of the MD5 of its site key. */
  public static long hash(String site) {
    return Hashes.md5Long(site);
  }

  /** Whether {@code site} (a site key, "" for none) is one of these mirrors. */
  public boolean contains(String site) {
    if (site.isEmpty() || hashes.length == 0) return false;
    long h = hash(site);
    for (long x : hashes) if (x == h) return true;
    return false;
  }

  /** The hashes of the mirrors, in the order they were learned. */
  public long[] hashes() {
    return hashes.clone();
  }

  public int size() {
    return hashes.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Mirrors m && Arrays.equals(hashes, m.hashes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }

  @Override
  public String toString() {
    return "Mirrors[" + hashes.length + "]";
  }

  /**
   * Two sites that mirror each other (site keys, both non-empty and different), as the detector
   * learned it from a page of {@code site} that is an exact copy of a page of {@code mirror}
   * under the same name.
   */
  public record Pair(String site, String mirror) {
    public Pair {
      if (site == null || site.isEmpty() || mirror == null || mirror.isEmpty()) {
        throw new IllegalArgumentException("a mirror pair needs two sites, got '" + site + "' and '" + mirror + "'");
      }
      if (site.equals(mirror)) throw new IllegalArgumentException("a site is no mirror of itself: " + site);
    }
  }
}
