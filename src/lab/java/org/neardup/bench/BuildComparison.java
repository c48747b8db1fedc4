package org.neardup.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The CPU of bytes → verdict of this build against another build's, on the same pages in one JVM:
 * each build's classes in a class loader of its own (over this build's dependency jars), each with
 * its own defaults and a fresh memory store per pass, one thread, in alternating passes (A B, B A,
 * A B, …). Single figures move by tens of percent between runs on a shared or virtual machine; a
 * pass of one build and the next pass of the other share that machine's state, so the ratio of
 * the two, pass by pass, is what compares.
 *
 * <p>The other build is read through the API every build since the store interface has: {@code
 * NeardupConfig.defaults()}, {@code withStore}, {@code Pipeline.of}, {@code PageExtractor.extract},
 * {@code Stores.open}, {@code DuplicateDetector(Fingerprinter, FingerprintStore,
 * DetectorSettings)} and {@code check(Page, String, long)}.
 */
public final class BuildComparison {
  /** The figures of one comparison: per build the time of each pass, and its verdicts by kind. */
  public record Report(int pages, int passes, long[] thisNanos, long[] otherNanos,
      Map<String, Integer> thisVerdicts, Map<String, Integer> otherVerdicts) {

    /** This build's time over the other build's, per pass, sorted. */
    public double[] ratios() {
      double[] r = new double[passes];
      for (int p = 0; p < passes; p++) r[p] = (double) thisNanos[p] / otherNanos[p];
      Arrays.sort(r);
      return r;
    }

    public String toTable() {
      double[] r = ratios();
      StringBuilder sb = new StringBuilder();
      sb.append(String.format(Locale.ROOT, "bytes -> verdict, memory store, 1 thread: %d pages, %d alternating passes%n",
          pages, passes));
      sb.append(String.format(Locale.ROOT, "  this build   %8.3f ms/page (median pass)  verdicts %s%n",
          BenchReport.median(thisNanos) / 1e6 / pages, thisVerdicts));
      sb.append(String.format(Locale.ROOT, "  other build  %8.3f ms/page (median pass)  verdicts %s%n",
          BenchReport.median(otherNanos) / 1e6 / pages, otherVerdicts));
      sb.append(String.format(Locale.ROOT, "  this / other, pass by pass: median %.3f, quartiles %.3f-%.3f%n",
          r[r.length / 2], r[r.length / 4], r[(3 * r.length) / 4]));
      return sb.toString();
    }
  }

  private BuildComparison() {}

  /**
   * Compares this build with the build whose compiled classes are in {@code otherClasses} (its
   * {@code target/classes}), {@code passes} timed passes of each after a quarter as many untimed
   * ones. Progress goes to {@code log}; what either build prints to standard output while it runs
   * (jieba's dictionary load) goes to standard error.
   */
  public static Report run(Path otherClasses, List<BenchPage> pages, int passes, Consumer<String> log) {
    if (!Files.isDirectory(otherClasses.resolve("org/neardup"))) {
      throw new IllegalArgumentException("--against " + otherClasses
          + ": not a folder of compiled neardup classes (a build's target/classes)");
    }
    if (passes < 1) throw new IllegalArgumentException("--passes " + passes + ": must be at least 1");
    PrintStream out = System.out;
    System.setOut(System.err);
    try (Build self = new Build(thisClasses()); Build other = new Build(otherClasses)) {
      log.accept("loaded both builds; " + passes + " timed passes of each over " + pages.size() + " pages");
      long[] a = new long[passes];
      long[] b = new long[passes];
      for (int p = -Math.max(1, passes / 4); p < passes; p++) {
        boolean selfFirst = (p & 1) == 0;
        long first = (selfFirst ? self : other).pass(pages);
        long second = (selfFirst ? other : self).pass(pages);
        if (p >= 0) {
          a[p] = selfFirst ? first : second;
          b[p] = selfFirst ? second : first;
        }
      }
      return new Report(pages.size(), passes, a, b, self.verdicts, other.verdicts);
    } finally {
      System.setOut(out);
    }
  }

