package io.dynakeys.benchmarks;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Building the request of one conditional update of a run's name (the value attribute), from the
 * run's key components: the typed {@link Update} (the key through {@code RunKeys.key(...)}, which
 * {@code Update.of} parses back with the layout's codecs; the value and the condition's value
 * converted by the schema; the expressions written from placeholders) against a hand-written
 * {@code UpdateItemRequest} with the same key, expressions, names and values (the key from the
 * generated encoders, the strings literal). Nothing is sent. The two requests are equal
 * ({@code UpdateBaselineTest}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UpdateBenchmark {

  /** The inputs, round-robin over a few runs. */
  @State(Scope.Thread)
  public static class Inputs {
    Run[] runs;
    int next;

    @Setup
    public void make() {
      runs = BatchWriteBenchmark.runs(64, 20261201L).toArray(new Run[0]);
    }

    Run next() {
      Run run = runs[next];
      next = (next + 1) & 63;
      return run;
    }
  }

  /** The typed update. */
  @Benchmark
  public UpdateItemRequest typed(Inputs in) {
    return typed(in.next());
  }

  /** The typed update from the encoded key strings, without the enhanced client's {@code Key}. */
  @Benchmark
  public UpdateItemRequest typedFromKeyText(Inputs in) {
    return typedFromKeyText(in.next());
  }

  /** The hand-written request. */
  @Benchmark
  public UpdateItemRequest handWritten(Inputs in) {
    return handWritten(in.next());
  }

  /**
   * The enhanced client's {@code Key} alone, as {@code RunKeys.key(...)} builds it and the typed
   * variant pays before {@code Update.of}: the SDK's {@code Key.builder()...build()} (two
   * {@code AttributeValue}s, and the {@code String.format} of two validation messages that its
   * constructor formats on every call). Not a request: what the {@code Key} form costs beyond the
   * key text.
   */
  @Benchmark
  public Key enhancedKeyOnly(Inputs in) {
    return key(in.next());
  }

  static Key key(Run run) {
    return RunKeys.key(run.season(), run.score(), run.at(), run.playerId());
  }

  static UpdateItemRequest typed(Run run) {
    return Update.of(RunKeys.tableSchema(), RunKeys.key(run.season(), run.score(), run.at(), run.playerId()))
        .set(RunKeys.NAME, "renamed")
        .when(Condition.eq(RunKeys.NAME, run.name()))
        .toRequest("runs");
  }

  static UpdateItemRequest typedFromKeyText(Run run) {
    return Update.of(RunKeys.tableSchema(), RunKeys.partitionKey(run.season()),
            RunKeys.sortKey(run.score(), run.at(), run.playerId()))
        .set(RunKeys.NAME, "renamed")
        .when(Condition.eq(RunKeys.NAME, run.name()))
        .toRequest("runs");
  }

  static UpdateItemRequest handWritten(Run run) {
    Map<String, AttributeValue> key = new HashMap<>(4);
    key.put("pk", AttributeValue.fromS(RunKeys.partitionKey(run.season())));
    key.put("sk", AttributeValue.fromS(RunKeys.sortKey(run.score(), run.at(), run.playerId())));
    Map<String, String> names = new HashMap<>(4);
    names.put("#a0", "name");
    names.put("#a1", "pk");
    Map<String, AttributeValue> values = new HashMap<>(4);
    values.put(":v0", AttributeValue.fromS(run.name()));
    values.put(":v1", AttributeValue.fromS("renamed"));
    return UpdateItemRequest.builder()
        .tableName("runs")
        .key(key)
        .updateExpression("SET #a0 = :v1")
        .conditionExpression("attribute_exists(#a1) AND #a0 = :v0")
        .expressionAttributeNames(names)
        .expressionAttributeValues(values)
        .build();
  }
}
