package io.dynakeys.coldstart;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * A fresh copy of this test's class path in a class loader of its own, as a new process would load
 * it: nothing of dynakeys or of the AWS SDK is loaded in it yet, and whether a class has been loaded
 * since can be asked ({@link #loaded}).
 */
final class IsolatedClasses extends URLClassLoader {

  IsolatedClasses() {
    super("isolated", classPath(), ClassLoader.getPlatformClassLoader());
  }

  private static URL[] classPath() {
    String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
    URL[] urls = new URL[entries.length];
    for (int i = 0; i < entries.length; i++) {
      try {
        urls[i] = Path.of(entries[i]).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalStateException(entries[i], e);
      }
    }
    return urls;
  }

  /** Whether this loader has loaded the class {@code name}. */
  boolean loaded(String name) {
    return findLoadedClass(name) != null;
  }

  /** Calls the static method {@code method} of {@code type}, loaded here, with {@code args}. */
  Object call(Class<?> type, String method, Object... args) {
    try {
      Class<?> here = Class.forName(type.getName(), true, this);
      for (java.lang.reflect.Method m : here.getDeclaredMethods()) {
        if (m.getName().equals(method) && m.getParameterCount() == args.length) {
          m.setAccessible(true);
          return m.invoke(null, args);
        }
      }
      throw new IllegalArgumentException(type + " has no method " + method);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
