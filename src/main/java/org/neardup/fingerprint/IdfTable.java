package org.neardup.fingerprint;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.neardup.text.Dictionary;
import org.neardup.text.LanguageGuesser;

/**
 * Inverse document frequency of terms, for TF-IDF weights (SimHash, keywords) and the I-Match
 * filter. Either built from a corpus of the crawl's own pages ({@link #build}) and saved as TSV,
 * or the prior: jieba's dictionary word probability for Chinese words and one
 * constant for other words (all equally informative when nothing better is known).
 */
public interface IdfTable {
  double idf(String term);

  /** Chinese terms: −log P(word) from jieba's dictionary; other terms: {@link #DEFAULT_IDF}. */
  static IdfTable prior() {
    return term -> LanguageGuesser.isHan(term.codePointAt(0))
        ? Dictionary.inverseFrequency(term)
        : DEFAULT_IDF;
  }

  /** The IDF given to a word the table knows nothing about, about that of a mid-frequency word. */
  double DEFAULT_IDF = 8.0;

  /**
   * log((N + 1) / (df + 1)) + 1 over documents given as term lists; terms of fewer than
   * {@code minDocs} documents are left out (they fall back to the unseen-term value).
   */
  static Built build(Collection<List<String>> documents, int minDocs) {
    Map<String, Integer> df = new HashMap<>();
    for (List<String> doc : documents) {
      Set<String> seen = new HashSet<>(doc);
      for (String t : seen) df.merge(t, 1, Integer::sum);
    }
    int n = documents.size();
    Map<String, Double> idf = new TreeMap<>();
    for (Map.Entry<String, Integer> e : df.entrySet()) {
      if (e.getValue() >= minDocs) idf.put(e.getKey(), Math.log((n + 1.0) / (e.getValue() + 1.0)) + 1);
    }
    return new Built(idf, Math.log((n + 1.0) / 1.0) + 1);
  }

  /** Reads a table written by {@link Built#write}: "term TAB idf" lines, "#unseen TAB value" first. */
  static Built load(Path path) {
    Map<String, Double> idf = new HashMap<>();
    double unseen = DEFAULT_IDF;
    try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      int lineNo = 0;
      for (String line; (line = r.readLine()) != null; ) {
        lineNo++;
        if (line.isBlank()) continue;
        int tab = line.lastIndexOf('\t');
        if (tab <= 0) {
          throw new IllegalArgumentException(path + ":" + lineNo + ": expected 'term<TAB>idf', got '" + line + "'");
        }
        double v;
        try {
          v = Double.parseDouble(line.substring(tab + 1));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(path + ":" + lineNo + ": idf is not a number: '" + line + "'");
        }
        String term = line.substring(0, tab);
        if (term.equals("#unseen")) unseen = v;
        else idf.put(term, v);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read IDF table " + path, e);
    }
    return new Built(idf, unseen);
  }

  /**
   * What names a table's content in the index layout: "prior" for {@link #prior()} (the table of
   * the jieba dictionary this build bundles), else "sha256:" and the first 16 hex digits of
   * SHA-256 of the file's bytes, so a process reading other IDF values is refused, whatever the
   * file is called.
   *
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  static String contentName(Path path) {
    if (path == null) return "prior";
    try {
      byte[] sha = java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path));
      return "sha256:" + java.util.HexFormat.of().formatHex(sha, 0, 8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read IDF table " + path, e);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A table of known terms; unknown terms get {@code unseen}. */
  record Built(Map<String, Double> values, double unseen) implements IdfTable {
    @Override
    public double idf(String term) {
      return values.getOrDefault(term, unseen);
    }

    public void write(Writer w) throws IOException {
      w.write("#unseen\t" + unseen + "\n");
      for (Map.Entry<String, Double> e : new TreeMap<>(values).entrySet()) {
        w.write(e.getKey() + "\t" + e.getValue() + "\n");
      }
    }
  }
}
