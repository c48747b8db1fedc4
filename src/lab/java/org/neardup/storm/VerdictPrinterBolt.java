package org.neardup.storm;

import com.digitalpebble.stormcrawler.Metadata;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Prints each page's verdict as {@link NearDuplicateBolt} decides it, one line per page:
 * <pre>
 *   [ 3] unique  news-a/admission.html
 *   [17] near    blog-c/subway.html  →  news-a/subway.html  (canonical)
 * </pre>
 * Subscribe it to the bolt's default stream (pages going on to the indexer) and its
 * {@value NearDuplicateBolt#DUPLICATES_STREAM} stream. It emits nothing.
 *
 * <p>In a local cluster (the demo, tests) the verdicts are also collected in {@link #DECIDED},
 * so the runner can tell when every seed was decided.
 *
 * <dl>
 *   <dt>baseUrls (constructor)</dt><dd>prefixes cut from printed urls; none prints them whole</dd>
 * </dl>
 */
public class VerdictPrinterBolt extends BaseRichBolt {
  /** One decided page, as printed. */
  public record Decided(String url, String verdict, String duplicateOf, String detector) {}

  /** Every verdict printed in this JVM, in order. */
  public static final Queue<Decided> DECIDED = new ConcurrentLinkedQueue<>();

  private final List<String> baseUrls;
  private transient OutputCollector collector;
  private transient PrintStream out;

  public VerdictPrinterBolt() {
    this(List.of());
  }

  public VerdictPrinterBolt(List<String> baseUrls) {
    this.baseUrls = List.copyOf(baseUrls);
  }

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
    this.collector = collector;
    this.out = System.out;
  }

  @Override
  public void execute(Tuple tuple) {
    String url = tuple.getStringByField("url");
    Metadata md = (Metadata) tuple.getValueByField("metadata");
    Decided d = new Decided(url, java.util.Objects.requireNonNullElse(md.getFirstValue(DedupMetadata.KEY_VERDICT), ""),
        md.getFirstValue(DedupMetadata.KEY_DUPLICATE_OF), md.getFirstValue(DedupMetadata.KEY_DETECTOR));
    String seq = java.util.Objects.requireNonNullElse(md.getFirstValue(DedupMetadata.KEY_SEQ), "-");
    StringBuilder line = new StringBuilder(String.format("  [%2s] %-9s %s", seq, d.verdict(), shorten(url)));
    if (d.duplicateOf() != null) {
      line.append("  ->  ").append(shorten(d.duplicateOf())).append("  (").append(d.detector()).append(')');
    }
    if ("true".equals(md.getFirstValue(DedupMetadata.KEY_REPLAY))) line.append("  [replay]");
    synchronized (System.out) {
      out.println(line);
    }
    DECIDED.add(d);
    collector.ack(tuple);
  }

  String shorten(String url) {
    for (String b : baseUrls) if (!b.isEmpty() && url.startsWith(b)) return url.substring(b.length());
    return url;
  }

  @Override
  public void declareOutputFields(OutputFieldsDeclarer declarer) {}
}
