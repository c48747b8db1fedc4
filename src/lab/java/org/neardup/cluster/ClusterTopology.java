package org.neardup.cluster;

import com.digitalpebble.stormcrawler.ConfigurableTopology;
import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.spout.FileSpout;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.NullStruct;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.neardup.storm.CrawlTopology;
import org.neardup.storm.NearDuplicateBolt;

/**
 * {@link CrawlTopology} as {@code neardup cluster submit} runs it on a cluster: the same bolts,
 * with several executors of {@link NearDuplicateBolt} (spread over the workers, pages shuffled
 * among them) and what the crawl decides written to a {@link Records} file, which the submitting
 * process reads to know when the crawl is done and what it decided. The record file is on the
 * local disk: every worker must run on the machine of the submitting process.
 * <pre>
 *   storm jar neardup-topology.jar org.neardup.cluster.ClusterTopology -conf crawler-conf.yaml \
 *       [--name N] [--workers N] [--dedup N] [--parse N] [--base URL]... --record FILE SEEDFILE...
 * </pre>
 */
public class ClusterTopology extends ConfigurableTopology {
  static final String USAGE = "usage: ClusterTopology -conf crawler-conf.yaml [--name N] [--workers N] [--dedup N]"
      + " [--parse N] [--base URL]... --record FILE SEEDFILE...";

  /** What {@link #run} returned: ConfigurableTopology.start drops it, {@code storm jar} callers need it. */
  private int exitCode = 1;

  public static void main(String[] args) {
    ClusterTopology t = new ClusterTopology();
    ConfigurableTopology.start(t, args);
    System.exit(t.exitCode);
  }

  /** The parsed arguments. */
  record Args(String name, int workers, int dedup, int parse, String record, List<String> bases, List<String> seeds) {
    static Args parse(String[] args) {
      String name = "neardup-cluster";
      int workers = 2;
      int dedup = 4;
      int parse = 1;
      String record = null;
      List<String> bases = new ArrayList<>();
      List<String> seeds = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--name" -> name = value(args, ++i);
          case "--workers" -> workers = Integer.parseInt(value(args, ++i));
          case "--dedup" -> dedup = Integer.parseInt(value(args, ++i));
          case "--parse" -> parse = Integer.parseInt(value(args, ++i));
          case "--record" -> record = value(args, ++i);
          case "--base" -> bases.add(value(args, ++i));
          default -> {
            if (args[i].startsWith("--")) throw new IllegalArgumentException("unknown option " + args[i] + "; " + USAGE);
            seeds.add(args[i]);
          }
        }
      }
      if (record == null || seeds.isEmpty()) throw new IllegalArgumentException(USAGE);
      if (workers < 1 || dedup < 1 || parse < 1) {
        throw new IllegalArgumentException("--workers, --dedup and --parse must be at least 1");
      }
      return new Args(name, workers, dedup, parse, record, bases, seeds);
    }

    private static String value(String[] args, int i) {
      if (i >= args.length) throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
      return args[i];
    }
  }

  @Override
  protected int run(String[] args) {
    exitCode = submit(args);
    return exitCode;
  }

  private int submit(String[] args) {
    Args a;
    try {
      a = Args.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    conf.put(Config.TOPOLOGY_WORKERS, a.workers());
    Config.registerSerialization(conf, com.digitalpebble.stormcrawler.Metadata.class);
    Config.registerSerialization(conf, com.digitalpebble.stormcrawler.persistence.Status.class);
    try {
      StormSubmitter.submitTopology(a.name(), conf, topology(a));
      return 0;
    } catch (Exception e) {
      System.err.println("cannot submit " + a.name() + ": " + e);
      return 1;
    }
  }

  /** CrawlTopology's graph with the recording bolts and {@code dedup} executors of the dedup bolt. */
  static StormTopology topology(Args a) {
    TopologyBuilder builder = CrawlTopology.build(new FileSpout(a.seeds().toArray(String[]::new)),
        new NearDuplicateBolt(), new RecordingBolts.Verdicts(a.record(), a.bases()));
    builder.setBolt("record-status", new RecordingBolts.Statuses(a.record()))
        .shuffleGrouping("dedup", Constants.StatusStreamName)
        .shuffleGrouping("status", Constants.DELETION_STREAM_NAME);
    StormTopology t = builder.createTopology();
    ComponentCommon dedup = t.get_bolts().get("dedup").get_common();
    dedup.set_parallelism_hint(a.dedup());
    // CrawlTopology hands pages to a dedup executor of the parser's own worker (local or shuffle);
    // here every executor of every worker gets pages, so they race on the one store and each
    // tuple crosses workers (serialized) about half of the time
    for (GlobalStreamId in : dedup.get_inputs().keySet()) dedup.get_inputs().put(in, Grouping.shuffle(new NullStruct()));
    // more parser executors (where the fingerprints are computed) for throughput; pages then
    // reach the dedup bolt in another order than fetched
    if (a.parse() > 1) {
      ComponentCommon parse = t.get_bolts().get("parse").get_common();
      parse.set_parallelism_hint(a.parse());
      for (GlobalStreamId in : parse.get_inputs().keySet()) parse.get_inputs().put(in, Grouping.shuffle(new NullStruct()));
    }
    return t;
  }
}
