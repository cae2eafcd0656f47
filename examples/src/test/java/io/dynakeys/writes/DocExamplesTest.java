package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.docs.DocSources;
import io.dynakeys.runtime.write.Update;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The code examples of the runtime's Javadoc ({@code <pre>{@code …}</pre>}) and of the README
 * ({@code ```java} blocks) that update a {@link Task} call a {@code set} of {@link Update} that
 * exists: its handle or group is one the method takes, with as many values as it takes. (A
 * {@code GroupedIndexComponent} such as {@code TaskKeys.OWNER} has no {@code set}: an example
 * setting it alone would not compile.) Prose that shows what does not compile is not an example.
 */
class DocExamplesTest {
  private static final Pattern SET = Pattern.compile("\\.set\\(TaskKeys\\.([A-Z_0-9]+)");

  @Test
  void everyExampleSetOfATaskIsAnUpdateMethod() {
    List<DocSources.Example> examples = new ArrayList<>();
    DocSources.javaSources("runtime/src/main/java").forEach(p -> examples.addAll(DocSources.blocks(p, DocSources.JAVADOC)));
    examples.addAll(DocSources.blocks(DocSources.ROOT.resolve("README.md"), DocSources.README));
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (DocSources.Example block : examples) {
      String example = block.code();
      Matcher m = SET.matcher(example);
      while (m.find()) {
        int arguments = DocSources.arguments(example, m.start() + ".set(".length());
        checked++;
        if (!settable(m.group(1), arguments)) {
          wrong.add(block.where() + ": .set(TaskKeys." + m.group(1) + ", …) with " + arguments + " argument(s)");
        }
      }
    }
    assertTrue(checked >= 4, "the examples set Task components " + checked + " time(s)");
    assertEquals(List.of(), wrong, "examples that do not compile");
  }

  /** Whether {@code Update} has a {@code set} taking {@code TaskKeys.field} and {@code arguments} in all. */
  private static boolean settable(String field, int arguments) {
    Field handle;
    try {
      handle = TaskKeys.class.getField(field);
    } catch (NoSuchFieldException e) {
      return false;
    }
    assertTrue(Modifier.isStatic(handle.getModifiers()), field);
    Class<?> type = handle.getType();
    return Arrays.stream(Update.class.getMethods()).filter(m -> m.getName().equals("set"))
        .filter(m -> m.getParameterCount() == arguments)
        .map(Method::getParameterTypes).anyMatch(p -> p[0].isAssignableFrom(type));
  }
}
