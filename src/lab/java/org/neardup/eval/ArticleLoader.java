package org.neardup.eval;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;
import org.neardup.runtime.PageFiles;

/**
 * Reads a folder of pages (.html, .htm, .shtml, .html.gz; .txt with the title on its first line)
 * recursively, in path order, and takes each page's main text with the extractor. Pages whose main
 * text is shorter than {@code minChars} are left out (counted in {@link Loaded#skipped}).
 */
public final class ArticleLoader {
  private ArticleLoader() {}

  public record Loaded(List<Article> articles, int files, int skipped) {}

  public static boolean isPageFile(Path p) {
    return PageFiles.isPage(p);
  }

  /** One page file as a PageSpec (id given), HTML bytes gunzipped, text split into title and body. */
  public static PageSpec read(String id, Path file) {
    byte[] bytes = PageFiles.read(file);
    if (!PageFiles.isText(file)) return PageSpec.html(id, bytes);
    String s = new String(bytes, StandardCharsets.UTF_8).replace("\r\n", "\n").strip();
    int nl = s.indexOf('\n');
    String first = nl < 0 ? s : s.substring(0, nl).strip();
    if (nl > 0 && first.length() <= 150) return PageSpec.text(id, first, s.substring(nl + 1).strip());
    return PageSpec.text(id, "", s);
  }

  public static List<Path> pageFiles(Path dir) {
    return PageFiles.list(dir, PageFiles::isPage);
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
