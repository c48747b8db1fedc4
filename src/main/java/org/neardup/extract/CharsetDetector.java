package org.neardup.extract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mozilla.universalchardet.UniversalDetector;

/**
 * Decides which charset a page's bytes are in.
 *
 * <p>Order: a byte order mark wins; then the HTTP hint; then a {@code <meta charset>} or {@code
 * <meta http-equiv content="...charset=...">} sniffed from the first bytes read as ASCII. A
 * declaration is not trusted blindly, because crawls are full of wrong ones: when the bytes are
 * valid UTF-8 although something else is declared, they are UTF-8; when the declared charset
 * decodes with many replacement characters, or a Latin-1 declaration covers what looks like CJK
 * double-byte text, juniversalchardet decides. Without any declaration: a strict UTF-8 check, then
 * juniversalchardet, then GB18030 when the high bytes pair up like GBK, finally windows-1252.
 *
 * <p>GB2312 and GBK are read as GB18030 (their superset: GB2312-labelled pages routinely use GBK
 * characters), and ISO-8859-1 as windows-1252 as browsers do. The point of all this: Chinese crawls
 * hold many GBK pages without a declaration, and they must not turn into Latin-1 mojibake, which
 * would make every such page look unlike its UTF-8 repost.
 */
public final class CharsetDetector {

  /** Which charset to use and why; {@code bomLength} bytes at the start are to be skipped. */
  public record Detection(Charset charset, String reason, int bomLength) {}

  /** A detection and the page's text decoded with it (BOM skipped, malformed bytes replaced). */
  public record Decoded(Detection detection, String text) {}

  private static final Charset GB18030 = Charset.forName("GB18030");
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  /** {@code <meta charset=x>} or {@code content="text/html; charset=x"}; also XML declarations. */
  private static final Pattern XML_ENCODING = Pattern.compile(
      "<\\?xml[^>]*encoding\\s*=\\s*[\"']([A-Za-z0-9._:-]+)", Pattern.CASE_INSENSITIVE);

  /** Quotes and a trailing semicolon around a charset label. */
  private static final Pattern LABEL_QUOTES = Pattern.compile("^[\"']|[\"';]$");

  /** Reads eight bytes at a time, to skip runs of ASCII (markup is mostly ASCII). */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * Multi-byte sequences the UTF-8 check looks at before it decodes the whole page: text in
   * another charset fails within its first few non-ASCII characters, so a page that passes this
   * many is decoded at once (the decode is needed anyway when it is UTF-8).
   */
  private static final int UTF8_PROBE_SEQUENCES = 32;

  private final ExtractionSettings settings;

  public CharsetDetector(ExtractionSettings settings) {
    this.settings = settings;
  }

  public CharsetDetector() {
    this(ExtractionSettings.defaults());
  }

  /**
   * Detects the charset of {@code bytes[0..length)}.
   *
   * @param httpHint the charset from the Content-Type header, or null
   */
  public Detection detect(byte[] bytes, int length, String httpHint) {
    return detect(bytes, length, httpHint, new LastDecode());
  }

  /**
   * Detects the charset of {@code bytes[0..length)} and decodes them with it. Validating a
   * declaration usually means decoding the whole page with the declared charset; that text is
   * reused here instead of decoding the page a second time.
   */
  public Decoded decode(byte[] bytes, int length, String httpHint) {
    LastDecode last = new LastDecode();
    Detection d = detect(bytes, length, httpHint, last);
    String text = d.bomLength() == 0 && d.charset().equals(last.charset)
        ? last.text
        : decode(bytes, d.bomLength(), length, d.charset());
    return new Decoded(d, text);
  }

  /** The last whole-page decode made while validating (bytes[0..length), no BOM), or nothing. */
  private static final class LastDecode {
    Charset charset;
    String text;
  }

  private Detection detect(byte[] bytes, int length, String httpHint, LastDecode last) {
    Detection bom = bom(bytes, length);
    if (bom != null) return bom;

    Charset declared = lookup(httpHint);
    String source = "HTTP header";
    if (declared == null) {
      declared = lookup(sniff(bytes, length));
      source = "meta tag";
    }
    if (declared != null) return validate(bytes, length, declared, source, last);
    return undeclared(bytes, length, last);
  }

  public Detection detect(byte[] bytes, String httpHint) {
    return detect(bytes, bytes.length, httpHint);
  }

