package org.neardup.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A list of real sites ({@code eval --real-sites}): one site a line, {@code NAME=PKG[:FOLDER][,...]}
 * as {@code --deb} takes it, blank lines and {@code #} comments skipped. The bundled list, {@code
 * real-sites.txt} beside this class, holds every site docs/EVALUATION.md reports on one host.
 */
public final class RealSites {
  /** The bundled list's name, as a resource of this class. */
  public static final String BUNDLED = "real-sites.txt";

  private RealSites() {}

  /** One site of a list: its {@code --deb} argument, and where it was read. */
  public record Entry(String name, String deb, String where) {}

  /** The bundled list. */
  public static List<Entry> bundled() {
    try (InputStream in = RealSites.class.getResourceAsStream(BUNDLED)) {
      if (in == null) throw new IllegalStateException("the bundled list " + BUNDLED + " is missing from the classpath");
      return parse(new InputStreamReader(in, StandardCharsets.UTF_8), BUNDLED);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundled list " + BUNDLED, e);
    }
  }

  /** The list in {@code file}. */
  public static List<Entry> read(Path file) {
    if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--real-sites " + file + ": no such file");
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(r, file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("--real-sites " + file + ": cannot read it", e);
    }
  }

  /**
   * Parses a list; {@code source} names it in errors. Every site needs a name (the dataset's),
   * unique in the list, and at least one package.
   */
  static List<Entry> parse(Reader reader, String source) throws IOException {
    List<Entry> entries = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    BufferedReader in = new BufferedReader(reader);
    int n = 0;
    for (String line; (line = in.readLine()) != null; ) {
      n++;
      String s = line.strip();
      if (s.isEmpty() || s.startsWith("#")) continue;
      String where = source + ":" + n;
      int eq = s.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException(where + ": '" + s + "' is not NAME=PKG[:FOLDER][,PKG[:FOLDER]...]");
      String name = s.substring(0, eq).strip();
      String packages = s.substring(eq + 1).strip();
      if (packages.isEmpty() || packages.chars().anyMatch(Character::isWhitespace)) {
        throw new IllegalArgumentException(where + ": site " + name + " needs packages separated by commas, without spaces");
      }
      String before = seen.putIfAbsent(name, where);
      if (before != null) throw new IllegalArgumentException(where + ": site " + name + " is already listed at " + before);
      entries.add(new Entry(name, name + "=" + packages, where));
    }
    if (entries.isEmpty()) throw new IllegalArgumentException(source + ": lists no site");
    return List.copyOf(entries);
  }
}
