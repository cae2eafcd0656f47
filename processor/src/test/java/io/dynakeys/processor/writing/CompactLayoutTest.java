package io.dynakeys.processor.writing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link SourceFileWriter#compact}: what it makes compact, what it leaves, and that only layout changes. */
class CompactLayoutTest {

  @Test
  void aJavadocOfOneLineIsWrittenOnOneLine() {
    String source = "class A {\n  /**\n   * The index name.\n   */\n  static final String X = \"x\";\n}\n";
    assertEquals("class A {\n  /** The index name. */\n  static final String X = \"x\";\n}\n", SourceFileWriter.compact(source));
  }

  @Test
  void aJavadocOfSeveralLinesStaysAsItIs() {
    String source = "class A {\n  /**\n   * One.\n   *\n   * @return two\n   */\n  int a() {\n    return 2;\n  }\n"
        + "\n  /**\n   * <pre>\n   * pk = X\n   * </pre>\n   */\n  int b;\n}\n";
    assertEquals(source, SourceFileWriter.compact(source));
  }

  @Test
  void undocumentedPrivateConstantsReadAsOneBlock() {
    String source = "class A {\n  private static final int A = 1;\n\n  private static final int B = 2;\n\n"
        + "  /** Doc. */\n  public static final int C = 3;\n\n  private static final int D = 4;\n\n  int e() {\n    return 1;\n  }\n}\n";
    assertEquals("class A {\n  private static final int A = 1;\n"
        + "  private static final int B = 2;\n\n  /** Doc. */\n  public static final int C = 3;\n\n"
        + "  private static final int D = 4;\n\n  int e() {\n    return 1;\n  }\n}\n", SourceFileWriter.compact(source));
  }

  @Test
  void aLineThatOnlyLooksLikeAJavadocOpeningIsLeftAlone() {
    // Not the three-line shape: the text line is not indented as the comment is.
    String source = "class A {\n  /**\n * odd\n   */\n  int a;\n}\n";
    assertEquals(source, SourceFileWriter.compact(source));
  }

  @Test
  void onlyLayoutChangesInTheGoldenRunKeys() throws IOException {
    String golden;
    try (InputStream in = CompactLayoutTest.class.getResourceAsStream("/golden/com/acme/RunKeys.java")) {
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    // The golden file is already compact: expanding its one-line Javadoc back and compacting again
    // gives it back, and the tokens (whitespace and comment markers aside) never change.
    String expanded = golden.replaceAll("(?m)^( *)/\\*\\* (.*) \\*/$", "$1/**\n$1 * $2\n$1 */");
    assertNotEquals(golden, expanded);
    assertEquals(golden, SourceFileWriter.compact(expanded));
    assertEquals(tokens(expanded), tokens(SourceFileWriter.compact(expanded)));
  }

  private static String tokens(String source) {
    return source.replaceAll("(?m)^\\s*\\* ", "").replace("/**", "").replace("*/", "").replaceAll("\\s+", "");
  }
}
