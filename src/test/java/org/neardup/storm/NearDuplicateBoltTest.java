package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.TestOutputCollector;
import com.digitalpebble.stormcrawler.TestUtil;
import com.digitalpebble.stormcrawler.parse.ParseResult;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.neardup.config.NeardupConfig;
import org.neardup.index.FlakyStore;
import org.neardup.index.MemoryFingerprintStore;
import org.neardup.runtime.Stores;

/**
 * The bolt in the ParsingTester style: a mocked tuple, SC's TestOutputCollector, and a real
 * memory store (a fresh namespace per test, so each test has its own store).
 */
class NearDuplicateBoltTest {
  static final String BASE = "http://127.0.0.1:8000/";
  static final AtomicInteger NAMESPACES = new AtomicInteger();
  private static FingerprintParseFilter filter;

  NearDuplicateBolt bolt;
  TestOutputCollector output;
  Map<String, Object> conf;

  /** The parse filter, configured once (it loads the dictionary). */
  static synchronized FingerprintParseFilter filter() {
    if (filter == null) {
      filter = new FingerprintParseFilter();
      filter.configure(Map.of("neardup.store", "memory"), JsonNodeFactory.instance.objectNode());
    }
    return filter;
  }

  @AfterEach
  void cleanup() {
    if (bolt != null) bolt.cleanup();
  }

