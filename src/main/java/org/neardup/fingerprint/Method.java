package org.neardup.fingerprint;

/**
 * The comparison methods, in the order reports list them. The names are the stable keys of
 * JSON output and configuration: never rename one.
 */
public enum Method {
  EXACT("exact", "MD5 of normalised main text"),
  SIMHASH("simhash", "64-bit SimHash (Charikar 2002), Hamming distance"),
  SHINGLES("shingles", "exact Jaccard of shingles (Broder 1997)"),
  MINHASH("minhash", "MinHash Jaccard estimate (Broder et al. 1998)"),
  CONTAINMENT("containment", "share of the shorter page's shingles in the longer (excerpts, truncations)"),
  LONGEST_SENTENCES("longest_sentences", "overlap of the 5 longest sentences"),
  SENTENCE_BOUNDARY("sentence_boundary", "chars around ，。！？, title 1.5 + 3 parts"),
  CORE_TERMS("core_terms", "core terms of title/keywords/description"),
  KEYWORDS_DES("keywords_des", "MD5 of the description (keyword rule 1)"),
  KEYWORDS_CON("keywords_con", "MD5 of the top terms in weight order (keyword rule 2)"),
  KEYWORDS_SORT("keywords_sort", "MD5 of the top terms sorted (keyword rule 3)"),
  KEYWORDS_CON_WEIGHTED("keywords_con_weighted", "rule 2 and weights within a (keyword rule 4)"),
  KEYWORDS_SORT_WEIGHTED("keywords_sort_weighted", "rule 3 and weights within a (keyword rule 5)"),
  IMATCH("imatch", "I-Match (Chowdhury et al. 2002): top 70% terms by IDF, hashed"),
  FREQUENT_TERMS("frequent_terms", "MD5 of the most frequent terms, count rounded down to an interval"),
  SEGMENTS("segments", "M of N segment signatures"),
  COMBINED("combined", "the detector's rule over SimHash, MinHash, containment and sentence signatures");

  private final String key;
  private final String description;

  Method(String key, String description) {
    this.key = key;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public String description() {
    return description;
  }
}
