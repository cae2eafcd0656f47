package io.dynakeys.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * The AWS Glue entry point. Glue passes its own arguments ({@code --JOB_NAME}, {@code --JOB_ID},
 * the job's default arguments...) as {@code --key value} pairs; the job's command line is the one
 * argument {@code --dynakeys}, split at blanks ({@code "verify --export s3://... --schema com.acme.RunKeys"}),
 * and everything else is ignored. A status other than 0 fails the Glue job with an exception
 * (Glue treats {@code System.exit} as a failure of its own).
 */
public final class GlueMain {
  private GlueMain() {}

  /** Runs the command line of {@code --dynakeys}; throws when its exit status is not 0. */
  public static void main(String[] args) {
    String line = null;
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("--dynakeys")) {
        line = args[i + 1];
      }
    }
    if (line == null) {
      throw new IllegalArgumentException("no --dynakeys argument: give the job the argument --dynakeys"
          + " \"verify --export s3://bucket/prefix/AWSDynamoDB/<ExportId> --schema com.acme.RunKeys\"");
    }
    List<String> words = new ArrayList<>();
    for (String w : line.trim().split("\\s+")) {
      words.add(w);
    }
    int status = SparkMain.run(null, words.toArray(String[]::new));
    if (status != 0) {
      throw new IllegalStateException("dynakeys " + words.get(0) + " ended with exit status " + status
          + (status == 1 ? " (findings or problems: see the job's output)" : ""));
    }
  }
}
