package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A nested Maven build of a project a user would write, on the dynakeys artifacts this build made
 * (the ones this module compiles and tests against: the reactor's jars or classes), never whatever
 * {@code mvn install} left in the local repository: it runs on a local repository of its own,
 * whose {@code io/dynakeys} holds those artifacts in repository layout (a classes directory is
 * jarred, with the module name its jar would have) and whose other directories link to the
 * build's local repository, so nothing else is downloaded again. Offline when this build is.
 */
final class ThrowawayBuild {
  private ThrowawayBuild() {}

  static final Path ROOT = Path.of(System.getProperty("dynakeys.root", "..")).toAbsolutePath().normalize();
  static final String VERSION = System.getProperty("dynakeys.version", "0.1.0-SNAPSHOT");
  private static final Path LOCAL_REPOSITORY = Path.of(System.getProperty("dynakeys.localRepository",
      Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
  static final boolean OFFLINE = System.getProperty("dynakeys.offline", "").equals("offline=true");
  /** A generous bound for a nested Maven build on a loaded 2-core machine. */
  private static final int BUILD_MINUTES = 8;

  /**
   * A local repository: {@code io/dynakeys} holds this build's artifacts; every other top-level
   * directory (and every other directory of {@code io}) is a link into the build's repository.
   */
  static Path stageRepository(Path repository, List<String> modules) throws IOException {
    Files.createDirectories(repository.resolve("io/dynakeys"));
    if (Files.isDirectory(LOCAL_REPOSITORY)) {
      try (Stream<Path> top = Files.list(LOCAL_REPOSITORY)) {
        for (Path dir : top.toList()) {
          String name = dir.getFileName().toString();
          if (!name.equals("io")) {
            Files.createSymbolicLink(repository.resolve(name), dir);
          }
        }
      }
      Path io = LOCAL_REPOSITORY.resolve("io");
      if (Files.isDirectory(io)) {
        try (Stream<Path> children = Files.list(io)) {
          for (Path dir : children.toList()) {
            if (!dir.getFileName().toString().equals("dynakeys")) {
              Files.createSymbolicLink(repository.resolve("io").resolve(dir.getFileName().toString()), dir);
            }
          }
        }
      }
    }
    Map<String, Built> built = new LinkedHashMap<>();
    for (String module : modules) {
      built.put(module, locate(module));
    }
    Files.createDirectories(artifactPath(repository, "parent", "pom").getParent());
    Files.copy(parentPom(built.get("annotations")), artifactPath(repository, "parent", "pom"));
    for (Map.Entry<String, Built> e : built.entrySet()) {
      Path jar = artifactPath(repository, e.getKey(), "jar");
      Files.createDirectories(jar.getParent());
      if (Files.isDirectory(e.getValue().file())) {
        jarUp(e.getValue().file(), jar, moduleName(e.getValue().pom()));
      } else {
        Files.copy(e.getValue().file(), jar);
      }
      Files.copy(e.getValue().pom(), artifactPath(repository, e.getKey(), "pom"));
    }
    return repository;
  }

  /** Where an artifact of this build came from: a jar or a classes directory, and its pom. */
  private record Built(Path file, Path pom, Path moduleDir) {}

  /**
   * The dynakeys artifact this module was given by the build: from the reactor (a module's
   * {@code target/*.jar} or {@code target/classes}) or, when only this module is built, from the
   * local repository.
   */
  private static Built locate(String module) {
    String artifactId = "dynakeys-" + module;
    for (Path entry : testClasspath()) {
      if (entry.getFileName().toString().equals(artifactId + "-" + VERSION + ".jar")) {
        Path parent = entry.getParent();
        if (parent.getFileName().toString().equals("target")) {
          return new Built(entry, parent.getParent().resolve("pom.xml"), parent.getParent());
        }
        return new Built(entry, parent.resolve(artifactId + "-" + VERSION + ".pom"), null);
      }
      if (entry.endsWith(Path.of("target", "classes")) && Files.isDirectory(entry)) {
        Path moduleDir = entry.getParent().getParent();
        Path pom = moduleDir.resolve("pom.xml");
        if (Files.isRegularFile(pom) && declares(pom, artifactId)) {
          return new Built(entry, pom, moduleDir);
        }
      }
    }
    throw new AssertionError("the test class path has no " + artifactId + " " + VERSION + ": "
        + join(testClasspath()));
  }

  private static Path parentPom(Built annotations) {
    if (annotations.moduleDir() != null) {
      return annotations.moduleDir().getParent().resolve("pom.xml");
    }
    // .../io/dynakeys/dynakeys-annotations/<version>/dynakeys-annotations-<version>.jar
    return annotations.file().getParent().getParent().getParent()
        .resolve("dynakeys-parent").resolve(VERSION).resolve("dynakeys-parent-" + VERSION + ".pom");
  }

  private static boolean declares(Path pom, String artifactId) {
    try {
      String text = Files.readString(pom, StandardCharsets.UTF_8);
      // The project's own artifactId: the first one after the parent's.
      int own = text.indexOf("<artifactId>", Math.max(0, text.indexOf("</parent>")));
      return own >= 0 && text.startsWith("<artifactId>" + artifactId + "</artifactId>", own);
    } catch (IOException e) {
      return false;
    }
  }

  private static Path artifactPath(Path repository, String module, String extension) {
    String artifactId = "dynakeys-" + module;
    return repository.resolve("io/dynakeys").resolve(artifactId).resolve(VERSION)
        .resolve(artifactId + "-" + VERSION + "." + extension);
  }

  private static List<Path> testClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isBlank())
        .map(s -> Path.of(s).toAbsolutePath().normalize())
        .toList();
  }

  /** The module name the jar plugin writes into a module's jar: its pom's {@code dynakeys.module}. */
  private static String moduleName(Path pom) throws IOException {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<dynakeys.module>([^<]+)</dynakeys.module>")
        .matcher(Files.readString(pom, StandardCharsets.UTF_8));
    return m.find() ? m.group(1) : null;
  }

  private static void jarUp(Path classes, Path jar, String moduleName) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (moduleName != null) {
      manifest.getMainAttributes().putValue("Automatic-Module-Name", moduleName);
    }
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream zip = new JarOutputStream(out, manifest);
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = classes.relativize(file).toString().replace(File.separatorChar, '/');
        if (name.equals("META-INF/MANIFEST.MF")) {
          continue;
        }
        zip.putNextEntry(new JarEntry(name));
        Files.copy(file, zip);
        zip.closeEntry();
      }
    }
  }

  record Result(int exit, String output) {}

  /** Runs {@code command} with {@code environment} added; standard error goes with the output. */
  static Result run(List<String> command, Path directory, Path log, Map<String, String> environment)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
        .redirectOutput(log.toFile()).redirectErrorStream(true);
    Map<String, String> env = builder.environment();
    env.keySet().removeAll(List.of("MAVEN_BASEDIR", "MAVEN_PROJECTBASEDIR", "MAVEN_CMD_LINE_ARGS",
        "AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_DEFAULT_REGION"));
    String javaHome = System.getProperty("java.home");
    env.put("JAVA_HOME", javaHome);
    // exec:exec runs the `java` on the PATH: the one running this test.
    env.put("PATH", Path.of(javaHome, "bin") + File.pathSeparator + env.getOrDefault("PATH", ""));
    env.putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      fail(String.join(" ", command) + " did not end within " + BUILD_MINUTES + " min:\n" + Files.readString(log));
    }
    return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  static Path onPath(String command) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isBlank()) {
        Path candidate = Path.of(dir, command);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private static String join(List<Path> paths) {
    return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }

  /** Deletes {@code dir}: links are removed, never followed into the repository they point at. */
  static void deleteWithoutFollowingLinks(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        if (e != null) {
          throw e;
        }
        Files.delete(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
