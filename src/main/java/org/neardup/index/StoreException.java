package org.neardup.index;

/**
 * The store could not do what was asked. Callers act on the subtype: an {@link Unavailable} store
 * may work again after a retry (the tuple is failed for replay); a {@link Misconfigured} one will
 * not until an operator acts.
 */
public class StoreException extends RuntimeException {
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }

  public StoreException(String message) {
    super(message);
  }

  /** The store did not answer in time, or the connection broke. Nothing was half-written. */
  public static class Unavailable extends StoreException {
    public Unavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * The store holds data that does not fit this configuration (another Bloom size or table layout
   * in the same namespace, a key of the wrong type). The message names the key and both settings.
   */
  public static class Misconfigured extends StoreException {
    public Misconfigured(String message) {
      super(message);
    }

    public Misconfigured(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