  private Detection validate(byte[] bytes, int length, Charset declared, String source,
      LastDecode last) {
    String name = declared.name();
    if (!hasHighByte(bytes, length)) {
      return new Detection(declared, "declared in " + source + " (ASCII only)", 0);
    }
    boolean declaredUtf8 = declared.equals(StandardCharsets.UTF_8);
    if (!declaredUtf8 && isValidUtf8(bytes, length, last)) {
      return new Detection(StandardCharsets.UTF_8,
          "bytes are valid UTF-8 although " + source + " declares " + name, 0);
    }
    if (replacementShare(bytes, length, declared, last) > settings.maxReplacementShare()) {
      Detection guess = undeclared(bytes, length, last);
      return new Detection(guess.charset(),
          name + " declared in " + source + " does not decode the bytes; " + guess.reason(), 0);
    }
    if (isSingleByteLatin(declared)) {
      // Latin-1 never fails to decode, so it cannot be validated by replacement counts. Look for
      // text that is really double-byte Chinese (a very common mislabelling on Chinese sites).
      // The byte pairing is the cheap test, so juniversalchardet runs only when it passes.
      if (gbPairShare(bytes, length) > 0.9) {
        Charset guess = universal(bytes, length);
        if (guess != null && isMultiByteCjk(guess)
            && replacementShare(bytes, length, guess, last) <= settings.maxReplacementShare()) {
          return new Detection(guess,
              "bytes look like " + guess.name() + " although " + source + " declares " + name, 0);
        }
      }
    }
    return new Detection(declared, "declared in " + source, 0);
  }

  /** No declaration: strict UTF-8, then juniversalchardet, then GBK pairing, then windows-1252. */
  private Detection undeclared(byte[] bytes, int length, LastDecode last) {
    if (!hasHighByte(bytes, length)) return new Detection(StandardCharsets.UTF_8, "ASCII only", 0);
    if (isValidUtf8(bytes, length, last)) {
      return new Detection(StandardCharsets.UTF_8, "valid UTF-8", 0);
    }
    double pairs = gbPairShare(bytes, length);
    Charset guess = universal(bytes, length);
    if (guess != null && !guess.equals(StandardCharsets.UTF_8)
        && replacementShare(bytes, length, guess, last) <= settings.maxReplacementShare()) {
      // juniversalchardet is unreliable on short samples and tends to answer a single-byte
      // Cyrillic or Latin charset for a few GBK characters; trust the GBK pairing over that.
      if (isMultiByteCjk(guess) || pairs <= 0.9) {
        return new Detection(guess, "detected by juniversalchardet", 0);
      }
    }
    if (pairs > 0.9 && replacementShare(bytes, length, GB18030, last)
        <= settings.maxReplacementShare()) {
      return new Detection(GB18030, "high bytes pair up like GBK", 0);
    }
    return new Detection(WINDOWS_1252, "no declaration and no detection: windows-1252", 0);
  }

  /** Length of a byte order mark at the start of {@code b[0..n)}, 0 without one. */
  static int bomLength(byte[] b, int n) {
    Detection bom = bom(b, n);
    return bom == null ? 0 : bom.bomLength();
  }

  private static Detection bom(byte[] b, int n) {
    if (n >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
      return new Detection(StandardCharsets.UTF_8, "UTF-8 byte order mark", 3);
    }
    if (n >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
      return new Detection(StandardCharsets.UTF_16BE, "UTF-16BE byte order mark", 2);
    }
    if (n >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
      return new Detection(StandardCharsets.UTF_16LE, "UTF-16LE byte order mark", 2);
    }
    return null;
  }

  /** The charset named in a meta tag or XML declaration within the first sniffBytes, or null. */
  String sniff(byte[] bytes, int length) {
    int n = Math.min(length, settings.sniffBytes());
    String meta = MetaCharset.find(bytes, n);
    if (meta != null) return meta;
    Matcher m = XML_ENCODING.matcher(new String(bytes, 0, n, StandardCharsets.ISO_8859_1));
    return m.find() ? m.group(1) : null;
  }

  /**
   * Resolves a charset label the way browsers do: GB2312/GBK to GB18030, Latin-1 and ASCII to
   * windows-1252, UTF-16 in an ASCII-compatible document to UTF-8. Unknown labels give null.
   */
  public static Charset lookup(String label) {
    if (label == null) return null;
    String l = LABEL_QUOTES.matcher(label.trim()).replaceAll("").toLowerCase(Locale.ROOT);
    if (l.isEmpty()) return null;
    switch (l) {
      case "gb2312", "gbk", "x-gbk", "gb_2312-80", "euc-cn", "cp936", "ms936", "gb18030":
        return GB18030;
      case "iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii", "iso_8859-1":
        return WINDOWS_1252;
      case "utf-16", "utf-16le", "utf-16be", "unicode":
        return StandardCharsets.UTF_8; // a meta tag readable as ASCII cannot be in UTF-16
      case "utf8":
        return StandardCharsets.UTF_8;
      default:
        try {
          return Charset.forName(l);
        } catch (IllegalArgumentException e) { // illegal or unsupported name: ignore the label
          return null;
        }
    }
  }

