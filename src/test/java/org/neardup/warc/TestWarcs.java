package org.neardup.warc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

/**
 * A small crawl archive written for the tests from the demo site's pages, with the record kinds
 * and encodings crawlers write: warcinfo, request and metadata records, responses with chunked
 * transfer encoding, gzip content encoding and a charset declared only in the HTTP header, an
 * identical payload under another url, an image, a 404 and a revisit.
 */
public final class TestWarcs {
  private TestWarcs() {}

  /** One capture in the archive: its url, capture time and whether it is a page. */
  public record Capture(String url, Instant date, String html, Charset charset) {}

  public static final Instant T0 = Instant.parse("2026-07-15T08:00:00Z");

  /** The pages of {@link #write}, in archive order, as {@code dedup} decides them. */
  public static final List<String> PAGE_URLS = List.of(
      "http://news-a.example/flood.html",
      "http://news-b.example/flood-reprint.html",
      "http://mirror.example/flood.html",
      "http://blog-c.example/flood.html",
      "http://world-d.example/marathon.html",
      "http://mirror-e.example/marathon.html");

  public static String demo(String path) {
    return demo(path, StandardCharsets.UTF_8);
  }

  /** A page of the demo site, read in the charset it is written in. */
  public static String demo(String path, Charset charset) {
    try (InputStream in = TestWarcs.class.getResourceAsStream("/demo-site/" + path)) {
      if (in == null) throw new IllegalStateException("missing demo page " + path);
      return new String(in.readAllBytes(), charset);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The pages of the archive with the bytes and charset each response carries. */
  public static List<Capture> pages() {
    String flood = demo("news-a/flood.html");
    // news-b writes GBK; here only the HTTP header says so
    String reprint = demo("news-b/flood-reprint.html", Charset.forName("GBK")).replace("<meta charset=\"gbk\">", "");
    return List.of(
        new Capture(PAGE_URLS.get(0), T0, flood, StandardCharsets.UTF_8),
        new Capture(PAGE_URLS.get(1), T0.plusSeconds(60), reprint, Charset.forName("GBK")),
        new Capture(PAGE_URLS.get(2), T0.plusSeconds(120), flood, StandardCharsets.UTF_8),
        new Capture(PAGE_URLS.get(3), T0.plusSeconds(180), demo("blog-c/flood.html"), StandardCharsets.UTF_8),
        new Capture(PAGE_URLS.get(4), T0.plusSeconds(240), demo("world-d/marathon.html"), StandardCharsets.UTF_8),
        new Capture(PAGE_URLS.get(5), T0.plusSeconds(300), demo("mirror-e/marathon.html"), StandardCharsets.UTF_8));
  }

  /** Writes the archive; gzipped record by record when {@code compression} says so. */
  public static Path write(Path file, WarcCompression compression) throws IOException {
    List<Capture> pages = pages();
    try (WarcWriter w = new WarcWriter(FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING), compression)) {
      w.write(new Warcinfo.Builder().date(T0).fields(Map.of("software", List.of("neardup tests"))).build());
      for (int i = 0; i < pages.size(); i++) {
        Capture c = pages.get(i);
        w.write(new WarcRequest.Builder(URI.create(c.url())).date(c.date())
            .body(MediaType.HTTP_REQUEST, ("GET " + URI.create(c.url()).getPath() + " HTTP/1.1\r\nHost: "
                + URI.create(c.url()).getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII)).build());
        byte[] body = c.html().getBytes(c.charset());
        String charset = c.charset().name().toLowerCase();
        WarcRecord response = switch (i) {
          case 0 -> response(c, chunked(body), "Transfer-Encoding: chunked\r\nContent-Type: text/html; charset=" + charset, body);
          case 3 -> response(c, gzip(body), "Content-Encoding: gzip\r\nContent-Type: text/html", body);
          case 4 -> new WarcResource.Builder(URI.create(c.url())).date(c.date())
              .body(MediaType.parse("text/html; charset=utf-8"), body).payloadDigest(sha1(body)).build();
          default -> response(c, body, "Content-Type: text/html; charset=" + charset, body);
        };
        w.write(response);
        if (i == 1) {
          w.write(new WarcMetadata.Builder().targetURI(c.url()).date(c.date())
              .fields(Map.of("outlinks", List.of("http://news-b.example/"))).build());
          Capture img = new Capture("http://news-b.example/logo.png", c.date(), null, null);
          byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0};
          w.write(response(img, png, "Content-Type: image/png", png));
          byte[] missing = "<html><body><h1>Not found</h1></body></html>".getBytes(StandardCharsets.UTF_8);
          Capture gone = new Capture("http://news-b.example/gone.html", c.date(), null, null);
          w.write(response(gone, "HTTP/1.1 404 Not Found", missing, "Content-Type: text/html", missing));
        }
        if (i == 2) {
          w.write(new WarcRevisit.Builder(URI.create(c.url()), WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0)
              .date(c.date().plusSeconds(1)).body(MediaType.HTTP_RESPONSE,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n".getBytes(StandardCharsets.US_ASCII))
              .build());
        }
      }
    }
    return file;
  }

  /** The archive's pages as {@code dedup} JSON lines: the same bytes, charset and capture time. */
  public static String jsonLines() {
    StringBuilder sb = new StringBuilder();
    for (Capture c : pages()) {
      sb.append("{\"url\":\"").append(c.url()).append("\",\"body_base64\":\"")
          .append(java.util.Base64.getEncoder().encodeToString(c.html().getBytes(c.charset())))
          .append("\",\"charset\":\"").append(c.charset().name().toLowerCase())
          .append("\",\"fetched_at\":\"").append(c.date()).append("\"}\n");
    }
    return sb.toString();
  }

  private static WarcResponse response(Capture c, byte[] payload, String headers, byte[] decoded) {
    return response(c, "HTTP/1.1 200 OK", payload, headers, decoded);
  }

  private static WarcResponse response(Capture c, String status, byte[] payload, String headers, byte[] decoded) {
    ByteArrayOutputStream http = new ByteArrayOutputStream();
    http.writeBytes((status + "\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    http.writeBytes(payload);
    return new WarcResponse.Builder(URI.create(c.url())).date(c.date())
        .body(MediaType.HTTP_RESPONSE, http.toByteArray()).payloadDigest(sha1(decoded)).build();
  }

  /** The body in chunks of at most 1,000 bytes, as servers stream it. */
  static byte[] chunked(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < body.length; at += 1000) {
      int n = Math.min(1000, body.length - at);
      out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body, at, n);
      out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  static WarcDigest sha1(byte[] bytes) {
    try {
      return new WarcDigest("sha1", java.security.MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every record's type in file order, read back with jwarc. */
  public static List<String> types(Path file) throws IOException {
    List<String> types = new ArrayList<>();
    try (org.netpreserve.jwarc.WarcReader r = new org.netpreserve.jwarc.WarcReader(file)) {
      for (WarcRecord rec : r) types.add(rec.type());
    }
    return types;
  }
}
