package org.neardup.index;

class MemoryFingerprintStoreTest extends FingerprintStoreContract {
  @Override
  protected FingerprintStore create(IndexSettings settings) {
    return new MemoryFingerprintStore(settings);
  }
}
