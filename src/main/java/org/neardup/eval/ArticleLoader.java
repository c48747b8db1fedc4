package org.neardup.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;

/**
 * Reads a folder of pages (.html, .htm, .shtml, .html.gz; .txt with the title on its first line)
 * recursively, in path order, and takes each page's main text with the extractor. Pages whose main
 * text is shorter than {@code minChars} are left out (counted in {@link Loaded#skipped}).
 */
public final class ArticleLoader {
  private ArticleLoader() {}

  public record Loaded(List<Article> articles, int files, int skipped) {}

  public static boolean isPageFile(Path p) {
    String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
    return n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".shtml") || n.endsWith(".html.gz")
        || n.endsWith(".htm.gz") || n.endsWith(".txt");
  }

  /** One page file as a PageSpec (id given), HTML bytes gunzipped, text split into title and body. */
  public static PageSpec read(String id, Path file) {
    try {
      String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
      byte[] bytes;
      try (InputStream in = n.endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file)) {
        bytes = in.readAllBytes();
      }
      if (n.endsWith(".txt")) {
        String s = new String(bytes, StandardCharsets.UTF_8).replace("\r\n", "\n").strip();
        int nl = s.indexOf('\n');
        String first = nl < 0 ? s : s.substring(0, nl).strip();
        if (nl > 0 && first.length() <= 150) return PageSpec.text(id, first, s.substring(nl + 1).strip());
        return PageSpec.text(id, "", s);
      }
      return PageSpec.html(id, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  public static List<Path> pageFiles(Path dir) {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": not a folder");
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(ArticleLoader::isPageFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  public static Loaded load(Path dir, PageExtractor extractor, int minChars, Progress progress) {
    List<Path> files = pageFiles(dir);
    String root = dir.getFileName() == null ? "pages" : dir.getFileName().toString();
    PageSpec[] specs = new PageSpec[files.size()];
    Page[] pages = new Page[files.size()];
    java.util.stream.IntStream.range(0, files.size()).parallel().forEach(i -> {
      Path f = files.get(i);
      String rel = dir.relativize(f).toString().replace('\\', '/');
      specs[i] = read(root + "/" + rel, f);
      pages[i] = specs[i].toPage(extractor);
      if (progress != null) progress.step();
    });
    List<Article> out = new ArrayList<>();
    int skipped = 0;
    for (int i = 0; i < files.size(); i++) {
      Page p = pages[i];
      String text = p.status().hasText() ? p.text() : "";
      List<String> paras = Arrays.stream(text.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).toList();
      if (TextEdits.chars(paras) < minChars) {
        skipped++;
        continue;
      }
      Path parent = dir.relativize(files.get(i)).getParent();
      String group = root + (parent == null ? "" : "/" + parent.toString().replace('\\', '/'));
      String title = p.title().isBlank() ? paras.get(0) : p.title();
      out.add(new Article(specs[i].id(), group, title, paras, p.language(), specs[i].withExtracted(p)));
    }
    return new Loaded(out, files.size(), skipped);
  }
}
