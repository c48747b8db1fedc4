package org.neardup.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Synonym swaps the way spinning tools do them: every occurrence of a listed word is replaced by
 * its partner with probability {@code rate}. Chinese is matched greedily (longest listed word at
 * each position, no segmentation, as the tools do); English as whole words, keeping a capital.
 * The lists are {@code synonyms-zh.txt} and {@code synonyms-en.txt} beside this class.
 */
public final class Synonyms {
  /** The swapped text, with how many listed words it had and how many were swapped. */
  public record Result(String text, int eligible, int swapped) {}

  private static final Pattern WORD = Pattern.compile("[A-Za-z]+");
  private static volatile Synonyms zh;
  private static volatile Synonyms en;

  private final Map<String, String> map;
  private final int maxLen;

  Synonyms(Map<String, String> map) {
    this.map = map;
    int m = 1;
    for (String k : map.keySet()) m = Math.max(m, k.length());
    this.maxLen = m;
  }

  public static Synonyms chinese() {
    if (zh == null) zh = load("synonyms-zh.txt");
    return zh;
  }

  public static Synonyms english() {
    if (en == null) en = load("synonyms-en.txt");
    return en;
  }

  public int size() {
    return map.size();
  }

  static Synonyms load(String resource) {
    Map<String, String> m = new HashMap<>();
    try (InputStream in = Synonyms.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException("missing resource " + resource);
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        line = line.strip();
        if (line.isEmpty() || line.startsWith("#")) continue;
        String[] p = line.split("\\s+");
        if (p.length != 2) throw new IllegalStateException(resource + ": not a pair: " + line);
        m.putIfAbsent(p[0], p[1]);
        m.putIfAbsent(p[1], p[0]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Synonyms(m);
  }

  /** Greedy longest-match swaps over Chinese text. */
  public Result swapChinese(String text, double rate, Random rnd) {
    StringBuilder out = new StringBuilder(text.length());
    int eligible = 0;
    int swapped = 0;
    int i = 0;
    while (i < text.length()) {
      String hit = null;
      for (int len = Math.min(maxLen, text.length() - i); len >= 2; len--) {
        String w = text.substring(i, i + len);
        if (map.containsKey(w)) {
          hit = w;
          break;
        }
      }
      if (hit == null) {
        out.append(text.charAt(i++));
        continue;
      }
      eligible++;
      if (rnd.nextDouble() < rate) {
        out.append(map.get(hit));
        swapped++;
      } else {
        out.append(hit);
      }
      i += hit.length();
    }
    return new Result(out.toString(), eligible, swapped);
  }

  /** Whole-word swaps over English text. */
  public Result swapEnglish(String text, double rate, Random rnd) {
    Matcher m = WORD.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    int eligible = 0;
    int swapped = 0;
    int last = 0;
    while (m.find()) {
      String w = m.group();
      String lower = w.toLowerCase(Locale.ROOT);
      String syn = map.get(lower);
      out.append(text, last, m.start());
      last = m.end();
      if (syn == null) {
        out.append(w);
        continue;
      }
      eligible++;
      if (rnd.nextDouble() < rate) {
        swapped++;
        out.append(Character.isUpperCase(w.charAt(0))
            ? Character.toUpperCase(syn.charAt(0)) + syn.substring(1) : syn);
      } else {
        out.append(w);
      }
    }
    out.append(text.substring(last));
    return new Result(out.toString(), eligible, swapped);
  }

  public static Result swap(String text, boolean chinese, double rate, Random rnd) {
    return chinese ? chinese().swapChinese(text, rate, rnd) : english().swapEnglish(text, rate, rnd);
  }
}
