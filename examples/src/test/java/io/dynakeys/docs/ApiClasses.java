package io.dynakeys.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The classes code examples may name, loaded from the class path: the public classes of the
 * runtime's API packages, the annotations, and the {@code *Keys} classes the processor generated
 * for the examples' records (their nested stage and index classes with them), each by its simple
 * name; and, for what prose names bare, the classes their methods take and return.
 */
public final class ApiClasses {
  /** The packages users import. */
  public static final List<String> API_PACKAGES = List.of("io.dynakeys.runtime", "io.dynakeys.runtime.read",
      "io.dynakeys.runtime.write", "io.dynakeys.runtime.condition", "io.dynakeys.runtime.transact",
      "io.dynakeys.runtime.batch", "io.dynakeys.runtime.schema", "io.dynakeys.runtime.entity");
  private static final String ANNOTATIONS = "io.dynakeys.annotations";

  private final Map<String, Set<Class<?>>> byName = new HashMap<>();
  private final Set<Class<?>> all = new LinkedHashSet<>();
  private final Set<Class<?>> exposed = new LinkedHashSet<>();
  private final Map<String, Class<?>> annotations = new HashMap<>();

  private ApiClasses() {}

  /**
   * Loads them.
   *
   * @param generatedIn classes whose class directories hold the generated {@code *Keys} classes
   */
  public static ApiClasses load(Class<?>... generatedIn) {
    ApiClasses api = new ApiClasses();
    ClassLoader loader = ApiClasses.class.getClassLoader();
    for (String pkg : API_PACKAGES) {
      for (String name : classesIn(loader, pkg)) {
        api.add(load(loader, name));
      }
    }
    for (String name : classesIn(loader, ANNOTATIONS)) {
      Class<?> type = load(loader, name);
      if (type.isAnnotation()) {
        api.annotations.put(type.getSimpleName(), type);
      }
    }
    for (Class<?> anchor : generatedIn) {
      Path root;
      try {
        root = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
      } catch (URISyntaxException e) {
        throw new IllegalStateException(e);
      }
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.getFileName().toString().endsWith("Keys.class")).toList()) {
          String name = root.relativize(file).toString().replace(java.io.File.separatorChar, '.');
          api.addGenerated(load(loader, name.substring(0, name.length() - ".class".length())));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    for (Class<?> type : api.all) {
      api.expose(type);
      for (java.lang.reflect.Method m : type.getMethods()) {
        api.expose(m.getReturnType());
        for (Class<?> parameter : m.getParameterTypes()) {
          api.expose(parameter);
        }
      }
    }
    return api;
  }

  private void add(Class<?> type) {
    if (Modifier.isPublic(type.getModifiers())) {
      addGenerated(type);
    }
  }

  /** A generated class, public or not (a package-private record's keys class is package-private). */
  private void addGenerated(Class<?> type) {
    byName.computeIfAbsent(type.getSimpleName(), k -> new LinkedHashSet<>()).add(type);
    addAll(type);
  }

  /** {@code type} and its supertypes. */
  private void expose(Class<?> type) {
    if (type == null || type.isPrimitive() || type.isArray() || !exposed.add(type)) {
      return;
    }
    expose(type.getSuperclass());
    for (Class<?> parent : type.getInterfaces()) {
      expose(parent);
    }
  }

  private void addAll(Class<?> type) {
    if (!all.add(type)) {
      return; // a nested class that extends its outer class lists itself among its members
    }
    for (Class<?> nested : type.getClasses()) {
      addAll(nested);
    }
  }

  /** The top-level classes of that simple name (several generated records share one). */
  public Set<Class<?>> named(String simpleName) {
    return byName.getOrDefault(simpleName, Set.of());
  }

  /** Every class, nested ones included. */
  public Set<Class<?>> all() {
    return all;
  }

  /**
   * Every class, and every class their public methods take or return, with their supertypes:
   * where a method that prose names bare may be ({@code hasNext()} of the {@code Iterator} a read
   * returns, {@code toBuilder()} of the SDK's request a schema makes).
   */
  public Set<Class<?>> exposed() {
    return exposed;
  }

  /** The dynakeys annotation of that simple name, or null. */
  public Class<?> annotation(String simpleName) {
    return annotations.get(simpleName);
  }

  /** How many top-level classes were loaded. */
  public int size() {
    return byName.values().stream().mapToInt(Set::size).sum();
  }

  private static Class<?> load(ClassLoader loader, String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The top-level classes directly in {@code pkg}, from directories and jars alike. */
  private static List<String> classesIn(ClassLoader loader, String pkg) {
    String path = pkg.replace('.', '/');
    List<String> out = new ArrayList<>();
    try {
      for (Enumeration<URL> urls = loader.getResources(path); urls.hasMoreElements(); ) {
        URL url = urls.nextElement();
        if (url.getProtocol().equals("jar")) {
          JarURLConnection connection = (JarURLConnection) url.openConnection();
          connection.setUseCaches(false); // closing a cached jar would close it for the class loader too
          try (JarFile jar = connection.getJarFile()) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
              String entry = e.nextElement().getName();
              if (entry.startsWith(path + "/") && entry.endsWith(".class") && !entry.contains("$")
                  && entry.indexOf('/', path.length() + 1) < 0) {
                out.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
              }
            }
          }
        } else {
          try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".class") && !f.contains("$"))
                .forEach(f -> out.add(pkg + "." + f.substring(0, f.length() - ".class".length())));
          }
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    out.remove(pkg + ".package-info");
    return out;
  }
}
