package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.TestUtil;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.warc.TestWarcs;
import org.netpreserve.jwarc.WarcCompression;

class WarcSpoutTest {
  @TempDir Path dir;

  /** What the spout emitted: values and message id, per call. */
  record Emitted(String stream, List<Object> values, Object id) {}

  static final class Recorder implements ISpoutOutputCollector {
    final List<Emitted> emitted = new ArrayList<>();
    final List<Emitted> statuses = new ArrayList<>();

    @Override
    public List<Integer> emit(String stream, List<Object> tuple, Object messageId) {
      Emitted e = new Emitted(stream, tuple, messageId);
      (stream.equals("default") ? emitted : statuses).add(e);
      return List.of();
    }

    @Override
    public void emitDirect(int taskId, String stream, List<Object> tuple, Object messageId) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long getPendingCount() {
      return 0;
    }

    @Override
    public void flush() {}

    @Override
    public void reportError(Throwable error) {
      throw new AssertionError(error);
    }
  }

  @Test
  void everyHtmlCaptureIsEmittedAsFetchedWithStormCrawlersMetadataAndAFailedOneAgain() throws Exception {
    Path warc = TestWarcs.write(dir.resolve("crawl.warc.gz"), WarcCompression.GZIP);
    WarcSpout spout = new WarcSpout(warc.toString());
    Recorder recorder = new Recorder();
    spout.open(Map.of("protocol.md.prefix", "protocol."), TestUtil.getMockedTopologyContext(),
        new SpoutOutputCollector(recorder));
    for (int i = 0; i < 40; i++) spout.nextTuple();

    List<TestWarcs.Capture> pages = TestWarcs.pages();
    assertEquals(pages.size(), recorder.emitted.size(), "pages only: no request, metadata, image, 404, revisit");
    for (int i = 0; i < pages.size(); i++) {
      List<Object> v = recorder.emitted.get(i).values();
      assertEquals(pages.get(i).url(), v.get(0));
      assertArrayEquals(pages.get(i).html().getBytes(pages.get(i).charset()), (byte[]) v.get(1));
      Metadata md = (Metadata) v.get(2);
      assertEquals("200", md.getFirstValue("fetch.statusCode"));
      assertEquals(Long.toString(pages.get(i).date().toEpochMilli()), md.getFirstValue("protocol._request.time_"));
      assertEquals(warc.toString(), md.getFirstValue("warc.file.name"));
      assertEquals(String.valueOf(recorder.emitted.get(i).id()).split("@")[1], md.getFirstValue("warc.record.offset"));
    }
    assertEquals("text/html; charset=gbk", ((Metadata) recorder.emitted.get(1).values().get(2))
        .getFirstValue("protocol.Content-Type"), "the HTTP headers, for the parser's charset");
    // the 404 goes to the status stream, as the fetcher reports one
    assertEquals(1, recorder.statuses.size());
    Emitted gone = recorder.statuses.get(0);
    assertEquals(com.digitalpebble.stormcrawler.Constants.StatusStreamName, gone.stream());
    assertEquals("http://news-b.example/gone.html", gone.values().get(0));
    assertEquals("404", ((Metadata) gone.values().get(1)).getFirstValue("fetch.statusCode"));
    assertEquals(com.digitalpebble.stormcrawler.persistence.Status.FETCH_ERROR, gone.values().get(2));

    spout.ack(recorder.emitted.get(0).id());
    spout.fail(recorder.emitted.get(3).id());
    spout.nextTuple();
    assertEquals(pages.size() + 1, recorder.emitted.size());
    Emitted again = recorder.emitted.get(pages.size());
    assertEquals(recorder.emitted.get(3).id(), again.id());
    assertEquals(pages.get(3).url(), again.values().get(0));
    assertArrayEquals((byte[]) recorder.emitted.get(3).values().get(1), (byte[]) again.values().get(1));
    spout.nextTuple();
    assertEquals(pages.size() + 1, recorder.emitted.size(), "an acked tuple is not emitted again");
    spout.close();
  }
}
