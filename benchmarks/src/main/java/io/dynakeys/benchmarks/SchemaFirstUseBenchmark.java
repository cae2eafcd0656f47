package io.dynakeys.benchmarks;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The first table schema in a fresh JVM: loading the classes, building the schema and the first
 * {@code itemToMap}. Run in {@code SingleShotTime} with no warm-up and one operation per fork, and
 * many forks: every sample is a new JVM, and each fork runs one of the variants only, so no
 * variant loads a class for another. Each variant lives in its own nested class, loaded at its
 * first call, inside the measurement.
 *
 * <p>What the JDK loads for any code is warmed up in the setup with unrelated code (a lambda, a
 * method reference, a string concatenation, a record's {@code toString}): any application has
 * used these before it builds its first table schema, and the first variant to use them would
 * otherwise pay for all.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class SchemaFirstUseBenchmark {

  /** Unrelated to any schema: the JDK's bootstraps of lambdas, indy concatenation and records. */
  record Warm(String a, long b) {}

  private Object sink;

  @Setup(Level.Trial)
  public void warmTheJdk() {
    Supplier<String> lambda = () -> "x" + System.nanoTime();
    Supplier<String> reference = String::new;
    sink = new Warm(lambda.get() + reference.get() + 42L, 7L).toString() + new Warm("y", 1).hashCode();
  }

  /** The generated {@code RunKeys.tableSchema()}. */
  @Benchmark
  public Map<String, AttributeValue> generated() {
    return Generated.first();
  }

  /** The hand-written {@code StaticImmutableTableSchema} of the record. */
  @Benchmark
  public Map<String, AttributeValue> staticImmutable() {
    return StaticImmutable.first();
  }

  /** The hand-written {@code StaticTableSchema} of the equivalent bean. */
  @Benchmark
  public Map<String, AttributeValue> staticBean() {
    return StaticBean.first();
  }

  /** {@code TableSchema.fromBean} of the equivalent bean. */
  @Benchmark
  public Map<String, AttributeValue> beanTableSchema() {
    return FromBean.first();
  }

  /** The bean of the item the other variants write, without loading the record class. */
  static RunBean bean() {
    RunBean bean = new RunBean();
    bean.setSeason("2026-SPRING");
    bean.setScore(1500);
    bean.setAt(1_719_100_800_000L);
    bean.setPlayerId("p_8842");
    bean.setName("Ada");
    return bean;
  }

  static final class Generated {
    static Map<String, AttributeValue> first() {
      return RunKeys.tableSchema().itemToMap(
          new Run("2026-SPRING", 1500, 1_719_100_800_000L, "p_8842", "Ada"), true);
    }
  }

  static final class StaticImmutable {
    static Map<String, AttributeValue> first() {
      return HandWrittenSchemas.immutable().itemToMap(
          new Run("2026-SPRING", 1500, 1_719_100_800_000L, "p_8842", "Ada"), true);
    }
  }

  static final class StaticBean {
    static Map<String, AttributeValue> first() {
      return HandWrittenSchemas.staticBean().itemToMap(
          bean(), true);
    }
  }

  static final class FromBean {
    static Map<String, AttributeValue> first() {
      return HandWrittenSchemas.fromBean().itemToMap(
          bean(), true);
    }
  }
}
