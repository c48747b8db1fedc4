package org.neardup.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A poor man's profiler: while a task runs on its own thread, takes that thread's stack every
 * millisecond and counts, per method, the samples it was on the stack (inclusive) and the samples
 * it was the innermost neardup frame ("self in neardup": time in neardup code or in the library
 * calls it makes directly). Stacks are taken at safepoints, so tight loops are attributed to the
 * nearest safepoint; good enough to find which stage and which method is hot.
 */
final class StackSampler {
  private StackSampler() {}

  static BenchReport.Profile run(String label, Runnable task) {
    Map<String, Integer> inclusive = new HashMap<>();
    Map<String, Integer> self = new HashMap<>();
    Map<String, Integer> leaf = new HashMap<>();
    Thread worker = new Thread(task, "neardup-bench-profiled");
    worker.setDaemon(true);
    int samples = 0;
    worker.start();
    while (worker.isAlive()) {
      StackTraceElement[] stack = worker.getStackTrace();
      if (stack.length > 0) {
        samples++;
        leaf.merge(frame(stack[0]), 1, Integer::sum);
        Set<String> seen = new HashSet<>();
        boolean selfDone = false;
        for (StackTraceElement e : stack) {
          if (!e.getClassName().startsWith("org.neardup.") || e.getClassName().startsWith("org.neardup.bench.")) continue;
          String f = frame(e);
          if (!selfDone) {
            self.merge(f, 1, Integer::sum);
            selfDone = true;
          }
          if (seen.add(f)) inclusive.merge(f, 1, Integer::sum);
        }
      }
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    try {
      worker.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return new BenchReport.Profile(label, samples, top(inclusive, samples, 25), top(self, samples, 20),
        top(leaf, samples, 15));
  }

  private static String frame(StackTraceElement e) {
    String c = e.getClassName();
    return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
  }

  private static List<BenchReport.Hot> top(Map<String, Integer> counts, int samples, int n) {
    List<BenchReport.Hot> all = new ArrayList<>();
    counts.forEach((k, v) -> all.add(new BenchReport.Hot(k, v, samples == 0 ? 0 : 100.0 * v / samples)));
    all.sort((a, b) -> Integer.compare(b.samples(), a.samples()));
    return all.subList(0, Math.min(n, all.size()));
  }
}
