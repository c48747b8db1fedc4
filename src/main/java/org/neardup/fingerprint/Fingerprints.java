package org.neardup.fingerprint;

import org.neardup.extract.Language;

/**
 * Every fingerprint of one page, computed once (in the parse filter or the bolt) and compared or
 * indexed from there.
 *
 * @param language the language the text was tokenised as
 * @param textChars letters and digits in the normalised main text (the "too little text" test)
 * @param terms terms after stop words (for the "too little text" test and stats)
 * @param digest MD5 of the normalised text
 * @param simhash 64-bit SimHash of the weighted terms
 * @param shingles sorted distinct shingle hashes (not stored; for exact Jaccard in comparisons)
 * @param minhash the MinHash signature
 * @param bands LSH band keys of the MinHash
 * @param longest the longest-sentence signature
 * @param boundary the sentence-boundary fingerprint
 * @param coreTerms the core-term fingerprint
 * @param keywords the keyword fingerprints
 * @param imatch the I-Match fingerprint
 * @param frequentTerms the Percentage / Sum_interval fingerprint
 * @param segments the segment signatures
 * @param names the names the title gives and how often the text holds each name
 * @param list whether the text is a list of items ({@link ItemList})
 * @param nonLatinShare the share of the text's words written in another script than Latin
 *     ({@code LanguageGuesser.nonLatinShare})
 * @param textNames a sketch of the names the text writes
 */
public record Fingerprints(
    Language language,
    int textChars,
    int terms,
    ContentDigest digest,
    long simhash,
    long[] shingles,
    long[] minhash,
    long[] bands,
    LongestSentences longest,
    SentenceBoundary boundary,
    CoreTerms coreTerms,
    KeywordFingerprint keywords,
    IMatch imatch,
    FrequentTermsFingerprint frequentTerms,
    SegmentSignature segments,
    TitleNames names,
    boolean list,
    double nonLatinShare,
    TextNames textNames) {}
