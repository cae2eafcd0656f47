package io.dynakeys.tools;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The Spark job's adapter to what the tools keep package-private: a report's serial form (reports
 * travel from executors to the driver as JSON, the form checkpoints hold), the entities a report
 * lists before any item, and migrate's write conditions. It lives in the tools' package, in this
 * module, so that the tools' API stays as it is; a tools change that renames one of these breaks
 * this module's build, not its behaviour.
 */
public final class ToolsAccess {
  private ToolsAccess() {}

  /**
   * A condition expression with its placeholders, as migrate sends it.
   *
   * @param expression the expression
   * @param names the {@code #name} placeholders
   * @param values the {@code :value} placeholders (empty when there is none)
   */
  public record WriteCondition(String expression, Map<String, String> names, Map<String, AttributeValue> values) {}

  /** Lists {@code entityNames} in {@code report} before any item, as the command line's verify does. */
  public static void declare(VerifyReport report, List<String> entityNames) {
    report.declare(entityNames);
  }

  /** Names what {@code report} covers (the export it read), as the command line names its table. */
  public static void source(VerifyReport report, String name) {
    report.table(name, 0, List.of());
  }

  /** The entity names the command line's verify declares for {@code schemas}, in its order. */
  public static List<String> entityNames(List<EntitySchema> schemas) {
    return ItemChecker.entityNames(schemas);
  }

  /** The counts and samples of {@code report} as compact JSON. */
  public static String reportToJson(VerifyReport report) {
    return Json.writeCompact(report.toJsonTree(false));
  }

  /** The report {@link #reportToJson} wrote. */
  public static VerifyReport reportFromJson(String json, int samplesPerKind) {
    return VerifyReport.fromJsonTree(Json.parse(json), samplesPerKind);
  }

  /** "No item has this key" ({@code attribute_not_exists} on the partition key). */
  public static WriteCondition absent(String partitionKeyAttribute) {
    return of(Conditions.absent(partitionKeyAttribute));
  }

  /** "Every attribute but the keys is stored as in {@code item}", or {@code null} past DynamoDB's limits. */
  public static WriteCondition equalTo(Map<String, AttributeValue> item, String partitionKey, String sortKey) {
    return of(Conditions.equalTo(item, partitionKey, sortKey));
  }

  /** "No item has this key, or exactly {@code item} is stored", or {@code null} past the limits. */
  public static WriteCondition absentOrEqualTo(String partitionKeyAttribute, Map<String, AttributeValue> item) {
    return of(Conditions.absentOrEqualTo(partitionKeyAttribute, item));
  }

  /** "The version attribute is as read", or absent when the item had none. */
  public static WriteCondition versionIs(String attribute, AttributeValue value) {
    return of(Conditions.versionIs(attribute, value));
  }

  /** Whether two items hold the same values as DynamoDB compares them (numbers by value, sets as sets). */
  public static boolean same(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    return Conditions.same(a, b);
  }

  private static WriteCondition of(Conditions.Condition c) {
    return c == null ? null : new WriteCondition(c.expression(), c.names(), c.values());
  }
}
