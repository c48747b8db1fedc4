package org.neardup.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Datasets from labelled corpora ({@code --corpus KIND DIR}) and from {@code --pairs FILE.jsonl}. */
public final class Corpora {
  private Corpora() {}

  public static final List<String> KINDS = List.of("en-plagiarism", "zh-sohu-pairs", "en-bbc-news");

  public static List<Dataset> load(String kind, Path dir, long seed) {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException("--corpus " + kind + " " + dir + ": not a folder");
    return switch (kind.toLowerCase(Locale.ROOT)) {
      case "en-plagiarism" -> List.of(plagiarism(dir));
      case "zh-sohu-pairs" -> sohu(dir);
      case "en-bbc-news" -> List.of(bbc(dir, seed));
      default -> throw new IllegalArgumentException("unknown corpus kind '" + kind + "', expected one of " + KINDS);
    };
  }

  static String readLenient(Path f) {
    try {
      byte[] b = Files.readAllBytes(f);
      var dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT);
      try {
        return dec.decode(java.nio.ByteBuffer.wrap(b)).toString();
      } catch (java.nio.charset.CharacterCodingException e) {
        return new String(b, java.nio.charset.Charset.forName("windows-1252"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f, e);
    }
  }

  /**
   * Clough &amp; Stevenson: each answer paired with its task's Wikipedia original; cut, light and
   * heavy are duplicates, non is not. The stream is the five originals, then the answers in file
   * order; an answer other than non belongs to its original's cluster.
   */
  static Dataset plagiarism(Path dir) {
    Path csv = dir.resolve("file_information.csv");
    if (!Files.isRegularFile(csv)) throw new IllegalArgumentException(dir + ": no file_information.csv");
    Dataset d = new Dataset("en-plagiarism", "Clough & Stevenson short answers vs their Wikipedia originals (cut/light/heavy = duplicate, non = not)");
    Map<String, PageSpec> originals = new HashMap<>();
    for (String t : List.of("a", "b", "c", "d", "e")) {
      Path f = dir.resolve("orig_task" + t + ".txt");
      if (!Files.isRegularFile(f)) continue;
      PageSpec p = PageSpec.text("orig_task" + t, "", readLenient(f)).at("https://wikipedia.invalid/orig_task" + t);
      originals.put(t, p);
      d.streamItem(p, "orig_" + t, Transform.ORIGINAL.key());
    }
    for (String line : readLenient(csv).split("\\R")) {
      String[] c = line.split(",");
      if (c.length < 3 || c[0].equalsIgnoreCase("File") || c[2].strip().equalsIgnoreCase("orig")) continue;
      String file = c[0].strip();
      String task = c[1].strip();
      String cat = c[2].strip().toLowerCase(Locale.ROOT);
      PageSpec orig = originals.get(task);
      Path f = dir.resolve(file);
      if (orig == null || !Files.isRegularFile(f)) continue;
      // the answers are other people's pages than the Wikipedia articles they copy
      PageSpec ans = PageSpec.text(file, "", readLenient(f)).at("https://answers.invalid/" + file);
      boolean dup = !cat.equals("non");
      d.pair(orig, ans, dup, cat);
      d.streamItem(ans, dup ? "orig_" + task : file, cat);
    }
    d.note("labels: cut, light, heavy = duplicate of the task original; non = not a duplicate. Heavy revisions are paraphrases: a near-duplicate detector is not expected to catch all of them.");
    return d;
  }

  /** Sohu text matching: label 5 (same story) = duplicate, 3 and 0 = not. Title-vs-title and title-vs-body are separate datasets. */
  static List<Dataset> sohu(Path dir) {
    List<Dataset> out = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String[] f : List.of(new String[] {"dd-test.jsonl", "zh-sohu-dd", "title vs title"}, new String[] {"dc-test.jsonl", "zh-sohu-dc", "title vs body"})) {
      Path p = dir.resolve(f[0]);
      if (!Files.isRegularFile(p)) continue;
      Dataset d = new Dataset(f[1], "Sohu text-matching pairs, " + f[2] + " (label 5 = duplicate; 3 = related, 0 = unrelated: not duplicates)");
      int i = 0;
      for (String line : readLenient(p).split("\\R")) {
        if (line.isBlank()) continue;
        try {
          JsonNode n = json.readTree(line);
          int label = n.path("label").asInt();
          i++;
          // two news sources
          d.pair(PageSpec.text(f[1] + "/" + i + "/a", "", n.path("sentence1").asText()).at("https://a.sohu-pairs.invalid/" + i),
              PageSpec.text(f[1] + "/" + i + "/b", "", n.path("sentence2").asText()).at("https://b.sohu-pairs.invalid/" + i),
              label == 5, "label" + label);
        } catch (IOException e) {
          throw new IllegalArgumentException(p + ": bad JSON line " + (i + 1) + ": " + e.getMessage(), e);
        }
      }
      d.note("these are short texts (titles, short bodies), not web pages: the streaming detector would skip most of them (fewer than neardup.min_text_chars letters), so only pairwise figures are given");
      out.add(d);
    }
    if (out.isEmpty()) throw new IllegalArgumentException(dir + ": no dd-test.jsonl or dc-test.jsonl");
    return out;
  }

