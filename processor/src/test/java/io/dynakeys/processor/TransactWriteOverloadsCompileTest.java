package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code TransactWrite}'s calls compile against a table typed {@code Object} (issue 36, item 11):
 * there an {@code Update} and a {@code Key} are also items, so {@code update(table, item)} and
 * {@code delete(table, item)} applied beside {@code update(table, Update)} and
 * {@code delete(table, Key)}, and javac refused both calls as ambiguous. The calls on a typed table
 * (the usual ones) compile as before and pick the same methods.
 */
class TransactWriteOverloadsCompileTest {
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
      "    String owner) {}");

  @Test
  void updatesAndDeletesByKeyCompileOnATableTypedObject() {
    JavaFileObject calls = AcmeSources.verbatim("Transactions",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.transact.TransactWrite;",
        "import io.dynakeys.runtime.write.Update;",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class Transactions {",
        "  static void write(DynamoDbTable<Object> shared, DynamoDbAsyncTable<Object> sharedAsync,",
        "      DynamoDbTable<Task> tasks, Task task) {",
        "    Update<Task> rename = Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1)).set(TaskKeys.OWNER, \"bob\");",
        "    TransactWrite.create()",
        "        .update(shared, rename)",
        "        .update(sharedAsync, rename)",
        "        .delete(shared, TaskKeys.key(\"p\", 2))",
        "        .delete(sharedAsync, TaskKeys.key(\"p\", 3))",
        "        .update(tasks, rename)",
        "        .update(tasks, task)",
        "        .delete(tasks, TaskKeys.key(\"p\", 4))",
        "        .delete(tasks, task)",
        "        .update(shared, (Object) task)",
        "        .delete(shared, (Object) task);",
        "  }",
        "}");
    Compilation compiled = compileWithoutCrash(TASK, calls);
    assertThat(compiled).succeededWithoutWarnings();
  }
}
