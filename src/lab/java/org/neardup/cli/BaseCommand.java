package org.neardup.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** What every command shares: exit codes, --help, and output through picocli's writers. */
@CommandLine.Command(mixinStandardHelpOptions = true, sortOptions = false)
abstract class BaseCommand implements Callable<Integer> {
  /** Everything worked. */
  static final int OK = 0;
  /** The command failed (unreadable input, store unreachable). */
  static final int FAILED = 1;
  /** Bad usage: unknown option, bad value (picocli's parameter errors map here). */
  static final int USAGE = 2;
  /** The run finished, but some input lines or pages were errors (dedup). */
  static final int SOME_ERRORS = 3;

  @CommandLine.Spec CommandSpec spec;

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
