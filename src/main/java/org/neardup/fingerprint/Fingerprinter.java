package org.neardup.fingerprint;

import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.text.LanguageGuesser;
import org.neardup.text.Letters;
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
    // the text as written, case and all, but in one form of each letter: where names are read;
    // normalize starts with that form, which it then finds done
    String shown = TextNormalizer.compatible(page.text());
    String shownTitle = TextNormalizer.compatible(page.title());
    String text = TextNormalizer.normalize(shown);
    String title = TitleCleaner.clean(TextNormalizer.normalize(shownTitle));
    Language language = page.language() == Language.OTHER || page.language() == null
        ? LanguageGuesser.guess(text) : page.language();

    // One analyzer for the text and the metadata: it segments each distinct Han run once.
    TextAnalyzer pageAnalyzer = analyzer.forOnePage();
    TermCounts.Builder counting = new TermCounts.Builder(idf);
    pageAnalyzer.terms(text, counting);
    TermCounts terms = counting.build();
    double[] tfidf = TermWeights.weights(terms, TermWeights.Scheme.TFIDF);
    double[] weights = settings.simhashWeighting() == TermWeights.Scheme.TFIDF
        ? tfidf : TermWeights.weights(terms, settings.simhashWeighting());
    // The core terms mostly come from the text too: their IDFs were just looked up.
    IdfTable pageIdf = term -> {
      int id = terms.id(term);
      return id >= 0 ? terms.idf(id) : idf.idf(term);
    };

    boolean list = ItemList.is(text);
    long[] shingles = Shingles.of(text, language, settings.charShingle(), settings.wordShingle(), list);
    long[] minhash = minHash.signature(shingles);
    var sentences = SentenceSplitter.split(text);

    return new Fingerprints(
        language,
        Letters.count(text),
        terms.total(),
        ContentDigest.of(text),
        SimHash.of(terms, weights),
        shingles,
        minhash,
        MinHash.bands(minhash, settings.lshBands(), settings.lshRows()),
        LongestSentences.of(sentences, settings.longestSentences()),
        SentenceBoundary.of(title, text, settings.sentenceParts()),
        CoreTerms.of(title, page.keywords(), page.description(), pageAnalyzer, pageIdf,
            settings.coreTerms()),
        KeywordFingerprint.of(TermWeights.top(terms, tfidf, settings.keywords()),
            TextNormalizer.normalize(page.description()), text),
        IMatch.of(terms, settings.imatchKeep()),
        FrequentTermsFingerprint.of(terms, settings.frequentPercentage(), settings.frequentInterval()),
        SegmentSignature.of(text, settings.segments(), settings.segmentMinChars()),
        TitleNames.of(shownTitle, TextNormalizer.compatible(page.heading()), shown),
        list,
        LanguageGuesser.nonLatinShare(text),
        TextNames.of(shown));
  }
}
