package org.neardup.cluster;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The pages of a folder served on loopback, each subfolder a site on a port of its own (files
 * directly in the folder form one more site): {@code .html} and {@code .htm} files as they are
 * ({@code .gz} ones unpacked), {@code .txt} files as a page with the first line as its title and
 * each further line a paragraph. For crawls of a corpus on the cluster, never for tests.
 */
final class FolderSite implements CrawlSite {
  private final Path root;
  private final Map<String, HttpServer> servers = new LinkedHashMap<>();
  private final List<String> pages;

  private FolderSite(Path root, List<String> pages) {
    this.root = root;
    this.pages = pages;
  }

  /** Serves the first {@code limit} pages of {@code root} (in path order; 0: all). */
  static FolderSite start(Path root, int limit) {
    CrawlSite.noDelay();
    Path r = root.toAbsolutePath().normalize();
    if (!Files.isDirectory(r)) throw new IllegalArgumentException("--pages " + root + " is not a folder");
    List<String> pages = new ArrayList<>();
    try (Stream<Path> s = Files.walk(r)) {
      s.filter(Files::isRegularFile).filter(p -> page(p.getFileName().toString())).sorted()
          .forEach(p -> pages.add(r.relativize(p).toString().replace('\\', '/')));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
    if (pages.isEmpty()) throw new IllegalArgumentException("--pages " + root + " holds no .html, .htm or .txt file");
    List<String> chosen = limit > 0 && pages.size() > limit ? List.copyOf(pages.subList(0, limit)) : List.copyOf(pages);
    FolderSite site = new FolderSite(r, chosen);
    try {
      for (String p : chosen) {
        String name = site(p);
        if (site.servers.containsKey(name)) continue;
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", site::handle);
        server.start();
        site.servers.put(name, server);
      }
      return site;
    } catch (IOException e) {
      site.close();
      throw new UncheckedIOException("cannot start the servers for " + root, e);
    }
  }

  private static boolean page(String name) {
    String n = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
    return n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".txt");
  }

  private static String site(String page) {
    int slash = page.indexOf('/');
    return slash < 0 ? "" : page.substring(0, slash);
  }

  @Override
  public List<String> pages() {
    return pages;
  }

  @Override
  public String url(String page) {
    return origin(servers.get(site(page))) + page;
  }

  @Override
  public String path(String url) {
    for (HttpServer s : servers.values()) if (url.startsWith(origin(s))) return url.substring(origin(s).length());
    return url;
  }

  @Override
  public List<String> origins() {
    return servers.values().stream().map(FolderSite::origin).toList();
  }

  private static String origin(HttpServer s) {
    return "http://127.0.0.1:" + s.getAddress().getPort() + "/";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String page = exchange.getRequestURI().getPath().replaceFirst("^/+", "");
      Path file = root.resolve(page).normalize();
      if (page.isEmpty() || !file.startsWith(root) || !Files.isRegularFile(file) || !page(file.getFileName().toString())) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      byte[] body = Files.readAllBytes(file);
      String name = file.getFileName().toString();
      if (name.endsWith(".gz")) {
        try (GZIPInputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
          body = in.readAllBytes();
        }
        name = name.substring(0, name.length() - 3);
      }
      if (name.endsWith(".txt")) body = html(new String(body, StandardCharsets.UTF_8));
      exchange.getResponseHeaders().set("Content-Type", name.endsWith(".txt") ? "text/html; charset=utf-8" : "text/html");
      boolean head = exchange.getRequestMethod().equals("HEAD");
      exchange.sendResponseHeaders(200, head ? -1 : body.length);
      if (!head) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      }
    }
  }

  /** A text as a page: its first non-blank line the title, every other non-blank line a paragraph. */
  static byte[] html(String text) {
    StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>");
    boolean title = true;
    StringBuilder body = new StringBuilder();
    for (String line : text.split("\r?\n")) {
      if (line.isBlank()) continue;
      String escaped = line.strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
      if (title) {
        b.append(escaped).append("</title></head><body><article><h1>").append(escaped).append("</h1>");
        title = false;
      } else {
        body.append("<p>").append(escaped).append("</p>");
      }
    }
    if (title) b.append("</title></head><body><article>");
    return b.append(body).append("</article></body></html>").toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    servers.values().forEach(s -> s.stop(0));
  }
}
