package org.neardup.fingerprint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.neardup.text.TextAnalyzer;
import org.neardup.text.TextNormalizer;

/**
 * The core-term fingerprint (docs/METHODS.md): the few terms that title, meta keywords and
 * description agree a page is about, sorted and hashed. Equal hashes put pages in one coarse
 * bucket whose members are then compared with fine signatures; using terms rather than the whole
 * title tolerates title noise (site suffixes, punctuation).
 *
 * @param terms the core terms, sorted
 * @param hash 64-bit hash of the sorted terms; 0 when the page has too little metadata
 */
public record CoreTerms(List<String> terms, long hash) {
  public static final CoreTerms NONE = new CoreTerms(List.of(), 0);

  /**
   * A term scores its idf times the number of fields (title, keywords, description) it appears in,
   * so terms the page repeats about itself win; the {@code count} best make the fingerprint.
   */
  public static CoreTerms of(String cleanTitle, String keywords, String description,
      TextAnalyzer analyzer, IdfTable idf, int count) {
    // Any map will do: the top terms are chosen by a total order (score, then term).
    Map<String, Double> score = new HashMap<>();
    for (String field : new String[] {cleanTitle, keywords, description}) {
      Set<String> seen = new HashSet<>();
      for (String t : analyzer.terms(TextNormalizer.normalize(field))) {
        if (t.length() < 2 && t.codePointCount(0, t.length()) < 2 || !seen.add(t)) continue;
        score.merge(t, idf.idf(t), Double::sum);
      }
    }
    if (score.size() < count) return NONE;
    List<String> top = new ArrayList<>();
    for (TermWeights.Weighted w : TermWeights.top(score, count)) top.add(w.term());
    top.sort(null);
    return new CoreTerms(List.copyOf(top), Hashes.murmur64(String.join("\u0001", top)));
  }
}
