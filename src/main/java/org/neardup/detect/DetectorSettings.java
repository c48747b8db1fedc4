package org.neardup.detect;

import org.neardup.fingerprint.MatchThresholds;

/**
 * How the detector decides.
 *
 * @param minTextChars pages with fewer letters and digits in their main text get only the exact
 *     check: short texts (a video page's caption, a login wall) look alike without being copies
 * @param thresholds the per-method thresholds of the fine verification
 * @param preferCanonical when a page's rel=canonical target was seen and matches, name it as the
 *     original even when another copy was seen first
 * @param mirrors learn which sites mirror each other (an exact copy of a page of another site under
 *     the same name, {@link org.neardup.index.Mirrors}) and judge two pages of other names on two
 *     mirrors by the rule for one site
 */
public record DetectorSettings(int minTextChars, MatchThresholds thresholds, boolean preferCanonical, boolean mirrors) {
  public DetectorSettings {
    if (minTextChars < 0) throw new IllegalArgumentException("minTextChars must be >= 0, got " + minTextChars);
    java.util.Objects.requireNonNull(thresholds, "thresholds");
  }

  public static DetectorSettings defaults() {
    return new DetectorSettings(100, MatchThresholds.defaults(), true, true);
  }
}
