package org.neardup.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/**
 * Words that say nothing about what a page is about, for Chinese and English, from the bundled
 * lists {@code stopwords-zh.txt} and {@code stopwords-en.txt} (white-space separated, '#' comments).
 */
public final class StopWords {
  private final Set<String> words;
  /** A bit per char that starts a stop word: most tokens are rejected by it without hashing. */
  private final long[] firstChars = new long[(Character.MAX_VALUE + 1) / 64];

  public StopWords(Set<String> words) {
    // A HashSet, not Set.copyOf: Set.copyOf's table finds a slot by a division and compares
    // strings without comparing their hashes first.
    this.words = Collections.unmodifiableSet(new HashSet<>(words));
    for (String w : words) {
      if (!w.isEmpty()) firstChars[w.charAt(0) >>> 6] |= 1L << w.charAt(0);
    }
  }

  public boolean contains(String token) {
    if (!token.isEmpty() && (firstChars[token.charAt(0) >>> 6] & 1L << token.charAt(0)) == 0) return false;
    return words.contains(token);
  }

  public int size() {
    return words.size();
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
