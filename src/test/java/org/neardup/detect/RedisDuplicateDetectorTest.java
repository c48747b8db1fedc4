package org.neardup.detect;

import org.neardup.index.FingerprintStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.TestRedis;

class RedisDuplicateDetectorTest extends DuplicateDetectorContract {
  @Override
  FingerprintStore newStore() {
    return new RedisFingerprintStore(TestRedis.settings(), IndexSettings.defaults(TestRedis.namespace("detect")));
  }
}
