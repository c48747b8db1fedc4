package org.neardup.index.redis;

import org.neardup.index.IndexStore;
import org.neardup.index.FingerprintStoreContract;
import org.neardup.index.IndexSettings;

class RedisFingerprintStoreContractTest extends FingerprintStoreContract {
  @Override
  protected IndexStore create(IndexSettings settings) {
    return new RedisFingerprintStore(TestRedis.settings(), settings);
  }

  @Override
  protected String namespace() {
    return TestRedis.namespace("contract");
  }
}
