package io.dynakeys.tools.core;

import io.dynakeys.operations.rekey.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Counts of what happened to items (a migration's or a move's outcomes), with a sample per
 * outcome: the items with the smallest keys, so the sample does not depend on the order a parallel
 * scan met them. A segment's items are migrated by several writer threads at once, so a tally is
 * synchronized; segments' tallies are merged. It is saved in checkpoints with the key it belongs
 * with.
 */
public final class Tally {
  /**
   * One sampled item.
   *
   * @param outcome what happened
   * @param partitionKey its partition key
   * @param sortKey its sort key, or {@code null}
   * @param newPartitionKey its new partition key, or {@code null}
   * @param newSortKey its new sort key, or {@code null}
   * @param detail why, in words, or {@code null}
   */
  public record Sample(Outcome outcome, String partitionKey, String sortKey, String newPartitionKey, String newSortKey,
      String detail) {}

  private static final Comparator<Sample> ORDER = Comparator
      .comparing((Sample s) -> Objects.toString(s.partitionKey(), ""))
      .thenComparing(s -> Objects.toString(s.sortKey(), ""))
      .thenComparing(s -> Objects.toString(s.detail(), ""));

  private final int samplesPerOutcome;
  private final EnumMap<Outcome, Long> counts = new EnumMap<>(Outcome.class);
  private final Map<Outcome, TreeSet<Sample>> samples = new TreeMap<>();

  public Tally(int samplesPerOutcome) {
    this.samplesPerOutcome = samplesPerOutcome;
  }

  public synchronized void count(Outcome outcome) {
    counts.merge(outcome, 1L, Long::sum);
  }

  public synchronized void sample(Sample sample) {
    if (samplesPerOutcome <= 0) {
      return;
    }
    TreeSet<Sample> set = samples.computeIfAbsent(sample.outcome(), k -> new TreeSet<>(ORDER));
    set.add(sample);
    if (set.size() > samplesPerOutcome) {
      set.pollLast();
    }
  }

  public synchronized long get(Outcome outcome) {
    return counts.getOrDefault(outcome, 0L);
  }

  public synchronized Map<Outcome, Long> counts() {
    return Map.copyOf(counts);
  }

  public synchronized List<Sample> samples() {
    List<Sample> out = new ArrayList<>();
    samples.values().forEach(out::addAll);
    return out;
  }

  public synchronized void merge(Tally other) {
    other.counts.forEach((k, n) -> counts.merge(k, n, Long::sum));
    other.samples.values().forEach(set -> set.forEach(this::sample));
  }

  public synchronized Map<String, Object> toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> c = new LinkedHashMap<>();
    counts.forEach((k, n) -> c.put(k.name(), n));
    out.put("counts", c);
    List<Object> list = new ArrayList<>();
    for (Sample s : samples()) {
      list.add(sampleJson(s));
    }
    out.put("samples", list);
    return out;
  }

  public static Map<String, Object> sampleJson(Sample s) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("outcome", s.outcome().name());
    j.put("pk", s.partitionKey());
    j.put("sk", s.sortKey());
    if (s.newPartitionKey() != null || s.newSortKey() != null) {
      j.put("newPk", s.newPartitionKey());
      j.put("newSk", s.newSortKey());
    }
    if (s.detail() != null) {
      j.put("detail", s.detail());
    }
    return j;
  }

  @SuppressWarnings("unchecked")
  public static Tally fromJson(Object json, int samplesPerOutcome) {
    Tally t = new Tally(samplesPerOutcome);
    Map<String, Object> map = (Map<String, Object>) json;
    ((Map<String, Object>) map.get("counts")).forEach((k, n) ->
        t.counts.merge(Outcome.valueOf(k), ((Number) n).longValue(), Long::sum));
    for (Object o : (List<Object>) map.get("samples")) {
      Map<String, Object> s = (Map<String, Object>) o;
      t.sample(new Sample(Outcome.valueOf((String) s.get("outcome")), (String) s.get("pk"), (String) s.get("sk"),
          (String) s.get("newPk"), (String) s.get("newSk"), (String) s.get("detail")));
    }
    return t;
  }
}