  /** Where this build's classes are: the folder or jar {@code Pipeline} was loaded from. */
  private static Path thisClasses() {
    try {
      return Path.of(org.neardup.runtime.Pipeline.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate this build's classes", e);
    }
  }

  /** One build, loaded on its own, and the handles of the API a pass calls. */
  private static final class Build implements AutoCloseable {
    private final URLClassLoader loader;
    private final Object config;
    private final Object extractor;
    private final Object fingerprinter;
    private final Object detectorSettings;
    private final Method extract;
    private final Method openStore;
    private final Constructor<?> detector;
    private final Method check;
    private final Method kind;
    /** The verdicts of the last pass by kind: both builds see the same pages. */
    private final Map<String, Integer> verdicts = new TreeMap<>();

    Build(Path classes) {
      try {
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
          if (entry.endsWith(".jar")) urls.add(Path.of(entry).toUri().toURL());
        }
        loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        Class<?> configClass = loader.loadClass("org.neardup.config.NeardupConfig");
        config = configClass.getMethod("withStore", String.class, String.class)
            .invoke(configClass.getMethod("defaults").invoke(null), "memory", null);
        Class<?> pipelineClass = loader.loadClass("org.neardup.runtime.Pipeline");
        Object pipeline = pipelineClass.getMethod("of", configClass).invoke(null, config);
        extractor = pipelineClass.getMethod("extractor").invoke(pipeline);
        fingerprinter = pipelineClass.getMethod("fingerprinter").invoke(pipeline);
        detectorSettings = configClass.getMethod("detector").invoke(config);
        extract = loader.loadClass("org.neardup.extract.PageExtractor")
            .getMethod("extract", String.class, byte[].class, String.class);
        openStore = loader.loadClass("org.neardup.runtime.Stores").getMethod("open", configClass);
        Class<?> detectorClass = loader.loadClass("org.neardup.detect.DuplicateDetector");
        detector = detectorClass.getConstructor(loader.loadClass("org.neardup.fingerprint.Fingerprinter"),
            loader.loadClass("org.neardup.index.FingerprintStore"),
            loader.loadClass("org.neardup.detect.DetectorSettings"));
        check = detectorClass.getMethod("check", loader.loadClass("org.neardup.extract.Page"), String.class, long.class);
        kind = loader.loadClass("org.neardup.detect.Verdict").getMethod("kind");
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("--against " + classes + ": " + e.getMessage(), e);
      } catch (ReflectiveOperationException | LinkageError e) {
        throw new IllegalArgumentException("--against " + classes
            + ": not a neardup build this one can drive (" + rootCause(e) + ")", e);
      }
    }

    /** Bytes → verdict for every page into a fresh memory store; returns the nanoseconds it took. */
    long pass(List<BenchPage> pages) {
      // the previous pass's garbage is not charged to this one
      Benchmark.collectGarbage();
      Thread thread = Thread.currentThread();
      ClassLoader context = thread.getContextClassLoader();
      thread.setContextClassLoader(loader);
      Object store = null;
      try {
        store = openStore.invoke(null, config);
        Object det = detector.newInstance(fingerprinter, store, detectorSettings);
        verdicts.clear();
        Object[] results = new Object[pages.size()];
        long t0 = System.nanoTime();
        for (int i = 0; i < pages.size(); i++) {
          BenchPage page = pages.get(i);
          results[i] = check.invoke(det, extract.invoke(extractor, page.url(), page.bytes(), null), page.url(), 0L);
        }
        long nanos = Math.max(1, System.nanoTime() - t0);
        for (Object r : results) verdicts.merge(String.valueOf(kind.invoke(r)), 1, Integer::sum);
        return nanos;
      } catch (InvocationTargetException e) {
        throw new IllegalStateException("the build at " + loader.getURLs()[0] + " failed: " + rootCause(e), e);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      } finally {
        if (store instanceof AutoCloseable c) {
          try {
            c.close();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
        thread.setContextClassLoader(context);
      }
    }

    @Override
    public void close() {
      try {
        loader.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static String rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) t = t.getCause();
    return t.toString();
  }
}
