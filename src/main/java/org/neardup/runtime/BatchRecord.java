package org.neardup.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * One input line of {@code neardup dedup}: {@code url} (required), {@code id} (default: the url),
 * and the page as {@code html}, or {@code body_base64} with an optional {@code charset}, or
 * {@code text} with an optional {@code title}; optional {@code fetched_at} (epoch milliseconds or
 * ISO-8601).
 */
public record BatchRecord(String url, String id, String html, byte[] body, String charset,
    String text, String title, long fetchedAt) {

  /**
   * Reads one parsed JSON line.
   *
   * @throws IllegalArgumentException saying which field is missing or malformed
   */
  public static BatchRecord of(JsonNode n, long defaultFetchedAt) {
    if (n == null || !n.isObject()) throw new IllegalArgumentException("expected a JSON object");
    String url = text(n, "url");
    if (url == null || url.isBlank()) throw new IllegalArgumentException("missing required field 'url'");
    String id = text(n, "id");
    String html = text(n, "html");
    String b64 = text(n, "body_base64");
    String plain = text(n, "text");
    int given = (html != null ? 1 : 0) + (b64 != null ? 1 : 0) + (plain != null ? 1 : 0);
    if (given != 1) {
      throw new IllegalArgumentException("expected exactly one of 'html', 'body_base64' or 'text', got " + given);
    }
    byte[] body = null;
    if (b64 != null) {
      try {
        body = Base64.getMimeDecoder().decode(b64);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'body_base64' is not base64: " + e.getMessage());
      }
    }
    return new BatchRecord(url, id == null || id.isEmpty() ? url : id, html, body, text(n, "charset"),
        plain, text(n, "title"), fetchedAt(n.get("fetched_at"), defaultFetchedAt));
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) return null;
    if (!v.isTextual()) throw new IllegalArgumentException("field '" + field + "' must be a string");
    return v.asText();
  }

  private static long fetchedAt(JsonNode v, long def) {
    if (v == null || v.isNull()) return def;
    if (v.isIntegralNumber()) return v.asLong();
    if (v.isTextual()) {
      try {
        return Instant.parse(v.asText()).toEpochMilli();
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'fetched_at' is neither epoch milliseconds nor ISO-8601: " + v.asText());
      }
    }
    throw new IllegalArgumentException("'fetched_at' must be a number or a string");
  }
}
