package org.neardup.runtime;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.neardup.detect.Verdict;
import org.neardup.detect.VerdictKind;
import org.neardup.warc.WarcItem;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;

/**
 * Writes the deduplicated archive of {@code dedup --output-warc}: the input WARC records in input
 * order, with each duplicate replaced by a {@code revisit} record as archives expect, so a replay
 * tool or an indexer follows it to the original.
 *
 * <ul>
 *   <li>Records that are no duplicates (unique and skipped pages, pages that could not be decided,
 *       requests, metadata, every other record) are copied byte for byte; a gzipped record stays
 *       the same gzip member. When the output's compression differs from the input's, the record
 *       is recompressed and its uncompressed bytes are the same.
 *   <li>A duplicate whose payload is the same as its original's ({@code WARC-Payload-Digest}
 *       equal, the original written earlier in the same output) becomes a WARC 1.1 revisit of the
 *       {@code identical-payload-digest} profile, with {@code WARC-Refers-To} the original's record.
 *   <li>Every other exact duplicate (the same main text in another page: another template, another
 *       url) becomes a revisit of the profile {@link #SAME_TEXT_PROFILE}, and a near duplicate one
 *       of {@link #NEAR_PROFILE}; each is followed by a {@code metadata} record holding the verdict
 *       and its scores. Archives know no such profiles; a reader that does not know a profile
 *       keeps the record as what it says: a revisit of the original named.
 *   <li>A url captured again with the same payload (an unchanged page re-crawled) becomes an
 *       {@code identical-payload-digest} revisit of its earlier capture.
 *   <li>Every revisit names its original by {@code WARC-Refers-To-Target-URI} and, when the store
 *       knows it, {@code WARC-Refers-To-Date} (the original's capture time), and keeps the
 *       duplicate's HTTP response header as its block.
 *   <li>A record that could not be read is left out (its error line says where it was); the input
 *       file keeps it.
 * </ul>
 *
 * <p>Memory holds the record id and payload digest of each original written, to name it from its
 * revisits: about 150 bytes per unique page, not the pages themselves.
 */
public final class DedupedWarc implements BatchDeduplicator.Listener, Closeable {
  /** Revisit profile of an exact duplicate whose payload differs from its original's: same main text. */
  public static final URI SAME_TEXT_PROFILE = URI.create("urn:x-neardup:revisit:same-main-text");
  /** Revisit profile of a near duplicate. */
  public static final URI NEAR_PROFILE = URI.create("urn:x-neardup:revisit:near-duplicate");

  private final FileChannel out;
  private final boolean gzip;
  private final WarcWriter writer;
  private final Map<Path, FileChannel> inputs = new HashMap<>();
  private final Map<String, Original> originals = new HashMap<>();
  private final Map<String, Long> counts = new LinkedHashMap<>();

  private record Original(String recordId, String payloadDigest, Instant date) {}

  /** Creates (or replaces) {@code path}; gzipped record by record when its name ends in .gz. */
  public DedupedWarc(Path path) throws IOException {
    this.gzip = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    this.out = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
    this.writer = new WarcWriter(out, gzip ? WarcCompression.GZIP : WarcCompression.NONE);
  }

  /** Records written, by what was written: "copied", "revisit (identical payload)", …, "left out (unreadable)". */
  public Map<String, Long> counts() {
    return counts;
  }

  @Override
  public void decided(BatchInput input, Verdict verdict, String error) throws IOException {
    Object source = input.source();
    if (!(source instanceof WarcItem item)) {
      throw new IllegalArgumentException(input.where() + ": --output-warc needs WARC input");
    }
    if (item instanceof WarcItem.Broken) {
      count("left out (unreadable)");
      return;
    }
    if (item instanceof WarcItem.Page page && verdict != null && verdict.isDuplicate()
        && verdict.originalUrl() != null) {
      revisit(page, verdict);
      return;
    }
    if (item instanceof WarcItem.Page page && verdict != null && verdict.kind() == VerdictKind.UNIQUE) {
      Original earlier = originals.get(page.url());
      if (verdict.replay() && earlier != null && page.payloadDigest() != null
          && page.payloadDigest().equals(earlier.payloadDigest())) {
        recapture(page, earlier);
        return;
      }
      originals.putIfAbsent(page.url(), new Original(page.recordId(), page.payloadDigest(), page.date()));
    }
    copy(item);
    count("copied");
  }

  /**
   * A url captured again with the same payload (a re-crawl of an unchanged page): an
   * identical-payload-digest revisit of its earlier capture in this output, as crawlers write one.
   */
  private void recapture(WarcItem.Page page, Original earlier) throws IOException {
    writer.write(revisitOf(page, WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1)
        .refersTo(URI.create(earlier.recordId()), page.url(), earlier.date())
        .build());
    count("revisit (identical payload)");
  }

