package org.neardup.storm;

import com.digitalpebble.stormcrawler.ConfigurableTopology;
import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.bolt.FetcherBolt;
import com.digitalpebble.stormcrawler.bolt.JSoupParserBolt;
import com.digitalpebble.stormcrawler.bolt.SiteMapParserBolt;
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
 *   seeds (FileSpout) → partitioner → fetcher → sitemap → parse (JSoupParserBolt + FingerprintParseFilter)
 *       → dedup (NearDuplicateBolt) → index (DummyIndexer)
 *                                   ↘ verdicts (optional, e.g. the demo's printer: default + duplicates streams)
 *   status streams of fetcher, sitemap, parse, dedup and index → status (MemoryStatusUpdater)
 *       → its deletion stream (urls gone, status ERROR) → forget (FingerprintDeletionBolt)
 *   dedup's deletion stream (re-crawls that became copies) → the indexer's deletion bolt (none here)
 * </pre>
 * This is {@code topology/crawler.flux} built in Java (a test keeps the two alike), with the seed
 * files as arguments: {@code storm jar neardup-topology.jar org.neardup.storm.CrawlTopology -conf
 * crawler-conf.yaml seeds.txt}. Given WARC files instead of seed files, the topology replays
 * the archives: a {@link WarcSpout} feeds their captures straight to the parser, and parse →
 * dedup → index run as for fetched pages ({@link #buildFromArchives}). Replace DummyIndexer with a
 * real indexer and MemoryStatusUpdater with a persistent one for a real crawl; one spout and one
 * task per bolt keep the order of a seed file.
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
    if (allWarc(args)) {
      return submit("neardup-archive", conf, buildFromArchives(new WarcSpout(args), new NearDuplicateBolt(), null));
    }
    return submit("neardup-crawl", conf, build(new FileSpout(args), new NearDuplicateBolt(), null));
  }

  /** True when every argument is a WARC file; a mix of WARC and seed files is refused. */
  static boolean allWarc(String[] files) {
    int warcs = 0;
    for (String f : files) {
      try {
        if (org.neardup.warc.WarcFiles.isWarc(java.nio.file.Path.of(f))) warcs++;
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException(f + ": cannot read (" + e.getMessage() + ")", e);
      }
    }
    if (warcs > 0 && warcs < files.length) {
      throw new IllegalArgumentException("give either seed files or WARC files, not both");
    }
    return warcs > 0;
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
    builder.setBolt("fetcher", new FetcherBolt()).fieldsGrouping("partitioner", new Fields("key"));
    builder.setBolt("sitemap", new SiteMapParserBolt()).localOrShuffleGrouping("fetcher");
    builder.setBolt("parse", new JSoupParserBolt()).localOrShuffleGrouping("sitemap");
    return afterParse(builder, dedup, verdicts, "fetcher", "sitemap");
  }

  /**
   * The topology over crawl archives: the spout (a {@link WarcSpout}, emitting url, content,
   * metadata as the fetcher does) feeds the parser directly; {@code verdicts} as in {@link #build}.
   */
  public static TopologyBuilder buildFromArchives(IRichSpout spout, NearDuplicateBolt dedup, IRichBolt verdicts) {
    TopologyBuilder builder = new TopologyBuilder();
    builder.setSpout("spout", spout);
    builder.setBolt("parse", new JSoupParserBolt()).localOrShuffleGrouping("spout");
    return afterParse(builder, dedup, verdicts, "spout");
  }

  /**
   * parse → dedup → index, the verdicts, and the status and deletion streams; {@code before} are
   * the components before the parser whose status streams the status updater also reads (the
   * fetcher and the sitemap parser, or the spout that stands for them).
   */
  private static TopologyBuilder afterParse(TopologyBuilder builder, NearDuplicateBolt dedup,
      IRichBolt verdicts, String... before) {
    builder.setBolt("dedup", dedup).localOrShuffleGrouping("parse");
    builder.setBolt("index", new DummyIndexer()).localOrShuffleGrouping("dedup");
    if (verdicts != null) {
      builder.setBolt("verdicts", verdicts)
          .localOrShuffleGrouping("dedup")
          .localOrShuffleGrouping("dedup", NearDuplicateBolt.DUPLICATES_STREAM);
    }
    Fields url = new Fields("url");
    var status = builder.setBolt("status", new MemoryStatusUpdater());
    for (String component : before) status.fieldsGrouping(component, Constants.StatusStreamName, url);
    status.fieldsGrouping("parse", Constants.StatusStreamName, url)
        .fieldsGrouping("dedup", Constants.StatusStreamName, url)
        .fieldsGrouping("index", Constants.StatusStreamName, url);
    // a real crawl also sends the status updater's deletion stream, and the dedup bolt's (urls
    // indexed before and now copies), to its indexer's deletion bolt
    builder.setBolt("forget", new FingerprintDeletionBolt())
        .localOrShuffleGrouping("status", Constants.DELETION_STREAM_NAME);
    return builder;
  }
}
