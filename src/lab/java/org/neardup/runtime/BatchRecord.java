package org.neardup.runtime;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * One input line of {@code neardup dedup}: {@code url} (required), {@code id} (default: the url),
 * and the page as {@code html}, or {@code body_base64} with an optional {@code charset}, or
 * {@code text} with an optional {@code title} and {@code heading} (the heading the page shows over
 * its text, {@link org.neardup.extract.Page#heading}); optional {@code fetched_at} (epoch
 * milliseconds or ISO-8601). Other fields are ignored.
 */
public record BatchRecord(String url, String id, String html, byte[] body, String charset,
    String text, String title, String heading, long fetchedAt) {

  private static final JsonFactory JSON = new JsonFactory();

  /** Standard base64 with or without padding; JSON escapes such as {@code \/} are undone by the parser. */
  private static final Base64Variant BASE64 = Base64Variants.MIME_NO_LINEFEEDS
      .withReadPadding(Base64Variant.PaddingReadBehaviour.PADDING_ALLOWED);

  /**
   * Reads one line. A line is a page of up to megabytes, nearly all of it in {@code body_base64}, so
   * it is read with a streaming parser that decodes the base64 straight from its buffer: no tree and
   * no intermediate string of the whole body (that halves the cost of a line).
   *
   * @throws IllegalArgumentException saying which field is missing or malformed, or where the JSON
   *     is broken
   */
  public static BatchRecord parse(String line, long defaultFetchedAt) {
    try {
      return parse(JSON.createParser(line), null, defaultFetchedAt);
    } catch (IOException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
    }
  }

  /**
   * Reads one line given as UTF-8 bytes, the way {@code neardup dedup} reads its input: the parser
   * reads the bytes themselves, with no decoding of the line into a string first, and a plain
   * {@code body_base64} is decoded by {@link Base64Range} from those bytes (0.36 ms for a 173 KB
   * page from a string line with Jackson's base64, 0.13 ms this way).
   *
   * @throws IllegalArgumentException as {@link #parse(String, long)}, and for bytes that are not UTF-8
   */
  public static BatchRecord parse(byte[] line, long defaultFetchedAt) {
    try {
      return parse(JSON.createParser(line), line, defaultFetchedAt);
    } catch (IOException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
    }
  }

  /** {@code raw}: the bytes the parser reads, for the base64 fast path; null for a string line. */
  private static BatchRecord parse(JsonParser parser, byte[] raw, long defaultFetchedAt) {
    String url = null, id = null, html = null, charset = null, text = null, title = null, heading = null;
    byte[] body = null;
    long fetchedAt = defaultFetchedAt;
    int given = 0;
    try (JsonParser p = parser) {
      if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("expected a JSON object");
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "url" -> url = string(p, field);
          case "id" -> id = string(p, field);
          case "charset" -> charset = string(p, field);
          case "title" -> title = string(p, field);
          case "heading" -> heading = string(p, field);
          case "html" -> given += (html = string(p, field)) != null ? 1 : 0;
          case "text" -> given += (text = string(p, field)) != null ? 1 : 0;
          case "body_base64" -> {
            if (value != JsonToken.VALUE_NULL) {
              if (value != JsonToken.VALUE_STRING) throw mustBeString(field);
              try {
                body = raw == null ? null : plainBase64(p, raw);
                if (body == null) body = p.getBinaryValue(BASE64);
              } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("'body_base64' is not base64: " + e.getOriginalMessage());
              }
              given++;
            }
          }
          case "fetched_at" -> fetchedAt = fetchedAt(p, value, defaultFetchedAt);
          default -> p.skipChildren();
        }
      }
      if (p.nextToken() != null) throw new IllegalArgumentException("not valid JSON: content after the object");
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
    }
    if (url == null || url.isBlank()) throw new IllegalArgumentException("missing required field 'url'");
    if (given != 1) {
      throw new IllegalArgumentException("expected exactly one of 'html', 'body_base64' or 'text', got " + given);
    }
    return new BatchRecord(url, id == null || id.isEmpty() ? url : id, html, body, charset, text, title, heading,
        fetchedAt);
  }

  /**
   * The current string value decoded by {@link Base64Range} straight from the line's bytes, or null
   * when it has escapes or anything else Jackson must read. The parser has not consumed the
   * string yet, so its next token skips it, and a null leaves it to {@code getBinaryValue}.
   */
  private static byte[] plainBase64(JsonParser p, byte[] raw) {
    long quote = p.currentTokenLocation().getByteOffset();
    if (quote < 0 || quote >= raw.length || raw[(int) quote] != '"') return null;
    return Base64Range.decodeString(raw, (int) quote + 1);
  }

  private static String string(JsonParser p, String field) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NULL) return null;
    if (p.currentToken() != JsonToken.VALUE_STRING) throw mustBeString(field);
    return p.getText();
  }

  private static IllegalArgumentException mustBeString(String field) {
    return new IllegalArgumentException("field '" + field + "' must be a string");
  }

  private static long fetchedAt(JsonParser p, JsonToken v, long def) throws IOException {
    if (v == JsonToken.VALUE_NULL) return def;
    if (v == JsonToken.VALUE_NUMBER_INT) return p.getLongValue();
    if (v == JsonToken.VALUE_STRING) {
      try {
        return Instant.parse(p.getText()).toEpochMilli();
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'fetched_at' is neither epoch milliseconds nor ISO-8601: " + p.getText());
      }
    }
    throw new IllegalArgumentException("'fetched_at' must be a number or a string");
  }
}
