package io.dynakeys.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of one jar as text, one line per type and per public or protected member, sorted,
 * in the spirit of Kotlin's binary-compatibility validator: what a reviewed file in the repository
 * holds, so that a change to the API shows in review and fails the build until the file changes
 * with it ({@link #check}).
 *
 * <p>Packages named {@code internal} (at any depth) are left out: they are what generated code and
 * sibling modules call, with no compatibility promise, and the architecture tests keep users' code
 * out of them. Everything else that is public or protected is in, nested types included; a member
 * is written as {@link Method#toGenericString()} writes it, so a changed type argument, exception,
 * modifier or default shows. An annotation type's retention and targets are lines of their own.
 */
public final class ApiDump {
  /** The system property that rewrites the files instead of comparing with them. */
  public static final String UPDATE = "dynakeys.updateApi";

  private ApiDump() {}

  /**
   * The API of the jar (or classes directory) that {@code marker} was loaded from.
   *
   * @param marker any class of the jar
   * @return the lines, sorted by type, each type's members after it, indented
   */
  public static List<String> of(Class<?> marker) {
    Path location;
    try {
      location = Path.of(marker.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    TreeSet<String> types = new TreeSet<>();
    for (String name : classNames(location)) {
      if (name.endsWith("package-info") || name.endsWith("module-info") || name.contains("$")
          || isInternal(name)) {
        continue;
      }
      Class<?> type;
      try {
        type = Class.forName(name, false, marker.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("cannot load " + name + " from " + location, e);
      }
      if (Modifier.isPublic(type.getModifiers())) {
        types.add(name);
      }
    }
    List<String> out = new ArrayList<>();
    for (String name : types) {
      try {
        write(Class.forName(name, false, marker.getClassLoader()), "", out);
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }

  /**
   * Compares the API of {@code marker}'s jar with the file {@code api}, or rewrites the file when
   * the system property {@value #UPDATE} is {@code true}.
   *
   * @throws AssertionError listing the lines the file lacks and the lines it has too many, and how
   *     to accept the change
   */
  public static void check(Class<?> marker, Path api) {
    List<String> now = of(marker);
    try {
      if (Boolean.getBoolean(UPDATE)) {
        Files.createDirectories(api.toAbsolutePath().getParent());
        Files.write(api, now, StandardCharsets.UTF_8);
        return;
      }
      List<String> recorded = Files.exists(api) ? Files.readAllLines(api, StandardCharsets.UTF_8) : List.of();
      if (!recorded.equals(now)) {
        List<String> added = now.stream().filter(l -> !recorded.contains(l)).toList();
        List<String> removed = recorded.stream().filter(l -> !now.contains(l)).toList();
        throw new AssertionError("the public API of " + api.getFileName() + " differs from the reviewed file " + api
            + ":\n  new or changed:\n    " + String.join("\n    ", added)
            + "\n  gone or changed:\n    " + String.join("\n    ", removed)
            + "\nIf the change is meant, rewrite the file with -D" + UPDATE + "=true, review its diff and commit it"
            + " with the change (and say in CHANGELOG.md what moved).");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether {@code className} is in a package named {@code internal}, at any depth. */
  public static boolean isInternal(String className) {
    String pkg = className.substring(0, Math.max(0, className.lastIndexOf('.')));
    return Arrays.asList(pkg.split("\\.")).contains("internal");
  }

  private static void write(Class<?> type, String indent, List<String> out) {
    out.add(indent + header(type));
    String inner = indent + "  ";
    TreeSet<String> members = new TreeSet<>();
    if (type.isAnnotation()) {
      // Where an annotation may be written, and whether a build tool sees it, are its contract too.
      java.lang.annotation.Retention retention = type.getAnnotation(java.lang.annotation.Retention.class);
      java.lang.annotation.Target target = type.getAnnotation(java.lang.annotation.Target.class);
      members.add("@Retention(" + (retention == null ? "CLASS" : retention.value()) + ")");
      if (target != null) {
        members.add("@Target(" + Stream.of(target.value()).map(Enum::name).sorted()
            .collect(Collectors.joining(", ")) + ")");
      }
    }
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (visible(c) && !c.isSynthetic()) {
        members.add(c.toGenericString().replace(type.getName(), type.getSimpleName()));
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (visible(m) && !m.isSynthetic() && !m.isBridge()) {
        members.add(m.toGenericString().replace(type.getName() + ".", ""));
      }
    }
    for (Field f : type.getDeclaredFields()) {
      if (visible(f) && !f.isSynthetic()) {
        members.add(f.toGenericString().replace(type.getName() + ".", ""));
      }
    }
    members.forEach(m -> out.add(inner + m));
    Stream.of(type.getDeclaredClasses())
        .filter(c -> Modifier.isPublic(c.getModifiers()) || Modifier.isProtected(c.getModifiers()))
        .sorted((a, b) -> a.getName().compareTo(b.getName()))
        .forEach(c -> write(c, inner, out));
  }

  private static String header(Class<?> type) {
    // Class.toGenericString writes "sealed" and "non-sealed" on newer JDKs (25) and not on 17: the
    // permits clause below says it instead, so the file reads the same on every JDK.
    StringBuilder out = new StringBuilder(type.toGenericString().replaceAll("(^|\\s)(non-sealed|sealed)\\s", "$1"));
    Type superclass = type.getGenericSuperclass();
    if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
      out.append(" extends ").append(superclass.getTypeName());
    }
    Type[] interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0) {
      out.append(type.isInterface() ? " extends " : " implements ")
          .append(Stream.of(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
    }
    if (type.isSealed()) {
      out.append(" permits ").append(Stream.of(type.getPermittedSubclasses()).map(Class::getName)
          .collect(Collectors.joining(", ")));
    }
    return out.toString();
  }

  private static boolean visible(Member member) {
    int m = member.getModifiers();
    return Modifier.isPublic(m) || Modifier.isProtected(m);
  }

  private static List<String> classNames(Path location) {
    List<String> out = new ArrayList<>();
    try {
      if (Files.isDirectory(location)) {
        try (Stream<Path> files = Files.walk(location)) {
          files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
            String relative = location.relativize(f).toString().replace('\\', '/');
            out.add(relative.substring(0, relative.length() - ".class".length()).replace('/', '.'));
          });
        }
      } else {
        try (JarFile jar = new JarFile(location.toFile())) {
          for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            String entry = e.nextElement().getName();
            if (entry.endsWith(".class") && !entry.startsWith("META-INF/")) {
              out.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
