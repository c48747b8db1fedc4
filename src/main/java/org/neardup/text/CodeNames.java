package org.neardup.text;

/**
 * What marks a word as a name as code writes it, in ASCII: an underscore, a digit, or a capital
 * after a small letter ({@code is_fifo}, {@code i16}, {@code FontRenderContext}). The title's
 * names of the fine rule ({@code TitleNames}) and the names extraction keeps in an index's entries
 * ({@code ElementTree}) are read with it; each adds its own conditions around it.
 */
public final class CodeNames {
  private CodeNames() {}

  /** Whether char {@code i} of {@code s} is a mark of a name as code writes it. */
  public static boolean isMark(CharSequence s, int i) {
    char c = s.charAt(i);
    if (c == '_' || c >= '0' && c <= '9') return true;
    return c >= 'A' && c <= 'Z' && i > 0 && s.charAt(i - 1) >= 'a' && s.charAt(i - 1) <= 'z';
  }
}
