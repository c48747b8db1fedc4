package org.neardup.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.neardup.config.NeardupConfig;
import org.neardup.index.StoreException;
import org.neardup.index.StoreMaintenance;
import org.neardup.index.redis.RedisFingerprintStore;
import org.neardup.index.redis.RedisSettings;
import picocli.CommandLine;

@CommandLine.Command(name = "remove",
    description = {"Forget urls: remove their fingerprints from a namespace.",
        "The counting Bloom filter decrements. Their copies become orphans: the first fetched again "
            + "stands for the content. For pages gone from the web or dropped from the index outside the "
            + "topology (which removes the urls of its deletion stream itself)."})
final class RemoveCommand extends BaseCommand {
  @CommandLine.Mixin StoreOptions store = new StoreOptions();

  @CommandLine.Option(names = "--urls", paramLabel = "FILE",
      description = "a file of urls, one per line (blank lines and lines starting with # are skipped); - for standard input")
  String urlsFile;

  @CommandLine.Parameters(paramLabel = "URL", arity = "0..*", description = "urls to remove")
  List<String> urls = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    List<String> all = new ArrayList<>(urls);
    if (urlsFile != null) all.addAll(readUrls(urlsFile));
    if (all.isEmpty()) {
      err().println("neardup remove: no urls (give URL arguments or --urls FILE)");
      return USAGE;
    }
    NeardupConfig cfg = store.load();
    RedisSettings redis = StoreOptions.redis(cfg, 1);
    long removed = 0;
    long unknown = 0;
    long errors = 0;
    try (StoreMaintenance st = new RedisFingerprintStore(redis, store.layout(cfg, redis))) {
      for (String url : all) {
        try {
          if (st.remove(url)) removed++; else unknown++;
        } catch (StoreException.Unavailable e) {
          err().printf("neardup remove: store unavailable at %s, stopped before %s (%,d removed): %s%n",
              redis.maskedUrl(), url, removed, e.getMessage());
          return FAILED;
        } catch (RuntimeException e) {
          errors++;
          err().printf("neardup remove: %s: %s%n", url, e.getMessage());
        }
      }
    }
    out().printf("removed %,d, not recorded %,d, errors %,d (namespace '%s')%n", removed, unknown, errors,
        cfg.index().namespace());
    return errors > 0 ? SOME_ERRORS : OK;
  }

  private static List<String> readUrls(String file) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferedReader r = file.equals("-")
        ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
        : Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
      for (String line; (line = r.readLine()) != null; ) {
        String u = line.strip();
        if (!u.isEmpty() && !u.startsWith("#")) out.add(u);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("--urls " + file + ": no such file");
    }
    return out;
  }
}
