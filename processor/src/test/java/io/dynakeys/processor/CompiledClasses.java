package io.dynakeys.processor;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * Loads the classes of a successful in-memory compilation (the user's records and the generated
 * key classes), so tests can call generated code as a user would. Everything else (the runtime,
 * the AWS SDK) comes from the test class path.
 */
final class CompiledClasses extends ClassLoader {
  private final Compilation compilation;

  CompiledClasses(Compilation compilation) {
    super(CompiledClasses.class.getClassLoader());
    this.compilation = compilation;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    Optional<JavaFileObject> file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
        name.replace('.', '/') + ".class");
    if (file.isEmpty()) {
      throw new ClassNotFoundException(name);
    }
    try (InputStream in = file.get().openInputStream()) {
      byte[] bytes = in.readAllBytes();
      return defineClass(name, bytes, 0, bytes.length);
    } catch (IOException e) {
      throw new ClassNotFoundException(name, e);
    }
  }

  /** Calls the public static method {@code method(parameterTypes)} of class {@code owner}. */
  Object callStatic(String owner, String method, Class<?>[] parameterTypes, Object... arguments)
      throws ReflectiveOperationException {
    Method m = loadClass(owner).getMethod(method, parameterTypes);
    try {
      return m.invoke(null, arguments);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw e;
    }
  }
}
