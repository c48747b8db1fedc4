package org.neardup.runtime;

import org.neardup.config.NeardupConfig;
import org.neardup.extract.PageExtractor;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.IdfTable;
import org.neardup.text.Dictionary;
import org.neardup.text.TextAnalyzer;

/**
 * The store-free half of neardup built from one configuration: page extraction and fingerprinting.
 * Building it loads jieba's dictionary (once per JVM) and the IDF table, so build it once per
 * process (a bolt's prepare, a command's start), never per page.
 */
public record Pipeline(NeardupConfig config, PageExtractor extractor, Fingerprinter fingerprinter) {
  public static Pipeline of(NeardupConfig config) {
    Dictionary.preload();
    IdfTable idf = config.idfPath() == null ? IdfTable.prior() : IdfTable.load(config.idfPath());
    return new Pipeline(config, new PageExtractor(config.extraction()),
        new Fingerprinter(config.fingerprints(), TextAnalyzer.of(config.segmenter()), idf));
  }
}
