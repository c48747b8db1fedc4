package org.neardup.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real topology in a LocalCluster over the demo site (loopback HTTP), against an embedded
 * Redis, every verdict checked against expected.tsv.
 */
class DemoEndToEndTest {

  @Test
  @Timeout(180)
  void everyPageGetsItsExpectedVerdict() throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(new TeeStream(captured, System.out), true, StandardCharsets.UTF_8);
    DemoRunner.Result result = DemoRunner.run(
        new DemoRunner.Options(null, null, false, null, Duration.ofSeconds(120), out, null));

    assertEquals(DemoSite.expected().size(), result.rows().size());
    List<String> mismatches = new ArrayList<>();
    for (DemoRunner.Row row : result.rows()) {
      assertNotNull(row.actual(), row.path() + " got no verdict");
      if (!row.matches()) {
        mismatches.add(row.path() + ": expected " + row.expected() + " of " + row.expectedOriginal()
            + ", got " + row.actual() + " of " + row.actualOriginal() + " (" + row.detector() + ")");
      }
    }
    assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));

    String printed = captured.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains(result.matched() + " of 25 verdicts as expected"), printed);
    assertTrue(printed.contains("bin/neardup stats --store " + result.store()), printed);
    assertTrue(printed.contains("stops with this process"), printed);
  }

  /** Prints to the console and keeps a copy. */
  private static final class TeeStream extends OutputStream {
    private final OutputStream a;
    private final OutputStream b;

    TeeStream(OutputStream a, OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int c) throws java.io.IOException {
      a.write(c);
      b.write(c);
    }

    @Override
    public void write(byte[] buf, int off, int len) throws java.io.IOException {
      a.write(buf, off, len);
      b.write(buf, off, len);
    }
  }
}
