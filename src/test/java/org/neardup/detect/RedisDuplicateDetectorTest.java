package org.neardup.detect;

import org.neardup.index.FingerprintStore;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.TestRedis;

class RedisDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  FingerprintStore newStore() {
    return new RedisFingerprintStore(TestRedis.settings(), testSettings(TestRedis.namespace("detect")));
  }
}
