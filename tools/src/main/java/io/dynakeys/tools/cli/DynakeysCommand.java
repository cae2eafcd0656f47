package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The top command, {@code dynakeys}: only subcommands.
 */
@Command(name = "dynakeys", mixinStandardHelpOptions = true, version = "dynakeys tools 0.1.0-SNAPSHOT",
    description = {"Verify, browse and re-key live DynamoDB tables by the key layouts dynakeys generated.",
        "Run with the compiled records and their generated Keys classes on the classpath, or name them with"
            + " --classpath."},
    subcommands = {VerifyCommand.class, BrowseCommand.class, MigrateCommand.class, MoveCommand.class,
        SwitchIndexCommand.class, BackfillIndexCommand.class, ReportCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {" 0:everything is as the layouts say",
        " 1:something is wrong (findings, conflicts, a refused move)",
        " 2:usage or configuration error, an endpoint that cannot be reached",
        " 3:the run failed (a checkpoint keeps the progress)"})
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
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command: verify, browse, migrate, move,"
        + " switch-index or report");
  }

  /**
   * A new command line with the tools' exit statuses: 2 for usage errors and for configuration
   * errors ({@link ConfigurationException}: a class that is not a generated Keys class, a
   * checkpoint of another run, an option value the tools cannot use; and a table that does not
   * exist), 3 for every other failure of the run, errors of the JVM included.
   *
   * @return the command line
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new DynakeysCommand());
    CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
    // picocli hands exceptions to the handler below but lets an Error (out of memory, a linkage
    // error in the user's classes, an assertion in a record's constructor) escape execute(): the
    // run failed all the same, and says so with status 3 rather than the JVM's 1 ("findings").
    cl.setExecutionStrategy(parseResult -> {
      try {
        return run.execute(parseResult);
      } catch (Error e) {
        return failed(parseResult.commandSpec().commandLine(), e);
      }
    });
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      Throwable cause = unwrap(e);
      if (cause instanceof Error error) {
        return failed(commandLine, error);
      }
      if (!isConfiguration(cause)) {
        return failed(commandLine, cause);
      }
      commandLine.getErr().println("dynakeys " + commandLine.getCommandName() + ": " + message(cause));
      commandLine.getErr().flush();
      return USAGE;
    });
    return cl;
  }

  /**
   * Whether {@code e} says the command was wrong rather than the run: a
   * {@link ConfigurationException}, a usage error, or a table that does not exist.
   */
  static boolean isConfiguration(Throwable e) {
    return e instanceof ConfigurationException || e instanceof CommandLine.ParameterException
        || e instanceof ResourceNotFoundException;
  }

  /** The exception a thread pool or future wrapped, if it is such a wrapper. */
  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static int failed(CommandLine commandLine, Throwable e) {
    commandLine.getErr().println("dynakeys " + commandLine.getCommandName() + ": failed: " + message(e));
    String checkpoint = checkpoint(commandLine);
    // Only a checkpoint that was saved resumes anything; one the run failed before writing does not.
    if (checkpoint != null && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(checkpoint))) {
      commandLine.getErr().println("(run the same command again to resume from the checkpoint " + checkpoint + ")");
    }
    commandLine.getErr().flush();
    return FAILED;
  }

  /** The {@code --checkpoint} the failed command was given, or {@code null}. */
  private static String checkpoint(CommandLine commandLine) {
    CommandLine.ParseResult parsed = commandLine.getParseResult();
    while (parsed != null && parsed.hasSubcommand()) {
      parsed = parsed.subcommand();
    }
    if (parsed == null || !parsed.hasMatchedOption("--checkpoint")) {
      return null;
    }
    Object file = parsed.matchedOptionValue("--checkpoint", null);
    return file == null ? null : file.toString();
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return e.getClass().getName();
    }
    // An exception of the JVM or the SDK says what it is only by its class.
    if (e instanceof ResourceNotFoundException) {
      return "the table does not exist, or is not active yet (" + m + ")";
    }
    return e instanceof ConfigurationException ? m : e.getClass().getSimpleName() + ": " + m;
  }
}
