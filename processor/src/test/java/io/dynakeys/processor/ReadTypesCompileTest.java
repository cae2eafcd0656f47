package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The typed filters and projections of {@code io.dynakeys.runtime.read} refuse at compile time a
 * filter or projection of another record, a projection on an item collection's query (whose items
 * are of several records), a projected item's component of another record, and a projected item
 * taken for a whole record. Each line below is a compile error on that line.
 */
class ReadTypesCompileTest {
  private static final JavaFileObject TASK = AcmeSources.verbatim("Task",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "",
      "@KeySchema(partitionPrefix = \"TASK\")",
      "public record Task(@PartitionKey String project, @SortKey @Padded(value = 6, max = 999_999) int number,",
      "    String owner, Long points, String title) {}");
  private static final JavaFileObject BOARD = AcmeSources.verbatim("Board",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.ItemCollection;",
      "",
      "@ItemCollection",
      "public sealed interface Board permits Note, Pin {}");
  private static final JavaFileObject NOTE = AcmeSources.verbatim("Note",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "",
      "@KeySchema(partitionPrefix = \"BOARD\", sortPrefix = \"NOTE\")",
      "public record Note(@PartitionKey String board, @SortKey String id, String text) implements Board {}");
  private static final JavaFileObject PIN = AcmeSources.verbatim("Pin",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "",
      "@KeySchema(partitionPrefix = \"BOARD\", sortPrefix = \"PIN\")",
      "public record Pin(@PartitionKey String board, @SortKey String id, String url) implements Board {}");

  @Test
  void typedReadsCompile() {
    JavaFileObject safe = AcmeSources.verbatim("Reads",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.read.Projected;",
        "import io.dynakeys.runtime.read.Projection;",
        "import io.dynakeys.runtime.read.Select;",
        "import io.dynakeys.runtime.condition.Condition;",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class Reads {",
        "  static void read(DynamoDbTable<Task> tasks, DynamoDbTable<Board> boards) {",
        "    for (Task t : TaskKeys.query(\"p\").filter(Condition.lt(TaskKeys.POINTS, 3L)).items(tasks)) {}",
        "    for (Projected<Task> t : TaskKeys.query(\"p\").project(Projection.of(TaskKeys.OWNER)).items(tasks)) {",
        "      String owner = t.get(TaskKeys.OWNER);",
        "    }",
        "    for (Board b : BoardKeys.query(\"b\").filter(Condition.eq(NoteKeys.TEXT, \"x\")).items(boards)) {}",
        "    Select.<Task>scan().filter(Condition.exists(TaskKeys.OWNER)).project(Projection.of(TaskKeys.POINTS)).items(tasks);",
        "    Select.<Board>scan().filter(Condition.exists(PinKeys.URL)).items(boards);",
        "  }",
        "}");
    assertThat(compileWithoutCrash(TASK, BOARD, NOTE, PIN, safe)).succeededWithoutWarnings();
  }

  /** The README's example of "Filters, projections and scans", as it is written there. */
  @Test
  void theReadmeExampleCompiles() {
    JavaFileObject readme = AcmeSources.verbatim("ReadmeFilters",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.read.MergedItems;",
        "import io.dynakeys.runtime.read.Projected;",
        "import io.dynakeys.runtime.read.Projection;",
        "import io.dynakeys.runtime.read.ReadPage;",
        "import io.dynakeys.runtime.read.Select;",
        "import io.dynakeys.runtime.condition.Condition;",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class ReadmeFilters {",
        "  static void read(DynamoDbTable<Task> tasks, String cursor) {",
        "    Condition<Task> small = Condition.eq(TaskKeys.OWNER, \"ann\").and(Condition.lt(TaskKeys.POINTS, 10L));",
        "    ReadPage<Task> page = TaskKeys.query(\"apollo\").filter(small).page(tasks, 20, cursor);",
        "    for (Projected<Task> t : TaskKeys.query(\"apollo\").filter(small)",
        "        .project(Projection.of(TaskKeys.TITLE, TaskKeys.POINTS)).items(tasks)) {",
        "      String title = t.get(TaskKeys.TITLE);",
        "    }",
        "    MergedItems<Task> scanned = Select.<Task>scan().filter(small).items(tasks);",
        "  }",
        "}");
    assertThat(compileWithoutCrash(TASK, BOARD, NOTE, PIN, readme)).succeededWithoutWarnings();
  }

  @Test
  void readsOfTheWrongTypesDoNotCompile() {
    JavaFileObject wrong = AcmeSources.verbatim("Reads",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.read.Projected;",
        "import io.dynakeys.runtime.read.Projection;",
        "import io.dynakeys.runtime.read.Select;",
        "import io.dynakeys.runtime.condition.Condition;",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class Reads {",
        "  static void read(DynamoDbTable<Task> tasks, DynamoDbTable<Board> boards, Projected<Task> p) {",
        "    TaskKeys.query(\"p\").filter(Condition.eq(NoteKeys.TEXT, \"x\"));",
        "    TaskKeys.query(\"p\").project(Projection.of(NoteKeys.TEXT));",
        "    BoardKeys.query(\"b\").project(Projection.of(NoteKeys.TEXT));",
        "    String text = p.get(NoteKeys.TEXT);",
        "    Task whole = TaskKeys.query(\"p\").project(Projection.of(TaskKeys.OWNER)).items(tasks).iterator().next();",
        "    Select.<Task>scan().items(boards);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, BOARD, NOTE, PIN, wrong);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(6);
    // A filter of another record. javac 17 goes on with "lower bounds: com.acme.Task", javac 25 with
    // "upper bounds: com.acme.Task,java.lang.Object": the part both write is asserted.
    assertThat(compilation).hadErrorContaining("inference variable R has incompatible bounds\n    equality constraints: com.acme.Note")
        .inFile(wrong).onLine(11);
    // A projection of another record, and a projection on an item collection's query.
    assertThat(compilation).hadErrorContaining("inference variable R has incompatible equality constraints com.acme.Task,com.acme.Note")
        .inFile(wrong).onLine(12);
    assertThat(compilation).hadErrorContaining("inference variable R has incompatible equality constraints com.acme.Board,com.acme.Note")
        .inFile(wrong).onLine(13);
    // A projected item's component of another record.
    assertThat(compilation).hadErrorContaining("method get in class io.dynakeys.runtime.read.Projected<R> cannot be applied to given types;\n  required: io.dynakeys.runtime.entity.Attribute<com.acme.Task,V>\n  found:    io.dynakeys.runtime.entity.ValueAttribute<com.acme.Note,java.lang.String>")
        .inFile(wrong).onLine(14);
    // A projected item is no whole record.
    assertThat(compilation).hadErrorContaining("incompatible types: io.dynakeys.runtime.read.Projected<com.acme.Task> cannot be converted to com.acme.Task")
        .inFile(wrong).onLine(15);
    // A record's scan on another table.
    assertThat(compilation).hadErrorContaining("no suitable method found for items(software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable<com.acme.Board>)")
        .inFile(wrong).onLine(16);
  }
}
