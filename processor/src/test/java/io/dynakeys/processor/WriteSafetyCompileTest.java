package io.dynakeys.processor;

import io.dynakeys.codecs.internal.entity.Handles;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The typed updates of {@code io.dynakeys.runtime.write} refuse at compile time what would leave a
 * key inconsistent: no update method takes a table-key component; arithmetic, set-if-absent,
 * element and list updates take only components in no key; only an {@code Optional} index-key
 * component can be removed; a component whose index needs other components outside the table key
 * has no single-value {@code set}, and its index's group takes every one of them, typed and in
 * order (no half index key). Each unsafe line below is a compile error on that line; setting half
 * a group is the processor's error, which names the group, and javac's own errors are checked apart.
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

  /**
   * A component in two indexes (team keys byTeam with level and byTag with the sparse tag, so the
   * three go together), a native index (region: stored as itself, set alone; team in it as well),
   * an index of table-key components only (no group), and a value component named like an index's
   * group, which therefore takes a suffix.
   */
  private static final JavaFileObject JOB = AcmeSources.verbatim("Job",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import java.util.Optional;",
      "",
      "@KeySchema(partitionPrefix = \"JOB\")",
      "@SecondaryIndex(name = \"byTeam\", partitionKey = \"team\", sortKey = {\"level\", \"number\"})",
      "@SecondaryIndex(name = \"byTag\", partitionKey = \"tag\", sortKey = \"team\")",
      "@SecondaryIndex(name = \"byNumber\", partitionKey = \"number\", sortKey = \"project\")",
      "@SecondaryIndex(name = \"byRegion\", nativeKey = true, partitionKey = {\"region\", \"team\"})",
      "public record Job(@PartitionKey String project, @SortKey @Padded(value = 6, max = 999_999) int number,",
      "    String team, @Padded(value = 2, max = 99) int level, Optional<String> tag, String region, String byTeam) {}");

  @Test
  void aComponentInTwoIndexesIsSetWithBothIndexesComponents() {
    JavaFileObject safe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.entity.IndexGroup;",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static final IndexGroup.Of3<Job, String, Integer, Optional<String>> TEAM = JobKeys.BY_TEAM_;",
        "  static final IndexGroup.Of3<Job, Optional<String>, String, Integer> TAG = JobKeys.BY_TAG;",
        "  static void write() {",
        "    Update.of(JobKeys.tableSchema(), JobKeys.key(\"p\", 1)).set(JobKeys.BY_TEAM_, \"red\", 2, Optional.of(\"x\"))",
        "        .set(JobKeys.REGION, \"eu\").set(JobKeys.BY_TEAM, \"v\");",
        "    Update.of(JobKeys.tableSchema(), JobKeys.key(\"p\", 1)).set(JobKeys.BY_TAG, Optional.empty(), \"red\", 2);",
        "    Update.of(JobKeys.tableSchema(), JobKeys.key(\"p\", 1)).remove(JobKeys.TAG);",
        "  }",
        "}");
    Compilation compiled = compileWithoutCrash(JOB, safe);
    assertThat(compiled).succeededWithoutWarnings();
    String keys;
    try {
      keys = compiled.generatedSourceFile("com.acme.JobKeys").orElseThrow().getCharContent(true).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    for (String line : java.util.List.of(
        "GroupedIndexComponent<Job, String> TEAM = Handles.<Job, String>groupedIndexKey(\"team\", \"team\", Job::team, TEAM_CODEC);",
        "GroupedIndexComponent<Job, Optional<String>> TAG = Handles.<Job, Optional<String>>groupedIndexKey(\"tag\", \"tag\", Job::tag, TAG_CODEC);",
        "IndexKeyComponent<Job, String> REGION = Handles.<Job, String>indexKey(\"region\", \"region\", Job::region);",
        "ValueAttribute<Job, String> BY_TEAM = Handles.<Job, String>value(\"byTeam\", \"byTeam\", Job::byTeam);",
        "IndexGroup.Of3<Job, String, Integer, Optional<String>> BY_TEAM_ = Handles.group(\"byTeam\", TEAM, LEVEL, TAG);",
        "IndexGroup.Of3<Job, Optional<String>, String, Integer> BY_TAG = Handles.group(\"byTag\", TAG, TEAM, LEVEL);")) {
      org.junit.jupiter.api.Assertions.assertTrue(keys.contains(line), () -> line + " not in\n" + keys);
    }
    org.junit.jupiter.api.Assertions.assertFalse(keys.contains("BY_NUMBER"), "an index of table-key components has no group");
    // What javac refuses itself: a group's values of the wrong types, a remove and a table-key set.
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static void write(Update<Job> u) {",
        "    u.set(JobKeys.BY_TAG, \"red\", 2, Optional.of(\"x\"));",
        "    u.remove(JobKeys.TEAM);",
        "    u.set(JobKeys.NUMBER, 2);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(JOB, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(3);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.IndexGroup.Of3<com.acme.Job,java.util.Optional<java.lang.String>,java.lang.String,java.lang.Integer>,java.lang.String,int,java.util.Optional<java.lang.String>)")
        .inFile(unsafe).onLine(8);
    assertThat(compilation).hadErrorContaining("no suitable method found for remove(io.dynakeys.runtime.entity.GroupedIndexComponent<com.acme.Job,java.lang.String>)")
        .inFile(unsafe).onLine(9);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Job,java.lang.Integer>,int)")
        .inFile(unsafe).onLine(10);
  }

  @Test
  void halfAGroupOfAComponentInTwoIndexesIsOneErrorNamingBothGroups() {
    // javac's own error lists every set overload and names no group; the processor's names them,
    // and, being a processor error, ends the compilation before javac's.
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static void write(Update<Job> u) {",
        "    u.set(JobKeys.TEAM, \"red\");",
        "    u.set(JobKeys.TAG, Optional.of(\"x\"));",
        "    u.set(JobKeys.BY_TEAM_, \"red\", 2);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(JOB, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(3);
    assertThat(compilation).hadErrorContaining("JobKeys.TEAM cannot be set alone: team keys the indexes byTeam and"
            + " byTag, and an update that sets it rewrites those keys whole, so it sets with team every component"
            + " outside the table's key that the rewritten keys need (team, level and tag). Set them through the"
            + " index's group: set(JobKeys.BY_TEAM_, team, level, tag) or set(JobKeys.BY_TAG, tag, team, level)")
        .inFile(unsafe).onLine(8);
    assertThat(compilation).hadErrorContaining("JobKeys.TAG cannot be set alone: tag keys the index byTag, and an"
            + " update that sets it rewrites that key whole, so it sets with tag every component outside the"
            + " table's key that the rewritten keys need (tag, team and level). Set them through the index's"
            + " group: set(JobKeys.BY_TEAM_, team, level, tag) or set(JobKeys.BY_TAG, tag, team, level)")
        .inFile(unsafe).onLine(9);
    assertThat(compilation).hadErrorContaining("set(JobKeys.BY_TEAM_, ...) takes 3 values after the group, one per"
            + " member in this order: team (String), level (int), tag (Optional<String>); this call gives 2")
        .inFile(unsafe).onLine(10);
  }

  @Test
  void anIndexGroupOfMoreThanEightComponentsIsRefusedOnTheIndex() {
    JavaFileObject wide = AcmeSources.verbatim("Wide",
        "package com.acme;",
        "",
        "import io.dynakeys.annotations.KeySchema;",
        "import io.dynakeys.annotations.PartitionKey;",
        "import io.dynakeys.annotations.SecondaryIndex;",
        "",
        "@KeySchema(partitionPrefix = \"W\")",
        "@SecondaryIndex(name = \"byAll\", partitionKey = {\"a\", \"b\", \"c\", \"d\", \"e\"}, sortKey = {\"f\", \"g\", \"h\", \"i\"})",
        "public record Wide(@PartitionKey String id, String a, String b, String c, String d, String e, String f,",
        "    String g, String h, String i) {}");
    Compilation compilation = compileWithoutCrash(wide);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("the index byAll needs 9 components outside the table's key to be set"
        + " together (a, b, c, d, e, f, g, h, i), more than the 8 a typed update takes in one group")
        .inFile(wide).onLineContaining("@SecondaryIndex(name = \"byAll\"");
  }

  @Test
  void safeUpdatesCompile() {
    JavaFileObject safe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.condition.Condition;",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static void write() {",
        "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1))",
        "        .set(TaskKeys.BY_OWNER, \"ann\", 3).add(TaskKeys.POINTS, 2L)",
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
        "    u.set(TaskKeys.LABEL, 5);",
        "    u.set(TaskKeys.BY_OWNER, 3, \"ann\");",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(8);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.Integer>,int)")
        .inFile(unsafe).onLine(7);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.String>,java.lang.String)")
        .inFile(unsafe).onLine(8);
    assertThat(compilation).hadErrorContaining("no suitable method found for remove(io.dynakeys.runtime.entity.PrimaryKeyComponent<com.acme.Task,java.lang.String>)")
        .inFile(unsafe).onLine(9);
    assertThat(compilation).hadErrorContaining("method add in class io.dynakeys.runtime.write.Update<R> cannot be applied to given types;\n  required: io.dynakeys.runtime.entity.ValueAttribute<com.acme.Task,N>,N\n  found:    io.dynakeys.runtime.entity.GroupedIndexComponent<com.acme.Task,java.lang.Integer>,int")
        .inFile(unsafe).onLine(10);
    assertThat(compilation).hadErrorContaining("method setIfAbsent in class io.dynakeys.runtime.write.Update<R> cannot be applied to given types;\n  required: io.dynakeys.runtime.entity.ValueAttribute<com.acme.Task,T>,T\n  found:    io.dynakeys.runtime.entity.GroupedIndexComponent<com.acme.Task,java.lang.String>,java.lang.String")
        .inFile(unsafe).onLine(11);
    assertThat(compilation).hadErrorContaining("no suitable method found for remove(io.dynakeys.runtime.entity.GroupedIndexComponent<com.acme.Task,java.lang.String>)")
        .inFile(unsafe).onLine(12);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.IndexKeyComponent<com.acme.Task,java.util.Optional<java.lang.String>>,int)")
        .inFile(unsafe).onLine(13);
    // The group's values in another order: javac's error (the number of values is right).
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.IndexGroup.Of2<com.acme.Task,java.lang.String,java.lang.Integer>,int,java.lang.String)")
        .inFile(unsafe).onLine(14);
  }

  @Test
  void halfAnIndexKeyIsOneErrorNamingTheGroup() {
    // Half an index key: owner and priority key byOwner together, so neither is set alone.
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Update;",
        "",
        "class Writes {",
        "  static void write(Update<Task> u) {",
        "    u.set(TaskKeys.OWNER, \"ann\");",
        "    Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1))",
        "        .add(TaskKeys.POINTS, 2L)",
        "        .set(TaskKeys.PRIORITY, 3);",
        "    u.set(TaskKeys.BY_OWNER, \"ann\");",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(3);
    assertThat(compilation).hadErrorContaining("TaskKeys.OWNER cannot be set alone: owner keys the index byOwner, and"
            + " an update that sets it rewrites that key whole, so it sets with owner every component outside the"
            + " table's key that the rewritten keys need (owner and priority). Set them through the index's group:"
            + " set(TaskKeys.BY_OWNER, owner, priority)")
        .inFile(unsafe).onLine(7);
    assertThat(compilation).hadErrorContaining("TaskKeys.PRIORITY cannot be set alone: priority keys the index"
            + " byOwner")
        .inFile(unsafe).onLine(10);
    assertThat(compilation).hadErrorContaining("set(TaskKeys.BY_OWNER, ...) takes 2 values after the group, one per"
            + " member in this order: owner (String), priority (int); this call gives 1")
        .inFile(unsafe).onLine(11);
  }

  @Test
  void halfAGroupIsNamedThroughImportsVariablesAndStaticImports() {
    // Proved from the source alone: a var from Update.of, a qualified name, a static import.
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import static com.acme.TaskKeys.OWNER;",
        "",
        "class Writes {",
        "  static void write() {",
        "    var u = io.dynakeys.runtime.write.Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"p\", 1));",
        "    u.set(OWNER, \"ann\");",
        "    u.set(com.acme.TaskKeys.PRIORITY, 1);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, unsafe);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("TaskKeys.OWNER cannot be set alone").inFile(unsafe).onLine(8);
    assertThat(compilation).hadErrorContaining("TaskKeys.PRIORITY cannot be set alone").inFile(unsafe).onLine(9);
  }

  @Test
  void aSetOfAnotherClassNamedUpdateIsLeftToJavac() {
    // A set method of the user's own that takes any handle: valid, and left alone.
    JavaFileObject own = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.entity.Attribute;",
        "",
        "class Writes {",
        "  static final class Update {",
        "    <T> Update set(Attribute<Task, T> handle, T value) { return this; }",
        "    static Update of() { return new Update(); }",
        "  }",
        "  static void write(Update mine) {",
        "    mine.set(TaskKeys.OWNER, \"ann\");",
        "    Update.of().set(TaskKeys.BY_OWNER, \"ann\");",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(TASK, own);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("method set in class com.acme.Writes.Update cannot be applied to given types")
        .inFile(own).onLine(12);
  }
}
