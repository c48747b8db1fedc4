package org.neardup.storm;

import com.digitalpebble.stormcrawler.Constants;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.function.Function;
import org.apache.storm.metric.api.MultiCountMetric;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.neardup.config.NeardupConfig;
import org.neardup.index.IndexStore;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.StoreException;
import org.neardup.runtime.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forgets the pages the crawl deleted. Subscribed to a status updater's
 * {@value Constants#DELETION_STREAM_NAME} stream ({@code url, metadata}: StormCrawler emits it when
 * a url's status becomes ERROR, e.g. a page that is gone), it removes each url's fingerprints
 * from the store ({@link StoreMaintenance#remove}), as the indexer's deletion bolt removes the
 * page from the index. The copies of a removed page are orphans then: the first of them fetched
 * again stands for the content, so content whose original left the web gets back into the index
 * (FingerprintStore, "Orphans").
 *
 * <p>StormCrawler emits deletions unanchored, so a failed tuple would not come back. When the
 * store is unavailable (also when it cannot be opened as the worker starts) the url waits in this bolt (at most {@value #RETRY_CAPACITY}, then the
 * oldest are dropped and counted) and is tried again at each tick, once a second. A url whose
 * removal fails otherwise is logged and counted, and the others go on.
 */
public class FingerprintDeletionBolt extends BaseRichBolt {
  private static final Logger LOG = LoggerFactory.getLogger(FingerprintDeletionBolt.class);

  /** Most urls kept for another try while the store is unavailable. */
  static final int RETRY_CAPACITY = 10_000;

  private final transient Function<NeardupConfig, IndexStore> opener;
  private transient OutputCollector collector;
  private transient SharedStore.Opening store;
  private transient MultiCountMetric counters;
  private transient ArrayDeque<String> waiting;

  public FingerprintDeletionBolt() {
    this(null);
  }

  /** With the store {@code opener} gives (tests); null: the configured one ({@link Stores#open}). */
  FingerprintDeletionBolt(Function<NeardupConfig, IndexStore> opener) {
    this.opener = opener;
  }

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
    this.collector = collector;
    store = new SharedStore.Opening(NeardupConfig.fromMap(conf), opener != null ? opener : Stores::open);
    store.lease(); // a store that cannot be opened yet is opened again when a removal is due
    counters = context.registerMetric("neardup_deletions", new MultiCountMetric(),
        NearDuplicateBolt.METRICS_BUCKET_SECS);
    waiting = new ArrayDeque<>();
  }

  /** A tick each second tries the waiting urls again. */
  @Override
  public Map<String, Object> getComponentConfiguration() {
    return NearDuplicateBolt.tickEverySecond();
  }

  @Override
  public void execute(Tuple tuple) {
    if (TupleUtils.isTick(tuple)) {
      retryWaiting();
    } else {
      String url = tuple.getStringByField("url");
      if (!waiting.isEmpty() || !remove(url)) keepForRetry(url); // keeps the order of deletions
    }
    collector.ack(tuple);
  }

  /** Urls waiting for the store (for tests). */
  int waiting() {
    return waiting.size();
  }

  private void retryWaiting() {
    while (!waiting.isEmpty() && remove(waiting.peekFirst())) waiting.pollFirst();
  }

  /** False when the store is unavailable (try again later); true when done, or failed for good. */
  private boolean remove(String url) {
    SharedStore.Lease lease = store.lease();
    if (lease == null) {
      counters.scope("store_unavailable").incr();
      return false;
    }
    try {
      counters.scope(lease.store().remove(url) ? "removed" : "not_recorded").incr();
      return true;
    } catch (StoreException.Unavailable e) {
      counters.scope("store_unavailable").incr();
      LOG.warn("Store unavailable, removal of {} waits for the next tick: {}", url, e.getMessage());
      return false;
    } catch (StoreException.Misconfigured e) {
      LOG.error("The fingerprint store does not fit neardup.* configuration; an operator must act. "
          + "Not removed: {}: {}", url, e.getMessage());
      counters.scope("errors").incr();
      collector.reportError(e);
      return true;
    } catch (RuntimeException e) {
      LOG.error("Could not remove {} from the fingerprint store", url, e);
      counters.scope("errors").incr();
      return true;
    }
  }

  private void keepForRetry(String url) {
    if (waiting.size() >= RETRY_CAPACITY) {
      String dropped = waiting.pollFirst();
      counters.scope("dropped").incr();
      LOG.warn("{} urls wait for the store; dropped the oldest, {}, which stays recorded", RETRY_CAPACITY, dropped);
    }
    waiting.addLast(url);
  }

  @Override
  public void declareOutputFields(OutputFieldsDeclarer declarer) {}

  @Override
  public void cleanup() {
    if (!waiting.isEmpty()) LOG.warn("{} removals never reached the store", waiting.size());
    if (store != null) store.close();
  }
}
