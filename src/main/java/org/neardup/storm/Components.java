package org.neardup.storm;

import org.neardup.config.NeardupConfig;
import org.neardup.extract.PageExtractor;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.IdfTable;
import org.neardup.text.Dictionary;
import org.neardup.text.TextAnalyzer;

/**
 * The pure (store-free) parts both the parse filter and the bolt build from one configuration:
 * the extractor and the fingerprinter. Loads jieba's dictionary and the IDF table once, here, so
 * no tuple pays for them.
 */
record Components(NeardupConfig config, PageExtractor extractor, Fingerprinter fingerprinter) {

  static Components of(NeardupConfig config) {
    Dictionary.preload();
    IdfTable idf = config.idfPath() == null ? IdfTable.prior() : IdfTable.load(config.idfPath());
    Fingerprinter fingerprinter =
        new Fingerprinter(config.fingerprints(), TextAnalyzer.of(config.segmenter()), idf);
    return new Components(config, new PageExtractor(config.extraction()), fingerprinter);
  }
}
