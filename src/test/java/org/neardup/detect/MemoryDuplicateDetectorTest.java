package org.neardup.detect;

import org.neardup.index.IndexStore;
import org.neardup.index.MemoryFingerprintStore;

class MemoryDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  IndexStore newStore() {
    return new MemoryFingerprintStore(testSettings("test"));
  }
}
