package io.dynakeys.oracle;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The smallest reproductions of what the random oracle found about ranges at the edge of a
 * domain, without a server. Every generated range method promises "IllegalArgumentException when
 * no value of the domain is in the range", and every key condition must be one DynamoDB accepts —
 * it refuses an empty string as a key value ("The AttributeValue for a key attribute cannot
 * contain an empty string value"), which dynalite lets through.
 */
class EmptyRangeTest {

  @Test
  void anEnumRangeBeyondEveryConstantIsEmpty() {
    // Names in key order: ACTIVE, CLOSED, OPEN, OPEN_LATE, PENDING, SUSPENDED.
    TicketKeys.QueryByCategory q = TicketKeys.query("support").category("billing");
    assertAll(
        empty("statusLessThan(ACTIVE)", () -> q.status().lessThan(TicketStatus.ACTIVE)),
        empty("statusGreaterThan(SUSPENDED)", () -> q.status().greaterThan(TicketStatus.SUSPENDED)),
        empty("statusBetween(SUSPENDED, ACTIVE)", () -> q.status().between(TicketStatus.SUSPENDED, TicketStatus.ACTIVE)));
  }

  @Test
  void aTextRangeBelowTheEmptyStringIsEmpty() {
    // Text ending the key: no value is below "" (values are never empty), none below "\0" either.
    LabelKeys.QueryByShelf q = LabelKeys.query("owner").shelf(1);
    assertAll(
        empty("titleAtMost(\"\")", () -> q.title().atMost("")),
        empty("titleLessThan(\"\")", () -> q.title().lessThan("")),
        empty("titleLessThan(\"\\0\")", () -> q.title().lessThan("\u0000")),
        empty("titleBetween(\"a\", \"\")", () -> q.title().between("a", "")),
        empty("tagAtMost(\"\")", () -> TagKeys.query("t1").tag().atMost("")),
        empty("tagLessThan(\"\")", () -> TagKeys.query("t1").tag().lessThan("")),
        // Text followed by the delimiter: "" is no value, so only "" itself lies between "" and "".
        empty("categoryBetween(\"\", \"\")", () -> TicketKeys.query("support").category().between("", "")));
  }

  @Test
  void aRangeFromTheEmptyStringSendsNoEmptyKeyValue() {
    // These ranges hold values (every tag is at least ""), so they must not throw, and must not
    // send sk >= "" or sk BETWEEN "" AND ..., which DynamoDB refuses.
    assertAll(
        sendsNoEmptyValue("tagAtLeast(\"\")", () -> TagKeys.query("t1").tag().atLeast("")),
        sendsNoEmptyValue("tagBetween(\"\", \"b\")", () -> TagKeys.query("t1").tag().between("", "b")));
  }

  private static Executable empty(String call, Supplier<QueryStage> range) {
    return () -> {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, range::get,
          () -> call + " holds no value of the domain, but the builder returned " + safely(range));
      assertFalse(e instanceof KeyFormatException, () -> call + " is an empty range, not a malformed value: " + e);
    };
  }

  private static Executable sendsNoEmptyValue(String call, Supplier<QueryStage> range) {
    return () -> {
      QueryStage query = range.get();
      assertFalse(query.toKeyCondition().attributeValues().values().stream().anyMatch(v -> "".equals(v.s())),
          () -> call + " sent " + query + ", an empty string as a key value, which DynamoDB refuses");
    };
  }

  private static String safely(Supplier<QueryStage> range) {
    try {
      return String.valueOf(range.get());
    } catch (RuntimeException e) {
      return e.toString();
    }
  }
}
