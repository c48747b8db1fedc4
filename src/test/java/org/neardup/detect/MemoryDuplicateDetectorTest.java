package org.neardup.detect;

import org.neardup.index.FingerprintStore;
import org.neardup.index.MemoryFingerprintStore;

class MemoryDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  FingerprintStore newStore() {
    return new MemoryFingerprintStore(testSettings("test"));
  }
}
