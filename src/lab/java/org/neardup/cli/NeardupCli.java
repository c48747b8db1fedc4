package org.neardup.cli;

import java.io.UncheckedIOException;
import picocli.CommandLine;

/** The {@code neardup} command line: one factory for the {@link CommandLine}, and {@code main}. */
@CommandLine.Command(
    name = "neardup",
    mixinStandardHelpOptions = true,
    version = "neardup 0.1.0",
    description = "Near-duplicate detection for web crawls.",
    subcommands = {
        DemoCommand.class,
        ClusterCommand.class,
        ExtractCommand.class,
        CompareCommand.class,
        DedupCommand.class,
        StatsCommand.class,
        ResetCommand.class,
        RemoveCommand.class,
        ExpireCommand.class,
        CompactCommand.class,
        IdfCommand.class,
        EvalCommand.class,
        BenchCommand.class,
        BenchWarcCommand.class,
        CommandLine.HelpCommand.class
    })
public final class NeardupCli implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The command line with neardup's exit codes and error handling. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new NeardupCli());
    cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
      // Expected failures (bad file, unreachable store) are one line for the user, not a trace.
      String msg = e instanceof UncheckedIOException u
          ? u.getMessage() + (u.getCause().getMessage() == null ? "" : ": " + u.getCause().getMessage()) : e.getMessage();
      cmd.getErr().println("neardup " + cmd.getCommandName() + ": " + (msg == null ? e.toString() : msg));
      if (System.getenv("NEARDUP_DEBUG") != null) e.printStackTrace(cmd.getErr());
      return e instanceof IllegalArgumentException ? BaseCommand.USAGE : BaseCommand.FAILED;
    });
    cli.setExitCodeExceptionMapper(e -> BaseCommand.USAGE);
    return cli;
  }

  public static void main(String[] args) {
    int code = commandLine().execute(args);
    System.out.flush();
    // Storm's LocalCluster and Redis clients leave non-daemon threads: exit explicitly.
    System.exit(code);
  }
}