  private static Charset universal(byte[] bytes, int length) {
    UniversalDetector detector = new UniversalDetector(null);
    detector.handleData(bytes, 0, length);
    detector.dataEnd();
    return lookup(detector.getDetectedCharset());
  }

  /**
   * Whether the bytes are strict UTF-8, as Java's UTF-8 decoder (REPORT) judges them. A page cut at
   * maxBytes may end inside a sequence, so an incomplete tail is accepted when its bytes so far are
   * a valid start, exactly as the decoder does when told more input may follow.
   *
   * <p>A plain byte scan instead of running the decoder: this runs on every non-ASCII page, and
   * decoding a whole page into a throw-away buffer only to learn "valid or not" cost more than the
   * rest of detection. The rules below are the decoder's (overlong forms, surrogates and code
   * points above U+10FFFF are malformed); {@code CharsetDetectorTest} pins the equivalence.
   */
  static boolean isValidUtf8(byte[] bytes, int length) {
    return utf8Scan(bytes, length, Integer.MAX_VALUE);
  }

  /**
   * {@link #isValidUtf8}, and when the bytes are valid their text goes to {@code last}, so a UTF-8
   * page is decoded once. The first {@link #UTF8_PROBE_SEQUENCES} multi-byte sequences are
   * checked byte by byte (other charsets fail there, before any decoding); then the page is
   * decoded, and the decode is the check: malformed input always yields U+FFFD, so a text without
   * one is valid. Only a text with U+FFFD (a literal one, or a sequence cut at the end, which
   * counts as valid) needs the byte scan to decide.
   */
  private static boolean isValidUtf8(byte[] bytes, int length, LastDecode last) {
    if (!utf8Scan(bytes, length, UTF8_PROBE_SEQUENCES)) return false;
    String text = decode(bytes, 0, length, StandardCharsets.UTF_8);
    boolean valid = text.indexOf('\uFFFD') < 0 || isValidUtf8(bytes, length);
    if (valid) {
      last.charset = StandardCharsets.UTF_8;
      last.text = text;
    }
    return valid;
  }

  /**
   * The byte scan behind {@link #isValidUtf8}: false at the first malformed sequence, true at the
   * end or after {@code maxSequences} well-formed multi-byte sequences.
   */
  private static boolean utf8Scan(byte[] bytes, int length, int maxSequences) {
    int i = 0;
    int sequences = 0;
    while (i < length) {
      if (i + 8 <= length && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) { // 8 ASCII bytes
        i += 8;
        continue;
      }
      int b1 = bytes[i];
      if (b1 >= 0) { // ASCII
        i++;
        continue;
      }
      if (++sequences > maxSequences) return true;
      int remaining = length - i;
      if ((b1 & 0xE0) == 0xC0 && (b1 & 0x1E) != 0) { // C2..DF: two bytes
        if (remaining < 2) return true;
        if (!isContinuation(bytes[i + 1])) return false;
        i += 2;
      } else if ((b1 & 0xF0) == 0xE0) { // E0..EF: three bytes
        if (remaining < 3) return remaining < 2 || !malformed3Start(b1, bytes[i + 1]);
        if (malformed3Start(b1, bytes[i + 1]) || !isContinuation(bytes[i + 2])) return false;
        int cp = (b1 & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | (bytes[i + 2] & 0x3F);
        if (cp >= 0xD800 && cp <= 0xDFFF) return false; // surrogates are not characters
        i += 3;
      } else if ((b1 & 0xF8) == 0xF0) { // F0..F7: four bytes
        int u1 = b1 & 0xFF;
        if (remaining < 4) {
          // The decoder rejects a cut four-byte sequence only for what it can already see.
          if (u1 > 0xF4) return false;
          if (remaining > 1 && malformed4Start(u1, bytes[i + 1] & 0xFF)) return false;
          return remaining <= 2 || isContinuation(bytes[i + 2]);
        }
        if (!isContinuation(bytes[i + 1]) || !isContinuation(bytes[i + 2])
            || !isContinuation(bytes[i + 3])) {
          return false;
        }
        int cp = (u1 & 0x07) << 18 | (bytes[i + 1] & 0x3F) << 12 | (bytes[i + 2] & 0x3F) << 6
            | (bytes[i + 3] & 0x3F);
        if (cp < 0x10000 || cp > 0x10FFFF) return false; // overlong or beyond Unicode
        i += 4;
      } else { // a continuation byte without a lead, C0, C1 or F8..FF
        return false;
      }
    }
    return true;
  }

  private static boolean isContinuation(byte b) {
    return (b & 0xC0) == 0x80;
  }

  /** The decoder's test of a three-byte sequence's first two bytes (overlong E0 80..9F). */
  private static boolean malformed3Start(int b1, byte b2) {
    return ((b1 & 0xFF) == 0xE0 && (b2 & 0xE0) == 0x80) || !isContinuation(b2);
  }

  /** The decoder's test of a four-byte sequence's first two bytes (overlong, beyond U+10FFFF). */
  private static boolean malformed4Start(int b1, int b2) {
    return (b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF)) || (b1 == 0xF4 && (b2 & 0xF0) != 0x80)
        || (b2 & 0xC0) != 0x80;
  }

