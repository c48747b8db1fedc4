package org.neardup.storm;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexStore;

/**
 * One open store per worker JVM and configuration, shared by every {@link NearDuplicateBolt}
 * instance (executor) of the worker: Redis connections are pooled per JVM, and a memory store must
 * be one store for all bolts of a local topology. Reference-counted: the last bolt to release it
 * closes it.
 */
final class SharedStore {
  private static final Map<String, Entry> OPEN = new HashMap<>();

  private static final class Entry {
    final IndexStore store;
    int users;

    Entry(IndexStore store) {
      this.store = store;
    }
  }

  /** A bolt's hold on the shared store; {@link #close()} releases it once. */
  static final class Lease implements AutoCloseable {
    private final String key;
    private final IndexStore store;
    private boolean released;

    private Lease(String key, IndexStore store) {
      this.key = key;
      this.store = store;
    }

    IndexStore store() {
      return store;
    }

    @Override
    public void close() {
      synchronized (OPEN) {
        if (released) return;
        released = true;
        Entry e = OPEN.get(key);
        if (e != null && --e.users == 0) {
          OPEN.remove(key);
          e.store.close();
        }
      }
    }
  }

  private SharedStore() {}

  /** The store for {@code config}, opened with {@code opener} by the first caller. */
  static Lease acquire(NeardupConfig config, Function<NeardupConfig, IndexStore> opener) {
    String key = key(config);
    synchronized (OPEN) {
      Entry e = OPEN.get(key);
      if (e == null) {
        e = new Entry(opener.apply(config));
        OPEN.put(key, e);
      }
      e.users++;
      return new Lease(key, e.store);
    }
  }

  /** How many bolts hold the store of {@code config} (for tests). */
  static int users(NeardupConfig config) {
    synchronized (OPEN) {
      Entry e = OPEN.get(key(config));
      return e == null ? 0 : e.users;
    }
  }

  /** Same store url and same index layout: the same store. */
  private static String key(NeardupConfig config) {
    return config.store() + " " + config.index();
  }
}
