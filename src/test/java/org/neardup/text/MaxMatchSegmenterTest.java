package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.huaban.analysis.jieba.WordDictionary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MaxMatchSegmenterTest {
  /** Maximum matching in its textbook form: try the longest candidate, shorten until a word. */
  static List<String> reference(String run, boolean forward) {
    WordDictionary dict = Dictionary.words();
    int max = MaxMatchSegmenter.MAX_WORD_LENGTH;
    List<String> out = new ArrayList<>();
    if (forward) {
      for (int i = 0; i < run.length(); ) {
        int len = Math.min(max, run.length() - i);
        while (len > 1 && !dict.containsWord(run.substring(i, i + len))) len--;
        out.add(run.substring(i, i + len));
        i += len;
      }
    } else {
      for (int j = run.length(); j > 0; ) {
        int len = Math.min(max, j);
        while (len > 1 && !dict.containsWord(run.substring(j - len, j))) len--;
        out.add(run.substring(j - len, j));
        j -= len;
      }
      Collections.reverse(out);
    }
    return out;
  }

  @Test
  void bothDirectionsCutAsTheTextbookAlgorithmOverJiebasDictionary() {
    String pool = "中华人民共和国成立了北京大学生活动中心研究生命起源的长江大桥南京市市长江大桥"
        + "我们在这里发现了他的名字叫做张三李四王五是不是的地得了着过呢吗吧龘靐齉结婚的和尚未结婚的";
    SplittableRandom random = new SplittableRandom(3);
    for (int t = 0; t < 3000; t++) {
      StringBuilder sb = new StringBuilder();
      int len = random.nextInt(1, 40);
      for (int i = 0; i < len; i++) sb.append(pool.charAt(random.nextInt(pool.length())));
      String s = sb.toString();
      assertEquals(reference(s, true), MaxMatchSegmenter.FORWARD.segment(s), s);
      assertEquals(reference(s, false), MaxMatchSegmenter.BACKWARD.segment(s), s);
    }
    // The textbook case: forward matching takes 和尚 and 未结, backward gets 尚未 right.
    assertEquals(List.of("结婚", "的", "和尚", "未结", "婚", "的"), MaxMatchSegmenter.FORWARD.segment("结婚的和尚未结婚的"));
    assertEquals(List.of("结婚", "的", "和", "尚未", "结婚", "的"), MaxMatchSegmenter.BACKWARD.segment("结婚的和尚未结婚的"));
  }
}
