package org.neardup.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Folders of saved pages, as the corpora, the demo site and crawl dumps come: HTML files (.html,
 * .htm, .shtml, gzipped or not) and plain text files (.txt). One place lists and reads them for
 * the commands that take a folder (eval, bench, idf).
 */
public final class PageFiles {
  private PageFiles() {}

  public static boolean isHtml(Path p) {
    String n = name(p);
    if (n.endsWith(".gz")) n = n.substring(0, n.length() - 3);
    return n.endsWith(".html") || n.endsWith(".htm") || n.endsWith(".shtml");
  }

  public static boolean isText(Path p) {
    return name(p).endsWith(".txt");
  }

  /** HTML or text. */
  public static boolean isPage(Path p) {
    return isHtml(p) || isText(p);
  }

  /** The regular files below {@code dir} (recursively) that {@code accept}, in path order. */
  public static List<Path> list(Path dir, Predicate<Path> accept) {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": not a folder");
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(accept).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  /** The file's bytes, gunzipped when its name ends in .gz. */
  public static byte[] read(Path f) {
    try (InputStream in = name(f).endsWith(".gz")
        ? new GZIPInputStream(Files.newInputStream(f)) : Files.newInputStream(f)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f, e);
    }
  }

  private static String name(Path p) {
    return p.getFileName().toString().toLowerCase(Locale.ROOT);
  }
}
