package org.neardup.storm;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.protocol.ProtocolResponse;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.metric.api.MultiCountMetric;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.neardup.warc.WarcInput;
import org.neardup.warc.WarcItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays crawl archives into a topology: each HTML capture of the given WARC files becomes a
 * tuple {@code (url, content, metadata)} on the default stream, as StormCrawler's FetcherBolt emits
 * a fetched page, so the parser, neardup and the indexer treat it as just fetched. The metadata
 * carries what StormCrawler's own WARC spout writes: {@code fetch.statusCode}, the capture time
 * under {@code _request.time_}, the HTTP response headers (each under {@code protocol.md.prefix}),
 * and {@code warc.file.name}, {@code warc.record.offset} and {@code warc.record.length}.
 *
 * <p>A response that is no success (a redirect, a 404, a 304) goes to the status stream with its
 * {@code fetch.statusCode} and the status StormCrawler gives that code, as the fetcher reports
 * it. Other records (requests, metadata, revisits, images and other non-HTML payloads) and records
 * that cannot be read are skipped and counted in the metric
 * {@code warc_spout_counter}; unreadable ones are also logged with their file and offset. With
 * several spout tasks, task {@code i} of {@code n} reads the files {@code i}, {@code i + n}, …;
 * each file is read in order. A tuple that fails (a timeout, a bolt's fail) is read again from its
 * file and offset and emitted again: at least once, as a crawl refetches.
 *
 * <dl>
 *   <dt>files (constructor)</dt><dd>the WARC files, plain or gzipped, read in this order</dd>
 *   <dt>{@code http.content.limit}</dt><dd>a body is cut after this many bytes (-1: no limit)</dd>
 *   <dt>{@code protocol.md.prefix}</dt><dd>prefix of the HTTP headers' metadata keys</dd>
 * </dl>
 */
public class WarcSpout extends BaseRichSpout {
  private static final Logger LOG = LoggerFactory.getLogger(WarcSpout.class);

  private final List<String> files;

  private transient SpoutOutputCollector collector;
  private transient ArrayDeque<Path> queue;
  private transient WarcInput current;
  private transient Map<String, Pending> inFlight;
  private transient ArrayDeque<Pending> replays;
  private transient MultiCountMetric counter;
  private transient int maxBytes;
  private transient String mdPrefix;

  /** Where a tuple's record is, to read it again when the tuple fails. */
  private record Pending(Path file, long offset) {}

  public WarcSpout(String... files) {
    if (files.length == 0) throw new IllegalArgumentException("WarcSpout needs at least one WARC file");
    this.files = List.of(files);
  }

  @Override
  public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
    this.collector = collector;
    int limit = ConfUtils.getInt(conf, "http.content.limit", -1);
    this.maxBytes = limit < 0 ? Integer.MAX_VALUE - 16 : limit;
    this.mdPrefix = ConfUtils.getString(conf, ProtocolResponse.PROTOCOL_MD_PREFIX_PARAM, "");
    int tasks = Math.max(1, context.getComponentTasks(context.getThisComponentId()).size());
    int index = context.getThisTaskIndex();
    this.queue = new ArrayDeque<>();
    for (int i = index; i < files.size(); i += tasks) queue.add(Path.of(files.get(i)));
    this.inFlight = new HashMap<>();
    this.replays = new ArrayDeque<>();
    this.counter = context.registerMetric("warc_spout_counter", new MultiCountMetric(), 10);
  }

  @Override
  public void nextTuple() {
    Pending replay = replays.poll();
    if (replay != null) {
      emitAgain(replay);
      return;
    }
    try {
      while (true) {
        if (current == null) {
          Path next = queue.poll();
          if (next == null) return; // every file read: nothing to emit
          current = new WarcInput(next, maxBytes);
          LOG.info("Reading WARC file {}", next);
        }
        Optional<WarcItem> item = current.next();
        if (item.isEmpty()) {
          LOG.info("Finished reading WARC file {}", current.file());
          current.close();
          current = null;
          continue;
        }
        if (emit(item.get())) return;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read WARC file " + (current == null ? "" : current.file()), e);
    }
  }

  /**
   * Emits a page, or the status of a response that is no success; returns true then. Counts
   * anything else and returns false.
   */
  private boolean emit(WarcItem item) {
    if (item instanceof WarcItem.Page page) {
      String id = page.file() + "@" + page.offset();
      inFlight.put(id, new Pending(page.file(), page.offset()));
      collector.emit(new Values(page.url(), page.body(), metadata(page)), id);
      counter.scope("warc_http_response_record").incr();
      return true;
    }
    if (item instanceof WarcItem.Other other && other.url() != null
        && (other.status() < 200 || other.status() > 299) && other.status() > 0) {
      // a redirect, a 404, a 304: its status, as the fetcher reports one
      String id = other.file() + "@" + other.offset();
      inFlight.put(id, new Pending(other.file(), other.offset()));
      Metadata md = new Metadata();
      md.setValue("fetch.statusCode", Integer.toString(other.status()));
      md.setValue("warc.file.name", other.file().toString());
      md.setValue("warc.record.offset", Long.toString(other.offset()));
      collector.emit(Constants.StatusStreamName, new Values(other.url(), md, Status.fromHTTPCode(other.status())), id);
      counter.scope("status_" + other.status()).incr();
      return true;
    }
    if (item instanceof WarcItem.Broken broken) {
      LOG.error("Skipped an unreadable WARC record in {} at offset {}: {}", broken.file(), broken.offset(), broken.error());
      counter.scope("warc_unreadable_record").incr();
    } else {
      counter.scope("warc_skipped_record_of_type_" + ((WarcItem.Other) item).kind()).incr();
    }
    return false;
  }

  private void emitAgain(Pending p) {
    try (WarcInput in = new WarcInput(p.file(), maxBytes)) {
      Optional<WarcItem> item = in.readAt(p.offset());
      if (item.isPresent() && emit(item.get())) {
        counter.scope("warc_replayed").incr();
      } else {
        LOG.error("Cannot read the failed record in {} at offset {} again", p.file(), p.offset());
      }
    } catch (IOException e) {
      LOG.error("Cannot read the failed record in {} at offset {} again", p.file(), p.offset(), e);
    }
  }

  /** The metadata StormCrawler's fetcher and WARC spout give a fetched page. */
  private Metadata metadata(WarcItem.Page page) {
    Metadata md = new Metadata();
    md.setValue("fetch.statusCode", Integer.toString(page.status()));
    md.setValue(mdPrefix + ProtocolResponse.REQUEST_TIME_KEY, Long.toString(page.date().toEpochMilli()));
    for (Map.Entry<String, List<String>> h : page.headers().entrySet()) {
      md.addValues(mdPrefix + h.getKey(), new ArrayList<>(h.getValue()));
    }
    md.setValue("warc.file.name", page.file().toString());
    md.setValue("warc.record.offset", Long.toString(page.offset()));
    if (page.end() > page.offset()) md.setValue("warc.record.length", Long.toString(page.end() - page.offset()));
    return md;
  }

  @Override
  public void ack(Object id) {
    inFlight.remove(id);
  }

  @Override
  public void fail(Object id) {
    Pending p = inFlight.remove(id);
    if (p != null) replays.add(p);
  }

  @Override
  public void close() {
    if (current != null) {
      try {
        current.close();
      } catch (IOException e) {
        LOG.warn("Could not close {}", current.file(), e);
      }
    }
  }

  @Override
  public void declareOutputFields(OutputFieldsDeclarer declarer) {
    declarer.declare(new Fields("url", "content", "metadata"));
    declarer.declareStream(Constants.StatusStreamName, new Fields("url", "metadata", "status"));
  }
}
