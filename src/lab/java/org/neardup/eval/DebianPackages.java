package org.neardup.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.neardup.runtime.PageFiles;

/**
 * Real sites that install from Debian's packages ({@code eval --deb}): documentation sites in
 * several languages and versions, written by people who have never heard of neardup. A package is
 * downloaded once with {@code apt-get download} and unpacked with {@code dpkg-deb -x} into a cache
 * folder (its version recorded beside it); its site is the folder that holds its HTML pages. Which
 * version {@code apt-get} brings depends on the machine's Debian release.
 */
public final class DebianPackages {
  private DebianPackages() {}

  /** The cache: {@code $NEARDUP_CACHE}, else {@code $XDG_CACHE_HOME/neardup}, else {@code ~/.cache/neardup}; packages under {@code debian/}. */
  public static Path cache() {
    String own = System.getenv("NEARDUP_CACHE");
    if (own != null && !own.isBlank()) return Path.of(own, "debian");
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("neardup").resolve("debian");
  }

  /**
   * The site folder of a package, downloaded and unpacked on first use: the deepest folder that
   * holds at least 90 % of the package's HTML pages.
   */
  public static Path site(String pkg, Path cache) {
    checkName(pkg, "--deb");
    Path dir = cache.resolve(pkg);
    Path done = dir.resolve(".unpacked");
    if (!Files.exists(done)) {
      try {
        Files.createDirectories(dir);
        try (Stream<Path> old = Files.list(dir)) {
          for (Path p : old.filter(p -> p.getFileName().toString().endsWith(".deb")).toList()) Files.delete(p);
        }
        run(dir, "apt-get", "download", pkg);
        Path deb;
        try (Stream<Path> debs = Files.list(dir)) {
          deb = debs.filter(p -> p.getFileName().toString().endsWith(".deb")).findFirst()
              .orElseThrow(() -> new IllegalStateException("--deb " + pkg + ": apt-get download left no .deb in " + dir));
        }
        run(dir, "dpkg-deb", "-x", deb.getFileName().toString(), "root");
        String version = run(dir, "dpkg-deb", "-f", deb.getFileName().toString(), "Version").strip();
        Files.delete(deb);
        Files.writeString(done, pkg + " " + version + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException("--deb " + pkg + ": cannot unpack into " + dir, e);
      }
    }
    return root(dir.resolve("root"), pkg);
  }

  /** Throws, naming {@code what} asked for it, when {@code pkg} is no Debian package name (Debian Policy 5.6.1). */
  public static void checkName(String pkg, String what) {
    if (!pkg.matches("[a-z0-9][a-z0-9+.-]+")) throw new IllegalArgumentException(what + ": '" + pkg + "' is not a Debian package name");
  }

  static Path root(Path unpacked, String what) {
    List<Path> html = Files.isDirectory(unpacked) ? PageFiles.list(unpacked, PageFiles::isHtml) : List.of();
    if (html.isEmpty()) throw new IllegalArgumentException("--deb " + what + ": the package holds no HTML pages");
    Map<Path, Integer> under = new HashMap<>();
    for (Path f : html) {
      for (Path p = f.getParent(); p != null && p.startsWith(unpacked); p = p.getParent()) under.merge(p, 1, Integer::sum);
    }
    Path best = unpacked;
    for (var e : under.entrySet()) {
      if (e.getValue() >= 0.9 * html.size() && e.getKey().getNameCount() > best.getNameCount()) best = e.getKey();
    }
    return best;
  }

  /** The version of a package as unpacked into {@code cache} ({@code dpkg-deb -f Version}), or "" before. */
  public static String version(String pkg, Path cache) {
    Path done = cache.resolve(pkg).resolve(".unpacked");
    try {
      String[] f = Files.exists(done) ? Files.readString(done).strip().split("\\s+") : new String[0];
      return f.length > 1 ? f[1] : "";
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * Runs a command in {@code dir}, its output into {@code dir/command.log} (so a command that hangs
   * without closing its output still meets the timeout); returns that output.
   */
  private static String run(Path dir, String... command) throws IOException {
    Path log = dir.resolve("command.log");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new IllegalStateException("--deb needs Debian's " + command[0] + " (" + e.getMessage() + ")", e);
    }
    try {
      if (!p.waitFor(30, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + ": still running after 30 minutes");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", command) + ": interrupted", e);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    if (p.exitValue() != 0) {
      String hint = output.contains("Unable to locate package") || output.contains("Can't select candidate")
          ? " (run 'apt-get update' once, as root, so apt knows the package)" : "";
      throw new IllegalStateException(String.join(" ", command) + " failed with exit code " + p.exitValue() + hint + ": "
          + output.strip().lines().reduce((a, b) -> b).orElse(""));
    }
    return output;
  }
}
