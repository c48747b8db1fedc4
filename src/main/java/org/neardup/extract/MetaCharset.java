package org.neardup.extract;

/**
 * Finds the charset label of a {@code <meta charset=x>} or {@code <meta http-equiv ...
 * content="text/html; charset=x">} in the first bytes of a page, read as Latin-1.
 *
 * <p>It answers exactly what the regular expression
 * {@code <meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)} (case-insensitive, ASCII) finds
 * first, as {@code CharsetDetectorTest} checks by fuzzing: the first {@code <meta} with a {@code
 * charset=} before its closing {@code >}, and in it the first such {@code charset=}. A hand-written
 * scan because this runs on every page and the regular expression, tried at each of 4,096
 * positions, cost more than the rest of detecting a declared charset.
 */
final class MetaCharset {

  private MetaCharset() {}

  /** The label in {@code head[0..n)}, or null. */
  static String find(byte[] head, int n) {
    for (int start = 0; start + 5 <= n; start++) {
      if (head[start] != '<' || !matchesIgnoreCase(head, n, start + 1, "meta")) continue;
      // [^>]*? : the shortest run of non-'>' bytes after which a charset declaration follows
      for (int p = start + 5; p < n && head[p] != '>'; p++) {
        String label = declarationAt(head, n, p);
        if (label != null) return label;
      }
    }
    return null;
  }

  /**
   * The label of {@code charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)} at {@code p}, or null. No
   * backtracking is needed: each {@code \s*} takes all the white space there is (giving some back
   * cannot help the next part match), and a quote is never a label character.
   */
  private static String declarationAt(byte[] b, int n, int p) {
    if (!matchesIgnoreCase(b, n, p, "charset")) return null;
    int i = skipSpace(b, n, p + 7);
    if (i >= n || b[i] != '=') return null;
    i = skipSpace(b, n, i + 1);
    if (i < n && (b[i] == '"' || b[i] == '\'')) i = skipSpace(b, n, i + 1);
    int end = i;
    while (end < n && isLabelChar(b[end])) end++;
    if (end == i) return null;
    char[] label = new char[end - i];
    for (int k = i; k < end; k++) label[k - i] = (char) b[k];
    return new String(label);
  }

  /** ASCII case-insensitive match of the lower-case {@code word} at {@code at}. */
  private static boolean matchesIgnoreCase(byte[] b, int n, int at, String word) {
    if (at + word.length() > n) return false;
    for (int k = 0; k < word.length(); k++) {
      int c = b[at + k];
      if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
      if (c != word.charAt(k)) return false;
    }
    return true;
  }

  /** Past the {@code \s} characters (space, tab, line feed, vertical tab, form feed, CR). */
  private static int skipSpace(byte[] b, int n, int i) {
    while (i < n && (b[i] == ' ' || (b[i] >= '\t' && b[i] <= '\r'))) i++;
    return i;
  }

  private static boolean isLabelChar(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '.' || c == '_' || c == ':' || c == '-';
  }
}
