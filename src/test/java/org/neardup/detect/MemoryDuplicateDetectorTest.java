package org.neardup.detect;

import org.neardup.index.FingerprintStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;

class MemoryDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  FingerprintStore newStore() {
    return new MemoryFingerprintStore(IndexSettings.defaults("test"));
  }
}
