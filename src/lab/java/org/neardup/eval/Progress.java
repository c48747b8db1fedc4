package org.neardup.eval;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/** A progress bar on stderr ("\r[#####     ]  48% 960/2000 extract 310/s"), redrawn at most 4 times a second. */
public final class Progress {
  private final PrintWriter err;
  private final boolean enabled;
  private final AtomicLong done = new AtomicLong();
  private volatile long total;
  private volatile String label = "";
  private volatile long start = System.nanoTime();
  private volatile long lastDraw;

  public Progress(PrintWriter err, boolean enabled) {
    this.err = err;
    this.enabled = enabled && err != null;
  }

  public static Progress none() {
    return new Progress(null, false);
  }

  public void begin(String what, long steps) {
    finish();
    label = what;
    total = steps;
    done.set(0);
    start = System.nanoTime();
    lastDraw = 0;
  }

  public void step() {
    long d = done.incrementAndGet();
    if (!enabled) return;
    long now = System.nanoTime();
    if (now - lastDraw > 250_000_000L || d == total) {
      lastDraw = now;
      draw(d, now);
    }
  }

  private synchronized void draw(long d, long now) {
    int width = 30;
    long t = Math.max(total, 1);
    int filled = (int) Math.min(width, d * width / t);
    double rate = d / Math.max((now - start) / 1e9, 1e-9);
    err.printf("\r[%s%s] %3d%% %d/%d %s %.0f/s ", "#".repeat(filled), " ".repeat(width - filled),
        d * 100 / t, d, total, label, rate);
    err.flush();
  }

  public synchronized void finish() {
    if (enabled && lastDraw != 0) {
      err.println();
      err.flush();
      lastDraw = 0;
    }
  }
}