  /**
   * A WARC 1.1 revisit of {@code page} with {@code profile}, at the page's capture time, with its
   * payload digest and its HTTP header as the block; the caller names the original.
   */
  private static WarcRevisit.Builder revisitOf(WarcItem.Page page, URI profile) {
    WarcRevisit.Builder b = new WarcRevisit.Builder(page.url(), profile)
        .version(MessageVersion.WARC_1_1)
        .date(page.date());
    if (page.payloadDigest() != null) b.payloadDigest(new WarcDigest(page.payloadDigest()));
    if (page.httpHeader() != null) {
      b.body(MediaType.HTTP_RESPONSE, page.httpHeader());
    } else {
      b.body(MediaType.OCTET_STREAM, new byte[0]);
    }
    return b;
  }

  private void revisit(WarcItem.Page page, Verdict v) throws IOException {
    Original original = originals.get(v.originalUrl());
    boolean identical = v.kind() == VerdictKind.EXACT && original != null
        && page.payloadDigest() != null && page.payloadDigest().equals(original.payloadDigest());
    URI profile = identical ? WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1
        : v.kind() == VerdictKind.EXACT ? SAME_TEXT_PROFILE : NEAR_PROFILE;
    WarcRevisit.Builder b = revisitOf(page, profile)
        .setHeader("WARC-Refers-To-Target-URI", v.originalUrl());
    if (v.originalFetchedAt() > 0) {
      b.setHeader("WARC-Refers-To-Date", Instant.ofEpochMilli(v.originalFetchedAt()).toString());
    }
    if (original != null && original.recordId() != null) b.refersTo(URI.create(original.recordId()));
    WarcRevisit revisit = b.build();
    writer.write(revisit);
    count(identical ? "revisit (identical payload)" : v.kind() == VerdictKind.EXACT
        ? "revisit (same main text)" : "revisit (near duplicate)");
    if (!identical) {
      Map<String, List<String>> fields = new LinkedHashMap<>();
      fields.put("neardup-verdict", List.of(v.kind().key()));
      if (v.detector() != null) fields.put("neardup-detector", List.of(v.detector()));
      fields.put("neardup-duplicate-of", List.of(v.originalUrl()));
      v.scores().forEach((k, s) -> fields.computeIfAbsent("neardup-score-" + k, x -> new ArrayList<>())
          .add(String.valueOf(s)));
      WarcMetadata metadata = new WarcMetadata.Builder()
          .version(MessageVersion.WARC_1_1)
          .targetURI(page.url())
          .date(page.date())
          .setHeader("WARC-Refers-To", "<" + revisit.id() + ">")
          .fields(fields)
          .build();
      writer.write(metadata);
      count("metadata");
    }
  }

  /** Copies the record's bytes; recompressed only when the output's compression differs. */
  private void copy(WarcItem item) throws IOException {
    FileChannel in = inputs.computeIfAbsent(item.file(), DedupedWarc::open);
    long offset = item.offset();
    long length = item.end() - offset;
    if (length <= 0) throw new IllegalStateException(item.file() + " at offset " + offset + ": record end unknown");
    boolean inGzip = startsWithGzip(in, offset);
    if (inGzip == gzip) {
      for (long done = 0; done < length; ) {
        done += in.transferTo(offset + done, length - done, out);
      }
      return;
    }
    InputStream range = Channels.newInputStream(in.position(offset));
    byte[] bytes = range.readNBytes((int) Math.min(length, Integer.MAX_VALUE));
    if (inGzip) {
      try (InputStream unzip = new GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
        unzip.transferTo(Channels.newOutputStream(out));
      }
    } else {
      ByteArrayOutputStream zipped = new ByteArrayOutputStream(bytes.length / 3 + 64);
      try (OutputStream z = new GZIPOutputStream(zipped)) {
        z.write(bytes);
      }
      ByteBuffer buf = ByteBuffer.wrap(zipped.toByteArray());
      while (buf.hasRemaining()) out.write(buf);
    }
  }

  private static boolean startsWithGzip(FileChannel in, long offset) throws IOException {
    ByteBuffer two = ByteBuffer.allocate(2);
    in.read(two, offset);
    return two.position() == 2 && (two.get(0) & 0xff) == 0x1f && (two.get(1) & 0xff) == 0x8b;
  }

  private static FileChannel open(Path file) {
    try {
      return FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read " + file, e);
    }
  }

  private void count(String what) {
    counts.merge(what, 1L, Long::sum);
  }

  @Override
  public void close() throws IOException {
    try (out) {
      writer.close();
      for (FileChannel in : inputs.values()) in.close();
    }
  }
}
