package org.neardup.storm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Serves the bundled demo site (class path {@code /demo-site/}) on a free loopback port, the
 * bytes as they are. HTML goes out as {@code text/html} without a charset, so the GBK pages are
 * decoded by charset detection (their meta tag, or a guess for the page without one).
 */
final class DemoSiteServer implements AutoCloseable {
  static final String ROOT = "/demo-site/";

  private final HttpServer server;

  private DemoSiteServer(HttpServer server) {
    this.server = server;
  }

  static DemoSiteServer start() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
      server.createContext("/", DemoSiteServer::handle);
      server.start();
      return new DemoSiteServer(server);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the demo site server", e);
    }
  }

  /** The site's base url, ending in "/". */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  private static void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath().replaceFirst("^/+", "");
      byte[] body = path.contains("..") || path.isEmpty() ? null : resource(path);
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

  static byte[] resource(String path) throws IOException {
    try (InputStream in = DemoSiteServer.class.getResourceAsStream(ROOT + path)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
