package org.neardup.bench;

import java.io.*;
import java.lang.reflect.RecordComponent;
import java.nio.file.*;
import java.util.*;
import java.util.zip.GZIPInputStream;
import org.jsoup.Jsoup;
import org.neardup.config.NeardupConfig;
import org.neardup.extract.*;
import org.neardup.fingerprint.*;
import org.neardup.runtime.Pipeline;

/**
 * Writes everything neardup derives from each page below some directories (charset detection,
 * {@link Page} fields from the bytes, String and Document entry points, a cut copy, several charset
 * hints, and every {@link Fingerprints} value) to one text file, so that two builds can be compared
 * with {@code cmp}: a speed change must leave this file byte-identical. Not a test (it reads
 * corpora given on the command line); run it on the test class path:
 *
 * <pre>
 * mvn -B -q -o test-compile
 * java -cp target/test-classes:target/classes:$(cat target/classpath.txt) \
 *     org.neardup.bench.OutputDump before.txt DIR...
 * </pre>
 */
public class OutputDump {
  public static void main(String[] args) throws Exception {
    Pipeline p = Pipeline.of(NeardupConfig.defaults());
    CharsetDetector cd = new CharsetDetector();
    PrintStream out = new PrintStream(new FileOutputStream(args[0]), false, "UTF-8");
    List<Path> files = new ArrayList<>();
    for (int i = 1; i < args.length; i++)
      try (var s = Files.walk(Path.of(args[i]))) {
        s.filter(f -> { String n = f.toString(); return n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".html.gz"); })
         .sorted().forEach(files::add);
      }
    for (Path f : files) {
      byte[] b = Files.readAllBytes(f);
      if (f.toString().endsWith(".gz")) b = new GZIPInputStream(new ByteArrayInputStream(b)).readAllBytes();
      out.println("=== " + f);
      out.println("detect: " + cd.detect(b, null));
      for (String hint : new String[] {null, "utf-8", "gbk", "iso-8859-1"}) {
        Page page = p.extractor().extract("http://x/" + f.getFileName(), b, hint);
        out.println("hint " + hint + " page: " + dump(page));
        if (hint == null || page.status() == PageStatus.OK) out.println("fp: " + dump(p.fingerprinter().of(page)));
      }
      // truncated bytes path
      byte[] cut = Arrays.copyOf(b, Math.min(b.length, 20011));
      out.println("cut: " + dump(p.extractor().extract("http://x/c", cut, null)));
      String html = new String(b, cd.detect(b, null).charset());
      out.println("str: " + dump(p.extractor().extract("http://x/s", html)));
      out.println("doc: " + dump(p.extractor().extract("http://x/d", Jsoup.parse(html, "http://x/d"), "c")));
    }
    out.close();
  }

  static String dump(Object o) throws Exception {
    if (o == null) return "null";
    if (o instanceof long[] a) return Arrays.toString(a);
    if (o instanceof byte[] a) return Arrays.toString(a);
    if (o instanceof int[] a) return Arrays.toString(a);
    if (o instanceof double[] a) return Arrays.toString(a);
    if (o instanceof Object[] a) { StringBuilder sb = new StringBuilder("["); for (Object x : a) sb.append(dump(x)).append(','); return sb.append(']').toString(); }
    if (o instanceof Collection<?> c) { StringBuilder sb = new StringBuilder("["); for (Object x : c) sb.append(dump(x)).append(','); return sb.append(']').toString(); }
    if (o.getClass().isRecord()) {
      StringBuilder sb = new StringBuilder(o.getClass().getSimpleName()).append('{');
      for (RecordComponent rc : o.getClass().getRecordComponents()) {
        java.lang.reflect.Method m = rc.getAccessor(); m.setAccessible(true);
        sb.append(rc.getName()).append('=').append(dump(m.invoke(o))).append("; ");
      }
      return sb.append('}').toString();
    }
    return String.valueOf(o);
  }
}
