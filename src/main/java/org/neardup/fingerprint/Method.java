package org.neardup.fingerprint;

/**
 * The comparison methods, in the order reports list them. The names are the stable keys of
 * JSON output and configuration: never rename one.
 */
public enum Method {
  EXACT("exact", "MD5 of normalised main text (seed 000 §1)"),
  SIMHASH("simhash", "64-bit Charikar SimHash, Hamming distance (seed 003 §5)"),
  SHINGLES("shingles", "exact Jaccard of shingles (seed 001)"),
  MINHASH("minhash", "MinHash Jaccard estimate (seed 000 §2)"),
  CONTAINMENT("containment", "share of the shorter page's shingles in the longer (excerpts, truncations)"),
  LONGEST_SENTENCES("longest_sentences", "5 longest sentences overlap (seed 000 §4)"),
  SENTENCE_BOUNDARY("sentence_boundary", "chars around ，。！？, title 1.5 + 3 parts (seed 002 §8)"),
  CORE_TERMS("core_terms", "core terms of title/keywords/description (seed 002 §9)"),
  KEYWORDS_DES("keywords_des", "MD5(Des) (seed 002 §3 rule 1)"),
  KEYWORDS_CON("keywords_con", "MD5(Con) (seed 002 §3 rule 2)"),
  KEYWORDS_SORT("keywords_sort", "MD5(Sort) (seed 002 §3 rule 3)"),
  KEYWORDS_CON_WEIGHTED("keywords_con_weighted", "MD5(Con) and weights within a (rule 4)"),
  KEYWORDS_SORT_WEIGHTED("keywords_sort_weighted", "MD5(Sort) and weights within a (rule 5)"),
  IMATCH("imatch", "I-Match: top 70% terms by IDF, hashed (seed 002 §6)"),
  FREQUENT_TERMS("frequent_terms", "Percentage / Sum_interval fingerprint (seed 002 §5)"),
  SEGMENTS("segments", "M of N segment signatures (seed 002 §2)"),
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
