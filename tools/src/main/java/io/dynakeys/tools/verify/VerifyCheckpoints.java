package io.dynakeys.tools.verify;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.verify.TableChecker;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.Checkpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The report of a verify that several machines ran, each over its {@code --segment-range} with its
 * own {@code --checkpoint}, read from their checkpoint files: what {@code dynakeys report} prints.
 * Each finished segment's checkpoint holds its part of the report ({@link VerifyReport#toJsonTree}),
 * and the run's extras hold the samples per kind and the table findings, which {@link Verifier}
 * writes.
 */
public final class VerifyCheckpoints {
  private VerifyCheckpoints() {}

  /**
   * The verify of several machines combined from their checkpoint files.
   *
   * @param report the combined report of the segments that are done
   * @param missing the segments no checkpoint has finished
   */
  public record Combined(VerifyReport report, List<Integer> missing) {}

  /**
   * Combines the checkpoints of verify runs that shared one scan ({@code --segment-range} on
   * several machines, each with its own {@code --checkpoint}).
   *
   * @param files the checkpoint files
   * @return the combined report, and the segments none of them finished
   * @throws ConfigurationException when a file is missing or no verify checkpoint, or the files
   *     belong to different runs or overlap
   */
  public static Combined combine(List<Path> files) {
    try {
      return read(files);
    } catch (ClassCastException | NullPointerException | NumberFormatException | ArithmeticException e) {
      throw new ConfigurationException("the checkpoints " + files + " are not all dynakeys checkpoints of a verify run"
          + " (a value of another shape than a checkpoint holds: " + e.getClass().getSimpleName() + "); give the"
          + " files the verify runs wrote", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Combined read(List<Path> files) {
    Map<String, Object> first = null;
    VerifyReport report = null;
    Set<Integer> done = new TreeSet<>();
    for (Path file : files) {
      Map<String, Object> json = Checkpoint.read(file);
      if (!"checkpoint".equals(json.get("dynakeys")) || !"verify".equals(json.get("command"))) {
        throw new ConfigurationException(file + " is not the checkpoint of a verify run");
      }
      if (first == null) {
        first = json;
        Map<String, Object> extra = (Map<String, Object>) json.getOrDefault("extra", Map.of());
        int samples = ((Number) extra.getOrDefault("samples", 10L)).intValue();
        report = new VerifyReport(samples);
        List<TableChecker.TableFinding> table = new ArrayList<>();
        for (Object o : (List<Object>) extra.getOrDefault("tableFindings", List.of())) {
          Map<String, Object> t = (Map<String, Object>) o;
          table.add(new TableChecker.TableFinding((String) t.get("entity"), (String) t.get("index"),
              (String) t.get("problem")));
        }
        report.tableFindings(table);
      } else {
        for (String key : List.of("table", "job", "totalSegments")) {
          if (!String.valueOf(first.get(key)).equals(String.valueOf(json.get(key)))) {
            throw new ConfigurationException(file + " belongs to another run: its " + key + " is " + json.get(key)
                + ", not " + first.get(key));
          }
        }
      }
      Map<String, Object> segments = (Map<String, Object>) json.getOrDefault("segments", Map.of());
      for (Map.Entry<String, Object> e : segments.entrySet()) {
        Map<String, Object> s = (Map<String, Object>) e.getValue();
        if (!Boolean.TRUE.equals(s.get("done"))) {
          continue;
        }
        int segment = Integer.parseInt(e.getKey());
        if (!done.add(segment)) {
          throw new ConfigurationException("segment " + segment + " is done in two checkpoints: their ranges"
              + " overlap, and its items would count twice");
        }
        report.merge(VerifyReport.fromJsonTree(s.get("state"), report.samplesPerKind()));
      }
    }
    if (first == null) {
      throw new ConfigurationException("no checkpoint given");
    }
    int total = ((Number) first.get("totalSegments")).intValue();
    List<Integer> missing = new ArrayList<>();
    for (int s = 0; s < total; s++) {
      if (!done.contains(s)) {
        missing.add(s);
      }
    }
    report.table((String) first.get("table"), total, new ArrayList<>(done));
    return new Combined(report, missing);
  }

}
