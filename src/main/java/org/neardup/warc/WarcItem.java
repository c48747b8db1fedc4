package org.neardup.warc;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One record of a WARC file as {@link WarcInput} reads it: where it lies in the file
 * ({@code offset} to {@code end}, in the file's own bytes, so gzipped records are whole gzip
 * members) and what it is to neardup.
 */
public sealed interface WarcItem {
  Path file();

  /** The offset of the record's first byte in the file. */
  long offset();

  /** The offset just past the record (the next record's offset), or -1 while unknown. */
  long end();

  WarcItem withEnd(long end);

  /**
   * A capture of an HTML page.
   *
   * @param recordId the record's {@code WARC-Record-ID}
   * @param type {@code response} or {@code resource}
   * @param url {@code WARC-Target-URI}
   * @param date {@code WARC-Date}, the capture time
   * @param charset the charset the HTTP {@code Content-Type} declares, or null
   * @param body the payload, decoded from its transfer and content encodings, cut at the reader's
   *     limit plus one byte
   * @param payloadDigest {@code WARC-Payload-Digest} as written ({@code sha1:...}), or null
   * @param status the HTTP status (200 for a {@code resource})
   * @param headers the HTTP response headers; for a {@code resource}, its {@code Content-Type}
   * @param httpHeader the HTTP response header as stored in a {@code response} record, null for a
   *     {@code resource}
   */
  record Page(Path file, long offset, long end, String recordId, String type, String url,
      Instant date, String charset, byte[] body, String payloadDigest, int status,
      Map<String, List<String>> headers, byte[] httpHeader) implements WarcItem {
    @Override
    public Page withEnd(long end) {
      return new Page(file, offset, end, recordId, type, url, date, charset, body, payloadDigest,
          status, headers, httpHeader);
    }
  }

  /**
   * A record that is not a page: {@code kind} is its type, or why a response is not a page; a
   * response's {@code url} and HTTP {@code status} (null and 0 for other records).
   */
  record Other(Path file, long offset, long end, String recordId, String kind, String url, int status)
      implements WarcItem {
    @Override
    public Other withEnd(long end) {
      return new Other(file, offset, end, recordId, kind, url, status);
    }
  }

  /**
   * Bytes that do not read as a record: from {@code offset} (where a record should start) to
   * {@code end}, the next record boundary found after it (or the end of the file).
   */
  record Broken(Path file, long offset, long end, String error) implements WarcItem {
    @Override
    public Broken withEnd(long end) {
      return new Broken(file, offset, end, error);
    }
  }
}
