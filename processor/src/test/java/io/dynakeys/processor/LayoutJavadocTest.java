package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.time.LocalDate;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The key layout drawn in a generated class's Javadoc: its example keys are written by the codecs
 * from example values of each component's type (never the component's name, which would read as
 * if the name were stored), and widths are counted in words that agree with the number.
 */
class LayoutJavadocTest {

  private static final JavaFileObject ORDER = source("Order",
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
      "public record Order(@PartitionKey String customerId, @SortKey @Padded(value = 1, max = 9) int priority,",
      "    @SortKey LocalDate placedOn, @SortKey @Tiebreaker UUID orderId, long totalCents) {}");

  private static String javadocOf(Compilation compilation) throws IOException {
    String source = compilation.generatedSourceFile("com.acme.OrderKeys").orElseThrow()
        .getCharContent(true).toString();
    return source.substring(source.indexOf("/**"), source.indexOf("</pre>"));
  }

  @Test
  void examplesAreValuesOfTheComponentsTypesEncodedByTheCodecs() throws IOException {
    Compilation compilation = compile(ORDER);
    assertThat(compilation).succeededWithoutWarnings();
    String doc = javadocOf(compilation);

    assertTrue(doc.contains("e.g. CUSTOMER#a1\n"), doc);
    assertFalse(doc.contains("CUSTOMER#customerId"), doc);
    assertTrue(doc.contains("e.g. ORDER#9#2026-06-24#123e4567-e89b-12d3-a456-426614174002\n"), doc);
  }

  @Test
  void theExampleKeysAreKeysTheGeneratedParsersRead() throws Exception {
    Compilation compilation = compile(ORDER);
    assertThat(compilation).succeeded();
    String doc = javadocOf(compilation);
    CompiledClasses classes = new CompiledClasses(compilation);

    Matcher examples = Pattern.compile("e\\.g\\. (\\S+)\n").matcher(doc);
    assertTrue(examples.find(), doc);
    String pk = examples.group(1);
    assertTrue(examples.find(), doc);
    String sk = examples.group(1);
    Object partition = classes.callStatic("com.acme.OrderKeys", "parsePartitionKey", new Class<?>[] {String.class}, pk);
    Object sort = classes.callStatic("com.acme.OrderKeys", "parseSortKey", new Class<?>[] {String.class}, sk);
    assertEquals(pk, classes.callStatic("com.acme.OrderKeys", "partitionKey", new Class<?>[] {String.class},
        partition.getClass().getMethod("customerId").invoke(partition)));
    assertEquals(sk, classes.callStatic("com.acme.OrderKeys", "sortKey",
        new Class<?>[] {int.class, LocalDate.class, UUID.class},
        sort.getClass().getMethod("priority").invoke(sort), sort.getClass().getMethod("placedOn").invoke(sort),
        sort.getClass().getMethod("orderId").invoke(sort)));
  }

  @Test
  void aWidthOfOneIsOneDigit() throws IOException {
    Compilation compilation = compile(ORDER);
    assertThat(compilation).succeeded();
    String doc = javadocOf(compilation);

    assertTrue(doc.contains("&lt;priority:1 digit&gt;"), doc);
    assertFalse(doc.contains("1 digits"), doc);
  }
}
