package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadOptions#skippingBadItems()} as an option: off by default, kept by every other option,
 * and refused before any request for a table that is not the enhanced client's, whose raw items the
 * read cannot see. (Reads that skip items: the examples' tests against dynalite.)
 */
class SkippingOptionTest {

  @Test
  void strictIsTheDefaultAndTheOptionSurvivesTheOthers() {
    assertFalse(ReadOptions.defaults().isSkippingBadItems());
    ReadOptions skipping = ReadOptions.defaults().skippingBadItems();
    assertTrue(skipping.descending().limit(3).pageSize(2).consistentRead(true).startAt((ReadCursor) null)
        .executor(Runnable::run).ascending().isSkippingBadItems());
    assertEquals("ReadOptions[ascending, limit 3, skipping bad items]", skipping.limit(3).toString());
  }

  @Test
  void aTableOfAnotherImplementationIsRefusedBeforeAnyRequest() {
    Scenarios.Scenario scenario = Scenarios.random(new SplittableRandom(ReadSeed.of("skip-refused")), 2, 3, false);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    ReadOptions skipping = ReadOptions.defaults().skippingBadItems();
    IllegalArgumentException sync = assertThrows(IllegalArgumentException.class,
        () -> scenario.query().items(fake.table(), skipping));
    assertEquals("a read that skips bad items needs the client the table t was made with, which only a table"
        + " dynakeys made knows (the enhanced client's table(name, schema) does not give it): make the table with"
        + " RowKeys.tableSchema().table(client, \"t\") or RowKeys.createTable(client, \"t\")", sync.getMessage());
    assertThrows(IllegalArgumentException.class, () -> scenario.query().page(fake.asyncTable(), skipping.limit(2)));
    assertEquals(0, fake.calls().size(), "no request");
  }
}
