package org.neardup.cluster;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.neardup.storm.DedupMetadata;
import org.neardup.storm.VerdictPrinterBolt;

/**
 * Bolts that write what a crawl on a cluster decided to a {@link Records} file, so a process
 * outside the workers can follow it: every verdict that reaches the indexer or the duplicates
 * stream, every page the dedup bolt sent to the status stream as an error, every url the status
 * updater sent to the deletion stream. A tuple is acked only after its line is written.
 */
final class RecordingBolts {
  private RecordingBolts() {}

  /** {@link VerdictPrinterBolt} that also records each verdict. */
  static final class Verdicts extends VerdictPrinterBolt {
    private final String file;
    private transient RecordFile records;
    private transient String pid;

    Verdicts(String file, List<String> baseUrls) {
      super(baseUrls);
      this.file = file;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
      super.prepare(conf, context, collector);
      records = new RecordFile(Path.of(file));
      pid = String.valueOf(ProcessHandle.current().pid());
    }

    @Override
    public void execute(Tuple tuple) {
      Metadata md = (Metadata) tuple.getValueByField("metadata");
      records.append(Records.VERDICT, tuple.getStringByField("url"), md.getFirstValue(DedupMetadata.KEY_VERDICT),
          md.getFirstValue(DedupMetadata.KEY_DUPLICATE_OF), md.getFirstValue(DedupMetadata.KEY_DETECTOR),
          String.valueOf("true".equals(md.getFirstValue(DedupMetadata.KEY_REPLAY))), pid,
          String.valueOf(System.currentTimeMillis()));
      super.execute(tuple);
    }

    @Override
    public void cleanup() {
      if (records != null) records.close();
    }
  }

  /**
   * Subscribed to the dedup bolt's status stream (records its ERROR tuples) and the status
   * updater's deletion stream (records every url).
   */
  static final class Statuses extends BaseRichBolt {
    private final String file;
    private transient RecordFile records;
    private transient OutputCollector collector;
    private transient String pid;

    Statuses(String file) {
      this.file = file;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
      this.collector = collector;
      records = new RecordFile(Path.of(file));
      pid = String.valueOf(ProcessHandle.current().pid());
    }

    @Override
    public void execute(Tuple tuple) {
      String url = tuple.getStringByField("url");
      String now = String.valueOf(System.currentTimeMillis());
      if (Constants.DELETION_STREAM_NAME.equals(tuple.getSourceStreamId())) {
        records.append(Records.DELETED, url, "-", "-", "-", "-", pid, now);
      } else if (tuple.contains("status") && "ERROR".equals(String.valueOf(tuple.getValueByField("status")))) {
        Metadata md = (Metadata) tuple.getValueByField("metadata");
        records.append(Records.ERROR, url, md.getFirstValue(Constants.STATUS_ERROR_MESSAGE), "-", "-", "-", pid, now);
      }
      collector.ack(tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {}

    @Override
    public void cleanup() {
      if (records != null) records.close();
    }
  }
}
