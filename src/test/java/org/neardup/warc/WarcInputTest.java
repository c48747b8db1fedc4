package org.neardup.warc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.netpreserve.jwarc.WarcCompression;

class WarcInputTest {
  @TempDir Path dir;

  static List<WarcItem> readAll(Path file) throws Exception {
    List<WarcItem> items = new ArrayList<>();
    try (WarcInput in = new WarcInput(file, 5 << 20)) {
      for (Optional<WarcItem> i; (i = in.next()).isPresent(); ) items.add(i.get());
    }
    return items;
  }

  @ParameterizedTest
  @EnumSource(WarcCompression.class)
  void htmlCapturesArePagesWithTheirEncodingsUndoneAndEveryOtherRecordIsCountedByKind(WarcCompression c)
      throws Exception {
    Path file = TestWarcs.write(dir.resolve("crawl.warc"), c);
    List<WarcItem> items = readAll(file);

    List<String> kinds = items.stream().map(i -> i instanceof WarcItem.Page p ? "page " + p.url()
        : ((WarcItem.Other) i).kind()).toList();
    assertEquals(List.of("warcinfo",
        "request", "page " + TestWarcs.PAGE_URLS.get(0),
        "request", "page " + TestWarcs.PAGE_URLS.get(1), "metadata", WarcInput.RESPONSE_NOT_HTML,
        WarcInput.RESPONSE_NOT_SUCCESS,
        "request", "page " + TestWarcs.PAGE_URLS.get(2), "revisit",
        "request", "page " + TestWarcs.PAGE_URLS.get(3),
        "request", "page " + TestWarcs.PAGE_URLS.get(4),
        "request", "page " + TestWarcs.PAGE_URLS.get(5)), kinds);

    List<WarcItem.Page> pages = items.stream().filter(i -> i instanceof WarcItem.Page)
        .map(i -> (WarcItem.Page) i).toList();
    List<TestWarcs.Capture> captures = TestWarcs.pages();
    for (int k = 0; k < pages.size(); k++) {
      TestWarcs.Capture want = captures.get(k);
      WarcItem.Page got = pages.get(k);
      assertArrayEquals(want.html().getBytes(want.charset()), got.body(),
          got.url() + ": the body with chunked transfer and gzip content encoding undone");
      assertEquals(want.date(), got.date());
      assertTrue(got.recordId().startsWith("urn:uuid:"), got.recordId());
      assertTrue(got.payloadDigest().startsWith("sha1:"), got.payloadDigest());
    }
    assertEquals("gbk", pages.get(1).charset(), "the charset of the HTTP Content-Type");
    assertNull(pages.get(3).charset());
    assertEquals("resource", pages.get(4).type());
    assertNull(pages.get(4).httpHeader());
    assertTrue(new String(pages.get(0).httpHeader(), StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200"));
    assertEquals(pages.get(0).payloadDigest(), pages.get(2).payloadDigest(), "the mirror's payload is the original's");

    // records tile the file: each ends where the next starts, the last at the end of the file
    assertEquals(0, items.get(0).offset());
    for (int k = 1; k < items.size(); k++) assertEquals(items.get(k - 1).end(), items.get(k).offset());
    assertEquals(Files.size(file), items.get(items.size() - 1).end());
  }

  @ParameterizedTest
  @EnumSource(WarcCompression.class)
  void aCorruptRecordIsBrokenAtItsOffsetAndReadingGoesOnAtTheNextRecord(WarcCompression c) throws Exception {
    Path file = TestWarcs.write(dir.resolve("crawl.warc"), c);
    List<WarcItem> clean = readAll(file);
    WarcItem victim = clean.get(4); // the GBK reprint
    byte[] bytes = Files.readAllBytes(file);
    // a gzip member's header or a record's "WARC/1.x" version line, destroyed
    for (int k = 0; k < 12; k++) bytes[(int) victim.offset() + k] ^= 0x5a;
    Path broken = Files.write(dir.resolve("broken.warc"), bytes);

    List<WarcItem> items = readAll(broken);
    WarcItem.Broken b = assertInstanceOf(WarcItem.Broken.class, items.get(4), items.toString());
    assertEquals(victim.offset(), b.offset());
    assertEquals(victim.end(), b.end(), "reading resumes at the next record");
    assertFalse(b.error().isBlank());
    assertEquals(clean.size(), items.size());
    for (int k = 5; k < items.size(); k++) {
      assertEquals(clean.get(k).offset(), items.get(k).offset());
      assertEquals(clean.get(k).getClass(), items.get(k).getClass());
    }
  }

  @ParameterizedTest
  @EnumSource(WarcCompression.class)
  void aTruncatedFileEndsWithABrokenRecordAfterEveryWholeOne(WarcCompression c) throws Exception {
    Path file = TestWarcs.write(dir.resolve("crawl.warc"), c);
    List<WarcItem> clean = readAll(file);
    WarcItem last = clean.get(clean.size() - 1);
    byte[] bytes = Files.readAllBytes(file);
    Path cut = Files.write(dir.resolve("cut.warc"), Arrays.copyOf(bytes, (int) (last.offset() + (last.end() - last.offset()) / 2)));

    List<WarcItem> items = readAll(cut);
    assertEquals(clean.size(), items.size());
    WarcItem.Broken b = assertInstanceOf(WarcItem.Broken.class, items.get(items.size() - 1));
    assertEquals(last.offset(), b.offset());
    assertEquals(Files.size(cut), b.end());
    assertEquals(clean.subList(0, clean.size() - 1).stream().map(WarcItem::offset).toList(),
        items.subList(0, items.size() - 1).stream().map(WarcItem::offset).toList());
  }

  @ParameterizedTest
  @EnumSource(WarcCompression.class)
  void warcFilesAreToldByTheirFirstBytes(WarcCompression c) throws Exception {
    Path file = TestWarcs.write(dir.resolve("crawl.bin"), c);
    assertTrue(WarcFiles.isWarc(file));
    Path json = Files.writeString(dir.resolve("pages.warc"), TestWarcs.jsonLines());
    assertFalse(WarcFiles.isWarc(json), "JSON lines, whatever the name");
  }

  @org.junit.jupiter.api.Test
  void htmlIsToldByTheDeclaredTypeWithOrWithoutParametersAndSniffedWithoutOne() {
    byte[] html = "<!DOCTYPE html><html><body>x</body></html>".getBytes(StandardCharsets.UTF_8);
    byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
    for (String t : new String[] {"text/html", "TEXT/HTML", "text/html; charset=gbk", "application/xhtml+xml"}) {
      assertTrue(WarcInput.isHtml(org.netpreserve.jwarc.MediaType.parseLeniently(t), png), t);
    }
    assertFalse(WarcInput.isHtml(org.netpreserve.jwarc.MediaType.parseLeniently("image/png"), html));
    assertFalse(WarcInput.isHtml(org.netpreserve.jwarc.MediaType.parseLeniently("text/plain"), html));
    assertTrue(WarcInput.isHtml(null, html), "no Content-Type: sniffed");
    assertTrue(WarcInput.isHtml(null, "  <html lang=en>".getBytes(StandardCharsets.UTF_8)));
    assertFalse(WarcInput.isHtml(null, png));
  }
}
