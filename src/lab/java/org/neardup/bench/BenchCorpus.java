package org.neardup.bench;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.neardup.runtime.PageFiles;

/**
 * Loads the pages a benchmark runs on: every {@code .html}, {@code .htm}, {@code .html.gz} and
 * {@code .htm.gz} file below a folder (in path order, so runs are repeatable), or the demo site
 * bundled in the jar when no folder is given.
 */
public final class BenchCorpus {
  /** Where the demo site lives on the class path. */
  static final String DEMO_SITE = "/demo-site";

  private BenchCorpus() {}

  /** Every page below {@code dir}; {@code max} > 0 keeps only the first max pages. */
  public static List<BenchPage> load(Path dir, int max) {
    if (!Files.isDirectory(dir)) throw new IllegalArgumentException("--pages " + dir + ": no such folder");
    List<BenchPage> out = read(dir, max);
    if (out.isEmpty()) throw new IllegalArgumentException("--pages " + dir + ": no .html, .htm or .html.gz files");
    return out;
  }

  /** The demo site bundled with neardup (runs anywhere, no corpus needed). */
  public static List<BenchPage> demoSite(int max) {
    URL url = BenchCorpus.class.getResource(DEMO_SITE);
    if (url == null) throw new IllegalStateException("the demo site is missing from the class path");
    try {
      URI uri = url.toURI();
      if (uri.getScheme().equals("jar")) {
        try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
          return read(fs.getPath(DEMO_SITE), max);
        }
      }
      return read(Path.of(uri), max);
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("cannot read the demo site at " + url, e);
    }
  }

  private static List<BenchPage> read(Path dir, int max) {
    List<Path> files = PageFiles.list(dir, PageFiles::isHtml);
    List<BenchPage> out = new ArrayList<>();
    for (Path f : files) {
      if (max > 0 && out.size() >= max) break;
      String name = dir.relativize(f).toString().replace('\\', '/');
      out.add(new BenchPage(name, "file:///" + name.replace(' ', '_'), PageFiles.read(f)));
    }
    return out;
  }
}
