package io.dynakeys.tools.cli;

import io.dynakeys.tools.verify.VerifyCheckpoints;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code dynakeys report}: the verify of several machines, from their checkpoints. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Combine the checkpoints of verify runs that shared one scan (--segment-range on several"
        + " machines) into one report. Fails when a segment is missing or unfinished.",
        "Exit status 0 when every segment is done and nothing is wrong, 1 otherwise."})
public final class ReportCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "CHECKPOINT", description = "Checkpoint files of verify runs")
  List<Path> files;

  @Option(names = "--json", description = "Print the report as JSON")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public ReportCommand() {}

  @Override
  public Integer call() {
    VerifyCheckpoints.Combined combined = VerifyCheckpoints.combine(files);
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? combined.report().toJson() + "\n" : combined.report().toText());
    if (!combined.missing().isEmpty()) {
      out.println("INCOMPLETE: segments " + combined.missing() + " are missing or unfinished");
    }
    out.flush();
    return combined.missing().isEmpty() && combined.report().ok() ? 0 : DynakeysCommand.FINDINGS;
  }
}