  /** A bolt on a fresh memory namespace, checking each tuple as it comes unless extra says otherwise. */
  void prepare(Map<String, Object> extra) {
    conf = new HashMap<>(Map.of("neardup.store", "memory",
        "neardup.store.namespace", "bolt-test-" + NAMESPACES.incrementAndGet(),
        "neardup.bolt.batch_size", 1));
    conf.putAll(extra);
    bolt = new NearDuplicateBolt();
    output = new TestOutputCollector();
    bolt.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(output));
  }

  /** A demo page as JSoupParserBolt emits it: decoded with {@code charset}, jsoup filters applied. */
  static Tuple parsed(String path, String charset) {
    return parsed(path, charset, BASE + path);
  }

  /** As above, fetched from {@code url}. */
  static Tuple parsed(String path, String charset, String url) {
    byte[] bytes = DemoSite.bytes(path);
    Metadata md = new Metadata();
    md.setValue(FingerprintParseFilter.CHARSET_KEY, charset);
    ParseResult parse = new ParseResult();
    parse.get(url).setMetadata(md);
    filter().filter(url, bytes, Jsoup.parse(new String(bytes, Charset.forName(charset)), url), parse);
    assertNotNull(md.getFirstValue(DedupMetadata.KEY_DIGEST), "the filter fingerprinted " + path);
    return tuple(url, bytes, md, "parsed text of " + path);
  }

  /** A page from a parser without the fingerprint filter: no dedup.* metadata. */
  static Tuple unfiltered(String url, byte[] content, String text) {
    return tuple(url, content, new Metadata(), text);
  }

  static Tuple tuple(String url, byte[] content, Metadata md, String text) {
    Map<String, Object> values = new HashMap<>();
    values.put("url", url);
    if (content != null) values.put("content", content);
    values.put("metadata", md);
    values.put("text", text);
    return TestUtil.getMockedTestTuple(values);
  }

  static Metadata md(List<Object> emitted) {
    return (Metadata) emitted.get(emitted.size() == 4 ? 2 : 1);
  }

  @Test
  void uniquePageGoesToTheIndexer() {
    prepare(Map.of());
    Tuple t = parsed("news-a/flood.html", "UTF-8");
    bolt.execute(t);

    assertEquals(1, output.getEmitted().size());
    List<Object> out = output.getEmitted().get(0);
    assertEquals(BASE + "news-a/flood.html", out.get(0));
    assertTrue(((byte[]) out.get(1)).length > 0, "content passed on");
    Metadata md = (Metadata) out.get(2);
    assertEquals("unique", md.getFirstValue("dedup.verdict"));
    assertEquals("1", md.getFirstValue("dedup.seq"));
    assertNull(md.getFirstValue("dedup.duplicate_of"));
    assertNotNull(md.getFirstValue("dedup.digest"), "the digest stays for the indexer");
    assertNull(md.getFirstValue("dedup.bands"), "transport-only keys are dropped");
    assertNull(md.getFirstValue("dedup.sketch"));
    assertEquals("parsed text of news-a/flood.html", out.get(3));
    assertTrue(output.getEmitted(Constants.StatusStreamName).isEmpty());
    assertTrue(output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).isEmpty());
    assertEquals(List.of(t), output.getAckedTuples());
  }

  @Test
  void exactCopyGoesToStatusAndDuplicatesNotToTheIndexer() throws Exception {
    prepare(Map.of());
    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    Tuple copy = parsed("news-b/flood-reprint.html", "GBK");
    bolt.execute(copy);

    assertEquals(1, output.getEmitted("default").size(), "only the original was indexed");
    List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
    assertEquals(1, status.size());
    assertEquals(BASE + "news-b/flood-reprint.html", status.get(0).get(0));
    assertEquals(Status.FETCHED, status.get(0).get(2));
    Metadata md = md(status.get(0));
    assertEquals("exact", md.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "news-a/flood.html", md.getFirstValue("dedup.duplicate_of"));
    assertEquals(BASE + "news-a/flood.html", md.getFirstValue("dedup.duplicate_of_id"));
    assertEquals("exact", md.getFirstValue("dedup.detector"));
    JsonNode scores = new ObjectMapper().readTree(md.getFirstValue("dedup.scores"));
    assertEquals(md.getFirstValue("dedup.digest"), scores.get("digest").asText());

    List<List<Object>> dups = output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM);
    assertEquals(1, dups.size());
    JsonNode verdict = new ObjectMapper().readTree((String) dups.get(0).get(2));
    assertEquals("exact", verdict.get("verdict").asText());
    assertEquals(BASE + "news-a/flood.html", verdict.get("duplicate_of").asText());
    assertEquals(2, output.getAckedTuples().size());
    assertSame(copy, output.getAckedTuples().get(1));
    assertTrue(output.getEmitted(Constants.DELETION_STREAM_NAME).isEmpty(), "the copy was never indexed");
  }

  /**
   * With neardup.bolt.duplicates: mark, a copy reaches the indexer too, marked dedup.index=false
   * (an indexer filters on it, or indexes it to collapse at query time), and the indexer, not the
   * bolt, reports its status; the original is marked dedup.index=true.
   */
  @Test
  void markedDuplicatesGoToTheIndexerAndNotToStatus() throws Exception {
    prepare(Map.of("neardup.bolt.duplicates", "mark"));
    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));

    List<List<Object>> indexed = output.getEmitted("default");
    assertEquals(2, indexed.size());
    assertEquals("true", md(indexed.get(0)).getFirstValue("dedup.index"));
    Metadata copy = md(indexed.get(1));
    assertEquals(BASE + "news-b/flood-reprint.html", indexed.get(1).get(0));
    assertEquals("false", copy.getFirstValue("dedup.index"));
    assertEquals("exact", copy.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "news-a/flood.html", copy.getFirstValue("dedup.duplicate_of"));
    assertTrue(output.getEmitted(Constants.StatusStreamName).isEmpty(), "the indexer reports the status");
    assertEquals(1, output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).size());
    assertEquals(2, output.getAckedTuples().size());
  }

  @Test
  void droppedDuplicatesAreMarkedToo() {
    prepare(Map.of());
    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));
    assertEquals("true", md(output.getEmitted("default").get(0)).getFirstValue("dedup.index"));
    assertEquals("false", md(output.getEmitted(Constants.StatusStreamName).get(0)).getFirstValue("dedup.index"));
  }

  @Test
  void aBadDuplicatesSettingStopsTheBoltNamingTheKey() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> prepare(Map.of("neardup.bolt.duplicates", "index")));
    assertTrue(e.getMessage().contains("neardup.bolt.duplicates") && e.getMessage().contains("drop or mark"), e.getMessage());
  }

  /**
   * The fetch time is the one the protocol or the WARC spout recorded (_request.time_ under
   * protocol.md.prefix), not the time the tuple reached the bolt: a copy reports its original's.
   */
  @Test
  void theFetchTimeIsTheRequestTimeStormCrawlerRecorded() throws Exception {
    prepare(Map.of("protocol.md.prefix", "protocol."));
    Tuple original = parsed("news-a/flood.html", "UTF-8");
    ((Metadata) original.getValueByField("metadata")).setValue("protocol._request.time_", "1262304000000");
    bolt.execute(original);
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));

    JsonNode verdict = new ObjectMapper().readTree(
        (String) output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).get(0).get(2));
    assertEquals(1262304000000L, verdict.get("original_fetched_at").asLong());
    assertEquals(System.currentTimeMillis(), bolt.fetchTime(new Metadata()), 60_000,
        "without a recorded time: now");
    Metadata junk = new Metadata();
    junk.setValue("protocol._request.time_", "yesterday");
    assertEquals(System.currentTimeMillis(), bolt.fetchTime(junk), 60_000);
  }

  static Tuple fetchedAt(Tuple t, long epochMs) {
    ((Metadata) t.getValueByField("metadata")).setValue("protocol._request.time_", Long.toString(epochMs));
    return t;
  }

  /**
   * An older page sent late: the reprint was fetched a day before the page that became the
   * original, and reaches the bolt after it. It is the original: it goes to the indexer with
   * {@code dedup.replaces}, and the page it replaces, now its exact copy, goes to the deletion
   * stream; fetched again, that page is a copy of the reprint.
   */
  @Test
  void anOlderPageSentLateIsTheOriginalAndThePageBeforeItLeavesTheIndex() {
    prepare(Map.of("protocol.md.prefix", "protocol."));
    String first = BASE + "news-a/flood.html";
    String reprint = BASE + "news-b/flood-reprint.html";
    bolt.execute(fetchedAt(parsed("news-a/flood.html", "UTF-8"), 1262390400000L));
    Tuple older = fetchedAt(parsed("news-b/flood-reprint.html", "GBK"), 1262304000000L);
    bolt.execute(older);

    List<List<Object>> indexed = output.getEmitted("default");
    assertEquals(2, indexed.size(), "both reached the indexer");
    Metadata olderMd = md(indexed.get(1));
    assertEquals("unique", olderMd.getFirstValue("dedup.verdict"));
    assertEquals(first, olderMd.getFirstValue("dedup.replaces"));
    List<List<Object>> deleted = output.getEmitted(Constants.DELETION_STREAM_NAME);
    assertEquals(1, deleted.size());
    assertEquals(first, deleted.get(0).get(0));
    Metadata gone = (Metadata) deleted.get(0).get(1);
    assertEquals("exact", gone.getFirstValue("dedup.verdict"));
    assertEquals(reprint, gone.getFirstValue("dedup.duplicate_of"));
    assertEquals("false", gone.getFirstValue("dedup.index"));
    assertTrue(output.getEmitted(Constants.StatusStreamName).isEmpty(), "no copy yet");
    assertSame(older, output.getAckedTuples().get(1));

    bolt.execute(fetchedAt(parsed("news-a/flood.html", "UTF-8"), 1262476800000L)); // fetched again
    Metadata again = md(output.getEmitted(Constants.StatusStreamName).get(0));
    assertEquals("exact", again.getFirstValue("dedup.verdict"));
    assertEquals(reprint, again.getFirstValue("dedup.duplicate_of"));
  }

  /** With marked duplicates the replaced page stays in the index, as the indexer has it. */
  @Test
  void markedDuplicatesLeaveTheReplacedPageInTheIndex() {
    prepare(Map.of("protocol.md.prefix", "protocol.", "neardup.bolt.duplicates", "mark"));
    bolt.execute(fetchedAt(parsed("news-a/flood.html", "UTF-8"), 2000));
    bolt.execute(fetchedAt(parsed("news-b/flood-reprint.html", "GBK"), 1000));
    assertEquals(BASE + "news-a/flood.html", md(output.getEmitted("default").get(1)).getFirstValue("dedup.replaces"));
    assertTrue(output.getEmitted(Constants.DELETION_STREAM_NAME).isEmpty());
  }

  /**
   * A url indexed as unique, fetched again with the text of another page: a copy now. Besides the
   * status and duplicates streams it goes to the deletion stream (url, metadata), as StormCrawler
   * sends pages that are gone, so the indexer deletes the old version; a replay sends it again.
   */
  @Test
  void aRecrawlThatBecameACopyGoesToTheDeletionStream() throws Exception {
    prepare(Map.of());
    String url = BASE + "news-a/flood.html";
    bolt.execute(parsed("world-d/marathon.html", "UTF-8"));
    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    assertEquals(2, output.getEmitted("default").size());
    assertTrue(output.getEmitted(Constants.DELETION_STREAM_NAME).isEmpty(), "originals stay");

    Tuple recrawl = parsed("mirror-e/marathon.html", "UTF-8", url);
    bolt.execute(recrawl);
    assertEquals(2, output.getEmitted("default").size(), "the copy is not indexed");
    List<List<Object>> deleted = output.getEmitted(Constants.DELETION_STREAM_NAME);
    assertEquals(1, deleted.size());
    assertEquals(2, deleted.get(0).size(), "url, metadata as StormCrawler's deletion stream");
    assertEquals(url, deleted.get(0).get(0));
    Metadata md = (Metadata) deleted.get(0).get(1);
    assertEquals("near", md.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "world-d/marathon.html", md.getFirstValue("dedup.duplicate_of"));
    assertNull(md.getFirstValue("dedup.sketch"), "no fingerprints for the indexer");
    List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
    assertEquals(1, status.size());
    assertEquals(Status.FETCHED, status.get(0).get(2));
    JsonNode verdict = new ObjectMapper().readTree(
        (String) output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).get(0).get(2));
    assertTrue(verdict.get("removed_from_index").asBoolean());
    assertSame(recrawl, output.getAckedTuples().get(2));

    bolt.execute(parsed("mirror-e/marathon.html", "UTF-8", url)); // Storm replays the tuple
    assertEquals(2, output.getEmitted(Constants.DELETION_STREAM_NAME).size(), "sent again with the replay");
    assertEquals("true", md(output.getEmitted(Constants.DELETION_STREAM_NAME).get(1)).getFirstValue("dedup.replay"));
    // another url with that text was never indexed: no deletion
    bolt.execute(parsed("mirror-e/marathon.html", "UTF-8", BASE + "mirror-e/marathon.html"));
    assertEquals(2, output.getEmitted(Constants.DELETION_STREAM_NAME).size());
    assertEquals(3, output.getEmitted(Constants.StatusStreamName).size());
  }

  @Test
  void nearCopyNamesTheFirstSeenOriginal() {
    prepare(Map.of());
    bolt.execute(parsed("world-d/marathon.html", "UTF-8"));
    bolt.execute(parsed("mirror-e/marathon.html", "UTF-8"));

    List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
    assertEquals(1, status.size());
    Metadata md = md(status.get(0));
    assertEquals("near", md.getFirstValue("dedup.verdict"), md.toString());
    assertEquals(BASE + "world-d/marathon.html", md.getFirstValue("dedup.duplicate_of"));
    assertNotNull(md.getFirstValue("dedup.detector"));
    assertEquals(1, output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).size());
  }

  static Tuple tick() {
    Tuple t = Mockito.mock(Tuple.class);
    Mockito.when(t.getSourceComponent()).thenReturn(org.apache.storm.Constants.SYSTEM_COMPONENT_ID);
    Mockito.when(t.getSourceStreamId()).thenReturn(org.apache.storm.Constants.SYSTEM_TICK_STREAM_ID);
    return t;
  }

  @Test
  void aFullBatchIsCheckedAtOnceWithTheVerdictsOfOneByOne() {
    prepare(Map.of("neardup.bolt.batch_size", 4, "neardup.bolt.batch_wait_ms", 60_000));
    Tuple original = parsed("world-d/marathon.html", "UTF-8");
    Tuple near = parsed("mirror-e/marathon.html", "UTF-8");
    Tuple other = parsed("news-a/flood.html", "UTF-8");
    Tuple exact = tuple(BASE + "copy/flood.html", DemoSite.bytes("news-b/flood-reprint.html"),
        new Metadata(), "text");
    bolt.execute(original);
    bolt.execute(near);
    bolt.execute(other);
    assertTrue(output.getAckedTuples().isEmpty(), "waiting for the batch to fill");
    assertTrue(output.getEmitted().isEmpty());
    bolt.execute(exact);

    assertEquals(List.of(original, near, other, exact), output.getAckedTuples());
    assertEquals(List.of(BASE + "world-d/marathon.html", BASE + "news-a/flood.html"),
        output.getEmitted().stream().map(v -> v.get(0)).toList(), "the originals go to the indexer");
    List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
    assertEquals(2, status.size());
    assertEquals("near", md(status.get(0)).getFirstValue("dedup.verdict"));
    assertEquals(BASE + "world-d/marathon.html", md(status.get(0)).getFirstValue("dedup.duplicate_of"));
    assertEquals("exact", md(status.get(1)).getFirstValue("dedup.verdict"));
    assertEquals(BASE + "news-a/flood.html", md(status.get(1)).getFirstValue("dedup.duplicate_of"));
  }

  @Test
  void aTickOrTheWaitLimitSendsAPartBatch() throws Exception {
    prepare(Map.of("neardup.bolt.batch_size", 100, "neardup.bolt.batch_wait_ms", 60_000));
    Tuple a = parsed("news-a/flood.html", "UTF-8");
    bolt.execute(a);
    assertTrue(output.getAckedTuples().isEmpty());
    bolt.execute(tick());
    assertEquals(List.of(a), output.getAckedTuples(), "the tick sent it");
    bolt.execute(tick()); // nothing waiting: nothing happens
    assertEquals(1, output.getAckedTuples().size());

    prepare(Map.of("neardup.bolt.batch_size", 100, "neardup.bolt.batch_wait_ms", 20));
    Tuple b = parsed("news-a/subway.html", "UTF-8");
    Tuple c = parsed("news-b/phone.html", "UTF-8");
    bolt.execute(b);
    assertTrue(output.getAckedTuples().isEmpty());
    Thread.sleep(40);
    bolt.execute(c);
    assertEquals(List.of(b, c), output.getAckedTuples(), "b waited past batch_wait_ms");
  }

  @Test
  void batchesThatCouldHoldMostTuplesInFlightAreFlagged() {
    // SC's default max.spout.pending 100, one spout task
    assertFalse(NearDuplicateBolt.batchesMayWaitForTicks(16, 2, 100, 1));
    assertTrue(NearDuplicateBolt.batchesMayWaitForTicks(16, 4, 100, 1));
    assertTrue(NearDuplicateBolt.batchesMayWaitForTicks(64, 1, 100, 1));
    assertFalse(NearDuplicateBolt.batchesMayWaitForTicks(64, 1, 100, 2));
    assertFalse(NearDuplicateBolt.batchesMayWaitForTicks(1, 100, 1, 1), "no batches");
    assertFalse(NearDuplicateBolt.batchesMayWaitForTicks(16, 4, 0, 1), "no max.spout.pending set");
  }

  @Test
  void aPageWithoutTextDoesNotWaitForTheBatch() {
    prepare(Map.of("neardup.bolt.batch_size", 100, "neardup.bolt.batch_wait_ms", 60_000));
    Tuple a = parsed("news-a/flood.html", "UTF-8");
    Tuple empty = unfiltered(BASE + "empty", new byte[0], "");
    bolt.execute(a);
    bolt.execute(empty);
    assertEquals(List.of(empty), output.getAckedTuples());
    bolt.execute(tick());
    assertEquals(List.of(empty, a), output.getAckedTuples());
  }

  @Test
  void missingMetadataIsComputedFromContentOrText() {
    prepare(Map.of());
    bolt.execute(unfiltered(BASE + "news-b/phone.html", DemoSite.bytes("news-b/phone.html"), ""));
    assertEquals("unique", md(output.getEmitted().get(0)).getFirstValue("dedup.verdict"));

    // the same text via the parse filter under another url: the two paths agree on the digest
    Tuple viaFilter = parsed("blog-c/phone.html", "UTF-8");
    bolt.execute(viaFilter);
    Metadata md = md(output.getEmitted(Constants.StatusStreamName).get(0));
    assertEquals("exact", md.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "news-b/phone.html", md.getFirstValue("dedup.duplicate_of"));

    // no content at all (a parser that only gives text)
    String text = "Plain text only. ".repeat(30);
    bolt.execute(unfiltered(BASE + "t1", null, text));
    bolt.execute(unfiltered(BASE + "t2", null, text));
    assertEquals("exact", md(output.getEmitted(Constants.StatusStreamName).get(1)).getFirstValue("dedup.verdict"));

    // content that is not HTML (a PDF parsed by Tika): the parser's text, not the bytes
    byte[] pdf = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".getBytes(StandardCharsets.ISO_8859_1);
    bolt.execute(unfiltered(BASE + "t3.pdf", pdf, text));
    Metadata pdfMd = md(output.getEmitted(Constants.StatusStreamName).get(2));
    assertEquals("exact", pdfMd.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "t1", pdfMd.getFirstValue("dedup.duplicate_of"));
    assertEquals(5, output.getAckedTuples().size());
  }

  /**
   * Without the parse filter, the canonical url under StormCrawler's key ({@code
   * indexer.canonical.name}) is the page's canonical for the detector too, resolved against the
   * page's url: a near copy whose canonical names the page it copies is matched as its canonical.
   */
  @Test
  void withoutTheFilterTheCanonicalKeyOfTheMetadataIsThePagesCanonical() throws Exception {
    prepare(Map.of("indexer.canonical.name", "link.canonical"));
    bolt.execute(unfiltered(BASE + "world-d/marathon.html", DemoSite.bytes("world-d/marathon.html"), ""));
    Metadata md = new Metadata();
    md.setValue("link.canonical", "../world-d/marathon.html");
    bolt.execute(tuple(BASE + "mirror-e/marathon.html", DemoSite.bytes("mirror-e/marathon.html"), md, ""));
    JsonNode verdict = new ObjectMapper().readTree(
        (String) output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).get(0).get(2));
    assertEquals(BASE + "world-d/marathon.html", verdict.get("duplicate_of").asText());
    assertEquals(BASE + "world-d/marathon.html", verdict.get("scores").get("canonical").asText(),
        "matched as the declared canonical");

    // the same copy under another url, no canonical declared: found without it
    bolt.execute(unfiltered(BASE + "blog-c/marathon.html", DemoSite.bytes("mirror-e/marathon.html"), ""));
    JsonNode plain = new ObjectMapper().readTree(
        (String) output.getEmitted(NearDuplicateBolt.DUPLICATES_STREAM).get(1).get(2));
    assertTrue(plain.get("scores").get("canonical") == null, plain.toString());
  }

  @Test
  void markupIsToldFromOtherContentByItsFirstCharacter() {
    assertTrue(NearDuplicateBolt.startsWithMarkup("\uFEFF  \n<!DOCTYPE html>".getBytes(StandardCharsets.UTF_8)));
    assertTrue(NearDuplicateBolt.startsWithMarkup("<html>".getBytes(StandardCharsets.UTF_16)));
    assertTrue(NearDuplicateBolt.startsWithMarkup("<html><title>新闻</title>".getBytes(Charset.forName("GBK"))));
    assertFalse(NearDuplicateBolt.startsWithMarkup("%PDF-1.7 <<".getBytes(StandardCharsets.ISO_8859_1)));
    assertFalse(NearDuplicateBolt.startsWithMarkup(new byte[] {(byte) 0xd0, (byte) 0xcf, 0x11, (byte) 0xe0}));
    assertFalse(NearDuplicateBolt.startsWithMarkup(new byte[0]));
  }

  /**
   * A page the store cannot answer for (here a reply that does not decode) goes to the status
   * stream as ERROR, and is counted in the store's {@code errors}, so {@code stats} shows it.
   */
  @Test
  void aPageThatCannotBeCheckedIsAnErrorCountedInTheStore() {
    conf = new HashMap<>(Map.of("neardup.store", "memory",
        "neardup.store.namespace", "bolt-test-" + NAMESPACES.incrementAndGet(), "neardup.bolt.batch_size", 1));
    NeardupConfig cfg = NeardupConfig.fromMap(conf);
    MemoryFingerprintStore memory = new MemoryFingerprintStore(cfg.index());
    // held first, so the bolt's lease shares this store
    try (SharedStore.Lease held = SharedStore.acquire(cfg, c -> FlakyStore.failingOn(memory, BASE + "news-b/"))) {
      bolt = new NearDuplicateBolt();
      output = new TestOutputCollector();
      bolt.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(output));
      bolt.execute(parsed("news-a/flood.html", "UTF-8"));
      bolt.execute(parsed("news-b/phone.html", "UTF-8"));
      List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
      assertEquals(1, status.size());
      assertEquals(Status.ERROR, status.get(0).get(2));
      Metadata sent = (Metadata) status.get(0).get(1);
      assertNull(sent.getFirstValue("dedup.sketch"), "no fingerprints in the status index");
      assertNull(sent.getFirstValue("dedup.bands"));
      assertEquals(1, memory.stats().counters().get("errors"));
      assertEquals(1, output.getEmitted("default").size(), "the other page went on");
    }
  }

  @Test
  void malformedMetadataIsRecomputed() {
    prepare(Map.of());
    Tuple t = parsed("news-a/flood.html", "UTF-8");
    ((Metadata) t.getValueByField("metadata")).setValue("dedup.sketch", "not a sketch");
    bolt.execute(t);
    Metadata md = md(output.getEmitted().get(0));
    assertEquals("unique", md.getFirstValue("dedup.verdict"));
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));
    assertEquals("exact", md(output.getEmitted(Constants.StatusStreamName).get(0)).getFirstValue("dedup.verdict"),
        "the recomputed record matches the filter's fingerprints");
  }

  @Test
  void pageWithoutTextIsSkippedAndIndexed() {
    prepare(Map.of());
    bolt.execute(unfiltered(BASE + "empty", "<html><body><nav>menu</nav></body></html>".getBytes(), ""));
    Metadata md = md(output.getEmitted().get(0));
    assertEquals("skipped", md.getFirstValue("dedup.verdict"));
    assertEquals(1, output.getAckedTuples().size());
  }

  @Test
  void replaysOfTheSameUrlKeepTheirVerdict() {
    prepare(Map.of());
    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    bolt.execute(parsed("news-a/flood.html", "UTF-8")); // Storm replays the tuple
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));
    bolt.execute(parsed("news-b/flood-reprint.html", "GBK"));

    List<List<Object>> indexed = output.getEmitted("default");
    assertEquals(2, indexed.size(), "the original is indexed again, never marked its own copy");
    assertEquals("unique", md(indexed.get(1)).getFirstValue("dedup.verdict"));
    assertEquals("true", md(indexed.get(1)).getFirstValue("dedup.replay"));
    assertEquals("1", md(indexed.get(1)).getFirstValue("dedup.seq"));

    List<List<Object>> status = output.getEmitted(Constants.StatusStreamName);
    assertEquals(2, status.size());
    Metadata replayed = md(status.get(1));
    assertEquals("exact", replayed.getFirstValue("dedup.verdict"));
    assertEquals(BASE + "news-a/flood.html", replayed.getFirstValue("dedup.duplicate_of"));
    assertEquals("true", replayed.getFirstValue("dedup.replay"));
    assertEquals(4, output.getAckedTuples().size());
    try (SharedStore.Lease lease = SharedStore.acquire(NeardupConfig.fromMap(conf), Stores::open)) {
      assertEquals(2L, lease.store().stats().counters().get("pages"), "replays record nothing new");
    }
  }

  @Test
  void ackedPagesAreInTheStore() {
    prepare(Map.of());
    Tuple t = parsed("world-d/library.html", "UTF-8");
    bolt.execute(t);
    assertEquals(List.of(t), output.getAckedTuples());
    try (SharedStore.Lease lease = SharedStore.acquire(NeardupConfig.fromMap(conf), Stores::open)) {
      assertEquals(1L, lease.store().stats().counters().get("pages"));
    }
  }

  @Test
  void boltsOfOneWorkerShareOneStore() {
    prepare(Map.of());
    NeardupConfig config = NeardupConfig.fromMap(conf);
    NearDuplicateBolt second = new NearDuplicateBolt();
    TestOutputCollector secondOut = new TestOutputCollector();
    second.prepare(conf, TestUtil.getMockedTopologyContext(), new OutputCollector(secondOut));
    assertEquals(2, SharedStore.users(config));

    bolt.execute(parsed("news-a/flood.html", "UTF-8"));
    second.execute(parsed("news-b/flood-reprint.html", "GBK"));
    assertEquals("exact", md(secondOut.getEmitted(Constants.StatusStreamName).get(0)).getFirstValue("dedup.verdict"));

    second.cleanup();
    assertEquals(1, SharedStore.users(config));
    bolt.cleanup();
    bolt = null;
    assertEquals(0, SharedStore.users(config), "the last bolt closes the store");
  }

  @Test
  void declaresFourStreams() {
    NearDuplicateBolt b = new NearDuplicateBolt();
    OutputFieldsDeclarer declarer = Mockito.mock(OutputFieldsDeclarer.class);
    b.declareOutputFields(declarer);
    Mockito.verify(declarer).declare(new Fields("url", "content", "metadata", "text"));
    Mockito.verify(declarer).declareStream(Constants.StatusStreamName, new Fields("url", "metadata", "status"));
    Mockito.verify(declarer).declareStream("duplicates", new Fields("url", "metadata", "verdict"));
    Mockito.verify(declarer).declareStream(Constants.DELETION_STREAM_NAME, new Fields("url", "metadata"));
  }

  @Test
  void badConfigurationFailsPrepare() {
    var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> prepare(Map.of("neardup.fail_opne", true)));
    assertTrue(e.getMessage().contains("neardup.fail_opne"), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
    bolt = null;
  }
}
