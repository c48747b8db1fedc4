package org.neardup.fingerprint;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.text.LanguageGuesser;
import org.neardup.text.SentenceSplitter;
import org.neardup.text.TextAnalyzer;
import org.neardup.text.TextNormalizer;

/**
 * Computes all fingerprints of a page. Normalises and tokenises once and feeds every method from
 * the same normalised text, terms and sentences. Thread-safe.
 */
public final class Fingerprinter {
  private final FingerprintSettings settings;
  private final TextAnalyzer analyzer;
  private final IdfTable idf;
  private final MinHash minHash;

  public Fingerprinter(FingerprintSettings settings, TextAnalyzer analyzer, IdfTable idf) {
    this.settings = settings;
    this.analyzer = analyzer;
    this.idf = idf;
    this.minHash = new MinHash(settings.minhashPermutations(), settings.minhashSeed());
  }

  public FingerprintSettings settings() {
    return settings;
  }

  public TextAnalyzer analyzer() {
    return analyzer;
  }

  public Fingerprints of(Page page) {
    String text = TextNormalizer.normalize(page.text());
    String title = TitleCleaner.clean(TextNormalizer.normalize(page.title()));
    Language language = page.language() == Language.OTHER || page.language() == null
        ? LanguageGuesser.guess(text) : page.language();

    List<String> terms = analyzer.terms(text);
    // TF-IDF weights, I-Match and the core terms all look IDFs up, mostly of the same terms; the
    // prior costs two jieba dictionary lookups per term, so each term's IDF is looked up once.
    Map<String, Double> idfMemo = new HashMap<>();
    IdfTable idf = term -> idfMemo.computeIfAbsent(term, this.idf::idf);
    Map<String, Integer> counts = TermWeights.counts(terms);
    Map<String, Double> weights = TermWeights.weights(counts, settings.simhashWeighting(), idf);
    Map<String, Double> tfidf = settings.simhashWeighting() == TermWeights.Scheme.TFIDF
        ? weights : TermWeights.weights(counts, TermWeights.Scheme.TFIDF, idf);

    long[] shingles = Shingles.of(text, language, settings.charShingle(), settings.wordShingle());
    long[] minhash = minHash.signature(shingles);
    var sentences = SentenceSplitter.split(text);

    return new Fingerprints(
        language,
        letters(text),
        terms.size(),
        ContentDigest.of(text),
        SimHash.of(weights),
        shingles,
        minhash,
        MinHash.bands(minhash, settings.lshBands(), settings.lshRows()),
        LongestSentences.of(sentences, settings.longestSentences()),
        SentenceBoundary.of(title, text, settings.sentenceParts()),
        CoreTerms.of(title, page.keywords(), page.description(), analyzer, idf, settings.coreTerms()),
        KeywordFingerprint.of(TermWeights.top(tfidf, settings.keywords()),
            TextNormalizer.normalize(page.description()), text),
        IMatch.of(terms, idf, settings.imatchKeep()),
        FrequentTermsFingerprint.of(counts, settings.frequentPercentage(), settings.frequentInterval()),
        SegmentSignature.of(text, settings.segments(), settings.segmentMinChars()));
  }

  static int letters(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) if (Character.isLetterOrDigit(s.charAt(i))) n++;
    return n;
  }
}
