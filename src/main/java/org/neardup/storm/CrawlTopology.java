package org.neardup.storm;

import com.digitalpebble.stormcrawler.ConfigurableTopology;
import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.bolt.FetcherBolt;
import com.digitalpebble.stormcrawler.bolt.JSoupParserBolt;
import com.digitalpebble.stormcrawler.bolt.URLPartitionerBolt;
import com.digitalpebble.stormcrawler.indexing.DummyIndexer;
import com.digitalpebble.stormcrawler.persistence.MemoryStatusUpdater;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.spout.FileSpout;
import org.apache.storm.Config;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * A crawl with near-duplicate detection between the parser and the indexer:
 * <pre>
 *   seeds (FileSpout) → partitioner → fetch → parse (JSoupParserBolt + FingerprintParseFilter)
 *       → dedup (NearDuplicateBolt) → index (DummyIndexer)
 *                                   ↘ verdicts (optional, e.g. the demo's printer: default + duplicates streams)
 *   status streams of fetch, parse, dedup and index → status (MemoryStatusUpdater)
 *       → its deletion stream (urls gone, status ERROR) → forget (FingerprintDeletionBolt)
 *   dedup's deletion stream (re-crawls that became copies) → the indexer's deletion bolt (none here)
 * </pre>
 * Run with {@code storm jar neardup.jar org.neardup.storm.CrawlTopology -conf crawler-conf.yaml
 * seeds.txt} (seed files as arguments); the demo runs the same topology in a local cluster, with
 * a bolt that prints each verdict. Replace DummyIndexer with a real indexer and MemoryStatusUpdater
 * with a persistent one for a real crawl; one spout and one task per bolt keep the order of a seed
 * file.
 */
public class CrawlTopology extends ConfigurableTopology {

  public static void main(String[] args) {
    ConfigurableTopology.start(new CrawlTopology(), args);
  }

  @Override
  protected int run(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: CrawlTopology -conf crawler-conf.yaml SEEDFILE...");
      return 2;
    }
    register(conf);
    return submit("neardup-crawl", conf, build(new FileSpout(args), new NearDuplicateBolt(), null));
  }

  /** Registers SC's tuple types with Kryo, as {@link ConfigurableTopology#submit} does. */
  static void register(Config conf) {
    Config.registerSerialization(conf, Metadata.class);
    Config.registerSerialization(conf, Status.class);
  }

  /**
   * The topology, with the given spout (emitting url, metadata) and dedup bolt; {@code verdicts},
   * if not null, subscribes to the pages the dedup bolt passes on and to those it holds back.
   */
  public static TopologyBuilder build(IRichSpout spout, NearDuplicateBolt dedup, IRichBolt verdicts) {
    TopologyBuilder builder = new TopologyBuilder();
    builder.setSpout("spout", spout);
    builder.setBolt("partitioner", new URLPartitionerBolt()).shuffleGrouping("spout");
    builder.setBolt("fetch", new FetcherBolt()).fieldsGrouping("partitioner", new Fields("key"));
    builder.setBolt("parse", new JSoupParserBolt()).localOrShuffleGrouping("fetch");
    builder.setBolt("dedup", dedup).localOrShuffleGrouping("parse");
    builder.setBolt("index", new DummyIndexer()).localOrShuffleGrouping("dedup");
    if (verdicts != null) {
      builder.setBolt("verdicts", verdicts)
          .localOrShuffleGrouping("dedup")
          .localOrShuffleGrouping("dedup", NearDuplicateBolt.DUPLICATES_STREAM);
    }
    Fields url = new Fields("url");
    builder.setBolt("status", new MemoryStatusUpdater())
        .fieldsGrouping("fetch", Constants.StatusStreamName, url)
        .fieldsGrouping("parse", Constants.StatusStreamName, url)
        .fieldsGrouping("dedup", Constants.StatusStreamName, url)
        .fieldsGrouping("index", Constants.StatusStreamName, url);
    // a real crawl also sends the status updater's deletion stream, and the dedup bolt's (urls
    // indexed before and now copies), to its indexer's deletion bolt
    builder.setBolt("forget", new FingerprintDeletionBolt())
        .localOrShuffleGrouping("status", Constants.DELETION_STREAM_NAME);
    return builder;
  }
}
