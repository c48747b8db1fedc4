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

  /**
   * A bolt's way to its lease when the store may not open at once: a store that is unavailable
   * when the worker starts (Redis down, or refusing the writes that create a new namespace) is
   * tried again at most once a second, so the executor lives on (its tuples fail for replay, its
   * removals wait) instead of dying and the Supervisor restarting the worker in a loop. A
   * misconfigured store still throws.
   */
  static final class Opening {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Opening.class);
    private static final long RETRY_NANOS = 1_000_000_000L;

    private final NeardupConfig config;
    private final Function<NeardupConfig, IndexStore> opener;
    private Lease lease;
    private org.neardup.index.StoreException.Unavailable failure;
    private long nextNanos;

    Opening(NeardupConfig config, Function<NeardupConfig, IndexStore> opener) {
      this.config = config;
      this.opener = opener;
    }

    /** The lease, opening the store when it is due; null while it cannot be opened. */
    Lease lease() {
      if (lease != null || System.nanoTime() < nextNanos) return lease;
      try {
        lease = acquire(config, opener);
        if (failure != null) LOG.info("The fingerprint store is open");
        failure = null;
      } catch (org.neardup.index.StoreException.Unavailable e) {
        if (failure == null) LOG.warn("Cannot open the fingerprint store yet; trying again each second: {}", e.getMessage());
        failure = e;
        nextNanos = System.nanoTime() + RETRY_NANOS;
      }
      return lease;
    }

    /** Why the store could not be opened, while {@link #lease} is null. */
    org.neardup.index.StoreException.Unavailable failure() {
      return failure;
    }

    void close() {
      if (lease != null) lease.close();
    }
  }

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
