package org.neardup.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The copy edits of the repost generator, each a pure function of its input and a seeded Random. */
public final class TextEdits {
  private TextEdits() {}

  private static final Pattern ZH_SENTENCE = Pattern.compile("[^。！？!?；]*[。！？!?；]+[”」』）)]*|[^。！？!?；]+$");
  private static final Pattern EN_SENTENCE = Pattern.compile(".+?(?:[.!?]+[\"'”’)]*(?=\\s+|$)|$)", Pattern.DOTALL);

  /** Splits a paragraph into sentences, keeping their end marks; concatenation gives the paragraph back (less spaces between English sentences). */
  public static List<String> sentences(String paragraph, boolean chinese) {
    List<String> out = new ArrayList<>();
    Matcher m = (chinese ? ZH_SENTENCE : EN_SENTENCE).matcher(paragraph);
    while (m.find()) {
      String s = m.group().strip();
      if (!s.isEmpty()) out.add(s);
    }
    if (out.isEmpty() && !paragraph.isBlank()) out.add(paragraph.strip());
    return out;
  }

  static String join(List<String> sentences, boolean chinese) {
    return String.join(chinese ? "" : " ", sentences);
  }

  /** Shuffles the sentences inside each paragraph. */
  public static List<String> reorderSentences(List<String> paragraphs, boolean chinese, Random rnd) {
    List<String> out = new ArrayList<>();
    for (String p : paragraphs) {
      List<String> s = new ArrayList<>(sentences(p, chinese));
      Collections.shuffle(s, rnd);
      out.add(join(s, chinese));
    }
    return out;
  }

  /** Shuffles the paragraphs; when there are at least two, the order differs from the input. */
  public static List<String> reorderParagraphs(List<String> paragraphs, Random rnd) {
    List<String> out = new ArrayList<>(paragraphs);
    if (out.size() < 2) return out;
    for (int tries = 0; tries < 10 && out.equals(paragraphs); tries++) Collections.shuffle(out, rnd);
    if (out.equals(paragraphs)) Collections.swap(out, 0, out.size() - 1);
    return out;
  }

  /** The first {@code share} of the text, cut at the end of the sentence that reaches it. */
  public static List<String> truncate(List<String> paragraphs, boolean chinese, double share) {
    int total = chars(paragraphs);
    int want = (int) Math.ceil(total * share);
    List<String> out = new ArrayList<>();
    int n = 0;
    for (String p : paragraphs) {
      if (n >= want) break;
      if (n + p.length() <= want) {
        out.add(p);
        n += p.length();
        continue;
      }
      List<String> kept = new ArrayList<>();
      for (String s : sentences(p, chinese)) {
        if (n >= want) break;
        kept.add(s);
        n += s.length();
      }
      out.add(join(kept, chinese));
    }
    return out;
  }

  /**
   * A contiguous run of sentences of about {@code share} of the text, starting at a random
   * sentence such that the run fits; paragraph breaks inside the run are kept.
   */
  public static List<String> excerpt(List<String> paragraphs, boolean chinese, double share, Random rnd) {
    record S(int para, String text) {}
    List<S> all = new ArrayList<>();
    for (int i = 0; i < paragraphs.size(); i++) {
      for (String s : sentences(paragraphs.get(i), chinese)) all.add(new S(i, s));
    }
    int total = 0;
    for (S s : all) total += s.text.length();
    int want = (int) Math.ceil(total * share);
    // the latest start from which the run still reaches `want` characters
    int tail = 0;
    int lastStart = all.size() - 1;
    for (int i = all.size() - 1; i >= 0; i--) {
      tail += all.get(i).text.length();
      if (tail >= want) {
        lastStart = i;
        break;
      }
    }
    int start = lastStart <= 0 ? 0 : rnd.nextInt(lastStart + 1);
    List<String> out = new ArrayList<>();
    List<String> cur = new ArrayList<>();
    int para = -1;
    int n = 0;
    for (int i = start; i < all.size() && n < want; i++) {
      S s = all.get(i);
      if (s.para != para && !cur.isEmpty()) {
        out.add(join(cur, chinese));
        cur = new ArrayList<>();
      }
      para = s.para;
      cur.add(s.text);
      n += s.text.length();
    }
    if (!cur.isEmpty()) out.add(join(cur, chinese));
    return out;
  }

  public static int chars(List<String> paragraphs) {
    int n = 0;
    for (String p : paragraphs) n += p.length();
    return n;
  }

  /**
   * Width and punctuation changes at {@code rate} per character. {@code toHalf} turns full-width
   * (CJK punctuation, full-width letters and digits) into ASCII; otherwise ASCII letters, digits
   * and punctuation become full-width and English quotes become curly ones.
   */
  public static String punctuation(String text, boolean toHalf, double rate, Random rnd) {
    StringBuilder out = new StringBuilder(text.length());
    boolean openQuote = true;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (rnd.nextDouble() >= rate) {
        out.append(c);
        continue;
      }
      if (toHalf) {
        switch (c) {
          case '，', '、' -> out.append(',');
          case '。' -> out.append('.');
          case '；' -> out.append(';');
          case '：' -> out.append(':');
          case '！' -> out.append('!');
          case '？' -> out.append('?');
          case '（' -> out.append('(');
          case '）' -> out.append(')');
          case '“', '”', '「', '」' -> out.append('"');
          case '‘', '’' -> out.append('\'');
          case '—' -> out.append('-');
          case '\u3000' -> out.append(' ');
          default -> out.append(c >= '\uFF01' && c <= '\uFF5E' ? (char) (c - 0xFEE0) : c);
        }
      } else {
        if (c == '"') {
          out.append(openQuote ? '“' : '”');
          openQuote = !openQuote;
        } else if (c == ',') {
          out.append('，');
        } else if (c >= '!' && c <= '~' && c != '\'' && c != '"') {
          out.append((char) (c + 0xFEE0));
        } else if (c == ' ' && rnd.nextDouble() < 0.05) {
          out.append("  ");
        } else {
          out.append(c);
        }
      }
    }
    return out.toString();
  }
}
