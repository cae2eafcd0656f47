package io.dynakeys.processor.reading;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.write.Update;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What {@link UpdateCalls} assumes of {@code Update}, against the class itself: the class's name,
 * its factory {@code of}, and the instance methods through which a chain keeps its type.
 */
class UpdateCallsTest {

  @Test
  void theChainedMethodsAreExactlyThoseOfUpdateThatReturnTheUpdate() {
    Set<String> chained = new TreeSet<>();
    Set<String> factories = new TreeSet<>();
    for (Method m : Update.class.getMethods()) {
      if (m.getReturnType() == Update.class) {
        (Modifier.isStatic(m.getModifiers()) ? factories : chained).add(m.getName());
      }
    }
    assertEquals(new TreeSet<>(UpdateCalls.CHAINED), chained);
    assertEquals(Set.of("of"), factories);
    assertEquals(UpdateCalls.UPDATE, Update.class.getName());
  }
}
