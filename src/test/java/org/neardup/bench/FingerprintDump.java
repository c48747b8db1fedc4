package org.neardup.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.neardup.config.NeardupConfig;
import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;
import org.neardup.extract.PageStatus;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.IdfTable;
import org.neardup.fingerprint.TermWeights;
import org.neardup.text.Segmenter;
import org.neardup.text.TextAnalyzer;
import org.neardup.text.TextNormalizer;

/**
 * Writes every {@code Fingerprints} value of many pages under several fingerprint configurations
 * to one text file, so that two builds of the fingerprint code can be compared with {@code cmp}.
 * Extraction runs once per page; the pages are HTML below the given directories (.html, .htm,
 * .html.gz), plain-text files (.txt) and JSON lines with "sentence1"/"sentence2" texts. Plain
 * texts get a title, keywords and description cut from their own text, so core terms and the
 * keyword description see varied input. Not a test (it reads corpora given on the command line):
 *
 * <pre>
 * mvn -B -q -o test-compile
 * java -cp target/test-classes:target/classes:$(cat target/classpath.txt) \
 *     org.neardup.bench.FingerprintDump out.txt [--max-text-files N] DIR|FILE...
 * </pre>
 */
public class FingerprintDump {
  public static void main(String[] args) throws Exception {
    int maxTextFiles = 300;
    List<Path> roots = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--max-text-files")) maxTextFiles = Integer.parseInt(args[++i]);
      else roots.add(Path.of(args[i]));
    }
    NeardupConfig cfg = NeardupConfig.defaults();
    PageExtractor extractor = new PageExtractor(cfg.extraction());
    List<Page> pages = new ArrayList<>();
    for (Path root : roots) pages.addAll(pages(root, extractor, maxTextFiles));

    // The default configuration, and others that take the other branches (TF weights, maximum
    // matching, a corpus IDF table, other sizes).
    FingerprintSettings d = FingerprintSettings.defaults();
    TextAnalyzer jieba = TextAnalyzer.of(Segmenter.Kind.JIEBA);
    List<String[]> names = new ArrayList<>();
    List<Fingerprinter> fps = new ArrayList<>();
    fps.add(new Fingerprinter(d, jieba, IdfTable.prior()));
    names.add(new String[] {"default"});
    fps.add(new Fingerprinter(new FingerprintSettings(4, 2, 64, 42L, 16, 4, TermWeights.Scheme.TF,
        4, 7, 5, 20, 0.5, 0.6, 3, 8, 30), TextAnalyzer.of(Segmenter.Kind.FORWARD), IdfTable.prior()));
    names.add(new String[] {"tf-forward"});
    List<List<String>> docs = new ArrayList<>();
    for (Page p : pages) docs.add(jieba.terms(TextNormalizer.normalize(p.text())));
    IdfTable.Built built = IdfTable.build(docs, 2);
    fps.add(new Fingerprinter(new FingerprintSettings(6, 4, 200, -7L, 50, 4, TermWeights.Scheme.TFIDF,
        2, 3, 2, 5, 0.9, 1.0, 1, 3, 80), TextAnalyzer.of(Segmenter.Kind.BACKWARD), built));
    names.add(new String[] {"built-backward"});
    fps.add(new Fingerprinter(d, jieba, built));
    names.add(new String[] {"built-jieba"});

    try (PrintStream out = new PrintStream(new FileOutputStream(args[0]), false, StandardCharsets.UTF_8)) {
      for (Page p : pages) {
        out.println("=== " + p.url() + " " + p.status() + " " + p.language());
        for (int c = 0; c < fps.size(); c++) {
          out.println(names.get(c)[0] + ": " + OutputDump.dump(fps.get(c).of(p)));
        }
      }
    }
    System.err.println(pages.size() + " pages");
  }

  private static List<Page> pages(Path root, PageExtractor extractor, int maxTextFiles) throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).sorted().toList();
    }
    List<Page> out = new ArrayList<>();
    int textFiles = 0;
    for (Path f : files) {
      String n = f.toString();
      if (n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".html.gz")) {
        byte[] b = Files.readAllBytes(f);
        if (n.endsWith(".gz")) b = new GZIPInputStream(new ByteArrayInputStream(b)).readAllBytes();
        out.add(extractor.extract("http://x/" + root.relativize(f), b, null));
        // A wrong charset hint gives mojibake: odd code points, unknown words.
        Page gbk = extractor.extract("http://x/gbk/" + root.relativize(f), b, "gbk");
        if (gbk.status() == PageStatus.OK) out.add(gbk);
        out.add(extractor.extract("http://x/cut/" + root.relativize(f),
            Arrays.copyOf(b, Math.min(b.length, 20011)), null));
      } else if (n.endsWith(".txt") && textFiles < maxTextFiles) {
        textFiles++;
        out.add(textPage("txt:" + root.relativize(f), Files.readString(f, StandardCharsets.ISO_8859_1)));
      } else if (n.endsWith(".jsonl")) {
        ObjectMapper json = new ObjectMapper();
        int line = 0;
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          line++;
          JsonNode node = json.readTree(l);
          for (String k : new String[] {"sentence1", "sentence2"}) {
            if (node.hasNonNull(k)) {
              out.add(textPage("jsonl:" + root.relativize(f) + ":" + line + ":" + k, node.get(k).asText()));
            }
          }
        }
      }
    }
    return out;
  }

  /** A page from plain text with metadata cut from the text itself. */
  private static Page textPage(String url, String text) {
    String t = text.strip();
    int nl = t.indexOf('\n');
    String first = nl < 0 ? t.substring(0, Math.min(t.length(), 40)) : t.substring(0, nl);
    String rest = nl < 0 ? t : t.substring(nl + 1);
    String keywords = rest.substring(0, Math.min(rest.length(), 30)).replace(' ', ',');
    String description = rest.substring(Math.min(rest.length(), 10), Math.min(rest.length(), 120));
    return new Page(url, first + " | site", "", keywords, description, "", Language.OTHER, "UTF-8",
        t, t.isBlank() ? PageStatus.EMPTY : PageStatus.OK, "", "");
  }
}
