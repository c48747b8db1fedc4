package org.neardup.fingerprint;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The hash functions every fingerprint uses. They are part of the stored format: every worker must
 * compute the same values forever, so they are implemented here (no JVM-dependent hashCode) and
 * pinned by golden tests.
 */
public final class Hashes {
  private Hashes() {}

  /** 64-bit MurmurHash3 (x64_128, first half) of the UTF-8 bytes, seed 0. */
  public static long murmur64(String s) {
    return murmur64(s.getBytes(StandardCharsets.UTF_8), 0L);
  }

  /** 64-bit MurmurHash3 (x64_128, first half) of bytes with a seed. */
  public static long murmur64(byte[] data, long seed) {
    return murmur64(data, 0, data.length, seed);
  }

  /**
   * 64-bit MurmurHash3 (x64_128, first half) of {@code data[offset..offset+len)} with a seed: the
   * same value as hashing a copy of that slice, without making the copy.
   */
  public static long murmur64(byte[] data, int offset, int len, long seed) {
    final long c1 = 0x87c37b91114253d5L;
    final long c2 = 0x4cf5ad432745937fL;
    long h1 = seed;
    long h2 = seed;
    int blocks = len / 16;
    for (int i = 0; i < blocks; i++) {
      long k1 = getLong(data, offset + i * 16);
      long k2 = getLong(data, offset + i * 16 + 8);
      k1 *= c1; k1 = Long.rotateLeft(k1, 31); k1 *= c2; h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
      k2 *= c2; k2 = Long.rotateLeft(k2, 33); k2 *= c1; h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }
    long k1 = 0;
    long k2 = 0;
    int tail = offset + blocks * 16;
    switch (len & 15) {
      case 15: k2 ^= (long) (data[tail + 14] & 0xff) << 48;
      case 14: k2 ^= (long) (data[tail + 13] & 0xff) << 40;
      case 13: k2 ^= (long) (data[tail + 12] & 0xff) << 32;
      case 12: k2 ^= (long) (data[tail + 11] & 0xff) << 24;
      case 11: k2 ^= (long) (data[tail + 10] & 0xff) << 16;
      case 10: k2 ^= (long) (data[tail + 9] & 0xff) << 8;
      case 9:
        k2 ^= data[tail + 8] & 0xff;
        k2 *= c2; k2 = Long.rotateLeft(k2, 33); k2 *= c1; h2 ^= k2;
      case 8: k1 ^= (long) (data[tail + 7] & 0xff) << 56;
      case 7: k1 ^= (long) (data[tail + 6] & 0xff) << 48;
      case 6: k1 ^= (long) (data[tail + 5] & 0xff) << 40;
      case 5: k1 ^= (long) (data[tail + 4] & 0xff) << 32;
      case 4: k1 ^= (long) (data[tail + 3] & 0xff) << 24;
      case 3: k1 ^= (long) (data[tail + 2] & 0xff) << 16;
      case 2: k1 ^= (long) (data[tail + 1] & 0xff) << 8;
      case 1:
        k1 ^= data[tail] & 0xff;
        k1 *= c1; k1 = Long.rotateLeft(k1, 31); k1 *= c2; h1 ^= k1;
      default:
        break;
    }
    h1 ^= len; h2 ^= len;
    h1 += h2; h2 += h1;
    h1 = fmix64(h1); h2 = fmix64(h2);
    h1 += h2;
    return h1;
  }

  /** MurmurHash3's finaliser: a bijection on 64 bits that mixes every input bit into every output bit. */
  public static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  /** MD5 of the UTF-8 bytes: the 16-byte content digest. */
  public static byte[] md5(String s) {
    return md5(s.getBytes(StandardCharsets.UTF_8));
  }

  public static byte[] md5(byte[] data) {
    try {
      return MessageDigest.getInstance("MD5").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has MD5", e);
    }
  }

  /** The first 8 bytes of an MD5, big-endian, where a 64-bit key is enough. */
  public static long md5Long(String s) {
    return getLongBigEndian(md5(s), 0);
  }

  public static long md5Long(byte[] data) {
    return getLongBigEndian(md5(data), 0);
  }

  public static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) sb.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
    return sb.toString();
  }

  public static String hex(long v) {
    return String.format("%016x", v);
  }

  /** Little-endian longs read from a byte[] at any offset: one load instead of eight. */
  private static final VarHandle LITTLE_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static long getLong(byte[] b, int i) {
    return (long) LITTLE_ENDIAN_LONGS.get(b, i);
  }

  static long getLongBigEndian(byte[] b, int i) {
    long v = 0;
    for (int j = 0; j < 8; j++) v = (v << 8) | (b[i + j] & 0xffL);
    return v;
  }
}
