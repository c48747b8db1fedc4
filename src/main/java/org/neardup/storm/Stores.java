package org.neardup.storm;

import org.neardup.config.NeardupConfig;
import org.neardup.index.FingerprintStore;

/** Opens the store a configuration names. */
final class Stores {
  private Stores() {}

  static FingerprintStore open(NeardupConfig config) {
    throw new UnsupportedOperationException("store " + config.store() + ": not wired yet");
  }
}
