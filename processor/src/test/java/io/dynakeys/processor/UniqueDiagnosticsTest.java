package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code @Unique}: the guard's key layout is generated into the descriptor and checked as any key
 * (the component's width, its encoding against the delimiter, the key's length); a unique
 * component in the table key, of no key type, or whose guards would share a prefix with the
 * record or another guard is an error on its line.
 */
class UniqueDiagnosticsTest {

  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.TimeToLive;",
      "import io.dynakeys.annotations.Unique;",
      "import java.time.Instant;",
      "import java.util.List;",
      "import java.util.Optional;",
      "");

  private static JavaFileObject user(String sortKey, String... components) {
    List<String> lines = new ArrayList<>(HEADER);
    lines.add("@KeySchema(partitionPrefix = \"USER\")");
    lines.add("public record User(");
    lines.add("    @PartitionKey String id" + (sortKey == null ? "" : ",\n    " + sortKey)
        + (components.length == 0 ? ") {}" : ","));
    for (int i = 0; i < components.length; i++) {
      lines.add("    " + components[i] + (i == components.length - 1 ? ") {}" : ","));
    }
    return AcmeSources.verbatim("User", String.join("\n", lines).split("\n"));
  }

  @Test
  void theGuardLayoutIsInTheDescriptor() {
    Compilation compilation = compileWithoutCrash(user("@SortKey String region", "@Unique String email",
        "@Unique(prefix = \"BADGE\") @Padded(value = 6, max = 999_999) Optional<Integer> badge"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.UserKeys").contentsAsUtf8String()
        .contains(".withUnique(\"email\", EntityLayout.key(\"pk\", \"USER_EMAIL\", '#', EMAIL_CODEC),"
            + " EntityLayout.key(\"sk\", \"UNIQUE\", '#')).withUnique(\"badge\", EntityLayout.key(\"pk\", \"BADGE\","
            + " '#', BADGE_CODEC), EntityLayout.key(\"sk\", \"UNIQUE\", '#'));");
    assertThat(compilation).generatedSourceFile("com.acme.UserKeys").contentsAsUtf8String()
        .contains("{@code email}: text, in the {@code pk} of its unique guards.");
    assertThat(compilation).generatedSourceFile("com.acme.UserKeys").contentsAsUtf8String()
        .contains(" * unique email, guarded by:\n * pk = USER_EMAIL#&lt;email&gt;\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@Unique double score | @Unique on score of type double: its value is written in the key of the item that guards it, so it must be of a key type (String, a number, an enum, a UUID, ...)",
      "@Unique List<String> tags | @Unique on tags of type List<String>: its value is written in the key of the item that guards it",
      "@Unique(prefix = \"USER\") String email | the guards of email would have the prefix \"USER\", the record's own partition prefix, so a guard's key could be an item's: give @Unique another prefix",
      "@Unique(prefix = \"A#B\") String email | prefix \"A#B\" contains the delimiter '#': a parser could not tell where the prefix ends",
      "@Unique @Padded(4) int badge | width 4 cannot hold int values up to 2147483647 (10 digits): use @Padded(10), or bound the domain with max = 9_999",
  })
  void aMisusedUniqueIsAnErrorOnItsLine(String component, String message) {
    JavaFileObject file = user(null, component);
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aTableKeyComponentIsUniqueAlready() {
    JavaFileObject file = user("@SortKey @Unique String region");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@Unique on region, which is in the table's primary key: no two items"
        + " share a primary key already. Remove @Unique").inFile(file).onLineContaining("@SortKey @Unique String region");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void uniqueComponentsDeclaredAfterATimeToLiveMakeItAnErrorNamingEachOfThem() {
    JavaFileObject file = user(null, "@TimeToLive long purgeAt", "@Unique String email",
        "@Unique(prefix = \"HANDLE\") String handle");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@TimeToLive on purgeAt in a record with @Unique email, handle: when"
            + " DynamoDB's time to live deletes an expired item it deletes that item alone, so its guard items stay")
        .inFile(file).onLineContaining("@TimeToLive long purgeAt");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void twoGuardsWithOnePrefixAreAnErrorOnTheSecond() {
    JavaFileObject file = user(null, "@Unique(prefix = \"CONTACT\") String email",
        "@Unique(prefix = \"CONTACT\") String phone");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("the guards of phone would have the prefix \"CONTACT\" of another"
            + " unique component's guards, so their values would guard each other: give @Unique another prefix")
        .inFile(file).onLineContaining("String phone");
    assertThat(compilation).hadErrorCount(1);
  }
}
