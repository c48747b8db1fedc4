package org.neardup.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What a crawl on a cluster decided, read from the file {@link RecordingBolts} write: per page
 * (a key, e.g. the demo site's path of the url), its verdicts in the order they were written (a
 * replayed page can have more than one), the errors sent to the status stream and the deletions.
 */
public final class Records {
  static final String VERDICT = "verdict";
  static final String ERROR = "error";
  static final String DELETED = "deleted";

  /** One verdict as the indexer or the duplicates stream got it; {@code original} null for none. */
  public record Verdict(String verdict, String original, String detector, boolean replay, long pid, long millis) {
    boolean isDuplicate() {
      return original != null;
    }

    /** The verdict and original, what must agree between two runs. */
    String decision() {
      return verdict + (original == null ? "" : " of " + original);
    }
  }

  private final Map<String, List<Verdict>> verdicts = new LinkedHashMap<>();
  private final Map<String, List<String>> errors = new LinkedHashMap<>();
  private final List<String> deleted = new ArrayList<>();
  private long lines;

  private Records() {}

  /** Reads the file (missing: nothing recorded yet); {@code key} maps each url (and original) to its key. */
  public static Records read(Path file, UnaryOperator<String> key) {
    Records r = new Records();
    if (!Files.exists(file)) return r;
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the record file " + file, e);
    }
    for (String line : lines) {
      String[] f = line.split("\t", -1);
      if (f.length < 8) continue; // a line still being written
      r.lines++;
      String url = key.apply(f[1]);
      switch (f[0]) {
        case VERDICT -> r.verdicts.computeIfAbsent(url, u -> new ArrayList<>()).add(new Verdict(f[2],
            f[3].equals("-") ? null : key.apply(f[3]), f[4].equals("-") ? null : f[4], Boolean.parseBoolean(f[5]),
            Long.parseLong(f[6]), Long.parseLong(f[7])));
        case ERROR -> r.errors.computeIfAbsent(url, u -> new ArrayList<>()).add(f[2]);
        case DELETED -> r.deleted.add(url);
        default -> throw new IllegalStateException("unknown record '" + f[0] + "' in " + file);
      }
    }
    return r;
  }

  public Map<String, List<Verdict>> verdicts() {
    return verdicts;
  }

  public Map<String, List<String>> errors() {
    return errors;
  }

  public List<String> deleted() {
    return deleted;
  }

  /** Lines read. */
  public long lines() {
    return lines;
  }

  /** The page's last verdict, or null. */
  public Verdict last(String key) {
    List<Verdict> v = verdicts.get(key);
    return v == null || v.isEmpty() ? null : v.get(v.size() - 1);
  }

  /** True when every one of {@code keys} has a verdict or an error. */
  public boolean allDecided(Collection<String> keys) {
    for (String k : keys) if (!verdicts.containsKey(k) && !errors.containsKey(k)) return false;
    return true;
  }

  /** Verdicts recorded for pages that had one already (replays that reached the end of the topology). */
  public int repeats() {
    int n = 0;
    for (List<Verdict> v : verdicts.values()) n += v.size() - 1;
    return n;
  }

  /** When the first and the last verdict were recorded (epoch ms; 0 and 0 when none was). */
  public long[] span() {
    long first = Long.MAX_VALUE;
    long last = 0;
    for (List<Verdict> vs : verdicts.values()) {
      for (Verdict v : vs) {
        first = Math.min(first, v.millis());
        last = Math.max(last, v.millis());
      }
    }
    return first == Long.MAX_VALUE ? new long[] {0, 0} : new long[] {first, last};
  }

  /** Verdicts recorded per verdict word (last verdict per page). */
  public Map<String, Integer> counts() {
    Map<String, Integer> c = new java.util.TreeMap<>();
    for (String k : verdicts.keySet()) c.merge(last(k).verdict(), 1, Integer::sum);
    return c;
  }

  /** The worker JVMs (pids) that recorded verdicts. */
  public Set<Long> pids() {
    Set<Long> p = new LinkedHashSet<>();
    for (List<Verdict> vs : verdicts.values()) for (Verdict v : vs) p.add(v.pid());
    return p;
  }

  /**
   * This crawl against a reference run of the same pages ({@code reference}: key → decision as
   * "unique", "near of KEY", …). Pages may be decided in another order on a cluster (several dedup
   * executors, replays), so a copy group of the reference (a page and the pages named as its
   * original) may have another member as its original: that is a reorder, not a fault, as long as
   * the group still has exactly one page that reached the index.
   */
  public Comparison compare(Map<String, String> reference) {
    Map<String, String> group = groups(reference);
    List<String> missing = new ArrayList<>();
    List<String> inconsistent = new ArrayList<>();
    List<String> ownDuplicate = new ArrayList<>();
    List<String> differs = new ArrayList<>();
    List<String> reordered = new ArrayList<>();
    Map<String, Integer> indexedPerGroup = new HashMap<>();
    for (String key : reference.keySet()) {
      List<Verdict> vs = verdicts.get(key);
      if (vs == null || vs.isEmpty()) {
        missing.add(key);
        continue;
      }
      Set<String> decisions = new LinkedHashSet<>();
      for (Verdict v : vs) {
        decisions.add(v.decision());
        if (key.equals(v.original())) ownDuplicate.add(key + " (" + v.decision() + ")");
      }
      if (decisions.size() > 1) inconsistent.add(key + ": " + decisions);
      Verdict v = vs.get(vs.size() - 1);
      if (!v.isDuplicate()) indexedPerGroup.merge(group.get(key), 1, Integer::sum);
      if (v.decision().equals(reference.get(key))) continue;
      // within the reference's copy group: another member came first (or a duplicate became the original)
      boolean withinGroup = v.isDuplicate() ? Objects.equals(group.get(key), group.get(v.original()))
          : isDuplicate(reference.get(key));
      (withinGroup ? reordered : differs).add(key + ": " + v.decision() + ", reference " + reference.get(key));
    }
    // a group with two pages in the index let a copy through; one with none lost its original
    List<String> copiesIndexed = new ArrayList<>();
    List<String> groupsWithoutOriginal = new ArrayList<>();
    for (String g : new LinkedHashSet<>(group.values())) {
      int n = indexedPerGroup.getOrDefault(g, 0);
      boolean decided = group.entrySet().stream().filter(e -> e.getValue().equals(g))
          .allMatch(e -> verdicts.containsKey(e.getKey()));
      if (n > 1) copiesIndexed.add(g + " (" + n + " pages indexed)");
      if (n == 0 && decided) groupsWithoutOriginal.add(g);
    }
    // a reorder that breaks the one-original rule is a difference
    if (!copiesIndexed.isEmpty() || !groupsWithoutOriginal.isEmpty()) {
      differs.addAll(reordered);
      reordered.clear();
    }
    List<String> errorPages = new ArrayList<>(errors.keySet());
    return new Comparison(reference.size(), missing, inconsistent, ownDuplicate, differs, reordered, copiesIndexed,
        groupsWithoutOriginal, errorPages, List.copyOf(deleted), repeats());
  }

  private static boolean isDuplicate(String decision) {
    return decision != null && decision.contains(" of ");
  }

  /** Each key's copy group (a page and its original, transitively), named by the original. */
  static Map<String, String> groups(Map<String, String> reference) {
    Map<String, String> parent = new LinkedHashMap<>();
    for (String k : reference.keySet()) parent.put(k, k);
    for (Map.Entry<String, String> e : reference.entrySet()) {
      String d = e.getValue();
      if (!isDuplicate(d)) continue;
      String original = d.substring(d.indexOf(" of ") + 4);
      parent.putIfAbsent(original, original);
      String a = find(parent, e.getKey());
      String b = find(parent, original);
      if (!a.equals(b)) parent.put(a, b);
    }
    Map<String, String> group = new LinkedHashMap<>();
    for (String k : parent.keySet()) group.put(k, find(parent, k));
    return group;
  }

  private static String find(Map<String, String> parent, String k) {
    while (!parent.get(k).equals(k)) k = parent.get(k);
    return k;
  }

  /**
   * The outcome of {@link #compare}. The faults: pages without a verdict (lost), with two
   * different verdicts, named as their own duplicate, decided otherwise than in the reference
   * (beyond a reorder), copies that reached the index, copy groups without an original in the
   * index, pages sent to the status stream as errors, urls deleted.
   */
  public record Comparison(int pages, List<String> missing, List<String> inconsistent, List<String> ownDuplicate,
      List<String> differs, List<String> reordered, List<String> copiesIndexed, List<String> groupsWithoutOriginal,
      List<String> errors, List<String> deleted, int repeats) {
    public boolean clean() {
      return missing.isEmpty() && inconsistent.isEmpty() && ownDuplicate.isEmpty() && differs.isEmpty()
          && copiesIndexed.isEmpty() && groupsWithoutOriginal.isEmpty() && errors.isEmpty() && deleted.isEmpty();
    }

    /** One line per kind of fault, and the counts. */
    public String report() {
      StringBuilder b = new StringBuilder();
      b.append(String.format("pages %d, lost %d, inconsistent %d, own duplicate %d, differ %d, reordered %d, "
              + "copies indexed %d, groups without original %d, errors %d, deleted %d, verdicts repeated by replays %d%n",
          pages, missing.size(), inconsistent.size(), ownDuplicate.size(), differs.size(), reordered.size(),
          copiesIndexed.size(), groupsWithoutOriginal.size(), errors.size(), deleted.size(), repeats));
      line(b, "lost", missing);
      line(b, "inconsistent", inconsistent);
      line(b, "own duplicate", ownDuplicate);
      line(b, "differ", differs);
      line(b, "reordered", reordered);
      line(b, "copies indexed", copiesIndexed);
      line(b, "groups without original", groupsWithoutOriginal);
      line(b, "errors", errors);
      line(b, "deleted", deleted);
      return b.toString();
    }

    private static void line(StringBuilder b, String what, List<String> items) {
      if (!items.isEmpty()) b.append("  ").append(what).append(": ").append(String.join("; ", items)).append('\n');
    }
  }
}
