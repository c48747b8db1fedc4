package org.neardup.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What bench refuses before it measures anything: options that one of its two modes would not read. */
class BenchCommandTest {
  @Test
  void againstRefusesTheOptionsOfTheStageBenchmarkByName() {
    var r = CompareAndExtractCommandTest.run("bench", "--against", "/no/such/classes", "--threads", "2", "--json");
    assertEquals(BaseCommand.USAGE, r.code());
    assertTrue(r.err().contains("does not take --threads, --json"), r.err());
    assertTrue(r.out().isEmpty(), r.out());
  }

  @Test
  void passesWithoutAgainstIsRefused() {
    var r = CompareAndExtractCommandTest.run("bench", "--passes", "4");
    assertEquals(BaseCommand.USAGE, r.code());
    assertTrue(r.err().contains("--passes counts the passes of --against"), r.err());
  }
}
