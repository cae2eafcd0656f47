package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.condition.Condition;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/** Renders a typed filter for the schema of the table it runs on. */
final class Filters {
  private Filters() {}

  /**
   * The filter expression of a read: {@code condition} rendered by the schema of its record (on an
   * item collection, the member whose handles it names), and for a scan, the schema's (or the
   * member's) {@code ownItems()} before it, so that no other entity's item sharing the table is read
   * as this one. A query cannot do that on the server, where a filter may not name a key attribute:
   * a collection query with a member's filter drops the other members' items as it maps them.
   * {@code null} when there is nothing to filter.
   *
   * @throws IllegalArgumentException when the schema is not one of dynakeys, a handle is of no
   *     record of the schema, or the expression is over DynamoDB's limits
   */
  static Expression of(Condition<?> condition, TableSchema<?> schema, boolean scan) {
    if (condition == null) {
      if (!scan) {
        return null;
      }
      if (schema instanceof RecordSchema<?> record) {
        return ownItems(record);
      }
      if (schema instanceof CollectionSchema<?> collection) {
        try {
          return collection.ownItems();
        } catch (IllegalStateException noPrefix) {
          return null;
        }
      }
      return null;
    }
    if (schema instanceof RecordSchema<?> record) {
      return render(condition, record, scan ? ownItems(record) : null);
    }
    if (schema instanceof CollectionSchema<?> collection) {
      RecordSchema<?> member = memberOf(condition, collection);
      // DynamoDB refuses a query's filter on the key attributes, so a query drops the other
      // members' items as it maps them (OnlyMemberSchema); a scan may filter on keys.
      return render(condition, member, scan ? ownItems(member) : null);
    }
    throw new IllegalArgumentException("a typed filter is rendered by the table schema dynakeys generates"
        + " (a record's RecordSchema or an item collection's CollectionSchema), which converts"
        + " its values as they are stored; this table's schema is " + schema.getClass().getName());
  }

  @SuppressWarnings("unchecked")
  /**
   * Refuses a query's filter that names a key attribute of the table or index it queries, which
   * DynamoDB refuses ("Filter Expression can only contain non-primary key attributes"), before
   * any request.
   */
  static void checkNoKeyAttribute(Expression filter, java.util.Collection<String> keys, String where) {
    if (filter == null || filter.expressionNames() == null) {
      return;
    }
    for (String attribute : filter.expressionNames().values()) {
      if (keys.contains(attribute)) {
        throw new IllegalArgumentException("the filter names \"" + attribute + "\", a key attribute of " + where
            + ", which DynamoDB refuses in a query's filter (\"Filter Expression can only contain non-primary"
            + " key attributes\"): put that condition in the query's key condition (a stage or range), or scan");
      }
    }
  }

  private static <R> Expression render(Condition<?> condition, RecordSchema<R> schema, Expression first) {
    return TreeCondition.of((Condition<R>) condition).toFilterExpression(schema, first);
  }

  private static Expression ownItems(RecordSchema<?> schema) {
    try {
      return schema.ownItems();
    } catch (IllegalStateException noPrefix) {
      return null; // nothing in a key tells this record's items apart: each is read as one
    }
  }

  /** The member schema whose record declares every handle {@code condition} names. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static RecordSchema<?> memberOf(Condition<?> given, CollectionSchema<?> collection) {
    Condition<?> condition = TreeCondition.of((Condition) given);
    List<String> names = new ArrayList<>();
    condition.attributes().forEach(a -> names.add(a.name()));
    RecordSchema<?> found = null;
    for (RecordSchema<?> member : collection.memberSchemas()) {
      if (declaresAll(member, condition.attributes())) {
        if (found != null) {
          throw new IllegalArgumentException("the filter's components " + names + " are those of both "
              + found.itemType().rawClass().getSimpleName() + " and " + member.itemType().rawClass().getSimpleName()
              + ": build it from one member's handles");
        }
        found = member;
      }
    }
    if (found == null) {
      throw new IllegalArgumentException("the filter names " + names + ", which are not the components of one"
          + " member of the collection " + collection.itemType().rawClass().getSimpleName()
          + ": a filter on a collection keeps one member's items, and takes that member's handles");
    }
    return found;
  }

  private static boolean declaresAll(RecordSchema<?> member, List<? extends Attribute<?, ?>> handles) {
    if (member.descriptor().isEmpty()) {
      return false;
    }
    List<? extends Attribute<?, ?>> declared = member.descriptor().get().attributes();
    for (Attribute<?, ?> h : handles) {
      boolean any = false;
      for (Attribute<?, ?> d : declared) {
        any |= d == h;
      }
      if (!any) {
        return false;
      }
    }
    return true;
  }
}
