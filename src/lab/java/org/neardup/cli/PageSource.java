package org.neardup.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * Reads a page given on the command line: a file path (gunzipped when it ends in .gz), a file://
 * url or an http(s) url. Returns the bytes and the charset the server declared, if any.
 */
record PageSource(String url, byte[] body, String charsetHint) {
  static PageSource read(String location, int maxBytes) {
    try {
      if (location.startsWith("http://") || location.startsWith("https://")) {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<byte[]> r = client.send(
            HttpRequest.newBuilder(URI.create(location)).timeout(Duration.ofSeconds(30))
                .header("User-Agent", "neardup-cli").build(),
            HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() >= 400) {
          throw new IllegalArgumentException(location + ": HTTP status " + r.statusCode());
        }
        Optional<String> ct = r.headers().firstValue("Content-Type");
        return new PageSource(location, r.body(), ct.map(PageSource::charsetOf).orElse(null));
      }
      Path path = location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
      if (!Files.isRegularFile(path)) {
        throw new IllegalArgumentException(location + ": no such file");
      }
      byte[] bytes;
      // A .gz file (how crawls and the corpora store pages) is read through gunzip; the cap then
      // applies to the page, so a small archive cannot inflate into more than maxBytes + 1.
      boolean gzip = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
      try (InputStream in = gzip ? new GZIPInputStream(Files.newInputStream(path)) : Files.newInputStream(path)) {
        bytes = in.readNBytes(maxBytes + 1); // one more than the cap, so extraction sees it was cut
      }
      return new PageSource(path.toAbsolutePath().toUri().toString(), bytes, null);
    } catch (IOException e) {
      // a failed connection can come without a message: name its kind then
      throw new UncheckedIOException("cannot read " + location
          + (e.getMessage() == null ? ": " + e.getClass().getSimpleName() : ""), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading " + location, e);
    }
  }

  static String charsetOf(String contentType) {
    for (String part : contentType.split(";")) {
      String p = part.trim().toLowerCase(Locale.ROOT);
      if (p.startsWith("charset=")) return p.substring(8).replace("\"", "");
    }
    return null;
  }
}