  private static boolean hasHighByte(byte[] bytes, int length) {
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if (((long) LONGS.get(bytes, i) & HIGH_BITS) != 0) return true;
    }
    for (; i < length; i++) {
      if (bytes[i] < 0) return true;
    }
    return false;
  }

  /** Bytes >= 0x80, counted eight at a time. */
  static int highBytes(byte[] bytes, int length) {
    int n = 0;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      n += Long.bitCount((long) LONGS.get(bytes, i) & HIGH_BITS);
    }
    for (; i < length; i++) {
      if (bytes[i] < 0) n++;
    }
    return n;
  }

  /**
   * Replacement characters produced when decoding as {@code cs}, per non-ASCII byte (the page has
   * some). The decoded text is kept in {@code last}, so {@link #decode(byte[], int, String)} need
   * not decode again. Non-ASCII bytes are only counted when there is a replacement character.
   */
  private static double replacementShare(byte[] bytes, int length, Charset cs, LastDecode last) {
    String text = cs.equals(last.charset) ? last.text : decode(bytes, 0, length, cs);
    last.charset = cs;
    last.text = text;
    int bad = 0;
    for (int i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) bad++;
    return bad == 0 ? 0 : bad / (double) highBytes(bytes, length);
  }

  /**
   * Decodes {@code bytes[offset..length)}, replacing malformed and unmappable input with U+FFFD.
   *
   * <p>For the charsets detection almost always ends with, {@code new String(bytes, cs)} gives the
   * same text as a REPLACE decoder (checked by fuzzing malformed input, pinned by
   * {@code CharsetDetectorTest}) and is several times faster: it decodes straight into the
   * string's own array, with a vectorised path for ASCII runs, instead of into a CharBuffer that is
   * then copied. Other charsets keep the decoder.
   */
  static String decode(byte[] bytes, int offset, int length, Charset charset) {
    if (charset.equals(StandardCharsets.UTF_8) || charset.equals(GB18030)
        || charset.equals(WINDOWS_1252)) {
      return new String(bytes, offset, length - offset, charset);
    }
    try {
      return charset.newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(bytes, offset, length - offset))
          .toString();
    } catch (CharacterCodingException e) { // cannot happen with REPLACE
      return new String(bytes, offset, length - offset, charset);
    }
  }

  /** Share of non-ASCII bytes that form GBK lead/trail pairs (lead 0x81-0xFE, trail 0x40-0xFE). */
  static double gbPairShare(byte[] bytes, int length) {
    int high = 0;
    int paired = 0;
    for (int i = 0; i < length; i++) {
      if (i + 8 <= length && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) { // 8 ASCII bytes
        i += 7;
        continue;
      }
      int b = bytes[i] & 0xFF;
      if (b < 0x80) continue;
      if (b >= 0x81 && b <= 0xFE && i + 1 < length) {
        int t = bytes[i + 1] & 0xFF;
        if (t >= 0x40 && t <= 0xFE && t != 0x7F) {
          paired += t >= 0x80 ? 2 : 1;
          high += t >= 0x80 ? 2 : 1;
          i++;
          continue;
        }
      }
      high++;
    }
    return high == 0 ? 0 : paired / (double) high;
  }

  private static boolean isSingleByteLatin(Charset cs) {
    String n = cs.name().toLowerCase(Locale.ROOT);
    return n.equals("windows-1252") || n.equals("iso-8859-1") || n.equals("iso-8859-15");
  }

  private static boolean isMultiByteCjk(Charset cs) {
    String n = cs.name().toLowerCase(Locale.ROOT);
    return n.equals("gb18030") || n.equals("big5") || n.startsWith("euc-") || n.equals("shift_jis")
        || n.equals("iso-2022-jp") || n.equals("x-euc-tw") || n.equals("big5-hkscs");
  }
}
