package org.neardup.storm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves the bundled demo site (class path {@code /demo-site/}) on loopback: each of its sites (a
 * top folder: news-a, blog-c, ...) on a port of its own, so the crawl meets them as different
 * sites, as a crawl of the web would. The bytes go out as they are, but for relative links from
 * one site to another ({@code href="../news-a/subway.html"}, a rel=canonical among them), which
 * are made absolute on the other site's server. HTML goes out as {@code text/html} without a
 * charset, so the GBK pages are decoded by charset detection (their meta tag, or a guess for the
 * page without one).
 */
public final class DemoSiteServer implements AutoCloseable {
  static final String ROOT = "/demo-site/";

  /** Site folder -> its server. */
  private final Map<String, HttpServer> servers;

  private DemoSiteServer(Map<String, HttpServer> servers) {
    this.servers = servers;
  }

  /** Starts a server for each site that {@code paths} (site/page.html) name, in their order. */
  public static DemoSiteServer start(List<String> paths) {
    // the JDK's server writes headers and body apart: without TCP_NODELAY each body waits for the
    // fetcher's delayed ACK (40 ms)
    if (System.getProperty("sun.net.httpserver.nodelay") == null) System.setProperty("sun.net.httpserver.nodelay", "true");
    Map<String, HttpServer> servers = new LinkedHashMap<>();
    try {
      for (String p : paths) {
        String site = site(p);
        if (servers.containsKey(site)) continue;
        servers.put(site, HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16));
      }
      DemoSiteServer demo = new DemoSiteServer(servers);
      for (HttpServer server : servers.values()) {
        server.createContext("/", demo::handle);
        server.start();
      }
      return demo;
    } catch (IOException e) {
      servers.values().forEach(s -> s.stop(0));
      throw new UncheckedIOException("cannot start the demo site servers", e);
    }
  }

  private static String site(String path) {
    int slash = path.indexOf('/');
    if (slash <= 0) throw new IllegalArgumentException("demo page " + path + " is not in a site folder");
    return path.substring(0, slash);
  }

  /** The url a page of the demo site (site/page.html) is served at. */
  public String url(String path) {
    HttpServer server = servers.get(site(path));
    if (server == null) throw new IllegalArgumentException("no demo server for " + path);
    return origin(server) + path;
  }

  /** The page path of one of this server's urls; other urls as they are. */
  public String path(String url) {
    for (HttpServer s : servers.values()) {
      if (url.startsWith(origin(s))) return url.substring(origin(s).length());
    }
    return url;
  }

  /** Every site's base url, ending in "/". */
  public List<String> origins() {
    return servers.values().stream().map(DemoSiteServer::origin).toList();
  }

  private static String origin(HttpServer s) {
    return "http://127.0.0.1:" + s.getAddress().getPort() + "/";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath().replaceFirst("^/+", "");
      byte[] body = path.contains("..") || path.isEmpty() ? null : resource(path);
      if (body != null && path.endsWith(".html")) body = linksBetweenSites(body);
      if (body == null) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      exchange.getResponseHeaders().set("Content-Type", path.endsWith(".html") ? "text/html" : "text/plain");
      boolean head = exchange.getRequestMethod().equals("HEAD");
      exchange.sendResponseHeaders(200, head ? -1 : body.length);
      if (!head) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }

  /**
   * The page with {@code ="../SITE/} made {@code ="http://127.0.0.1:PORT/SITE/} for every other
   * site. Byte for byte: '=', '.', '/' and '"' are no trail byte of GBK or UTF-8, so the pattern
   * cannot start inside a character of either.
   */
  private byte[] linksBetweenSites(byte[] page) {
    String latin = new String(page, java.nio.charset.StandardCharsets.ISO_8859_1);
    for (var e : servers.entrySet()) {
      latin = latin.replace("=\"../" + e.getKey() + "/", "=\"" + origin(e.getValue()) + e.getKey() + "/");
    }
    return latin.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  public static byte[] resource(String path) throws IOException {
    try (InputStream in = DemoSiteServer.class.getResourceAsStream(ROOT + path)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  @Override
  public void close() {
    servers.values().forEach(s -> s.stop(0));
  }
}
