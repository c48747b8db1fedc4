package org.neardup.index;

class MemoryFingerprintStoreTest extends FingerprintStoreContract {
  @Override
  protected IndexStore create(IndexSettings settings) {
    return new MemoryFingerprintStore(settings);
  }
}
