package org.neardup.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;
import org.neardup.detect.DuplicateDetector;
import org.neardup.index.IndexStore;
import org.neardup.index.FlakyStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.MemoryFingerprintStore;

class BatchDeduplicatorTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String TEXT = "长江中下游地区连日降雨，多地水位超过警戒线。防汛部门启动应急响应，转移群众两千余人。"
      + "气象台预计未来三天仍有强降雨，沿江各市加强堤防巡查，水利部派出工作组赴一线指导抢险。"
      + "专家提醒，汛期出行应关注预警信息，远离河道和低洼地带，切勿冒险涉水。";

  @Test
  void anOversizedOrNonUtf8LineIsAnErrorLineAndTheRunGoesOn() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(line("http://a/1", TEXT));
    in.writeBytes(("{\"url\":\"http://big\",\"text\":\"" + "x".repeat(5000) + "\"}\n").getBytes(StandardCharsets.UTF_8));
    in.writeBytes(new byte[] {'{', '"', 'u', 'r', 'l', '"', ':', '"', (byte) 0xc3, '"', '}', '\r', '\n'});
    in.writeBytes("\n".getBytes(StandardCharsets.UTF_8)); // blank: no output line
    in.writeBytes(line("http://b/1", TEXT));

    NeardupConfig cfg = NeardupConfig.fromYaml(Path.of(getClass().getResource("/cli/test-conf.yaml").toURI()))
        .withStore("memory", null);
    Pipeline pipeline = Pipeline.of(cfg);
    StringWriter out = new StringWriter();
    BatchDeduplicator.Summary summary;
    try (IndexStore store = Stores.open(cfg)) {
      BatchDeduplicator batch = new BatchDeduplicator(pipeline,
          new DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), 2);
      summary = batch.run(new ByteArrayInputStream(in.toByteArray()), out, n -> {}, 1000);
    }
    List<JsonNode> lines = new ArrayList<>();
    for (String l : out.toString().split("\n")) lines.add(JSON.readTree(l));

    assertEquals(4, lines.size(), out.toString());
    assertEquals(4, summary.inputs(), "the blank line is no input");
    assertEquals(2, summary.errors());
    assertEquals("unique", lines.get(0).get("verdict").asText());
    assertEquals("error", lines.get(1).get("verdict").asText());
    assertEquals(2, lines.get(1).get("line").asInt());
    assertTrue(lines.get(1).get("error").asText().contains("longer than the limit of 1000"), lines.get(1).toString());
    assertEquals("error", lines.get(2).get("verdict").asText());
    assertTrue(lines.get(2).get("error").asText().contains("not valid JSON"), lines.get(2).toString());
    assertEquals("exact", lines.get(3).get("verdict").asText(), "pages after the bad lines are still decided");
    assertEquals("http://a/1", lines.get(3).get("duplicate_of").asText());
  }

  private static List<JsonNode> dedup(IndexStore store, byte[] input) throws Exception {
    NeardupConfig cfg = NeardupConfig.fromYaml(Path.of(BatchDeduplicatorTest.class.getResource("/cli/test-conf.yaml").toURI()))
        .withStore("memory", null);
    Pipeline pipeline = Pipeline.of(cfg);
    StringWriter out = new StringWriter();
    new BatchDeduplicator(pipeline, new DuplicateDetector(pipeline.fingerprinter(), store, cfg.detector()), 2)
        .run(new ByteArrayInputStream(input), out, n -> {});
    List<JsonNode> lines = new ArrayList<>();
    for (String l : out.toString().split("\n")) lines.add(JSON.readTree(l));
    return lines;
  }

  @Test
  void aStoreOutageIsRetriedAndALastingOneMakesErrorLines() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(line("http://a/1", TEXT));
    in.writeBytes(line("http://b/1", TEXT));
    in.writeBytes(line("http://c/1", ""));

    List<JsonNode> retried = dedup(new FlakyStore(new MemoryFingerprintStore(IndexSettings.defaults("t")), 2, 0), in.toByteArray());
    assertEquals(List.of("unique", "exact", "skipped"), retried.stream().map(l -> l.get("verdict").asText()).toList(),
        "two failed attempts, the third went through");

    List<JsonNode> failed = dedup(new FlakyStore(new MemoryFingerprintStore(IndexSettings.defaults("t")), 99, 0), in.toByteArray());
    assertEquals(List.of("error", "error", "skipped"), failed.stream().map(l -> l.get("verdict").asText()).toList());
    assertTrue(failed.get(1).get("error").asText().startsWith("line 2: store unavailable"),
        failed.get(1).toString());
  }

  /**
   * An outage that outlasts the retries fails the rest of the batch, not only its run: a later
   * version of a url recorded while its earlier version failed would be overwritten by the
   * earlier one when that line is offered again.
   */
  @Test
  void aLastingOutageFailsTheRestOfTheBatch() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(line("http://a/1", TEXT));
    in.writeBytes(line("http://a/1", "The city council approved the riverside tram extension after a long "
        + "debate on Tuesday evening. Construction will start next spring and the line should open "
        + "within three years, officials said."));
    List<JsonNode> lines = dedup(new FlakyStore(new MemoryFingerprintStore(IndexSettings.defaults("t")), 3, 0),
        in.toByteArray());
    assertEquals(List.of("error", "error"), lines.stream().map(l -> l.get("verdict").asText()).toList());
  }

  /** A page the store fails on (here: every call that holds it) is an error line alone. */
  @Test
  void aPageTheStoreFailsOnIsTheOnlyErrorLine() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(line("http://a/1", TEXT));
    in.writeBytes(line("http://poison/1", TEXT + " And one more sentence here."));
    in.writeBytes(line("http://b/1", TEXT));
    IndexStore poisoned = FlakyStore.failingOn(new MemoryFingerprintStore(IndexSettings.defaults("t")),
        "http://poison/");
    List<JsonNode> lines = dedup(poisoned, in.toByteArray());
    assertEquals(List.of("unique", "error", "exact"), lines.stream().map(l -> l.get("verdict").asText()).toList());
    assertTrue(lines.get(1).get("error").asText().contains("cannot decode the reply"), lines.get(1).toString());
  }

  /** A url output as unique and then, fetched again, as a copy of another page says it must leave the index. */
  @Test
  void aRecrawlThatBecameACopyIsMarkedForRemovalFromTheIndex() throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(line("http://a/1", TEXT));
    in.writeBytes(line("http://b/1", "市交通部门今天发布新的地铁运营时间表，三条夜间线路延长至凌晨一点，周末加开班次。"
        + "新开通的环线连接两座火车站和机场，全程约五十分钟，票价按里程计算，学生和老人享受半价优惠。"
        + "运营公司表示，新车厢增加了座位和行李架，站台加装屏蔽门，高峰时段发车间隔缩短到两分钟。"));
    in.writeBytes(line("http://b/1", TEXT)); // b fetched again: now a copy of a
    in.writeBytes(line("http://c/1", TEXT));
    List<JsonNode> lines = dedup(new MemoryFingerprintStore(IndexSettings.defaults("t")), in.toByteArray());
    assertEquals("unique", lines.get(1).get("verdict").asText(), lines.toString());
    assertEquals("exact", lines.get(2).get("verdict").asText());
    assertTrue(lines.get(2).get("remove_from_index").asBoolean(), lines.get(2).toString());
    assertEquals("exact", lines.get(3).get("verdict").asText());
    assertTrue(lines.get(3).get("remove_from_index") == null, "c was never indexed: " + lines.get(3));
  }

  /**
   * Text input may give the heading the page showed over its text: two pages under one title whose
   * headings name two classes are twins, not copies; without the headings the second is a copy.
   */
  @Test
  void aTextLinesHeadingNamesWhatItsTitleDoesNot() throws Exception {
    ByteArrayOutputStream withHeadings = new ByteArrayOutputStream();
    withHeadings.writeBytes(memberList("http://docs.example/a1.html", "reader_u16", true));
    withHeadings.writeBytes(memberList("http://docs.example/a2.html", "reader_u32", true));
    List<JsonNode> twins = dedup(new MemoryFingerprintStore(IndexSettings.defaults("t")), withHeadings.toByteArray());
    assertEquals(List.of("unique", "unique"), twins.stream().map(l -> l.get("verdict").asText()).toList(),
        twins.toString());

    ByteArrayOutputStream titlesOnly = new ByteArrayOutputStream();
    titlesOnly.writeBytes(memberList("http://docs.example/a1.html", "reader_u16", false));
    titlesOnly.writeBytes(memberList("http://docs.example/a2.html", "reader_u32", false));
    List<JsonNode> copies = dedup(new MemoryFingerprintStore(IndexSettings.defaults("t")), titlesOnly.toByteArray());
    assertEquals("near", copies.get(1).get("verdict").asText(), copies.toString());
  }

  /** A text line of a class's page: its own sentence, then the text every class of the family shares. */
  private static byte[] memberList(String url, String cls, boolean heading) {
    String shared = " Every reader of the library keeps a position in its buffer and moves it forward as it reads."
        + " Reading past the end of the buffer sets the error flag and returns zero, so that a caller can test"
        + " the flag once after a long sequence of reads. Readers can be copied, and a copy reads on from the"
        + " position of the original without disturbing it. Closing the buffer while a reader still uses it is"
        + " an error that the library does not detect, so programs must close readers first.";
    String text = "The class " + cls + " reads numbers of its width from a buffer.\\n" + shared;
    return ("{\"url\":\"" + url + "\",\"title\":\"bytepack: Member List\","
        + (heading ? "\"heading\":\"bytepack::" + cls + " Member List\"," : "")
        + "\"text\":\"" + text + "\"}\n").getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] line(String url, String text) {
    return ("{\"url\":\"" + url + "\",\"text\":\"" + text + "\"}\n").getBytes(StandardCharsets.UTF_8);
  }
}
