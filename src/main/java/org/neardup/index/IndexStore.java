package org.neardup.index;

/**
 * A store as it is opened ({@code Stores.open}): the detector's {@link FingerprintStore} and the
 * operators' {@link StoreMaintenance} over one namespace. A worker's bolts share one: the dedup
 * bolt checks pages through it, the deletion bolt removes urls. Callers hold the narrower view
 * they use.
 */
public interface IndexStore extends FingerprintStore, StoreMaintenance {

  @Override
  void close();
}
