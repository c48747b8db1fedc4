package org.neardup.index.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Where the Redis store connects. The url is {@code redis://[user:password@]host:port[/db]}, or
 * {@code rediss://} for TLS. The password is never printed: {@link #toString()} and
 * {@link #maskedUrl()} replace it with {@code ***}.
 *
 * @param url the connection url
 * @param connectTimeoutMs connect timeout, milliseconds
 * @param socketTimeoutMs read timeout, milliseconds; a script running longer fails as Unavailable
 * @param poolSize most pooled connections
 */
public record RedisSettings(String url, int connectTimeoutMs, int socketTimeoutMs, int poolSize) {

  public RedisSettings {
    if (url == null || !(url.startsWith("redis://") || url.startsWith("rediss://"))) {
      throw new IllegalArgumentException("Redis url must start with redis:// or rediss://, got '"
          + mask(url) + "'");
    }
    if (connectTimeoutMs < 1 || socketTimeoutMs < 1) {
      throw new IllegalArgumentException("timeouts must be >= 1 ms, got connect "
          + connectTimeoutMs + " and socket " + socketTimeoutMs);
    }
    if (poolSize < 1) throw new IllegalArgumentException("poolSize must be >= 1, got " + poolSize);
    uri(url); // fail fast on a malformed url
  }

  public static RedisSettings of(String url) {
    return new RedisSettings(url, 2000, 2000, 16);
  }

  public boolean tls() {
    return url.startsWith("rediss://");
  }

  public String host() {
    return uri(url).getHost();
  }

  public int port() {
    int p = uri(url).getPort();
    return p < 0 ? 6379 : p;
  }

  public int database() {
    String path = uri(url).getPath();
    if (path == null || path.isEmpty() || path.equals("/")) return 0;
    try {
      return Integer.parseInt(path.substring(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Redis database must be a number, got '" + path
          + "' in " + maskedUrl());
    }
  }

  /** The user, or null. */
  public String user() {
    String ui = uri(url).getRawUserInfo();
    if (ui == null) return null;
    int c = ui.indexOf(':');
    String u = c < 0 ? null : ui.substring(0, c);
    return u == null || u.isEmpty() ? null : decode(u);
  }

  /** The password, or null. Never log it. */
  public String password() {
    String ui = uri(url).getRawUserInfo();
    if (ui == null) return null;
    int c = ui.indexOf(':');
    return decode(c < 0 ? ui : ui.substring(c + 1));
  }

  public String maskedUrl() {
    return mask(url);
  }

  @Override
  public String toString() {
    return "RedisSettings[" + maskedUrl() + ", connect " + connectTimeoutMs + " ms, socket "
        + socketTimeoutMs + " ms, pool " + poolSize + "]";
  }

  static String mask(String url) {
    if (url == null) return "null";
    int scheme = url.indexOf("://");
    int at = url.lastIndexOf('@');
    if (scheme < 0 || at < scheme) return url;
    String ui = url.substring(scheme + 3, at);
    int c = ui.indexOf(':');
    String user = c < 0 ? "" : ui.substring(0, c);
    return url.substring(0, scheme + 3) + (user.isEmpty() ? "" : user) + ":***" + url.substring(at);
  }

  private static URI uri(String url) {
    try {
      URI u = new URI(url);
      if (u.getHost() == null) throw new URISyntaxException(mask(url), "no host");
      return u;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("malformed Redis url " + mask(url));
    }
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
