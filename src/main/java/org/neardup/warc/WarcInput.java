package org.neardup.warc;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Reads one WARC file (ISO 28500; plain or gzipped record by record, as crawlers write them) as a
 * stream of {@link WarcItem}s, in file order and without holding more than one record.
 *
 * <p>A {@code response} record whose HTTP response is a success with an HTML payload, and a
 * {@code resource} record of type HTML, become {@link WarcItem.Page}s: the url from
 * {@code WARC-Target-URI}, the capture time from {@code WARC-Date}, the charset from the HTTP
 * {@code Content-Type}, and the body with its transfer and content encodings undone (chunked,
 * gzip, deflate). Every other record is a {@link WarcItem.Other} of a kind the summary counts.
 * A record that cannot be read (a truncated file, a corrupt header, a broken gzip member) is a
 * {@link WarcItem.Broken} naming its offset, and reading goes on at the next record boundary found
 * after it.
 */
public final class WarcInput implements Closeable {
  /** The kinds of records that are not pages, as the summary counts them. */
  public static final String RESPONSE_NOT_HTML = "response (not HTML)";
  public static final String RESPONSE_NOT_SUCCESS = "response (HTTP status not 2xx)";

  private static final int BOUNDARY_SCAN_BUFFER = 64 << 10;

  private final Path file;
  private final int maxBodyBytes;
  private final FileChannel channel;
  private final FileChannel scan;
  private final WarcReader reader;
  private final long size;
  /** The record whose header the reader has read and whose block is still to be read. */
  private WarcRecord pending;
  private long pendingOffset;
  /** An item to give before reading on: a broken record found while looking for the next one. */
  private WarcItem queued;
  private boolean done;

  /**
   * @param maxBodyBytes a page body is read up to this many bytes plus one (so extraction sees it
   *     was cut); the rest of the record is skipped
   */
  public WarcInput(Path file, int maxBodyBytes) throws IOException {
    this.file = file;
    this.maxBodyBytes = maxBodyBytes;
    this.channel = FileChannel.open(file, StandardOpenOption.READ);
    FileChannel second = null;
    try {
      second = FileChannel.open(file, StandardOpenOption.READ);
      this.size = channel.size();
      this.reader = new WarcReader(channel);
    } catch (IOException | RuntimeException e) {
      try (channel; FileChannel c = second) {
        throw e;
      }
    }
    this.scan = second;
  }

  public Path file() {
    return file;
  }

  private boolean gzipped() {
    return reader.compression() == WarcCompression.GZIP;
  }

  /**
   * The item of the record at {@code offset} (an offset an earlier item had); reading goes on from
   * there.
   */
  public Optional<WarcItem> readAt(long offset) throws IOException {
    reader.position(offset);
    pending = null;
    queued = null;
    done = false;
    return next();
  }

  /** The next item, or empty at the end of the file. */
  public Optional<WarcItem> next() {
    if (queued != null) {
      WarcItem q = queued;
      queued = null;
      return Optional.of(q);
    }
    if (pending == null && !done) advance();
    if (queued != null) return next();
    if (pending == null) return Optional.empty();
    WarcRecord record = pending;
    long start = pendingOffset;
    pending = null;
    WarcItem item;
    try {
      item = read(record, start);
      record.body().consume();
    } catch (IOException | RuntimeException e) {
      return Optional.of(broken(start, e));
    }
    // the record ends where the next one starts, which jwarc tells once it has read that header
    advance();
    long end = pending != null ? pendingOffset : queued != null ? queued.offset() : size;
    return Optional.of(item.withEnd(end));
  }

  /**
   * Reads the next record's header into {@link #pending}; at the end of the file sets {@link
   * #done}; when the header cannot be read, queues a {@link WarcItem.Broken} and moves to the next
   * record boundary.
   */
  private void advance() {
    try {
      Optional<WarcRecord> r = reader.next();
      if (r.isEmpty()) {
        done = true;
      } else {
        pending = r.get();
        pendingOffset = reader.position();
      }
    } catch (IOException | RuntimeException e) {
      queued = broken(reader.position(), e);
    }
  }

