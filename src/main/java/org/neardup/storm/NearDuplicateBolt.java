package org.neardup.storm;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.protocol.ProtocolResponse;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.metric.api.MeanReducer;
import org.apache.storm.metric.api.MultiCountMetric;
import org.apache.storm.metric.api.MultiReducedMetric;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.neardup.config.NeardupConfig;
import org.neardup.runtime.Pipeline;
import org.neardup.runtime.Stores;
import org.neardup.detect.DuplicateDetector;
import org.neardup.detect.Verdict;
import org.neardup.extract.Page;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.index.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides, between the parser and the indexer, whether a page's content was seen before, and
 * keeps duplicates out of the index.
 *
 * <p>Input: the parser's fields ({@code url, content, metadata, text}). The fingerprints come from
 * the {@code dedup.*} metadata {@link FingerprintParseFilter} wrote; when they are missing (another
 * parser) the bolt computes them from {@code content}, or from {@code text} when the content is
 * not HTML (Tika's documents) or there is none, with the canonical url under StormCrawler's
 * {@code indexer.canonical.name} key when the metadata holds one. Output:
 * <dl>
 *   <dt>default stream ({@code url, content, metadata, text})</dt>
 *   <dd>unique and skipped pages (and unchecked ones with {@code neardup.fail_open}), for the
 *       indexer, with the verdict in {@code dedup.verdict} and {@code dedup.index=true}; with
 *       {@code neardup.bolt.duplicates: mark}, the duplicates too, with {@code dedup.index=false}
 *       (an indexer keeps them out with {@code indexer.md.filter: dedup.index=true}, or indexes
 *       them to collapse at query time on {@code dedup.duplicate_of})</dd>
 *   <dt>{@value Constants#StatusStreamName} ({@code url, metadata, status})</dt>
 *   <dd>exact and near duplicates (unless marked: the indexer then reports their status) as
 *       {@link Status#FETCHED}, with {@code dedup.verdict},
 *       {@code dedup.duplicate_of}, {@code dedup.duplicate_of_id}, {@code dedup.detector} and
 *       {@code dedup.scores}; pages that could not be handled as {@link Status#ERROR}</dd>
 *   <dt>{@value #DUPLICATES_STREAM} ({@code url, metadata, verdict})</dt>
 *   <dd>the duplicates again with the whole verdict as JSON, for a log or a report</dd>
 *   <dt>{@value Constants#DELETION_STREAM_NAME} ({@code url, metadata})</dt>
 *   <dd>(unless duplicates are marked: the indexer then replaces the earlier version with the
 *       marked one) a duplicate whose url has an earlier version that may be in the index (a re-crawl of an
 *       original whose content is now a copy of another page: {@link Verdict#removesFromIndex()}),
 *       for the indexer's deletion bolt, as StormCrawler's status updater sends pages that are
 *       gone. The store dropped the old version's fingerprints in the same call that recorded
 *       the new one. Emitted anchored, so the deletion is replayed with the tuple; a replay of
 *       the page sends it again (the store keeps the mark with the record). Also (unless
 *       marked) the url of a page that was an original until a page fetched before it came:
 *       {@link Verdict#replacedUrl()}, a copy of that page now, with {@code dedup.duplicate_of}
 *       naming it</dd>
 * </dl>
 *
 * <p>Tuples are checked in batches: up to {@code neardup.bolt.batch_size} pages with one store
 * round trip (Redis: one pipeline), which costs the store and the worker a fraction of one call
 * per page. A batch goes when it is full, when a tuple arrives and the batch's first tuple has
 * waited {@code neardup.bolt.batch_wait_ms}, or at the next tick tuple (each second). The
 * verdicts are those of one-by-one checks ({@link DuplicateDetector#checkEach}), and one page's
 * failure is that page's alone. A tuple is acked only after its batch's store call returned,
 * i.e. once the page is recorded. The store is opened
 * once per worker JVM and shared by the bolt's executors. All {@code neardup.*} keys are read once
 * in {@link #prepare}; a bad value fails the topology start.
 *
 * <p>Errors take one path, {@link #handleFailure}: an unavailable store fails the tuple for replay
 * (or, with {@code neardup.fail_open: true}, passes the page on marked {@code unchecked}); a
 * misconfigured store is logged, reported and the tuple failed; anything else is recorded in the
 * metadata and sent to the status stream as an error, like the parser does.
 */
public class NearDuplicateBolt extends BaseRichBolt {
  private static final Logger LOG = LoggerFactory.getLogger(NearDuplicateBolt.class);

  public static final String DUPLICATES_STREAM = "duplicates";

  /** Metric time bucket, seconds (as SC's parser). */
  static final int METRICS_BUCKET_SECS = 10;

  private transient OutputCollector collector;
  private transient NeardupConfig config;
  private transient Pipeline pipeline;
  private transient SharedStore.Opening store;
  private transient DuplicateDetector detector;
  private transient MultiCountMetric counters;
  private transient MultiReducedMetric latency;
  /** Each batch's store round trips (check, then near decisions), as a distribution. */
  private transient com.codahale.metrics.Timer storeTimer;
  private transient List<Pending> pending;
  private transient long firstPendingNanos;
  private transient String protocolPrefix;
  /** The metadata key of the canonical url another filter declared ({@code indexer.canonical.name}). */
  private transient String canonicalKey;

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
    this.collector = collector;
    config = NeardupConfig.fromMap(conf);
    protocolPrefix = ConfUtils.getString(conf, ProtocolResponse.PROTOCOL_MD_PREFIX_PARAM, "");
    canonicalKey = ConfUtils.getString(conf, FingerprintParseFilter.CANONICAL_NAME_PARAM, "canonical");
    pipeline = Pipeline.of(config);
    store = new SharedStore.Opening(config, Stores::open);
    storeReady(); // a store that cannot be opened yet is opened again as tuples arrive
    counters = context.registerMetric("neardup", new MultiCountMetric(), METRICS_BUCKET_SECS);
    latency = context.registerMetric("neardup_store_ms", new MultiReducedMetric(new MeanReducer()),
        METRICS_BUCKET_SECS);
    // Storm's metrics v2: p50/p75/p95/p99 of a batch's store time, for any reporter the topology
    // names (topology.metrics.reporters); a context without a registry (unit tests) gets a timer of its own
    com.codahale.metrics.Timer timer = context.registerTimer("neardup.store.batch");
    storeTimer = timer != null ? timer : new com.codahale.metrics.Timer();
    pending = new ArrayList<>(config.boltBatchSize());
    if (context.getThisTaskIndex() == 0) warnIfBatchesMayWaitForTicks(conf, context);
  }

  /**
   * True when this bolt's tasks, each holding one tuple short of a full batch, could hold half of
   * the tuples the spouts may have in flight: batches would then often go at the next tick (each
   * second) instead of filling, and the crawl would slow down.
   */
  static boolean batchesMayWaitForTicks(int batchSize, int boltTasks, long maxSpoutPending, int spoutTasks) {
    if (batchSize <= 1 || maxSpoutPending <= 0 || spoutTasks <= 0) return false;
    return 2L * boltTasks * (batchSize - 1) >= maxSpoutPending * spoutTasks;
  }

  private void warnIfBatchesMayWaitForTicks(Map<String, Object> conf, TopologyContext context) {
    Object maxPending = conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
    if (!(maxPending instanceof Number n) || context.getRawTopology() == null) return;
    int spoutTasks = 0;
    for (String spout : context.getRawTopology().get_spouts().keySet()) {
      spoutTasks += context.getComponentTasks(spout).size();
    }
    int boltTasks = context.getComponentTasks(context.getThisComponentId()).size();
    if (batchesMayWaitForTicks(config.boltBatchSize(), boltTasks, n.longValue(), spoutTasks)) {
      LOG.warn("neardup.bolt.batch_size {} x {} tasks of {} can hold most of the {} tuples the spouts may "
              + "have in flight ({} = {} per spout task): batches will often wait for the tick; "
              + "lower neardup.bolt.batch_size or raise {}", config.boltBatchSize(), boltTasks,
          context.getThisComponentId(), n.longValue() * spoutTasks, Config.TOPOLOGY_MAX_SPOUT_PENDING,
          n.longValue(), Config.TOPOLOGY_MAX_SPOUT_PENDING);
    }
  }

  /** A tick each second flushes a batch that stopped filling up. */
  @Override
  public Map<String, Object> getComponentConfiguration() {
    return tickEverySecond();
  }

  /** The component configuration of a bolt that gets a tick tuple each second. */
  static Map<String, Object> tickEverySecond() {
    Map<String, Object> conf = new HashMap<>();
    conf.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    return conf;
  }

  /** Whether the store is open ({@link SharedStore.Opening}); the detector is made once it is. */
  private boolean storeReady() {
    if (detector != null) return true;
    SharedStore.Lease lease = store.lease();
    if (lease == null) return false;
    detector = new DuplicateDetector(pipeline.fingerprinter(), lease.store(), config.detector());
    return true;
  }

  @Override
  public void execute(Tuple tuple) {
    if (TupleUtils.isTick(tuple)) {
      if (storeReady()) flush();
      return;
    }
    String url = tuple.getStringByField("url");
    Metadata metadata = tuple.contains("metadata")
        ? (Metadata) tuple.getValueByField("metadata") : new Metadata();
    if (!storeReady()) {
      handleFailure(tuple, url, metadata, store.failure());
      return;
    }
    try {
      DedupMetadata.Fingerprinted fp = DedupMetadata
          .read(metadata, url, config.fingerprints())
          .orElseGet(() -> compute(tuple, url, metadata));
      if (fp.signature() == null) {
        // no text: no store call, so nothing to wait for
        route(tuple, url, metadata, detector.check(fp.page(), url, fetchTime(metadata)));
        return;
      }
      if (pending.isEmpty()) firstPendingNanos = System.nanoTime();
      pending.add(new Pending(tuple, url, metadata,
          new DuplicateDetector.Request(fp.page(), url, fetchTime(metadata), fp.signature())));
    } catch (RuntimeException e) {
      handleFailure(tuple, url, metadata, e);
      return;
    }
    if (pending.size() >= config.boltBatchSize()
        || System.nanoTime() - firstPendingNanos >= config.boltBatchWaitMillis() * 1_000_000L) {
      flush();
    }
  }

  /**
   * When the page was fetched: the request time StormCrawler's protocols and WARC spout record
   * ({@code _request.time_} under {@code protocol.md.prefix}, epoch ms), else now. The store
   * records it as the page's fetch time, which verdicts report for originals and expiry reads.
   */
  long fetchTime(Metadata metadata) {
    String t = metadata.getFirstValue(ProtocolResponse.REQUEST_TIME_KEY, protocolPrefix);
    if (t != null) {
      try {
        long ms = Long.parseLong(t.trim());
        if (ms > 0) return ms;
      } catch (NumberFormatException e) {
        LOG.debug("{} is not epoch milliseconds: {}", ProtocolResponse.REQUEST_TIME_KEY, t);
      }
    }
    return System.currentTimeMillis();
  }

  /** A tuple waiting for its batch's store call. */
  private record Pending(Tuple tuple, String url, Metadata metadata, DuplicateDetector.Request request) {}

  /**
   * Checks the waiting tuples with one store round trip ({@link DuplicateDetector#checkEach}: the
   * verdicts of one-by-one checks) and routes each. When the store is unavailable, the tuples
   * from the first failed one on fail; a failure that is one page's fails only that tuple.
   */
  private void flush() {
    if (pending.isEmpty()) return;
    List<Pending> batch = pending;
    pending = new ArrayList<>(config.boltBatchSize());
    List<DuplicateDetector.Request> requests = new ArrayList<>(batch.size());
    for (Pending p : batch) requests.add(p.request());
    long start = System.nanoTime();
    long lostBefore = detector.lostConfirmations();
    long mirrorsBefore = detector.lostMirrors();
    List<DuplicateDetector.Outcome> outcomes = detector.checkEach(requests);
    long took = System.nanoTime() - start;
    latency.scope("check").update(took / 1e6 / batch.size());
    storeTimer.update(took, java.util.concurrent.TimeUnit.NANOSECONDS);
    counters.scope("batches").incr();
    long lost = detector.lostConfirmations() - lostBefore;
    if (lost > 0) { // the verdicts stand; the store failed only to take what spares re-fetches a look
      counters.scope("errors.confirmations_lost").incrBy(lost);
      LOG.warn("Store unavailable for {} confirmations of pages that stay unique; they look again when fetched again", lost);
    }
    long lostMirrors = detector.lostMirrors() - mirrorsBefore;
    if (lostMirrors > 0) { // the verdicts stand; the next exact copy between the sites says it again
      counters.scope("errors.mirrors_lost").incrBy(lostMirrors);
      LOG.warn("The store could not take {} pairs of mirror sites; the next exact copy between them says it again", lostMirrors);
    }
    for (int i = 0; i < batch.size(); i++) {
      Pending p = batch.get(i);
      DuplicateDetector.Outcome o = outcomes.get(i);
      if (o.failure() != null) handleFailure(p.tuple(), p.url(), p.metadata(), o.failure());
      else routeOrFail(p, o.verdict());
    }
  }

  private void routeOrFail(Pending p, Verdict v) {
    try {
      route(p.tuple(), p.url(), p.metadata(), v);
    } catch (RuntimeException e) {
      handleFailure(p.tuple(), p.url(), p.metadata(), e);
    }
  }

  /** Fingerprints a page that arrived without {@code dedup.*} metadata. */
  private DedupMetadata.Fingerprinted compute(Tuple tuple, String url, Metadata metadata) {
    counters.scope("computed_in_bolt").incr();
    byte[] content = tuple.contains("content") ? (byte[]) tuple.getValueByField("content") : null;
    String text = tuple.contains("text") ? tuple.getStringByField("text") : null;
    Page page;
    if (content != null && content.length > 0 && (text == null || text.isBlank() || startsWithMarkup(content))) {
      page = pipeline.extractor().extract(url, content,
          metadata.getFirstValue(FingerprintParseFilter.CHARSET_KEY));
    } else {
      // no HTML to extract from (e.g. a PDF parsed by Tika): the parser's text is the main text
      page = Page.ofText(url, metadata.getFirstValue("parse.title"), text, null);
    }
    // the canonical url StormCrawler's metadata declares wins, as in FingerprintParseFilter
    String declared = FingerprintParseFilter.resolve(url, metadata.getFirstValue(canonicalKey));
    if (declared != null) page = page.withCanonical(declared);
    IndexSignature s = page.status().hasText() ? IndexSignature.of(pipeline.fingerprinter().of(page)) : null;
    return new DedupMetadata.Fingerprinted(page, s);
  }

  /**
   * True when the first character, after a byte-order mark and white space, is '<': markup to
   * extract from, in any charset that keeps ASCII (UTF-8, GBK, ISO-8859-x) or in UTF-16.
   */
  static boolean startsWithMarkup(byte[] content) {
    int i = 0;
    if (content.length >= 3 && (content[0] & 0xff) == 0xef && (content[1] & 0xff) == 0xbb && (content[2] & 0xff) == 0xbf) i = 3;
    for (; i < content.length && i < 1024; i++) {
      int b = content[i] & 0xff;
      if (b == '<') return true;
      // UTF-16 byte-order marks and the zero bytes of UTF-16 ASCII, and white space
      if (b != 0 && b != 0xfe && b != 0xff && !Character.isWhitespace(b)) return false;
    }
    return false;
  }

  private void route(Tuple tuple, String url, Metadata metadata, Verdict v) {
    DedupMetadata.writeVerdict(metadata, v);
    DedupMetadata.dropTransportKeys(metadata);
    counters.scope("verdict." + v.kind().key()).incr();
    metadata.setValue(DedupMetadata.KEY_INDEX, Boolean.toString(!v.isDuplicate()));
    if (v.isDuplicate()) {
      counters.scope("detector." + v.detector()).incr();
      LOG.info("{} {} of {} ({})", url, v.kind().key(), v.originalUrl(), v.detector());
      // Each stream gets its own Metadata: in one worker, tuples share objects across threads,
      // and the status updater changes the metadata it receives.
      Metadata copy = new Metadata();
      copy.putAll(metadata);
      collector.emit(DUPLICATES_STREAM, tuple, new Values(url, copy, DedupMetadata.verdictJson(url, v)));
      if (config.markDuplicates()) {
        // the indexer takes it, marked, and replaces any earlier version of the url with it
        passOn(tuple, url, metadata);
      } else {
        if (v.removesFromIndex()) {
          counters.scope("deleted_from_index").incr();
          LOG.info("{} was indexed before and now is a copy: deleting it from the index", url);
          Metadata deleted = new Metadata();
          deleted.putAll(metadata);
          collector.emit(Constants.DELETION_STREAM_NAME, tuple, new Values(url, deleted));
        }
        collector.emit(Constants.StatusStreamName, tuple, new Values(url, metadata, Status.FETCHED));
      }
    } else {
      LOG.debug("{} {}", url, v.kind().key());
      if (v.replacesOriginal() && !config.markDuplicates()) {
        // fetched before the page that was the original of its content, which is its copy now
        // and leaves the index (marked duplicates stay: that page keeps its marking until it is
        // fetched again)
        counters.scope("replaced_originals").incr();
        LOG.info("{} was fetched before {}, the original of its content until now: deleting that page from the index",
            url, v.replacedUrl());
        Metadata replaced = new Metadata();
        String by = String.valueOf(v.scores().getOrDefault("replaces_by", "exact"));
        replaced.setValue(DedupMetadata.KEY_VERDICT, by.equals("exact") ? "exact" : "near");
        replaced.setValue(DedupMetadata.KEY_DUPLICATE_OF, url);
        replaced.setValue(DedupMetadata.KEY_DETECTOR, by);
        replaced.setValue(DedupMetadata.KEY_INDEX, "false");
        collector.emit(Constants.DELETION_STREAM_NAME, tuple, new Values(v.replacedUrl(), replaced));
      }
      passOn(tuple, url, metadata);
    }
    collector.ack(tuple);
  }


  private void passOn(Tuple tuple, String url, Metadata metadata) {
    byte[] content = tuple.contains("content") ? (byte[]) tuple.getValueByField("content") : new byte[0];
    String text = tuple.contains("text") ? tuple.getStringByField("text") : "";
    collector.emit(tuple, new Values(url, content, metadata, text));
  }

  /** The one error path; see the class comment. */
  private void handleFailure(Tuple tuple, String url, Metadata metadata, RuntimeException e) {
    counters.scope("errors." + e.getClass().getSimpleName()).incr();
    if (e instanceof StoreException.Unavailable && config.failOpen()) {
      LOG.warn("Store unavailable, passing {} on unchecked (neardup.fail_open): {}", url, e.getMessage());
      Verdict v = Verdict.unchecked(e.toString());
      DedupMetadata.writeVerdict(metadata, v);
      DedupMetadata.dropTransportKeys(metadata);
      metadata.setValue(DedupMetadata.KEY_INDEX, "true"); // not known to be a copy: it belongs in the index
      counters.scope("verdict." + v.kind().key()).incr();
      passOn(tuple, url, metadata);
      collector.ack(tuple);
    } else if (e instanceof StoreException.Unavailable) {
      LOG.warn("Store unavailable, failing {} for replay: {}", url, e.getMessage());
      collector.fail(tuple);
    } else if (e instanceof StoreException.Misconfigured) {
      LOG.error("The fingerprint store does not fit neardup.* configuration; an operator must act. "
          + "Failing {}: {}", url, e.getMessage());
      collector.reportError(e);
      collector.fail(tuple);
    } else {
      String message = "Exception while checking " + url + " for duplicates: " + e;
      LOG.error(message, e);
      countError();
      metadata.setValue(Constants.STATUS_ERROR_SOURCE, "near-duplicate detection");
      metadata.setValue(Constants.STATUS_ERROR_MESSAGE, message);
      DedupMetadata.dropTransportKeys(metadata); // the fingerprints are no status to keep
      collector.emit(Constants.StatusStreamName, tuple, new Values(url, metadata, Status.ERROR));
      collector.ack(tuple);
    }
  }

  /** Counts a page that could not be checked in the store, for stats; a failure there only logs. */
  private void countError() {
    if (detector == null) return;
    try {
      detector.store().countErrors(1);
    } catch (RuntimeException e) {
      LOG.warn("could not count the error in the store: {}", e.toString());
    }
  }

  @Override
  public void declareOutputFields(OutputFieldsDeclarer declarer) {
    declarer.declare(new Fields("url", "content", "metadata", "text"));
    declarer.declareStream(Constants.StatusStreamName, new Fields("url", "metadata", "status"));
    declarer.declareStream(DUPLICATES_STREAM, new Fields("url", "metadata", "verdict"));
    declarer.declareStream(Constants.DELETION_STREAM_NAME, new Fields("url", "metadata"));
  }

  /** Tuples still waiting for their batch are neither acked nor failed: Storm's message timeout replays them. */
  @Override
  public void cleanup() {
    if (store != null) store.close();
  }
}
