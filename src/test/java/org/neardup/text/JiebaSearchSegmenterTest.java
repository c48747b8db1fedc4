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

}