  private WarcItem read(WarcRecord record, long offset) throws IOException {
    String type = record.type();
    String id = record.id().toString();
    Instant date = record.date();
    if (record instanceof WarcResponse response) {
      MediaType ct = record.contentType();
      if (!"application".equals(ct.type()) || !"http".equals(ct.subtype())) {
        return new WarcItem.Other(file, offset, -1, id, "response (" + ct.base() + ")", response.target(), 0);
      }
      HttpResponse http = response.http();
      if (http.status() < 200 || http.status() > 299) {
        return new WarcItem.Other(file, offset, -1, id, RESPONSE_NOT_SUCCESS, response.target(), http.status());
      }
      MediaType payloadType = http.contentType();
      byte[] body;
      try (InputStream in = http.bodyDecoded().stream()) {
        body = in.readNBytes(maxBodyBytes + 1);
      }
      if (!isHtml(http.headers().first("Content-Type").isPresent() ? payloadType : null, body)) {
        return new WarcItem.Other(file, offset, -1, id, RESPONSE_NOT_HTML, response.target(), http.status());
      }
      String charset = payloadType.parameters().get("charset");
      return new WarcItem.Page(file, offset, -1, id, type, response.target(), date, charset, body,
          response.payloadDigest().map(WarcInput::digest).orElse(null), http.status(),
          http.headers().map(), http.serializeHeader());
    }
    if (record instanceof WarcResource resource) {
      MediaType ct = record.contentType();
      byte[] body;
      try (InputStream in = resource.body().stream()) {
        body = in.readNBytes(maxBodyBytes + 1);
      }
      if (!isHtml(ct, body)) return new WarcItem.Other(file, offset, -1, id, "resource (not HTML)", resource.target(), 0);
      return new WarcItem.Page(file, offset, -1, id, type, resource.target(), date,
          ct.parameters().get("charset"), body, resource.payloadDigest().map(WarcInput::digest).orElse(null),
          200, Map.of("Content-Type", List.of(ct.toString())), null);
    }
    return new WarcItem.Other(file, offset, -1, id, type == null ? "unknown" : type, null, 0);
  }

  /** A digest as WARC headers write it: {@code algorithm:value}. */
  private static String digest(org.netpreserve.jwarc.WarcDigest d) {
    return d.prefixedBase32();
  }

  /**
   * HTML by its declared type ({@code text/html}, {@code application/xhtml+xml}); with no type
   * declared, by its first bytes ({@code <!doctype html} or {@code <html}, as browsers sniff).
   */
  static boolean isHtml(MediaType type, byte[] body) {
    // jwarc parses HTTP headers leniently: a plain "text/html" is then not "valid", but read
    if (type != null && type.type() != null && !type.type().isEmpty()) {
      String base = (type.type() + "/" + type.subtype()).toLowerCase(Locale.ROOT);
      return base.equals("text/html") || base.equals("application/xhtml+xml");
    }
    String head = new String(body, 0, Math.min(body.length, 512), StandardCharsets.ISO_8859_1)
        .stripLeading().toLowerCase(Locale.ROOT);
    if (head.startsWith("\ufeff")) head = head.substring(1);
    return head.startsWith("<!doctype html") || head.startsWith("<html");
  }

  /** The item for a record that could not be read at {@code offset}; reading resumes after it. */
  private WarcItem broken(long offset, Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    long resume;
    try {
      resume = gzipped() ? nextGzipMember(offset + 1) : nextWarcHeader(offset + 1);
      if (resume >= size) {
        done = true;
      } else {
        reader.position(resume);
      }
    } catch (IOException | RuntimeException again) {
      done = true;
      resume = size;
    }
    return new WarcItem.Broken(file, offset, resume, message);
  }

  /** The offset of the next gzip member header (1f 8b 08) at or after {@code from}, or the file's size. */
  long nextGzipMember(long from) throws IOException {
    return find(from, new byte[] {0x1f, (byte) 0x8b, 0x08});
  }

  /** The offset of the next line that starts a WARC header ("WARC/1.") at or after {@code from}. */
  long nextWarcHeader(long from) throws IOException {
    byte[] magic = "\nWARC/1.".getBytes(StandardCharsets.US_ASCII);
    long at = find(Math.max(0, from - 1), magic);
    return at >= size ? size : at + 1;
  }

  private long find(long from, byte[] pattern) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(BOUNDARY_SCAN_BUFFER);
    long base = from;
    while (base < size) {
      buf.clear();
      int n = scan.read(buf, base);
      if (n <= 0) break;
      byte[] a = buf.array();
      for (int i = 0; i + pattern.length <= n; i++) {
        int k = 0;
        while (k < pattern.length && a[i + k] == pattern[k]) k++;
        if (k == pattern.length) return base + i;
      }
      if (base + n >= size) break;
      base += n - pattern.length + 1;
    }
    return size;
  }

  @Override
  public void close() throws IOException {
    try (channel; scan) {
      reader.close();
    }
  }
}
