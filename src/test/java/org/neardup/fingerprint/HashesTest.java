package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The hashes are part of the stored format: these values must never change. */
class HashesTest {
  @Test
  void murmur64IsMurmurHash3x64FirstHalf() {
    // Same values as Guava's Hashing.murmur3_128().hashString(s, UTF_8).asLong().
    assertEquals(0L, Hashes.murmur64(""));
    assertEquals(0xcbd8a7b341bd9b02L, Hashes.murmur64("hello"));
    assertEquals(0xe34bbc7bbc071b6cL, Hashes.murmur64("The quick brown fox jumps over the lazy dog"));
    assertEquals(0x3b9a4153368f8562L, Hashes.murmur64("油田爆炸"));
  }

  @Test
  void md5() {
    assertEquals("d41d8cd98f00b204e9800998ecf8427e", Hashes.hex(Hashes.md5("")));
    assertEquals("5d41402abc4b2a76b9719d911017c592", Hashes.hex(Hashes.md5("hello")));
  }
}
