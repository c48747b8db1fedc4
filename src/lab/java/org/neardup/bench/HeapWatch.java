package org.neardup.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Watches the heap while a benchmark runs: samples {@link MemoryMXBean} heap use every few
 * milliseconds (the peak between GCs is what matters for sizing -Xmx), and reads the heap pools'
 * own peak counters and the GC beans' counts and times.
 */
final class HeapWatch implements AutoCloseable {
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final Thread sampler;
  private final long gcCount0;
  private final long gcMillis0;
  private volatile boolean running = true;
  private volatile long peakSampled;

  HeapWatch() {
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
    }
    gcCount0 = gcCount();
    gcMillis0 = gcMillis();
    sampler = new Thread(() -> {
      while (running) {
        long used = memory.getHeapMemoryUsage().getUsed();
        if (used > peakSampled) peakSampled = used;
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "neardup-bench-heap");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** Heap figures so far. */
  BenchReport.Heap snapshot() {
    long poolPeaks = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) poolPeaks += p.getPeakUsage().getUsed();
    }
    long used = memory.getHeapMemoryUsage().getUsed();
    return new BenchReport.Heap(Math.max(peakSampled, used), poolPeaks,
        memory.getHeapMemoryUsage().getMax(), gcCount() - gcCount0, gcMillis() - gcMillis0);
  }

  private static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, g.getCollectionCount());
    return n;
  }

  private static long gcMillis() {
    long n = 0;
    for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, g.getCollectionTime());
    return n;
  }

  @Override
  public void close() {
    running = false;
    sampler.interrupt();
  }
}
