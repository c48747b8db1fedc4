package org.neardup.fingerprint;

import java.util.Arrays;
import org.neardup.text.Letters;

/**
 * The sentence-boundary fingerprint (docs/METHODS.md). Punctuation positions characterise a text:
 * take the 2 letters or digits on each side of every ，。！？ (after normalisation: , 。 ! ?),
 * concatenate them into one long string, and cut it into {@code parts} pieces (3 by default), each
 * hashed, so noise in one part (an extraction error, an added source line) spoils only that part.
 * The title is hashed on its own. Two pages score {@code titleWeight} (1.5) for an equal title plus
 * 1.0 per equal part; they are duplicates at {@link #DUPLICATE_SCORE} (3): an equal title and two
 * equal parts, or three equal parts without the title.
 *
 * @param titleHash hash of the cleaned title, 0 when there is no title
 * @param partHashes one hash per part; 0 for a part with no boundary characters
 * @param boundaryChars length of the boundary string (0: the text has no such punctuation)
 */
public record SentenceBoundary(long titleHash, long[] partHashes, int boundaryChars) {
  public static final double DUPLICATE_SCORE = 3.0;
  public static final double TITLE_WEIGHT = 1.5;
  static final int CONTEXT = 2;

  public static SentenceBoundary of(String cleanTitle, String normalizedText, int parts) {
    if (parts < 1) throw new IllegalArgumentException("sentence-boundary parts must be >= 1, got " + parts);
    String boundary = boundaryString(normalizedText);
    long[] hashes = new long[parts];
    int len = boundary.length();
    for (int p = 0; p < parts; p++) {
      String piece = boundary.substring(len * p / parts, len * (p + 1) / parts);
      hashes[p] = piece.isEmpty() ? 0 : Hashes.murmur64(piece);
    }
    String title = Letters.only(cleanTitle);
    return new SentenceBoundary(title.isEmpty() ? 0 : Hashes.murmur64(title), hashes, len);
  }

  /** The characters around each boundary punctuation mark, in text order. */
  static String boundaryString(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      if (isBoundary(text.charAt(i))) {
        appendSide(out, text, i, -1);
        appendSide(out, text, i, +1);
      }
    }
    return out.toString();
  }

  /** ，。！？ in their normalised forms (NFKC makes ，！？ ASCII). */
  static boolean isBoundary(char c) {
    return c == ',' || c == '。' || c == '!' || c == '?' || c == '，' || c == '！' || c == '？';
  }

  /** Up to 2 letters or digits next to position i, skipping spaces and quotes, in reading order. */
  private static void appendSide(StringBuilder out, String text, int i, int dir) {
    char[] got = new char[CONTEXT];
    int n = 0;
    for (int j = i + dir; j >= 0 && j < text.length() && n < CONTEXT; j += dir) {
      char c = text.charAt(j);
      if (Letters.isLetterOrDigit(c)) got[n++] = c;
      else if (!(Character.isWhitespace(c) || c == '"' || c == '\'')) break;
    }
    if (dir < 0) for (int k = n - 1; k >= 0; k--) out.append(got[k]);
    else out.append(got, 0, n);
  }

  /** Weighted matches: titleWeight for an equal (non-empty) title, 1.0 per equal non-empty part. */
  public double score(SentenceBoundary other, double titleWeight) {
    double s = (titleHash != 0 && titleHash == other.titleHash) ? titleWeight : 0;
    int n = Math.min(partHashes.length, other.partHashes.length);
    for (int i = 0; i < n; i++) {
      if (partHashes[i] != 0 && partHashes[i] == other.partHashes[i]) s += 1.0;
    }
    return s;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SentenceBoundary b && titleHash == b.titleHash
        && Arrays.equals(partHashes, b.partHashes) && boundaryChars == b.boundaryChars;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(titleHash) * 31 + Arrays.hashCode(partHashes);
  }
}
