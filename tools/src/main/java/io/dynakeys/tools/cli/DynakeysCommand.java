package io.dynakeys.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The top command, {@code dynakeys}: only subcommands.
 */
@Command(name = "dynakeys", mixinStandardHelpOptions = true, version = "dynakeys tools 0.1.0-SNAPSHOT",
    description = {"Verify, browse and re-key live DynamoDB tables by the key layouts dynakeys generated.",
        "Run with the compiled records and their generated Keys classes on the classpath, or name them with"
            + " --classpath."},
    subcommands = {VerifyCommand.class, BrowseCommand.class, MigrateCommand.class, MoveCommand.class,
        ReportCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {" 0:everything is as the layouts say",
        " 1:something is wrong (findings, conflicts, a refused move)",
        " 2:usage or configuration error", " 3:the run failed (a checkpoint keeps the progress)"})
public final class DynakeysCommand implements Runnable {
  /** Exit status when something is wrong with the table. */
  public static final int FINDINGS = 1;
  /** Exit status of a usage or configuration error. */
  public static final int USAGE = 2;
  /** Exit status of a failed run. */
  public static final int FAILED = 3;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public DynakeysCommand() {}

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command: verify, browse, migrate, move"
        + " or report");
  }

  /**
   * A new command line with the tools' exit statuses: 2 for usage errors and for configuration
   * errors (a class that is not a generated Keys class, a checkpoint of another run), 3 for
   * failures of the run.
   *
   * @return the command line
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new DynakeysCommand());
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      // A class that is no Keys class, a checkpoint of another run, a table that does not exist:
      // the command was wrong, not the run.
      boolean configuration = e instanceof IllegalArgumentException || e instanceof IllegalStateException
          || e instanceof software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
      commandLine.getErr().println("dynakeys " + commandLine.getCommandName() + ": "
          + (configuration ? "" : "failed: ") + message(e));
      if (!configuration) {
        commandLine.getErr().println("(with --checkpoint, run the same command again to resume)");
      }
      commandLine.getErr().flush();
      return configuration ? USAGE : FAILED;
    });
    return cl;
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getName() : m;
  }
}
