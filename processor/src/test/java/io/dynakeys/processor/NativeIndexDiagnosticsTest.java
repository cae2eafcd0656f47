package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The compile-time checks of native indexes ({@code @SecondaryIndex(nativeKey = true)}): global
 * only, no prefixes or key attribute names, at most four attributes a side, attributes stored as
 * strings, numbers or binary, sort attributes whose stored form sorts like their values (not an
 * {@code Instant}, a {@code ZoneOffset}, an enum or a converted component), no {@code @Inverted}, no
 * {@code OptionalInt} (stored as NULL when empty), and a warning for a
 * {@code @Padded} that pads nothing. Each diagnostic is checked down to its message and line.
 */
class NativeIndexDiagnosticsTest {

  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.Inverted;",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.Tiebreaker;",
      "import java.time.Instant;",
      "import java.time.LocalDate;",
      "import java.util.List;",
      "import java.util.Optional;",
      "");

  /** A match with the given index lines before it; every component on a line of its own. */
  private static JavaFileObject match(String... indexLines) {
    return match(List.of(), indexLines);
  }

  /** A match with more components (each a line ending in a comma) and the given index lines. */
  private static JavaFileObject match(List<String> moreComponents, String... indexLines) {
    List<String> lines = new ArrayList<>(HEADER);
    lines.add("@KeySchema(partitionPrefix = \"LEAGUE\")");
    lines.addAll(List.of(indexLines));
    lines.addAll(List.of(
        "public record Match(",
        "    @PartitionKey String league,",
        "    @SortKey @Tiebreaker String id,",
        "    String team,",
        "    int region,",
        "    long points,",
        "    double rating,",
        "    LocalDate day,",
        "    Instant at,",
        "    Level level,",
        "    boolean won,",
        "    List<String> tags,",
        "    byte[] blob,",
        "    Optional<String> coach,"));
    lines.addAll(moreComponents);
    lines.addAll(List.of(
        "    String note) {",
        "  public enum Level { LOW, HIGH }",
        "}"));
    return AcmeSources.verbatim("Match", lines.toArray(String[]::new));
  }

  @Test
  void aNativeIndexOfEveryAllowedTypeCompilesWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(match(List.of("    @Padded(10) int goals,", "    @Padded(10) @Inverted int saves,"),
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = {\"team\", \"region\", \"level\", \"at\"},",
        "    sortKey = {\"points\", \"rating\", \"day\", \"blob\"})",
        "@SecondaryIndex(name = \"byCoach\", nativeKey = true, partitionKey = \"coach\", sortKey = {\"id\"})",
        "@SecondaryIndex(name = \"byGoals\", partitionKey = \"team\", sortKey = {\"goals\", \"saves\"})"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("EntityLayout.nativeIndex(\"byTeam\", List.of(EntityLayout.nativeKey(\"team\", \"team\", EntityLayout.StoredType.S, false),"
            + " EntityLayout.nativeKey(\"region\", \"region\", EntityLayout.StoredType.N, false),"
            + " EntityLayout.nativeKey(\"level\", \"level\", EntityLayout.StoredType.S, false),"
            + " EntityLayout.nativeKey(\"at\", \"at\", EntityLayout.StoredType.S, false)),"
            + " List.of(EntityLayout.nativeKey(\"points\", \"points\", EntityLayout.StoredType.N, false),"
            + " EntityLayout.nativeKey(\"rating\", \"rating\", EntityLayout.StoredType.N, false),"
            + " EntityLayout.nativeKey(\"day\", \"day\", EntityLayout.StoredType.S, false),"
            + " EntityLayout.nativeKey(\"blob\", \"blob\", EntityLayout.StoredType.B, false)))");
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("EntityLayout.nativeKey(\"coach\", \"coach\", EntityLayout.StoredType.S, true)");
    // The schema declares the descriptor's native indexes itself: no second list in tableSchema().
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .doesNotContain(" .nativeIndex(");
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("public TextRangeStep<Match> id()");
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("public static ByCoach.Query queryByCoach(String coach)");
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("A sparse index: an item whose {@code coach} is empty has no such attribute");
  }

  @Test
  void moreThanFourPartitionAttributesIsAnErrorOnTheAttribute() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true,",
        "    partitionKey = {\"team\", \"region\", \"level\", \"at\", \"day\"},",
        "    sortKey = \"points\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("the native index byTeam has 5 partition attributes; DynamoDB"
            + " keys an index by at most 4 partition and 4 sort attributes. Drop 1 of them, or remove"
            + " nativeKey = true to compose them into one key")
        .inFile(file).onLineContaining("partitionKey = {\"team\", \"region\", \"level\", \"at\", \"day\"}");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void moreThanFourSortAttributesIsAnErrorOnTheAttribute() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\",",
        "    sortKey = {\"points\", \"rating\", \"day\", \"blob\", \"id\"})");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("the native index byTeam has 5 sort attributes")
        .inFile(file).onLineContaining("sortKey = {\"points\", \"rating\", \"day\", \"blob\", \"id\"}");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aLocalNativeIndexIsAnErrorOnLocal() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byPoints\", nativeKey = true,",
        "    local = true,",
        "    sortKey = \"points\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("index byPoints is local, but native (multi-attribute) keys are"
            + " for global indexes only: remove local = true, or remove nativeKey = true to compose the local"
            + " index's sort key")
        .inFile(file).onLineContaining("local = true");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aNativeIndexWithoutPartitionKeyIsAnErrorThatSuggestsNoPrefix() {
    JavaFileObject file = match(
        "@SecondaryIndex(",
        "    name = \"byPoints\",",
        "    nativeKey = true,",
        "    sortKey = \"points\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("the native index byPoints has no partition key: name the"
            + " components DynamoDB keys it by in partitionKey (one to four; a native index has no prefix), or"
            + " remove nativeKey = true to compose a key from a partitionPrefix")
        .inFile(file).onLineContaining("name = \"byPoints\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPrefixOnANativeIndexIsAnErrorOnThePrefix() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\",",
        "    partitionPrefix = \"TEAM\",",
        "    sortKey = \"points\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("partitionPrefix has no meaning for the native index byTeam: its"
            + " keys are the components' own attributes, with no prefix and no key attribute of their own."
            + " Remove partitionPrefix, or remove nativeKey = true to compose the keys")
        .inFile(file).onLineContaining("partitionPrefix = \"TEAM\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBooleanIsAnErrorOnTheComponent() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byWon\", nativeKey = true, partitionKey = \"won\", sortKey = \"points\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("won (Boolean) cannot key the native index byWon: DynamoDB key"
            + " attributes are strings, numbers or binary, and Boolean is stored as neither. Key the index by"
            + " another component, or remove nativeKey = true to compose it into a string key")
        .inFile(file).onLineContaining("boolean won,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aListIsAnErrorOnTheComponent() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byTags\", nativeKey = true, partitionKey = \"team\", sortKey = \"tags\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("tags (List<String>) cannot key the native index byTags")
        .inFile(file).onLineContaining("List<String> tags,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anInstantSortAttributeIsAnErrorWithTheFix() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byTime\", nativeKey = true, partitionKey = \"team\", sortKey = \"at\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("at (Instant) cannot be a sort attribute of the native index"
            + " byTime: the SDK's converter writes ISO-8601 with as many fraction digits as the value needs"
            + " (2026-06-23T10:15:30.500Z sorts before 2026-06-23T10:15:30Z), so a range or the order of the"
            + " items would not follow its values. Store it as epoch milliseconds in a long component, or"
            + " remove nativeKey = true, where an Instant is written at a fixed width")
        .inFile(file).onLineContaining("Instant at,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aZoneOffsetSortAttributeIsAnErrorButAZoneOffsetPartitionAttributeIsNot() {
    JavaFileObject file = match(List.of("    java.time.ZoneOffset offset,"),
        "@SecondaryIndex(name = \"byOffset\", nativeKey = true, partitionKey = \"offset\", sortKey = \"points\")",
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\", sortKey = \"offset\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("offset (ZoneOffset) cannot be a sort attribute of the native"
            + " index byTeam: the SDK's converter writes the offset's ID, and IDs sort +03:00, +10:00, -05:00,"
            + " -10:00, Z: neither by the offset's amount nor in ZoneOffset's own order (+03:00 sorts before"
            + " -05:00), so a range or the order of the items would not follow its values. Store"
            + " getTotalSeconds() in an int component, or move it to partitionKey (equality only)")
        .inFile(file).onLineContaining("ZoneOffset offset,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void localTimeAndLocalDateTimeSortAttributesCompile() {
    // Their text sorts like their values (NativeKeyOrdersTest), LocalDateTime's for the years 0000 to 9999.
    Compilation compilation = compileWithoutCrash(match(
        List.of("    java.time.LocalTime opensAt,", "    java.time.LocalDateTime kickoff,", "    java.time.MonthDay birthday,"),
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\",",
        "    sortKey = {\"kickoff\", \"opensAt\", \"birthday\"})"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.MatchKeys").contentsAsUtf8String()
        .contains("EntityLayout.nativeKey(\"opensAt\", \"opensAt\", EntityLayout.StoredType.S, false)");
  }

  @Test
  void anOptionalIntIsAnErrorOnEitherSide() {
    JavaFileObject file = match(List.of("    java.util.OptionalInt bonus,", "    java.util.OptionalLong fine,"),
        "@SecondaryIndex(name = \"byBonus\", nativeKey = true, partitionKey = \"bonus\", sortKey = \"points\")",
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\", sortKey = \"fine\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("bonus (OptionalInt) cannot key the native index byBonus: an empty"
            + " OptionalInt is stored as NULL, and DynamoDB refuses a write whose index key attribute is not of"
            + " the index's type. Use Optional<Integer>, whose empty value leaves the item out of the index, or"
            + " an int")
        .inFile(file).onLineContaining("OptionalInt bonus,");
    assertThat(compilation).hadErrorContaining("fine (OptionalLong) cannot key the native index byTeam")
        .inFile(file).onLineContaining("OptionalLong fine,");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void anEnumSortAttributeIsAnErrorButAnEnumPartitionAttributeIsNot() {
    JavaFileObject file = match(
        "@SecondaryIndex(name = \"byLevel\", nativeKey = true, partitionKey = \"level\", sortKey = \"points\")",
        "@SecondaryIndex(name = \"byTeam\", nativeKey = true, partitionKey = \"team\", sortKey = \"level\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("level (Match.Level) cannot be a sort attribute of the native"
            + " index byTeam: an enum is stored by its constant's name, so it sorts by name, not in"
            + " declaration order, so a range or the order of the items would not follow its values. Move it"
            + " to partitionKey (equality only), or store the order you mean in a number component")
        .inFile(file).onLineContaining("Level level,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void invertedIsAnErrorOnTheComponent() {
    JavaFileObject file = match(List.of("    @Padded(10) @Inverted int saves,"),
        "@SecondaryIndex(name = \"bySaves\", nativeKey = true, partitionKey = \"team\", sortKey = \"saves\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@Inverted on saves cannot apply in the native index bySaves: a"
            + " native key attribute is the stored value, and DynamoDB has no per-attribute direction. Read the"
            + " index descending (ReadOptions descending()), or remove nativeKey = true to compose an inverted key")
        .inFile(file).onLineContaining("@Inverted int saves,");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void invertedInAComposedKeyTooIsNoDiagnostic() {
    Compilation compilation = compileWithoutCrash(match(List.of("    @Padded(10) @Inverted int saves,"),
        "@SecondaryIndex(name = \"bySaves\", nativeKey = true, partitionKey = \"team\", sortKey = \"saves\")",
        "@SecondaryIndex(name = \"byTeamSaves\", partitionKey = \"team\", sortKey = \"saves\")"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void paddedOnAComponentOfNoComposedKeyIsAWarning() {
    JavaFileObject file = match(List.of("    @Padded(10) int goals,"),
        "@SecondaryIndex(name = \"byGoals\", nativeKey = true, partitionKey = \"team\", sortKey = \"goals\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining("@Padded on goals has no effect in the native index byGoals:"
            + " the attribute holds the value as the SDK stores it (a number sorts as a number, without"
            + " padding), and goals is in no composed key. Remove @Padded")
        .inFile(file).onLineContaining("@Padded(10) int goals,");
    assertThat(compilation).hadWarningCount(1);
  }

  @Test
  void paddedOnAComponentOfAComposedKeyTooIsNoWarning() {
    Compilation compilation = compileWithoutCrash(match(List.of("    @Padded(10) int goals,"),
        "@SecondaryIndex(name = \"byGoals\", nativeKey = true, partitionKey = \"team\", sortKey = \"goals\")",
        "@SecondaryIndex(name = \"byTeamGoals\", partitionKey = \"team\", sortKey = \"goals\")"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  private static final JavaFileObject UPPER_CASE = AcmeSources.verbatim("UpperCase",
      "package com.acme;",
      "import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;",
      "import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;",
      "import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;",
      "import software.amazon.awssdk.services.dynamodb.model.AttributeValue;",
      "public class UpperCase implements AttributeConverter<String> {",
      "  public AttributeValue transformFrom(String s) { return AttributeValue.fromS(s.toUpperCase()); }",
      "  public String transformTo(AttributeValue v) { return v.s().toLowerCase(); }",
      "  public EnhancedType<String> type() { return EnhancedType.of(String.class); }",
      "  public AttributeValueType attributeValueType() { return AttributeValueType.S; }",
      "}");

  @Test
  void aConvertedSortAttributeIsAnErrorButAConvertedPartitionAttributeIsNot() {
    JavaFileObject file = match(List.of(
            "    @software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbConvertedBy(UpperCase.class) String code,"),
        "@SecondaryIndex(name = \"byCode\", nativeKey = true, partitionKey = \"code\", sortKey = \"points\")",
        "@SecondaryIndex(name = \"byTeamCode\", nativeKey = true, partitionKey = \"team\", sortKey = \"code\")");
    Compilation compilation = compileWithoutCrash(UPPER_CASE, file);

    assertThat(compilation).hadErrorContaining("code (UpperCase) cannot be a sort attribute of the native index"
            + " byTeamCode: its @DynamoDbConvertedBy converter decides the stored form, whose order dynakeys"
            + " cannot check, so a range or the order of the items would not follow its values. Move it to"
            + " partitionKey (equality only), or key the index by a component of a scalar type")
        .inFile(file).onLineContaining("DynamoDbConvertedBy(UpperCase.class) String code,");
    assertThat(compilation).hadErrorCount(1);
  }
}
