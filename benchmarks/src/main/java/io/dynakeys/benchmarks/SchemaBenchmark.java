package io.dynakeys.benchmarks;

import io.dynakeys.runtime.schema.RecordTableSchema;
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
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The generated table schema against the hand-written ones ({@link HandWrittenSchemas}), warm:
 * {@code itemToMap(item, true)} (what {@code putItem} calls: every component, and {@code pk} and
 * {@code sk} computed) and {@code mapToItem(map)} (what a read calls). The generated schema
 * recomputes and compares the keys on read; {@code readHandWritten} ignores the stored keys and
 * {@code readHandWrittenVerified} checks them as the generated one does. The {@code StaticBean}
 * methods do the same with a hand-written {@code StaticTableSchema} over the mutable
 * {@link RunBean} ({@link HandWrittenSchemas#staticBean()}): the same seven attributes, {@code pk}
 * and {@code sk} from the hand-written encoders; {@code readStaticBeanVerified} compares the stored
 * keys with recomputed ones after {@code mapToItem} ({@link HandWrittenSchemas#mapToItemVerified}).
 * Only the generated schema's public API ({@code RunKeys.tableSchema()}) is used. {@value Inputs#SIZE}
 * items from the fixed seed of {@link Inputs}, read round-robin; the stored maps are the generated
 * schema's (the hand-written schemas write the same ones, the unit test checks it), copied into
 * {@code HashMap}s as a response's items are plain maps.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SchemaBenchmark {

  /** Items, their stored maps, and one instance of each schema. */
  @State(Scope.Thread)
  public static class Items {
    RecordTableSchema<Run> generated;
    StaticImmutableTableSchema<Run, HandWrittenSchemas.RunBuilder> hand;
    StaticImmutableTableSchema<Run, HandWrittenSchemas.RunBuilder> handVerified;
    StaticTableSchema<RunBean> bean;
    Run[] runs;
    RunBean[] beans;
    Map<String, AttributeValue>[] maps;
    private int next;

    @Setup
    @SuppressWarnings("unchecked")
    public void build() {
      generated = RunKeys.tableSchema();
      hand = HandWrittenSchemas.immutable();
      handVerified = HandWrittenSchemas.immutableVerified();
      bean = HandWrittenSchemas.staticBean();
      runs = runs();
      beans = new RunBean[runs.length];
      maps = new Map[runs.length];
      for (int i = 0; i < runs.length; i++) {
        beans[i] = RunBean.of(runs[i]);
        maps[i] = new HashMap<>(generated.itemToMap(runs[i], true));
      }
    }

    int next() {
      int i = next;
      next = (i + 1) & (Inputs.SIZE - 1);
      return i;
    }
  }

  /** The benchmark items: the encoders' inputs of {@link Inputs}, with a display name. */
  static Run[] runs() {
    Inputs in = Inputs.fill(new Inputs(), Inputs.SEED);
    Run[] runs = new Run[Inputs.SIZE];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = new Run(in.seasons[i], in.scores[i], in.times[i], in.players[i], "player " + in.players[i]);
    }
    return runs;
  }

  @Benchmark
  public Map<String, AttributeValue> writeGenerated(Items s) {
    return s.generated.itemToMap(s.runs[s.next()], true);
  }

  @Benchmark
  public Map<String, AttributeValue> writeHandWritten(Items s) {
    return s.hand.itemToMap(s.runs[s.next()], true);
  }

  @Benchmark
  public Run readGenerated(Items s) {
    return s.generated.mapToItem(s.maps[s.next()]);
  }

  @Benchmark
  public Run readHandWritten(Items s) {
    return s.hand.mapToItem(s.maps[s.next()]);
  }

  @Benchmark
  public Run readHandWrittenVerified(Items s) {
    return s.handVerified.mapToItem(s.maps[s.next()]);
  }

  @Benchmark
  public Map<String, AttributeValue> writeStaticBean(Items s) {
    return s.bean.itemToMap(s.beans[s.next()], true);
  }

  @Benchmark
  public RunBean readStaticBean(Items s) {
    return s.bean.mapToItem(s.maps[s.next()]);
  }

  @Benchmark
  public RunBean readStaticBeanVerified(Items s) {
    return HandWrittenSchemas.mapToItemVerified(s.bean, s.maps[s.next()]);
  }
}
