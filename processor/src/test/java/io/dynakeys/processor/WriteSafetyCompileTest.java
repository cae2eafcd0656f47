package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The typed updates of {@code io.dynakeys.runtime.write} refuse at compile time what would leave a
 * key inconsistent: no update method takes a table-key component; arithmetic, set-if-absent,
 * element and list updates take only components in no key; only an {@code Optional} index-key
 * component can be removed. Each unsafe line below is a compile error on that line.
 */
class WriteSafetyCompileTest {
  private static final JavaFileObject TASK = AcmeSources.verbatim("Task",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import java.util.Optional;",
      "",
      "@KeySchema(partitionPrefix = \"TASK\")",
      "@SecondaryIndex(name = \"byOwner\", partitionKey = \"owner\", sortKey = \"priority\")",
      "@SecondaryIndex(name = \"byLabel\", partitionKey = \"label\", sortKey = \"number\")",
      "public record Task(@PartitionKey String project, @SortKey @Padded(value = 6, max = 999_999) int number,",
      "    String owner, @Padded(value = 3, max = 999) int priority, Optional<String> label, Long points) {}");

  @Test
  void safeUpdatesCompile() {
    JavaFileObject safe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Condition;",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static void write() {",
        "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1))",
        "        .set(TaskKeys.OWNER, \"ann\").set(TaskKeys.PRIORITY, 3).add(TaskKeys.POINTS, 2L)",
        "        .remove(TaskKeys.LABEL).when(Condition.eq(TaskKeys.NUMBER, 1).and(Condition.lt(TaskKeys.POINTS, 9L)));",
        "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1)).set(TaskKeys.LABEL, Optional.of(\"x\"));",
        "  }",
        "}");
    assertThat(compileWithoutCrash(TASK, safe)).succeededWithoutWarnings();
  }

  @Test
  void unsafeUpdatesDoNotCompile() {
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Update;",
        "",
        "class Writes {",
        "  static void write(Update<Task> u) {",
        "    u.set(TaskKeys.NUMBER, 2);",
        "    u.set(TaskKeys.PROJECT, \"q\");",
        "    u.remove(TaskKeys.PROJECT);",
        "    u.add(TaskKeys.PRIORITY, 1);",
        "    u.setIfAbsent(TaskKeys.OWNER, \"ann\");",
        "    u.remove(TaskKeys.OWNER);",
        "    u.set(TaskKeys.OWNER, 5);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(7);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.Integer>,int)")
        .inFile(unsafe).onLine(7);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.String>,java.lang.String)")
        .inFile(unsafe).onLine(8);
    assertThat(compilation).hadErrorContaining("no suitable method found for remove(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.String>)")
        .inFile(unsafe).onLine(9);
    assertThat(compilation).hadErrorContaining("method add in class io.dynakeys.runtime.write.Update<R> cannot be applied to given types;\n  required: io.dynakeys.runtime.entity.ValueAttribute<com.acme.Task,N>,N\n  found:    io.dynakeys.runtime.entity.IndexKeyComponent<com.acme.Task,java.lang.Integer>,int")
        .inFile(unsafe).onLine(10);
    assertThat(compilation).hadErrorContaining("method setIfAbsent in class io.dynakeys.runtime.write.Update<R> cannot be applied to given types;\n  required: io.dynakeys.runtime.entity.ValueAttribute<com.acme.Task,T>,T\n  found:    io.dynakeys.runtime.entity.IndexKeyComponent<com.acme.Task,java.lang.String>,java.lang.String")
        .inFile(unsafe).onLine(11);
    assertThat(compilation).hadErrorContaining("no suitable method found for remove(io.dynakeys.runtime.entity.IndexKeyComponent<com.acme.Task,java.lang.String>)")
        .inFile(unsafe).onLine(12);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.IndexKeyComponent<com.acme.Task,java.lang.String>,int)")
        .inFile(unsafe).onLine(13);
  }
}
