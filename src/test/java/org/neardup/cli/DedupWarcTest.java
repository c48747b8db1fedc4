package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.runtime.DedupedWarc;
import org.neardup.warc.TestWarcs;
import org.neardup.warc.WarcInput;
import org.neardup.warc.WarcItem;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRevisit;

class DedupWarcTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private List<JsonNode> dedup(String... args) throws Exception {
    Path out = dir.resolve("verdicts-" + System.nanoTime() + ".jsonl");
    List<String> all = new ArrayList<>(List.of("dedup", "--conf", DedupCommandTest.TEST_CONF,
        "--store", "memory", "--output", out.toString()));
    all.addAll(List.of(args));
    CompareAndExtractCommandTest.Run r = CompareAndExtractCommandTest.run(all.toArray(String[]::new));
    assertTrue(r.code() == 0 || r.code() == 3, r.err());
    lastErr = r.err();
    List<JsonNode> lines = new ArrayList<>();
    for (String l : Files.readAllLines(out)) lines.add(JSON.readTree(l));
    return lines;
  }

  private String lastErr;

  @Test
  void aWarcGivesTheVerdictsOfTheSamePagesAsJsonLines() throws Exception {
    Path warc = TestWarcs.write(dir.resolve("crawl.warc.gz"), WarcCompression.GZIP);
    Path jsonl = Files.writeString(dir.resolve("pages.jsonl"), TestWarcs.jsonLines());

    List<JsonNode> fromWarc = dedup("--input", warc.toString());
    String warcErr = lastErr;
    List<JsonNode> fromJson = dedup("--input", jsonl.toString());

    assertEquals(TestWarcs.PAGE_URLS.size(), fromWarc.size(), "one line per page, none for other records");
    for (int i = 0; i < fromJson.size(); i++) {
      JsonNode w = fromWarc.get(i);
      JsonNode j = fromJson.get(i);
      for (String field : new String[] {"url", "verdict", "duplicate_of", "detector", "scores"}) {
        assertEquals(j.get(field), w.get(field), field + " of " + j.get("url"));
      }
      assertEquals(warc.toString(), w.get("warc_file").asText());
      assertTrue(w.get("warc_record_id").asText().startsWith("urn:uuid:"));
      assertTrue(w.get("warc_offset").asLong() > 0);
    }
    List<String> verdicts = fromWarc.stream().map(n -> n.get("verdict").asText()).toList();
    assertEquals(List.of("unique", "exact", "exact", "near", "unique", "near"), verdicts);
    assertTrue(warcErr.contains("records that are no pages"), warcErr);
    assertTrue(warcErr.contains("request=6") && warcErr.contains("revisit=1") && warcErr.contains("warcinfo=1")
        && warcErr.contains(WarcInput.RESPONSE_NOT_HTML + "=1") && warcErr.contains(WarcInput.RESPONSE_NOT_SUCCESS + "=1"),
        warcErr);
  }

  /**
   * An archive recorded by an independent writer (GNU Wget, {@code record-demo-site.sh}) from the
   * demo sites served on loopback, one port per site: the same verdicts as the same files given as
   * JSON lines, and the deduplicated archive passes jwarc's validator.
   */
  @Test
  void anArchiveRecordedByWgetGivesTheVerdictsOfItsFiles() throws Exception {
    Path warc = Path.of(getClass().getResource("/warc/demo-site.warc.gz").toURI());
    Path out = dir.resolve("deduplicated.warc.gz");
    List<JsonNode> fromWarc = dedup("--input", warc.toString(), "--output-warc", out.toString());
    assertTrue(lastErr.contains("request=30") && lastErr.contains("warcinfo=1"), lastErr);

    String[] sites = {"news-a", "news-b", "blog-c", "world-d", "mirror-e"};
    StringBuilder jsonl = new StringBuilder();
    for (JsonNode line : fromWarc) {
      java.net.URI url = java.net.URI.create(line.get("url").asText());
      String file = sites[url.getPort() - 18941] + url.getPath();
      byte[] bytes = Files.readAllBytes(Path.of(getClass().getResource("/demo-site/" + file).toURI()));
      jsonl.append(JSON.writeValueAsString(Map.of("url", url.toString(),
          "body_base64", java.util.Base64.getEncoder().encodeToString(bytes)))).append('\n');
    }
    List<JsonNode> fromJson = dedup("--input", Files.writeString(dir.resolve("files.jsonl"), jsonl).toString());

    assertEquals(30, fromWarc.size());
    for (int i = 0; i < fromJson.size(); i++) {
      for (String field : new String[] {"url", "verdict", "duplicate_of", "detector", "scores"}) {
        assertEquals(fromJson.get(i).get(field), fromWarc.get(i).get(field), field + " of " + fromJson.get(i).get("url"));
      }
    }
    assertTrue(fromWarc.stream().anyMatch(l -> l.get("url").asText().endsWith(":18942/flood-reprint.html")
        && l.get("verdict").asText().equals("exact")
        && l.get("duplicate_of").asText().endsWith(":18941/flood.html")));
    assertValidByJwarc(out);
  }

  @Test
  void severalWarcsAreReadInTheOrderGiven() throws Exception {
    Path a = TestWarcs.write(dir.resolve("a.warc"), WarcCompression.NONE);
    Path b = TestWarcs.write(dir.resolve("b.warc.gz"), WarcCompression.GZIP);
    Path deduplicated = dir.resolve("both.warc.gz");
    List<JsonNode> out = dedup("--input", a.toString(), b.toString(), "--output-warc", deduplicated.toString());
    assertEquals(2 * TestWarcs.PAGE_URLS.size(), out.size());
    for (int i = TestWarcs.PAGE_URLS.size(); i < out.size(); i++) {
      assertEquals(b.toString(), out.get(i).get("warc_file").asText());
      // the same urls with the same content again: replays of their first verdicts
      assertEquals(out.get(i - TestWarcs.PAGE_URLS.size()).get("verdict"), out.get(i).get("verdict"));
    }
    // the second archive's unique pages are unchanged re-captures: identical-payload revisits of the first's
    List<WarcRecord> records = new ArrayList<>();
    try (WarcReader r = new WarcReader(deduplicated)) {
      for (WarcRecord rec : r) records.add(rec);
    }
    java.net.URI firstFlood = null;
    for (WarcRecord rec : records) {
      if (rec.type().equals("response") && ((org.netpreserve.jwarc.WarcResponse) rec).target().equals(TestWarcs.PAGE_URLS.get(0))) {
        assertEquals(null, firstFlood, "the unchanged page is stored once");
        firstFlood = rec.id();
      }
    }
    java.net.URI original = firstFlood;
    assertTrue(records.stream().anyMatch(rec -> rec instanceof WarcRevisit v
        && v.target().equals(TestWarcs.PAGE_URLS.get(0))
        && v.profile().equals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1)
        && v.refersTo().equals(Optional.of(original))
        && v.refersToDate().equals(Optional.of(TestWarcs.T0))));
    assertValidByJwarc(deduplicated);
  }

  @Test
  void aCorruptRecordIsAnErrorLineNamingFileAndOffsetAndTheRunGoesOn() throws Exception {
    Path file = TestWarcs.write(dir.resolve("crawl.warc.gz"), WarcCompression.GZIP);
    List<WarcItem> items = new ArrayList<>();
    try (WarcInput in = new WarcInput(file, 1 << 20)) {
      for (Optional<WarcItem> i; (i = in.next()).isPresent(); ) items.add(i.get());
    }
    long victim = items.get(2).offset(); // the first page's response
    byte[] bytes = Files.readAllBytes(file);
    for (int k = 0; k < 12; k++) bytes[(int) victim + k] ^= 0x5a;
    Files.write(file, bytes);

    List<JsonNode> out = dedup("--input", file.toString());
    assertEquals(TestWarcs.PAGE_URLS.size(), out.size());
    JsonNode error = out.get(0);
    assertEquals("error", error.get("verdict").asText());
    assertEquals(victim, error.get("warc_offset").asLong());
    assertTrue(error.get("error").asText().startsWith(file + " at offset " + victim + ": "), error.toString());
    assertEquals("unique", out.get(1).get("verdict").asText(), "the reprint is now the first of its text");
  }

  @Test
  void jsonLinesAndWarcsAreNotMixedAndOutputWarcNeedsWarcInput() throws Exception {
    Path warc = TestWarcs.write(dir.resolve("crawl.warc"), WarcCompression.NONE);
    Path jsonl = Files.writeString(dir.resolve("pages.jsonl"), TestWarcs.jsonLines());
    CompareAndExtractCommandTest.Run mixed = CompareAndExtractCommandTest.run("dedup", "--store", "memory",
        "--output", dir.resolve("o").toString(), "--input", warc.toString(), jsonl.toString());
    assertEquals(2, mixed.code());
    assertTrue(mixed.err().contains("not both"), mixed.err());
    CompareAndExtractCommandTest.Run noWarc = CompareAndExtractCommandTest.run("dedup", "--store", "memory",
        "--output", dir.resolve("o").toString(), "--input", jsonl.toString(), "--output-warc", dir.resolve("x.warc").toString());
    assertEquals(2, noWarc.code());
    assertTrue(noWarc.err().contains("--output-warc") && noWarc.err().contains("needs WARC input"), noWarc.err());
    CompareAndExtractCommandTest.Run self = CompareAndExtractCommandTest.run("dedup", "--store", "memory",
        "--output", dir.resolve("o").toString(), "--input", warc.toString(), "--output-warc", warc.toString());
    assertEquals(2, self.code());
    assertTrue(self.err().contains("is one of the inputs"), self.err());
    assertTrue(Files.size(warc) > 0, "the input is untouched");
  }

  @ParameterizedTest
  @CsvSource({"GZIP,out.warc.gz", "NONE,out.warc", "NONE,out.warc.gz", "GZIP,out.warc"})
  void theDeduplicatedWarcReplacesDuplicatesByRevisitsAndCopiesTheRest(WarcCompression in, String outName)
      throws Exception {
    Path warc = TestWarcs.write(dir.resolve("crawl.warc" + (in == WarcCompression.GZIP ? ".gz" : "")), in);
    Path out = dir.resolve(outName);
    List<JsonNode> verdicts = dedup("--input", warc.toString(), "--output-warc", out.toString());
    assertTrue(lastErr.contains(out.toString()), lastErr);

    List<WarcRecord> records = new ArrayList<>();
    List<byte[]> blocks = new ArrayList<>();
    try (WarcReader r = new WarcReader(out)) {
      for (WarcRecord rec : r) {
        records.add(rec);
        blocks.add(rec.body().stream().readAllBytes());
      }
    }
    List<String> types = records.stream().map(WarcRecord::type).toList();
    assertEquals(List.of("warcinfo",
        "request", "response",
        "request", "revisit", "metadata", "metadata", "response", "response",
        "request", "revisit", "revisit",
        "request", "revisit", "metadata",
        "request", "resource",
        "request", "revisit", "metadata"), types);

    WarcRecord original = records.get(2);
    WarcRevisit reprint = (WarcRevisit) records.get(4);
    assertEquals(DedupedWarc.SAME_TEXT_PROFILE, reprint.profile(), "same text, another template and charset");
    assertEquals(TestWarcs.PAGE_URLS.get(1), reprint.target());
    assertEquals(Optional.of(java.net.URI.create(TestWarcs.PAGE_URLS.get(0))), reprint.refersToTargetURI());
    assertEquals(Optional.of(TestWarcs.T0), reprint.refersToDate());
    assertEquals(Optional.of(original.id()), reprint.refersTo());
    assertEquals(Optional.of(reprint.id()), headerUri(records.get(5), "WARC-Refers-To"));
    assertEquals("exact", fields(blocks.get(5)).get("neardup-verdict"));

    WarcRevisit mirror = (WarcRevisit) records.get(10);
    assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, mirror.profile(), "the same payload bytes");
    assertEquals("WARC/1.1", mirror.version().toString());
    assertEquals(Optional.of(original.id()), mirror.refersTo());
    assertTrue(new String(blocks.get(10), StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK"),
        "the revisit keeps the duplicate's HTTP header");

    WarcRevisit near = (WarcRevisit) records.get(13);
    assertEquals(DedupedWarc.NEAR_PROFILE, near.profile());
    assertEquals(Optional.of(near.id()), headerUri(records.get(14), "WARC-Refers-To"));
    java.util.Map<String, String> nearWhy = fields(blocks.get(14));
    assertEquals("near", nearWhy.get("neardup-verdict"));
    assertEquals(verdicts.get(3).get("detector").asText(), nearWhy.get("neardup-detector"));
    assertEquals(TestWarcs.PAGE_URLS.get(0), nearWhy.get("neardup-duplicate-of"));
    assertTrue(nearWhy.keySet().stream().anyMatch(k -> k.startsWith("neardup-score-")), nearWhy.toString());

    assertCopiedByteForByte(warc, out, in, outName.endsWith(".gz"));
    assertValidByJwarc(out);
  }

  /** A header holding a URI in angle brackets, as WARC 1.1 writes record ids. */
  private static Optional<java.net.URI> headerUri(WarcRecord r, String name) {
    return r.headers().first(name).map(v -> java.net.URI.create(v.replaceAll("^<|>$", "")));
  }

  /** The first value of each field of an application/warc-fields block. */
  private static java.util.Map<String, String> fields(byte[] block) {
    java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
    for (String line : new String(block, StandardCharsets.UTF_8).split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) fields.putIfAbsent(line.substring(0, colon), line.substring(colon + 1).strip());
    }
    return fields;
  }

  /** Every record the output holds unchanged is the input's record, byte for byte once uncompressed. */
  private static void assertCopiedByteForByte(Path in, Path out, WarcCompression inCompression, boolean outGzip)
      throws Exception {
    List<byte[]> inRecords = rawRecords(in, inCompression == WarcCompression.GZIP);
    List<byte[]> outRecords = rawRecords(out, outGzip);
    // input order: warcinfo, req, resp(0), req, resp(1), metadata, png, 404, req, resp(2), revisit, ...
    int[][] same = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {5, 6}, {6, 7}, {7, 8}, {8, 9}, {10, 11}, {11, 12},
        {13, 15}, {14, 16}, {15, 17}};
    for (int[] p : same) {
      assertArrayEquals(inRecords.get(p[0]), outRecords.get(p[1]), "input record " + p[0]);
    }
  }

  /** The records of a file as stored (each gzip member uncompressed), split at the offsets jwarc reports. */
  private static List<byte[]> rawRecords(Path file, boolean gzip) throws Exception {
    List<Long> offsets = new ArrayList<>();
    try (WarcReader r = new WarcReader(file)) {
      while (r.next().isPresent()) offsets.add(r.position());
    }
    offsets.add(Files.size(file));
    byte[] all = Files.readAllBytes(file);
    List<byte[]> records = new ArrayList<>();
    for (int i = 0; i + 1 < offsets.size(); i++) {
      byte[] raw = java.util.Arrays.copyOfRange(all, offsets.get(i).intValue(), offsets.get(i + 1).intValue());
      if (gzip) {
        try (var z = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
          raw = z.readAllBytes();
        }
      }
      records.add(raw);
    }
    return records;
  }

  /**
   * The deduplicated archives (of the archive the tests write, gzipped and plain, and of the one
   * GNU Wget recorded) read by a second, independent reader.
   */
  @Test
  void warcioListsEveryRecordOfTheDeduplicatedArchives() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("NEARDUP_WARCIO") != null,
        "NEARDUP_WARCIO is not set: the warcio check is skipped");
    Path wget = Path.of(getClass().getResource("/warc/demo-site.warc.gz").toURI());
    Path written = TestWarcs.write(dir.resolve("crawl.warc.gz"), WarcCompression.GZIP);
    Path plain = TestWarcs.write(dir.resolve("crawl.warc"), WarcCompression.NONE);
    int k = 0;
    for (Path in : List.of(wget, written, plain)) {
      for (String name : new String[] {"out.warc.gz", "out.warc"}) {
        Path out = dir.resolve((k++) + name);
        dedup("--input", in.toString(), "--output-warc", out.toString());
        assertListedByWarcio(out);
      }
    }
  }

  /**
   * Webrecorder's warcio (a second, independent reader, in JavaScript) lists every record at the
   * offset jwarc reads it at. It runs when {@code NEARDUP_WARCIO} names its command ({@code npm
   * install warcio}, then {@code NEARDUP_WARCIO=node_modules/.bin/warcio}); a machine with only
   * Java and Maven skips it.
   */
  static void assertListedByWarcio(Path warc) throws Exception {
    String warcio = System.getenv("NEARDUP_WARCIO");
    Process p = new ProcessBuilder(warcio, "index", warc.toString()).redirectErrorStream(false).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String errors = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), errors);
    List<Long> listed = new ArrayList<>();
    for (String line : output.split("\n")) {
      if (!line.isBlank()) listed.add(JSON.readTree(line).get("offset").asLong());
    }
    List<Long> offsets = new ArrayList<>();
    try (WarcReader r = new WarcReader(warc)) {
      while (r.next().isPresent()) offsets.add(r.position());
    }
    assertEquals(offsets, listed, "warcio lists every record jwarc reads, at the same offsets");
  }

  /** jwarc's own validator (its command line, in a JVM of its own) accepts the file. */
  static void assertValidByJwarc(Path warc) throws Exception {
    String jwarc = new File(WarcReader.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-cp", jwarc, "org.netpreserve.jwarc.tools.WarcTool",
        "validate", warc.toString()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), output);
    assertFalse(output.toLowerCase().contains("invalid"), output);
  }
}
