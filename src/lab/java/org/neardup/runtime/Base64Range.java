package org.neardup.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decodes a JSON string of standard base64 (RFC 4648 §4, padding optional) straight from the
 * bytes of the line it is in.
 *
 * <p>Why: {@code body_base64} is nearly all of a {@code dedup} input line, and Jackson's
 * {@code getBinaryValue} appends every three bytes to a chunked builder and copies the result
 * again, which made it the largest cost of reading a line. Here a group of four characters is four
 * table lookups and one 4-byte store, and the end of the string is found by the same pass. This is
 * the fast path only: a string it does not accept (escapes such as {@code \/}, white space, bad
 * characters) gives null, and the caller lets Jackson decode it or say what is wrong with it.
 */
final class Base64Range {
  private Base64Range() {}

  private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  // The 6-bit value of each byte already shifted to its place in a 24-bit group; -1 (all bits set,
  // so an OR of four lookups is negative) for a byte outside the alphabet.
  private static final int[] FIRST = table(18);
  private static final int[] SECOND = table(12);
  private static final int[] THIRD = table(6);
  private static final int[] FOURTH = table(0);

  private static int[] table(int shift) {
    int[] t = new int[256];
    Arrays.fill(t, -1);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; i++) t[alphabet.charAt(i)] = i << shift;
    return t;
  }

  /**
   * The bytes encoded by the string whose first character is {@code src[from]} and which ends at
   * the next {@code "}; null when that string is not plain base64.
   */
  static byte[] decodeString(byte[] src, int from) {
    int n = src.length;
    // Room for every whole group up to the end of the line, plus the 4th byte of the last store.
    byte[] out = new byte[Math.max(0, n - from) / 4 * 3 + 4];
    int s = from;
    int d = 0;
    for (; s + 4 <= n; s += 4, d += 3) {
      int v = FIRST[src[s] & 0xFF] | SECOND[src[s + 1] & 0xFF] | THIRD[src[s + 2] & 0xFF] | FOURTH[src[s + 3] & 0xFF];
      if (v < 0) break;
      INT_BE.set(out, d, v << 8); // the 4th byte is overwritten by the next group
    }
    // At most three more characters of the alphabet, then padding, then the closing quote.
    int chars = 0;
    while (chars < 3 && s + chars < n && FOURTH[src[s + chars] & 0xFF] >= 0) chars++;
    int pad = 0;
    while (pad < 2 && s + chars + pad < n && src[s + chars + pad] == '=') pad++;
    int quote = s + chars + pad;
    if (quote >= n || src[quote] != '"' || chars == 1 || (pad > 0 && chars + pad != 4)) return null;
    if (chars > 0) {
      int v = FIRST[src[s] & 0xFF] | SECOND[src[s + 1] & 0xFF] | (chars == 3 ? THIRD[src[s + 2] & 0xFF] : 0);
      out[d++] = (byte) (v >> 16);
      if (chars == 3) out[d++] = (byte) (v >> 8);
    }
    return d == out.length ? out : Arrays.copyOf(out, d);
  }
}
