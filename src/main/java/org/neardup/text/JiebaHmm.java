package org.neardup.text;

import com.huaban.analysis.jieba.CharacterUtil;
import com.huaban.analysis.jieba.viterbi.FinalSeg;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;

/**
 * jieba's HMM for characters its dictionary does not join ({@code FinalSeg.cut} of jieba-analysis
 * 1.0.2): the same model, the same Viterbi recursion, the same words, with the emission
 * probabilities in arrays indexed by character instead of maps of boxed characters, and the
 * path in a byte array instead of linked nodes.
 *
 * <p>States B(egin), M(iddle), E(nd), S(ingle). Start and transition log-probabilities are jieba's
 * constants; emissions are read from jieba's own {@code prob_emit.txt}. Every sum is formed as
 * jieba forms it ({@code trans + (emit + previous)}) and ties go the same way, so the doubles and
 * the choices are identical ({@code JiebaSearchSegmenterTest} compares with jieba).
 */
final class JiebaHmm {
  private static final int B = 0, M = 1, E = 2, S = 3;
  private static final double MIN = -3.14e100; // jieba's MIN_FLOAT: an impossible event
  private static final double[] START = {-0.26268660809250016, -3.14e+100, -3.14e+100, -1.4652633398537678};
  /** For each state, the two states that may precede it, in jieba's order (later wins a tie). */
  private static final int[][] PREVIOUS = {{E, S}, {M, B}, {B, M}, {S, E}};
  /** TRANS[from][to]; the pairs PREVIOUS does not list never occur. */
  private static final double[][] TRANS = new double[4][4];

  static {
    for (double[] row : TRANS) Arrays.fill(row, MIN);
    TRANS[B][E] = -0.510825623765990;
    TRANS[B][M] = -0.916290731874155;
    TRANS[E][B] = -0.5897149736854513;
    TRANS[E][S] = -0.8085250474669937;
    TRANS[M][E] = -0.33344856811948514;
    TRANS[M][M] = -1.2603623820268226;
    TRANS[S][B] = -0.7211965654669841;
    TRANS[S][S] = -0.6658631448798212;
  }

  /** EMIT[state][char]: log P(char | state), MIN where jieba's model has no entry. */
  private final double[][] emit = new double[4][65536];

  JiebaHmm() {
    for (double[] row : emit) Arrays.fill(row, MIN);
    try (InputStream in = FinalSeg.class.getResourceAsStream("/prob_emit.txt")) {
      if (in == null) throw new IllegalStateException("jieba's prob_emit.txt is not on the classpath");
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      double[] row = null;
      for (String line; (line = r.readLine()) != null; ) {
        String[] t = line.split("\t");
        if (t.length == 1) row = emit[state(t[0].charAt(0))];
        else row[t[0].charAt(0)] = Double.valueOf(t[1]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading jieba's prob_emit.txt", e);
    }
  }

  private static int state(char c) {
    return switch (c) {
      case 'B' -> B;
      case 'M' -> M;
      case 'E' -> E;
      case 'S' -> S;
      default -> throw new IllegalStateException("unknown HMM state '" + c + "' in prob_emit.txt");
    };
  }

  /** jieba's {@code FinalSeg.cut}: Han characters by Viterbi, other runs split as jieba splits them. */
  void cut(String s, List<String> out) {
    int n = s.length();
    int start = 0;
    while (start < n) {
      boolean han = CharacterUtil.isChineseLetter(s.charAt(start));
      int end = start + 1;
      while (end < n && CharacterUtil.isChineseLetter(s.charAt(end)) == han) end++;
      if (han) viterbi(s, start, end, out);
      else other(s.substring(start, end), out);
      start = end;
    }
  }

  private void viterbi(String s, int from, int to, List<String> out) {
    int n = to - from;
    byte[] back = new byte[n * 4]; // back[i * 4 + state]: the state before it on its best path
    double[] prev = new double[4];
    double[] cur = new double[4];
    char c0 = s.charAt(from);
    for (int y = 0; y < 4; y++) prev[y] = START[y] + emit[y][c0];
    for (int i = 1; i < n; i++) {
      char c = s.charAt(from + i);
      for (int y = 0; y < 4; y++) {
        double em = emit[y][c];
        int y0 = PREVIOUS[y][0];
        double best = TRANS[y0][y] + (em + prev[y0]);
        int bestFrom = y0;
        int y1 = PREVIOUS[y][1];
        double p = TRANS[y1][y] + (em + prev[y1]);
        if (best <= p) {
          best = p;
          bestFrom = y1;
        }
        cur[y] = best;
        back[i * 4 + y] = (byte) bestFrom;
      }
      double[] t = prev;
      prev = cur;
      cur = t;
    }
    byte[] states = new byte[n];
    int state = prev[E] < prev[S] ? S : E;
    for (int i = n - 1; i >= 0; i--) {
      states[i] = (byte) state;
      state = back[i * 4 + state];
    }
    int begin = 0;
    int next = 0;
    for (int i = 0; i < n; i++) {
      switch (states[i]) {
        case B -> begin = i;
        case E -> {
          out.add(s.substring(from + begin, from + i + 1));
          next = i + 1;
        }
        case S -> {
          out.add(s.substring(from + i, from + i + 1));
          next = i + 1;
        }
        default -> { }
      }
    }
    if (next < n) out.add(s.substring(from + next, to));
  }

  /** jieba's {@code processOtherUnknownWords}: numbers and Latin words by its pattern, the rest between. */
  private static void other(String other, List<String> out) {
    Matcher m = CharacterUtil.reSkip.matcher(other);
    int offset = 0;
    while (m.find()) {
      if (m.start() > offset) out.add(other.substring(offset, m.start()));
      out.add(m.group());
      offset = m.end();
    }
    if (offset < other.length()) out.add(other.substring(offset));
  }
}
