package io.dynakeys.tools;

import io.dynakeys.tools.cli.DynakeysCommand;
import picocli.CommandLine;

/**
 * The {@code dynakeys} command line: {@code verify}, {@code browse}, {@code migrate}, {@code move}
 * and {@code report}. Run it with the compiled records and their generated {@code Keys} classes on
 * the classpath (or name them with {@code --classpath}):
 *
 * <pre>
 * java -cp dynakeys-tools-0.1.0-SNAPSHOT-cli.jar:target/classes io.dynakeys.tools.Main \
 *     verify --table runs --schema com.acme.RunKeys
 * </pre>
 *
 * <p>Exit status: 0 when everything is as the layouts say, 1 when something is wrong (findings,
 * conflicts, a refused move), 2 for a usage or configuration error, 3 when the run failed (a
 * DynamoDB error after the SDK's retries; a checkpoint keeps the progress).
 */
public final class Main {
  private Main() {}

  /**
   * Runs the command line and exits with its status.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    System.exit(DynakeysCommand.commandLine().execute(args));
  }

  /**
   * Runs the command line in this JVM and returns its exit status, for embedding and tests.
   *
   * @param args the arguments
   * @return the exit status
   */
  public static int run(String... args) {
    return DynakeysCommand.commandLine().execute(args);
  }

  /**
   * The picocli command line, to run with other output streams ({@link CommandLine#setOut}).
   *
   * @return a new command line
   */
  public static CommandLine commandLine() {
    return DynakeysCommand.commandLine();
  }
}
