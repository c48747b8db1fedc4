package org.neardup.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StopWordsTest {
  @Test
  void answersLikeASet() {
    Random rnd = new Random(2);
    String alphabet = "ab的了是油田";
    Set<String> set = new HashSet<>();
    for (int i = 0; i < 300; i++) set.add(word(rnd, alphabet));
    set.add("");
    StopWords stop = new StopWords(set);
    assertEquals(set.size(), stop.size());
    for (String w : set) assertTrue(stop.contains(w), w);
    for (int i = 0; i < 20_000; i++) {
      String t = word(rnd, alphabet + "xyz");
      assertEquals(set.contains(t), stop.contains(t), t);
    }
  }

  @Test
  void standardLists() {
    StopWords stop = StopWords.standard();
    assertTrue(stop.contains("the"));
    assertTrue(stop.contains("的"));
    assertFalse(stop.contains("油田"));
    assertFalse(stop.contains(""));
  }

  private static String word(Random rnd, String alphabet) {
    char[] w = new char[1 + rnd.nextInt(4)];
    for (int k = 0; k < w.length; k++) w[k] = alphabet.charAt(rnd.nextInt(alphabet.length()));
    return new String(w);
  }
}
