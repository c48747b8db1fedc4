package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.huaban.analysis.jieba.JiebaSegmenter;
import com.huaban.analysis.jieba.SegToken;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link JiebaSearchSegmenter} must give exactly the words jieba's own SEARCH mode gives. */
class JiebaSearchSegmenterTest {
  static final JiebaSegmenter JIEBA = new JiebaSegmenter();

  /** jieba's words with blanks dropped, as neardup always did. */
  static List<String> jieba(String text) {
    List<String> words = new ArrayList<>();
    for (SegToken t : JIEBA.process(text, JiebaSegmenter.SegMode.SEARCH)) {
      if (!t.word.isEmpty() && !t.word.isBlank()) words.add(t.word);
    }
    return words;
  }

  static void assertSameAsJieba(String text) {
    assertEquals(jieba(text), JiebaSearchSegmenter.INSTANCE.segment(text), text);
  }

  @Test
  void sameWordsAsJiebaOnTheSeedsAndTheDemoSite() throws IOException, URISyntaxException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(Path.of(getClass().getResource("/seeds").toURI()))) {
      s.filter(Files::isRegularFile).forEach(files::add);
    }
    try (Stream<Path> s = Files.walk(Path.of(getClass().getResource("/demo-site").toURI()))) {
      s.filter(p -> p.toString().endsWith(".html")).forEach(files::add);
    }
    int chars = 0;
    for (Path f : files) {
      byte[] bytes = Files.readAllBytes(f);
      // Some demo pages are GBK: either decoding is fine text to compare on.
      for (java.nio.charset.Charset cs : List.of(StandardCharsets.UTF_8, java.nio.charset.Charset.forName("GB18030"))) {
        String text = new String(bytes, cs);
        chars += text.length();
        // Whole files (markup included: Latin runs, digits, connectors, punctuation) and line by line.
        assertSameAsJieba(text);
        for (String line : text.split("\n")) assertSameAsJieba(line);
      }
    }
    assertEquals(true, chars > 50_000, "enough text compared: " + chars);
  }

  @Test
  void sameWordsAsJiebaOnRandomMixtures() {
    // Characters from the dictionary's words, unknown Han characters (the HMM path), characters
    // past U+9FA5 that jieba does not segment, full-width forms, upper case, digits, connectors.
    String pool = "中华人民共和国成立了北京大学生活动中心研究生命起源的长江大桥南京市市长江大桥"
        + "我们在这里发现了他的名字叫做张三李四王五是不是的地得了着过呢吗吧啊嗯"
        + "龘靐齉鱻麤䶮鿏鿐𠀀ＡＢＣａｂｃ１２３ABCxyz0189+#&._-，。！？、；：“”《》（）　 \t\n";
    int[] cps = pool.codePoints().toArray();
    SplittableRandom random = new SplittableRandom(20261122);
    for (int t = 0; t < 3000; t++) {
      StringBuilder sb = new StringBuilder();
      int len = random.nextInt(1, 60);
      for (int i = 0; i < len; i++) sb.appendCodePoint(cps[random.nextInt(cps.length)]);
      assertSameAsJieba(sb.toString());
    }
  }

  @Test
  void theHmmCutsUnknownRunsAsJiebasFinalSeg() {
    // Common characters in random order are mostly runs the dictionary does not join.
    String pool = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龘靐齉鱻麤abc123.x";
    int[] cps = pool.codePoints().toArray();
    SplittableRandom random = new SplittableRandom(11);
    JiebaHmm hmm = new JiebaHmm();
    com.huaban.analysis.jieba.viterbi.FinalSeg jiebaHmm = com.huaban.analysis.jieba.viterbi.FinalSeg.getInstance();
    for (int t = 0; t < 3000; t++) {
      StringBuilder sb = new StringBuilder();
      int len = random.nextInt(1, 30);
      for (int i = 0; i < len; i++) sb.appendCodePoint(cps[random.nextInt(cps.length)]);
      String s = sb.toString();
      List<String> expected = new ArrayList<>();
      jiebaHmm.cut(s, expected);
      List<String> actual = new ArrayList<>();
      hmm.cut(s, actual);
      assertEquals(expected, actual, s);
    }
  }

  @Test
  void edgeCases() {
    for (String s : List.of("", " ", "　", "中", "a", "Ａ", "长江大桥", "ABC中文DEF", "3.14159元", "c++和c#", "\uD840\uDC00中"))
      assertSameAsJieba(s);
  }

  @Test
  void theTrieHoldsEveryDictionaryWord() {
    var words = Dictionary.words().freqs;
    JiebaTrie trie = new JiebaTrie(words, -30);
    int checked = 0;
    for (String w : words.keySet()) {
      if (checked++ % 7 != 0) continue;
      assertEquals(true, trie.isWord(w, 0, w.length()), w);
    }
    assertEquals(false, trie.isWord("不是一个词语吧", 0, 7));
  }

  @Test
  void theIdfPriorReadFromTheTrieIsJiebasProbability() {
    var words = Dictionary.words().freqs;
    int checked = 0;
    for (var e : words.entrySet()) {
      if (checked++ % 5 != 0) continue;
      assertEquals(Math.min(-e.getValue(), Dictionary.MAX_INVERSE_FREQUENCY), Dictionary.inverseFrequency(e.getKey()), e.getKey());
    }
    for (String unknown : List.of("", "龘靐", "不是一个词语吧", "中华人民共和国万岁万万岁"))
      assertEquals(Dictionary.MAX_INVERSE_FREQUENCY, Dictionary.inverseFrequency(unknown), unknown);
  }

}
