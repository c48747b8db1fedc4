package org.neardup.fingerprint;

/**
 * Sorts longs in ascending (signed) order by LSD radix sort, a byte per pass. The fingerprints
 * sort hashes — random 64-bit values, on which half of a comparison sort's branches are
 * mispredicted — and keys whose high bytes are mostly equal, whose passes are skipped. About 3×
 * faster than {@code Arrays.sort} from a few hundred values up (measured: 1,600 shingle hashes,
 * 48 → 16 µs); below that the plain sort is as fast.
 */
final class RadixSort {
  private RadixSort() {}

  private static final int SMALL = 128;

  /** Sorts {@code a[0..n)} in place. */
  static void sort(long[] a, int n) {
    if (n < SMALL) {
      java.util.Arrays.sort(a, 0, n);
      return;
    }
    // One pass counts all eight bytes; the sign bit is flipped so unsigned byte order is signed order.
    int[] counts = new int[8 * 256];
    for (int i = 0; i < n; i++) {
      long v = a[i] ^ Long.MIN_VALUE;
      for (int b = 0; b < 8; b++) counts[b << 8 | (int) (v >>> (b << 3)) & 0xFF]++;
    }
    long[] src = a;
    long[] dst = new long[n];
    for (int b = 0; b < 8; b++) {
      int shift = b << 3;
      int base = b << 8;
      // A byte that all values share does not reorder anything.
      if (counts[base | (int) ((a[0] ^ Long.MIN_VALUE) >>> shift) & 0xFF] == n) continue;
      int sum = 0;
      for (int k = 0; k < 256; k++) {
        int c = counts[base | k];
        counts[base | k] = sum;
        sum += c;
      }
      for (int i = 0; i < n; i++) {
        long v = src[i];
        dst[counts[base | (int) ((v ^ Long.MIN_VALUE) >>> shift) & 0xFF]++] = v;
      }
      long[] t = src;
      src = dst;
      dst = t;
    }
    if (src != a) System.arraycopy(src, 0, a, 0, n);
  }
}
