package org.neardup.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * Words that say nothing about what a page is about, for Chinese and English, from the bundled
 * lists {@code stopwords-zh.txt} and {@code stopwords-en.txt} (white-space separated, '#' comments).
 */
public final class StopWords {
  /**
   * Every token of every page is looked up, so the words are kept compact: an open-addressing
   * table of their hash codes, with the words beside it, compared only when the hash matches;
   * and a bit per char that starts a stop word rejects most tokens before hashing.
   */
  private final String[] words;
  private final int[] hashes;
  private final int size;
  private final long[] firstChars = new long[(Character.MAX_VALUE + 1) / 64];

  public StopWords(Set<String> words) {
    int slots = Integer.highestOneBit(Math.max(8, words.size() * 4 - 1)) << 1; // at most 1/4 full
    this.words = new String[slots];
    this.hashes = new int[slots];
    this.size = words.size();
    for (String w : words) {
      int s = w.hashCode() & (slots - 1);
      while (this.words[s] != null) s = (s + 1) & (slots - 1);
      this.words[s] = w;
      hashes[s] = w.hashCode();
      if (!w.isEmpty()) firstChars[w.charAt(0) >>> 6] |= 1L << w.charAt(0);
    }
  }

  public boolean contains(String token) {
    if (!token.isEmpty() && (firstChars[token.charAt(0) >>> 6] & 1L << token.charAt(0)) == 0) return false;
    int h = token.hashCode();
    for (int s = h & (words.length - 1); words[s] != null; s = (s + 1) & (words.length - 1)) {
      if (hashes[s] == h && words[s].equals(token)) return true;
    }
    return false;
  }

  public int size() {
    return size;
  }

  /** The bundled lists, loaded once. */
  public static StopWords standard() {
    return Holder.STANDARD;
  }

  private static final class Holder {
    static final StopWords STANDARD = load("stopwords-en.txt", "stopwords-zh.txt");
  }

  static StopWords load(String... resources) {
    Set<String> all = new HashSet<>();
    for (String name : resources) {
      try (InputStream in = StopWords.class.getResourceAsStream(name)) {
        if (in == null) throw new IllegalStateException("missing stop word list " + name);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line; (line = r.readLine()) != null; ) {
          if (line.startsWith("#")) continue;
          for (String w : line.trim().split("\\s+")) {
            if (!w.isEmpty()) all.add(TextNormalizer.normalize(w));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read stop word list " + name, e);
      }
    }
    return new StopWords(all);
  }
}
