package io.dynakeys.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.Examples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The code in the Javadoc of the annotations and of the runtime's API packages names only methods
 * that exist, on the classes they are called on, with as many arguments as they take (see
 * {@link CallChains}): every inline {@code {@code …}} (the {@code <pre>{@code …}</pre>} blocks
 * are compiled by the site module's {@code JavadocExamplesTest}), where a bare call ({@code pathSubtree(folder)}) must be a method of the API or
 * of the code the processor generates for the examples' records. {@code scoreAtLeast(1000)}, a name
 * of an earlier API, would fail here.
 */
class JavadocExamplesTest {
  private static final ApiClasses API = ApiClasses.load(Examples.class, JavadocExamplesTest.class);

  @Test
  void theAnnotationsJavadocNamesMethodsThatExist() {
    CallChains.Findings findings = check(DocSources.javaSources("annotations/src/main/java"));
    assertEquals(List.of(), findings.wrong());
    assertTrue(findings.checked() >= 20, "checked " + findings.checked() + " names");
  }

  @Test
  void theRuntimeApiJavadocNamesMethodsThatExist() {
    List<Path> sources = new ArrayList<>();
    for (String pkg : ApiClasses.API_PACKAGES) {
      for (String module : List.of("runtime", "codecs")) {
        Path dir = DocSources.ROOT.resolve(module + "/src/main/java/" + pkg.replace('.', '/'));
        if (Files.isDirectory(dir)) {
          // The package's own files only: io.dynakeys.runtime holds the internal packages too.
          DocSources.javaSources(DocSources.ROOT.relativize(dir).toString()).stream()
              .filter(p -> p.getParent().equals(dir)).forEach(sources::add);
        }
      }
    }
    CallChains.Findings findings = check(sources);
    assertEquals(List.of(), findings.wrong());
    assertTrue(findings.checked() >= 90, "checked " + findings.checked() + " names");
  }

  @Test
  void aNameOfNoMethodIsFound() {
    CallChains.Findings findings = new CallChains.Findings();
    CallChains chains = new CallChains(API);
    chains.check(new DocSources.Example("Inverted.java", "scoreAtLeast(1000)"), true, findings);
    chains.check(new DocSources.Example("KeyCondition.java", "RunKeys.query(\"s\").score().atLeastt(1000)"), false, findings);
    chains.check(new DocSources.Example("Padded.java", "@Padded(value = 4, minimum = 0)"), false, findings);
    chains.check(new DocSources.Example("Update.java", "Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"a\", 1)).set()"), false, findings);
    assertEquals(List.of(
        "Inverted.java: {@code scoreAtLeast(1000)}: no class of the API or of the generated code has a method scoreAtLeast(1 argument)",
        "KeyCondition.java: {@code RunKeys.query(\"s\").score().atLeastt(1000)}: NumberRangeStep has no method atLeastt",
        "Padded.java: {@code @Padded(value = 4, minimum = 0)}: @Padded has no attribute minimum",
        "Update.java: {@code Update.of(TaskKeys.tableSchema(), TaskKeys.key(\"a\", 1)).set()}: Update has no method set(0 arguments)"),
        findings.wrong());
  }

  private static CallChains.Findings check(List<Path> sources) {
    CallChains chains = new CallChains(API);
    CallChains.Findings findings = new CallChains.Findings();
    for (Path source : sources) {
      // The <pre>{@code …}</pre> blocks are compiled whole by the site's JavadocExamplesTest, each with
      // the records it declares; here the inline code, which no compiler sees.
      DocSources.inlineCode(source).forEach(e -> chains.check(e, true, findings));
    }
    return findings;
  }
}
