package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import java.util.ArrayList;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A first try, as a reader of the README makes it: a new Maven project whose pom is the "Use it"
 * snippet verbatim, the README's first record ({@code Run}) verbatim, and a main class made of the
 * README's usage lines, built with the {@code mvn} on the PATH and run. It prints the keys the
 * README documents.
 *
 * <p>The nested build gets the dynakeys artifacts this build made (the ones this module compiles
 * and tests against: the reactor's jars or classes), never whatever {@code mvn install} left in
 * the local repository: it runs on a local repository of its own, whose {@code io/dynakeys} holds
 * those artifacts in repository layout and whose other directories link to the build's local
 * repository, so nothing else is downloaded again. Offline when this build is.
 */
class ReadmeFirstTryTest {

  private static final Path ROOT = Path.of(System.getProperty("dynakeys.root", "..")).toAbsolutePath().normalize();
  private static final String VERSION = System.getProperty("dynakeys.version", "0.1.0-SNAPSHOT");
  private static final Path LOCAL_REPOSITORY = Path.of(System.getProperty("dynakeys.localRepository",
      Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
  private static final boolean OFFLINE = System.getProperty("dynakeys.offline", "").equals("offline=true");
  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "first-try")
      .toAbsolutePath().normalize();
  /** The artifacts the snippet needs (directly, transitively and on the processor path). */
  private static final List<String> MODULES = List.of("annotations", "codecs", "runtime", "processor");

  @Test
  void theReadmeSnippetBuildsInAFreshProjectAndPrintsTheDocumentedKeys() throws Exception {
    Path mvn = onPath("mvn");
    if (mvn == null) {
      System.out.println("ReadmeFirstTryTest skipped: no mvn on the PATH to build the README's first try with");
    }
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the README's first try with");

    Readme readme = Readme.parse(Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8));
    List<String> expected = readme.usages().stream().map(Readme.Usage::documented)
        .filter(v -> v != null).toList();
    assertTrue(expected.containsAll(List.of("SEASON#2026-SPRING", "9999998499#0000001719100800#p_8842")),
        "the README documents the leaderboard's keys: " + expected);

    deleteWithoutFollowingLinks(WORK);
    Path project = writeProject(WORK.resolve("project"), readme);
    Path repository = stageRepository(WORK.resolve("repository"));

    List<String> build = new ArrayList<>(List.of(mvn.toString(), "-B", "-q"));
    if (OFFLINE) {
      build.add("-o");
    }
    build.addAll(List.of("-Dmaven.repo.local=" + repository, "compile"));
    Result built = run(build, project, WORK.resolve("build.log"), null, 5);
    assertEquals(0, built.exit(), "mvn " + String.join(" ", build.subList(1, build.size()))
        + " in " + project + " failed:\n" + built.output());

    List<Path> classpath = new ArrayList<>();
    classpath.add(project.resolve("target/classes"));
    for (String module : List.of("annotations", "codecs", "runtime")) {
      classpath.add(artifactPath(repository, module, "jar"));
    }
    classpath.addAll(thirdPartyClasspath());
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Result ran = run(List.of(java.toString(), "-cp", join(classpath), "firsttry.Main"), project,
        WORK.resolve("run.out"), WORK.resolve("run.err"), 1);
    assertEquals(0, ran.exit(), "firsttry.Main failed:\n" + ran.output() + ran.errors());
    assertEquals(expected, ran.output().lines().toList(),
        "what the README's usage lines print, against the values its comments document; stderr:\n" + ran.errors());
  }

  /** pom.xml (the snippet inside a minimal project), Run.java and Main.java. */
  private static Path writeProject(Path project, Readme readme) throws IOException {
    String pom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <project xmlns="http://maven.apache.org/POM/4.0.0"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
          <modelVersion>4.0.0</modelVersion>
          <groupId>com.example</groupId>
          <artifactId>first-try</artifactId>
          <version>1.0</version>
        """ + readme.pomSnippet() + "</project>\n";
    write(project.resolve("pom.xml"), pom);

    Path sources = project.resolve("src/main/java/firsttry");
    write(sources.resolve("Run.java"), "package firsttry;\n\nimport io.dynakeys.annotations.*;\n\n"
        + readme.firstRecord());

    StringBuilder main = new StringBuilder("""
        package firsttry;

        public final class Main {
          public static void main(String[] args) {
        """);
    main.append("    Run run = ").append(readme.runInstance()).append(";\n");
    main.append("    String sk = RunKeys.sortKey(run);\n");
    for (Readme.Usage usage : readme.usages()) {
      main.append(usage.documented() != null
          ? "    System.out.println(" + usage.expression() + ");\n"
          : "    " + usage.expression() + ";\n");
    }
    main.append("  }\n}\n");
    write(sources.resolve("Main.java"), main.toString());
    return project;
  }

  /**
   * A local repository: {@code io/dynakeys} holds this build's artifacts; every other top-level
   * directory (and every other directory of {@code io}) is a link into the build's repository.
   */
  private static Path stageRepository(Path repository) throws IOException {
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
    for (String module : MODULES) {
      built.put(module, locate(module));
    }
    Files.createDirectories(artifactPath(repository, "parent", "pom").getParent());
    Files.copy(parentPom(built.get("annotations")), artifactPath(repository, "parent", "pom"));
    for (Map.Entry<String, Built> e : built.entrySet()) {
      Path jar = artifactPath(repository, e.getKey(), "jar");
      Files.createDirectories(jar.getParent());
      if (Files.isDirectory(e.getValue().file())) {
        jarUp(e.getValue().file(), jar);
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

  /** The test class path without dynakeys' own artifacts: the AWS SDK and the rest. */
  private static List<Path> thirdPartyClasspath() {
    return testClasspath().stream()
        .filter(p -> !p.startsWith(ROOT))
        .filter(p -> !p.getFileName().toString().startsWith("dynakeys-"))
        .toList();
  }

  private static List<Path> testClasspath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isBlank())
        .map(s -> Path.of(s).toAbsolutePath().normalize())
        .toList();
  }

  private static void jarUp(Path classes, Path jar) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
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

  private record Result(int exit, String output, String errors) {}

  /** Runs {@code command}; its standard error goes to {@code errors}, or with its output when null. */
  private static Result run(List<String> command, Path directory, Path log, Path errors, int minutes)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
        .redirectOutput(log.toFile());
    if (errors == null) {
      builder.redirectErrorStream(true);
    } else {
      builder.redirectError(errors.toFile());
    }
    Map<String, String> env = builder.environment();
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.keySet().removeAll(List.of("MAVEN_BASEDIR", "MAVEN_PROJECTBASEDIR", "MAVEN_CMD_LINE_ARGS"));
    Process process = builder.start();
    if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      fail(String.join(" ", command) + " did not end within " + minutes + " min:\n" + Files.readString(log));
    }
    return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8),
        errors == null ? "" : Files.readString(errors, StandardCharsets.UTF_8));
  }

  private static Path onPath(String command) {
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

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private static String join(List<Path> paths) {
    return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }

  /** Deletes {@code dir}: links are removed, never followed into the repository they point at. */
  private static void deleteWithoutFollowingLinks(Path dir) throws IOException {
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
