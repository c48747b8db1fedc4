package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SentenceSplitterTest {
  @Test
  void splitsChineseAndLatinSentenceEnds() {
    List<Sentence> s = SentenceSplitter.split("油田发生爆炸,造成2人死亡。警方说!为什么?It costs 3.5 dollars. See www.example.com now");
    assertEquals(List.of("油田发生爆炸,造成2人死亡", "警方说", "为什么", "It costs 3.5 dollars", "See www.example.com now"),
        s.stream().map(Sentence::text).toList());
    assertEquals('。', s.get(0).terminator());
    assertEquals(0, s.get(0).start());
  }

  @Test
  void paragraphBreakEndsASentence() {
    assertEquals(List.of("第一段没有句号", "第二段"),
        SentenceSplitter.split("第一段没有句号\n第二段").stream().map(Sentence::text).toList());
  }

  @Test
  void weightCountsLettersAndDigitsOnly() {
    assertEquals(5, new Sentence("ab, 1 2!c", 0, 9, (char) 0).weight());
  }
}
