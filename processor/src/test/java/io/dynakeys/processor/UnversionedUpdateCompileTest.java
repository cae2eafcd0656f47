package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * An update of a versioned record that says no version is refused when its request is built
 * ({@code run}, {@code runAsync}, {@code toRequest}, {@code toTransactUpdate}); written whole in one
 * expression, nothing can say it later, so the refusal is a compile error on the call (issue 36,
 * item 11). An update held in a variable, one that says a version, and one of a record without a
 * version compile.
 */
class UnversionedUpdateCompileTest {
  private static final JavaFileObject TASK = AcmeSources.verbatim("Task",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;",
      "import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbVersionAttribute;",
      "",
      "@KeySchema(partitionPrefix = \"TASK\")",
      "public record Task(@PartitionKey String project, @SortKey @Padded(value = 6, max = 999_999) int number,",
      "    String owner, @DynamoDbVersionAttribute @DynamoDbAttribute(\"v\") Long version) {}");

  private static final JavaFileObject NOTE = AcmeSources.verbatim("Note",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.PartitionKey;",
      "",
      "@KeySchema(partitionPrefix = \"NOTE\")",
      "public record Note(@PartitionKey String id, String text) {}");

  private static final JavaFileObject WRITES = AcmeSources.verbatim("Writes",
      "package com.acme;",
      "",
      "import io.dynakeys.runtime.write.Update;",
      "import software.amazon.awssdk.services.dynamodb.DynamoDbClient;",
      "",
      "class Writes {",
      "  static void write(DynamoDbClient client) {",
      "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1)).set(TaskKeys.OWNER, \"ann\").run(client, \"runs\");",
      "    (Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 2)).set(TaskKeys.OWNER, \"bob\")).toRequest(\"requests\");",
      "    io.dynakeys.runtime.write.Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 3)).set(TaskKeys.OWNER, \"cy\")",
      "        .returnOldItemOnConditionFailure().toTransactUpdate(\"transact\");",
      "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 4)).set(TaskKeys.OWNER, \"di\").expectVersion(3).run(client, \"t\");",
      "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 5)).anyVersion().set(TaskKeys.OWNER, \"ed\").run(client, \"t\");",
      "    Update<Task> held = Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 6)).set(TaskKeys.OWNER, \"fay\");",
      "    held.run(client, \"t\");",
      "    Update.of(NoteKeys.tableSchema(), NoteKeys.key(\"n\")).set(NoteKeys.TEXT, \"hi\").run(client, \"t\");",
      "  }",
      "}");

  @Test
  void aWholeUpdateOfAVersionedRecordWithoutAVersionIsAnErrorOnItsCall() {
    Compilation compiled = compileWithoutCrash(TASK, NOTE, WRITES);
    assertThat(compiled).hadErrorCount(3);
    String message = " would refuse it: Task is versioned by \"v\"; say expectVersion(n) to update the item stored at"
        + " version n, or anyVersion() to update whatever is stored (the version increments either way)";
    assertThat(compiled).hadErrorContaining("this update of Task says no version, and run()" + message)
        .inFile(WRITES).onLineContaining("\"runs\"");
    assertThat(compiled).hadErrorContaining("this update of Task says no version, and toRequest()" + message)
        .inFile(WRITES).onLineContaining("\"requests\"");
    assertThat(compiled).hadErrorContaining("this update of Task says no version, and toTransactUpdate()" + message)
        .inFile(WRITES).onLineContaining("\"transact\"");
  }
}
