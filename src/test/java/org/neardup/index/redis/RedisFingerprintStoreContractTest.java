package org.neardup.index.redis;

import org.neardup.index.FingerprintStore;
import org.neardup.index.FingerprintStoreContract;
import org.neardup.index.IndexSettings;

class RedisFingerprintStoreContractTest extends FingerprintStoreContract {
  @Override
  protected FingerprintStore create(IndexSettings settings) {
    return new RedisFingerprintStore(TestRedis.settings(), settings);
  }

  @Override
  protected String namespace() {
    return TestRedis.namespace("contract");
  }
}
