package io.dynakeys.benchmarks;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.write.Update;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The work one process of the cold-start benchmark ({@link ColdStart}) does, one variant per
 * process: what a new AWS Lambda instance does for its first DynamoDB call. Every variant maps the
 * same leaderboard run and reads the same stored item back ({@link #RUN}, {@link #stored()}); each
 * lives in its own nested class, so a process loads only its own variant's classes.
 *
 * <ul>
 *   <li>{@code handMap}: a hand-built {@code Map<String, AttributeValue>} into a
 *       {@code PutItemRequest}, and the stored item read back by hand, its keys recomputed and
 *       compared: the limit, what no mapper can beat;
 *   <li>{@code generated}: {@code RunKeys.tableSchema()}, its {@code itemToMap} into the same
 *       request and its {@code mapToItem} (stored keys verified);
 *   <li>{@code staticImmutable}, {@code staticBean}, {@code fromBean}: the SDK's own schemas, as
 *       {@link HandWrittenSchemas} writes them (the bean read with its keys compared, as the
 *       generated schema does);
 *   <li>{@code handQuery} and {@code typedQuery}: the request of a query of the season's runs with
 *       a score of at least 1000, hand-written and from the generated stage, and one returned item
 *       read back (by hand, and by the generated schema);
 *   <li>{@code handUpdate} and {@code typedUpdate}: the request of a conditional update of the
 *       run's name, hand-written and typed ({@code Update.of} from the key text).
 * </ul>
 *
 * The unit test checks that each pair of variants builds equal requests and reads equal runs.
 *
 * <p>Run as {@code java ... ColdStartWork <variant>}: the process does its variant's work, prints
 * {@code done}, and waits for its standard input to close before it exits, so that the harness
 * reads its CPU time while it still exists. Nothing here uses a lambda, a string concatenation or
 * a record's generated methods that a variant does not use itself: the JDK's first use of each is
 * part of what a variant costs.
 */
public final class ColdStartWork {
  private ColdStartWork() {}

  /** The run every variant writes. */
  static final Run RUN = new Run("2026-SPRING", 1500, 1_719_100_800_000L, "p_8842", "Ada");

  /** The table every request names. */
  static final String TABLE = "runs";

  /**
   * What a variant built and read: the request, and the item read back (a {@link Run}, or a
   * {@link RunBean} for the bean schemas).
   *
   * @param request the request built
   * @param item the stored item, read back
   */
  record Outcome(Object request, Object item) {}

  /** The variants, in the order the harness runs them within a round. */
  static final String[] VARIANTS = {"handMap", "generated", "staticImmutable", "staticBean", "fromBean",
      "handQuery", "typedQuery", "handUpdate", "typedUpdate"};

  public static void main(String[] args) throws IOException {
    Outcome outcome = run(args[0]);
    System.out.println(outcome.request() != null && outcome.item() != null ? "done" : "nothing");
    System.out.flush();
    while (System.in.read() >= 0) {
      // the harness closes the stream once it has read this process's CPU time
    }
  }

  /**
   * The work of {@code variant}.
   *
   * @throws IllegalArgumentException for an unknown variant
   */
  static Outcome run(String variant) {
    switch (variant) {
      case "handMap":
        return HandMap.run();
      case "generated":
        return Generated.run();
      case "staticImmutable":
        return StaticImmutable.run();
      case "staticBean":
        return StaticBean.run();
      case "fromBean":
        return FromBean.run();
      case "handQuery":
        return HandQuery.run();
      case "typedQuery":
        return TypedQuery.run();
      case "handUpdate":
        return HandUpdate.run();
      case "typedUpdate":
        return TypedUpdate.run();
      default:
        throw new IllegalArgumentException("no cold-start variant " + variant);
    }
  }

  /**
   * The stored item every variant reads back, as a response holds it: the attributes of {@link #RUN}
   * and its keys.
   */
  static Map<String, AttributeValue> stored() {
    Map<String, AttributeValue> item = new HashMap<>(16);
    item.put("season", AttributeValue.fromS("2026-SPRING"));
    item.put("score", AttributeValue.fromN("1500"));
    item.put("at", AttributeValue.fromN("1719100800000"));
    item.put("playerId", AttributeValue.fromS("p_8842"));
    item.put("name", AttributeValue.fromS("Ada"));
    item.put("pk", AttributeValue.fromS("SEASON#2026-SPRING"));
    item.put("sk", AttributeValue.fromS("9999998499#0001719100800000#p_8842"));
    return item;
  }

  /** The hand-built map, and the stored item read back by hand with its keys checked. */
  static final class HandMap {
    static Outcome run() {
      Run run = RUN;
      Map<String, AttributeValue> item = new HashMap<>(16);
      item.put("season", AttributeValue.fromS(run.season()));
      item.put("score", AttributeValue.fromN(Integer.toString(run.score())));
      item.put("at", AttributeValue.fromN(Long.toString(run.at())));
      item.put("playerId", AttributeValue.fromS(run.playerId()));
      item.put("name", AttributeValue.fromS(run.name()));
      item.put("pk", AttributeValue.fromS(HandWritten.partitionKey(run.season())));
      item.put("sk", AttributeValue.fromS(HandWritten.chars(run.score(), run.at(), run.playerId())));
      PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(item).build();
      return new Outcome(put, read(stored()));
    }

    /** A stored run, read by hand; its stored keys must be the ones its attributes give. */
    static Run read(Map<String, AttributeValue> item) {
      Run run = new Run(item.get("season").s(), Integer.parseInt(item.get("score").n()),
          Long.parseLong(item.get("at").n()), item.get("playerId").s(), item.get("name").s());
      if (!HandWritten.partitionKey(run.season()).equals(item.get("pk").s())
          || !HandWritten.chars(run.score(), run.at(), run.playerId()).equals(item.get("sk").s())) {
        throw new IllegalStateException("the stored keys are not the run's");
      }
      return run;
    }
  }

  /** The generated table schema. */
  static final class Generated {
    static Outcome run() {
      RecordTableSchema<Run> schema = RunKeys.tableSchema();
      PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(schema.itemToMap(RUN, true)).build();
      return new Outcome(put, schema.mapToItem(stored()));
    }
  }

  /** The SDK's {@code StaticImmutableTableSchema}, written by hand for the record, keys verified. */
  static final class StaticImmutable {
    static Outcome run() {
      StaticImmutableTableSchema<Run, HandWrittenSchemas.RunBuilder> schema = HandWrittenSchemas.immutableVerified();
      PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(schema.itemToMap(RUN, true)).build();
      return new Outcome(put, schema.mapToItem(stored()));
    }
  }

  /** The SDK's {@code StaticTableSchema}, written by hand for the bean, keys compared on read. */
  static final class StaticBean {
    static Outcome run() {
      StaticTableSchema<RunBean> schema = HandWrittenSchemas.staticBean();
      PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(schema.itemToMap(RunBean.of(RUN), true))
          .build();
      return new Outcome(put, HandWrittenSchemas.mapToItemVerified(schema, stored()));
    }
  }

  /** The SDK's reflective {@code BeanTableSchema} ({@code TableSchema.fromBean}). */
  static final class FromBean {
    static Outcome run() {
      TableSchema<RunBean> schema = HandWrittenSchemas.fromBean();
      PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(schema.itemToMap(RunBean.of(RUN), true))
          .build();
      RunBean read = schema.mapToItem(stored());
      if (!HandWritten.bytes(read.getScore(), read.getAt(), read.getPlayerId()).equals(stored().get("sk").s())) {
        throw new IllegalStateException("the stored sort key is not the run's");
      }
      return new Outcome(put, read);
    }
  }

  /** A hand-written query request for runs scoring 1000 or more, and one returned item read by hand. */
  static final class HandQuery {
    static Outcome run() {
      Map<String, String> names = new HashMap<>(4);
      names.put("#pk", "pk");
      names.put("#sk", "sk");
      Map<String, AttributeValue> values = new HashMap<>(4);
      values.put(":pk", AttributeValue.fromS(HandWritten.partitionKey("2026-SPRING")));
      // Inverted scores: "at least 1000" is every key whose score part is at most 9999998999 (ten
      // digits, no padding needed), followed by anything: '$' is the character after the delimiter.
      values.put(":hi", AttributeValue.fromS((HandWritten.NINES_10 - 1000) + "$"));
      QueryRequest query = QueryRequest.builder().tableName(TABLE)
          .keyConditionExpression("#pk = :pk AND #sk <= :hi")
          .expressionAttributeNames(names)
          .expressionAttributeValues(values)
          .build();
      return new Outcome(query, HandMap.read(stored()));
    }
  }

  /** The generated query stage's request, and one returned item read by the generated schema. */
  static final class TypedQuery {
    static Outcome run() {
      QueryRequest query = RunKeys.query("2026-SPRING").score().atLeast(1000).toKeyCondition()
          .toQueryRequest(TABLE).build();
      return new Outcome(query, RunKeys.tableSchema().mapToItem(stored()));
    }
  }

  /** A hand-written conditional update of the run's name, and the stored item read by hand. */
  static final class HandUpdate {
    static Outcome run() {
      Run run = RUN;
      Map<String, AttributeValue> key = new HashMap<>(4);
      key.put("pk", AttributeValue.fromS(HandWritten.partitionKey(run.season())));
      key.put("sk", AttributeValue.fromS(HandWritten.chars(run.score(), run.at(), run.playerId())));
      Map<String, String> names = new HashMap<>(4);
      names.put("#a0", "name");
      names.put("#a1", "pk");
      Map<String, AttributeValue> values = new HashMap<>(4);
      values.put(":v0", AttributeValue.fromS(run.name()));
      values.put(":v1", AttributeValue.fromS("renamed"));
      UpdateItemRequest update = UpdateItemRequest.builder()
          .tableName(TABLE)
          .key(key)
          .updateExpression("SET #a0 = :v1")
          .conditionExpression("attribute_exists(#a1) AND #a0 = :v0")
          .expressionAttributeNames(names)
          .expressionAttributeValues(values)
          .build();
      return new Outcome(update, HandMap.read(stored()));
    }
  }

  /** The typed update from the key text, and the stored item read by the generated schema. */
  static final class TypedUpdate {
    static Outcome run() {
      Run run = RUN;
      RecordTableSchema<Run> schema = RunKeys.tableSchema();
      UpdateItemRequest update = Update.of(schema, RunKeys.partitionKey(run.season()),
              RunKeys.sortKey(run.score(), run.at(), run.playerId()))
          .set(RunKeys.NAME, "renamed")
          .when(Condition.eq(RunKeys.NAME, run.name()))
          .toRequest(TABLE);
      return new Outcome(update, schema.mapToItem(stored()));
    }
  }
}