  private static final Pattern WORD = Pattern.compile("[a-z0-9]+");

  /** Sorted distinct hashes of word 3-shingles of lower-cased text (the labelling measure for BBC). */
  static long[] wordShingles(String text) {
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) words.add(m.group());
    long[] h = new long[Math.max(0, words.size() - 2)];
    for (int i = 0; i + 2 < words.size(); i++) {
      long x = 1125899906842597L;
      for (char c : (words.get(i) + " " + words.get(i + 1) + " " + words.get(i + 2)).toCharArray()) x = 31 * x + c;
      h[i] = x ^ (x >>> 29);
    }
    return Arrays.stream(h).sorted().distinct().toArray();
  }

  static double jaccard(long[] a, long[] b) {
    if (a.length == 0 && b.length == 0) return 1;
    int i = 0, j = 0, inter = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        inter++;
        i++;
        j++;
      } else if (a[i] < b[j]) i++;
      else j++;
    }
    return (double) inter / (a.length + b.length - inter);
  }

  /**
   * BBC news: labels from word 3-shingle Jaccard within each topic folder. Positives: every pair at
   * Jaccard ≥ 0.5 (exact copies included). Negatives: two random other stories of the same topic
   * per story, and every same-topic pair at 0.2 ≤ Jaccard &lt; 0.3 (hard negatives); pairs at 0.3–0.5
   * are left out as ambiguous. Stream: every story in path order; one cluster per connected
   * component of the ≥ 0.5 pairs; a story with an earlier 0.3–0.5 partner outside its cluster is
   * streamed but not scored.
   */
  static Dataset bbc(Path dir, long seed) {
    // stories are in one folder per topic; files at the top (README.TXT) are not stories
    List<Path> files = ArticleLoader.pageFiles(dir).stream().filter(f -> dir.relativize(f).getNameCount() > 1).toList();
    Dataset d = new Dataset("en-bbc-news", "BBC news 2004-05, natural duplicates by word 3-shingle Jaccard within a topic (>= 0.5 duplicate, < 0.3 not, 0.3-0.5 left out)");
    int n = files.size();
    PageSpec[] specs = new PageSpec[n];
    long[][] sh = new long[n][];
    String[] topic = new String[n];
    java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
      String rel = dir.relativize(files.get(i)).toString().replace('\\', '/');
      specs[i] = ArticleLoader.read("bbc/" + rel, files.get(i));
      sh[i] = wordShingles(specs[i].title() + " " + specs[i].text());
      topic[i] = rel.contains("/") ? rel.substring(0, rel.indexOf('/')) : "";
    });
    int[] parent = new int[n];
    for (int i = 0; i < n; i++) parent[i] = i;
    List<int[]> pos = new ArrayList<>();
    List<int[]> hard = new ArrayList<>();
    List<int[]> gray = new ArrayList<>();
    List<List<int[]>> perRow = new ArrayList<>();
    for (int i = 0; i < n; i++) perRow.add(null);
    java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
      List<int[]> row = new ArrayList<>();
      for (int j = i + 1; j < n; j++) {
        if (!topic[i].equals(topic[j])) continue;
        double jac = jaccard(sh[i], sh[j]);
        if (jac >= 0.2) row.add(new int[] {i, j, (int) Math.round(jac * 1000)});
      }
      perRow.set(i, row);
    });
    for (List<int[]> row : perRow) {
      for (int[] e : row) {
        if (e[2] >= 500) {
          pos.add(e);
          union(parent, e[0], e[1]);
        } else if (e[2] >= 300) gray.add(e);
        else hard.add(e);
      }
    }
    java.util.Set<Long> labelled = new java.util.HashSet<>();
    int exact = 0;
    for (int[] e : pos) {
      d.pair(specs[e[0]], specs[e[1]], true, e[2] == 1000 ? "exact_copy" : "jaccard_0.5+");
      if (e[2] == 1000) exact++;
      labelled.add((long) e[0] * n + e[1]);
    }
    for (int[] e : hard) {
      d.pair(specs[e[0]], specs[e[1]], false, "hard_0.2-0.3");
      labelled.add((long) e[0] * n + e[1]);
    }
    java.util.Set<Long> near = new java.util.HashSet<>();
    for (int[] e : gray) near.add((long) e[0] * n + e[1]);
    Random rnd = new Random(seed);
    int randomNeg = 0;
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 2; k++) {
        int j = rnd.nextInt(n);
        if (j == i || !topic[i].equals(topic[j])) continue;
        int a = Math.min(i, j), b = Math.max(i, j);
        long key = (long) a * n + b;
        if (labelled.contains(key) || near.contains(key) || find(parent, a) == find(parent, b)) continue;
        labelled.add(key);
        d.pair(specs[a], specs[b], false, "random_same_topic");
        randomNeg++;
      }
    }
    // stream
    Map<Integer, List<Integer>> grayOf = new HashMap<>();
    for (int[] e : gray) grayOf.computeIfAbsent(e[1], k -> new ArrayList<>()).add(e[0]);
    for (int i = 0; i < n; i++) {
      boolean amb = false;
      for (int j : grayOf.getOrDefault(i, List.of())) if (find(parent, j) != find(parent, i)) amb = true;
      d.streamItem(specs[i], "c" + find(parent, i), topic[i], amb);
    }
    d.note(String.format("%d stories; %d positive pairs (%d exact copies, %d at Jaccard 0.5-1), %d hard negatives (0.2-0.3), %d random same-topic negatives, %d pairs at 0.3-0.5 left out",
        n, pos.size(), exact, pos.size() - exact, hard.size(), randomNeg, gray.size()));
    d.note("the labels come from word 3-shingle Jaccard, the same family as the shingles method (English word 3-shingles): that method is favoured by construction");
    return d;
  }

  private static int find(int[] p, int x) {
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
  }

  private static void union(int[] p, int a, int b) {
    int x = find(p, a), y = find(p, b);
    if (x != y) p[Math.max(x, y)] = Math.min(x, y);
  }

  /**
   * {@code --pairs FILE.jsonl}: lines {"a", "b", "label": 0|1, "kind"?}; a and b are texts, or paths
   * of page files (relative to the file's folder, or absolute) when such a file exists.
   */
  public static Dataset pairs(Path file) {
    if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--pairs " + file + ": no such file");
    ObjectMapper json = new ObjectMapper();
    String name = file.getFileName().toString().replaceAll("\\.jsonl?$", "");
    Dataset d = new Dataset(name, "labelled pairs from " + file);
    Path base = file.toAbsolutePath().getParent();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int i = 0;
      for (String line; (line = r.readLine()) != null; ) {
        if (line.isBlank()) continue;
        i++;
        JsonNode n;
        try {
          n = json.readTree(line);
        } catch (IOException e) {
          throw new IllegalArgumentException(file + ": line " + i + ": not JSON: " + e.getMessage(), e);
        }
        if (!n.has("a") || !n.has("b") || !n.has("label")) throw new IllegalArgumentException(file + ": line " + i + ": needs a, b and label");
        int label = n.get("label").asInt();
        if (label != 0 && label != 1) throw new IllegalArgumentException(file + ": line " + i + ": label must be 0 or 1");
        // pairs of unknown origin count as pages of two sites
        d.pair(side(name + "/" + i + "/a", n.get("a").asText(), base).at("https://a.pairs.invalid/" + i),
            side(name + "/" + i + "/b", n.get("b").asText(), base).at("https://b.pairs.invalid/" + i),
            label == 1, n.path("kind").asText(label == 1 ? "positive" : "negative"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return d;
  }

  private static PageSpec side(String id, String v, Path base) {
    if (v.length() < 1000 && !v.contains("\n")) {
      try {
        Path p = base.resolve(v);
        if (Files.isRegularFile(p) && ArticleLoader.isPageFile(p)) return ArticleLoader.read(v, p);
      } catch (java.nio.file.InvalidPathException ignored) {
        // a text, not a path
      }
    }
    return PageSpec.text(id, "", v);
  }
}
