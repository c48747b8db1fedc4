package org.neardup.index.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the Redis store connects. The url is {@code redis://[user:password@]host:port[/db]}, or
 * {@code rediss://} for TLS. A Redis Cluster is
 * {@code redis-cluster://[user:password@]host:port[,host:port...]} ({@code rediss-cluster://}
 * for TLS): the nodes are seeds, the client discovers the others; a cluster has only database 0.
 * The password is never printed: {@link #toString()} and {@link #maskedUrl()} replace it with
 * {@code ***}.
 *
 * @param url the connection url
 * @param connectTimeoutMs connect timeout, milliseconds
 * @param socketTimeoutMs read timeout, milliseconds; a script running longer fails as Unavailable
 * @param poolSize most pooled connections
 */
public record RedisSettings(String url, int connectTimeoutMs, int socketTimeoutMs, int poolSize) {

  public RedisSettings {
    if (url == null || !(url.startsWith("redis://") || url.startsWith("rediss://")
        || url.startsWith("redis-cluster://") || url.startsWith("rediss-cluster://"))) {
      throw new IllegalArgumentException("Redis url must start with redis://, rediss://, "
          + "redis-cluster:// or rediss-cluster://, got '" + mask(url) + "'");
    }
    if (connectTimeoutMs < 1 || socketTimeoutMs < 1) {
      throw new IllegalArgumentException("timeouts must be >= 1 ms, got connect "
          + connectTimeoutMs + " and socket " + socketTimeoutMs);
    }
    if (poolSize < 1) throw new IllegalArgumentException("poolSize must be >= 1, got " + poolSize);
    uri(url); // fail fast on a malformed url
    if (url.contains("-cluster://")) {
      nodesOf(url);
      String path = uri(url).getPath();
      if (!(path == null || path.isEmpty() || path.equals("/") || path.equals("/0"))) {
        throw new IllegalArgumentException("a Redis Cluster has only database 0, got '" + path
            + "' in " + mask(url));
      }
    }
  }

  public static RedisSettings of(String url) {
    return new RedisSettings(url, 2000, 2000, 16);
  }

  public boolean tls() {
    return url.startsWith("rediss://") || url.startsWith("rediss-cluster://");
  }

  /** True for a {@code redis-cluster://} or {@code rediss-cluster://} url. */
  public boolean cluster() {
    return url.startsWith("redis-cluster://") || url.startsWith("rediss-cluster://");
  }

  /** {@code host:port} of every node the url names (the seed nodes of a cluster). */
  public List<String> nodes() {
    return cluster() ? nodesOf(url) : List.of(host() + ":" + port());
  }

  /** The first node's host. */
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

  /** A cluster url's nodes, each checked as {@code redis://host:port}. */
  private static List<String> nodesOf(String url) {
    int start = url.indexOf("://") + 3;
    int at = url.lastIndexOf('@');
    String rest = url.substring(Math.max(start, at + 1));
    int slash = rest.indexOf('/');
    List<String> out = new ArrayList<>();
    for (String n : (slash < 0 ? rest : rest.substring(0, slash)).split(",", -1)) {
      URI u = uri("redis://" + n);
      out.add(u.getHost() + ":" + (u.getPort() < 0 ? 6379 : u.getPort()));
    }
    return out;
  }

  /** The url as a {@link URI}; a cluster url as the single-node url of its first node. */
  private static URI uri(String url) {
    if (url.contains("-cluster://")) {
      int start = url.indexOf("://") + 3;
      int at = url.lastIndexOf('@');
      int hosts = Math.max(start, at + 1);
      int comma = url.indexOf(',', hosts);
      int slash = url.indexOf('/', hosts);
      String tail = comma < 0 ? url.substring(hosts)
          : url.substring(hosts, comma) + (slash < 0 ? "" : url.substring(slash));
      url = (url.startsWith("rediss") ? "rediss://" : "redis://") + url.substring(start, hosts)
          + tail;
    }
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
