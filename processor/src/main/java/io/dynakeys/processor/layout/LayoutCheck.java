package io.dynakeys.processor.layout;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.AnnotationNames;
import io.dynakeys.processor.reading.Mirrors;
import io.dynakeys.processor.validation.IndexValidator;
import io.dynakeys.processor.validation.Messages;
import io.dynakeys.processor.validation.ValidationReport;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Check 30: a record's stored layout against its committed layout files. The record's version
 * ({@code @LayoutVersion}, 1 without it) must be the last recorded one or the next; a recorded
 * version's stored form must not change in a way that loses stored items ({@link LayoutDiff}); a
 * live older version must be recorded, and its items must become records of this version, by the
 * processor's own migration or a named one. What it finds is reported on the narrowest element;
 * the file it would write is only written by {@link Plan#commit()}, once the keys class is.
 */
public final class LayoutCheck {
  /** The processor option that names the layouts directory. */
  public static final String OPTION = "dynakeys.layouts";

  private final ProcessingEnvironment env;
  private final com.sun.source.util.Trees trees;

  /**
   * A check in {@code env}.
   *
   * @param trees javac's trees, to find a record's source directory; {@code null} outside javac
   */
  public LayoutCheck(ProcessingEnvironment env, com.sun.source.util.Trees trees) {
    this.env = env;
    this.trees = trees;
  }

  /**
   * What the check decided for one record.
   *
   * @param version the record's version
   * @param current its stored layout
   * @param live the live older version's layout, or {@code null}
   * @param migration the qualified name of the named migration, or {@code null} for the processor's own
   * @param file the file to write, or {@code null} when it holds this layout already (or layouts
   *     are not recorded)
   * @param text what to write
   * @param shown how messages name the file
   */
  public record Plan(int version, StoredLayout current, StoredLayout live, String migration, Path file,
      String text, String shown) {

    /**
     * Writes the file, if there is one to write.
     *
     * @return an error message, or {@code null} when it is written (or nothing was to be)
     */
    public String commit() {
      if (file == null) {
        return null;
      }
      try {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return null;
      } catch (IOException | RuntimeException e) {
        return Messages.layoutFileNotWritten(shown, String.valueOf(e.getMessage()));
      }
    }
  }

  /** Checks {@code model}'s layout; errors go to {@code report}. */
  public Plan check(KeySchemaModel model, ValidationReport report) {
    TypeElement record = model.element();
    Optional<AnnotationMirror> annotation = Mirrors.find(record, AnnotationNames.LAYOUT_VERSION);
    AnnotationMirror mirror = annotation.orElse(null);
    int version = annotation.flatMap(m -> Mirrors.value(m, "value", Integer.class)).orElse(1);
    int live = annotation.flatMap(m -> Mirrors.value(m, "live", Integer.class)).orElse(0);
    String name = model.recordName();
    if (version < 1) {
      report.error(Messages.layoutVersionNotPositive(version), record, mirror, explicit(mirror, "value"));
      return null;
    }
    if (live != 0 && (live < 1 || live >= version)) {
      report.error(Messages.layoutLiveNotOlder(live, version), record, mirror, explicit(mirror, "live"));
      return null;
    }
    String migration = mirror == null ? null : migration(mirror, record, report);
    StoredLayout current = StoredLayouts.of(model, version);
    Path directory = directory(record);
    if (directory == null) {
      if (io.dynakeys.processor.reading.ItemShape.isKotlin(record) && live == 0) {
        // A stub's path says nothing of the .kt file's: without the option nothing is recorded.
        report.warning(Messages.kotlinLayoutsNotRecorded(name), record, model.annotation(), null);
      }
      if (live != 0) {
        report.error(Messages.layoutsNotRecorded(name), record, mirror, explicit(mirror, "live"));
      }
      return new Plan(version, current, null, migration, null, null, null);
    }
    Path entityDirectory = directory.resolve(current.entity());
    TreeMap<Integer, Path> recorded = recorded(entityDirectory);
    Path file = entityDirectory.resolve(version + ".json");
    String shown = shown(file);
    String text = LayoutJson.write(current);
    Path toWrite = null;
    int highest = recorded.isEmpty() ? 0 : recorded.lastKey();
    if (highest > version) {
      report.error(Messages.layoutVersionBehind(name, version, highest, shown(entityDirectory)), record, mirror,
          explicit(mirror, "value"));
      return null;
    }
    if (recorded.containsKey(version)) {
      StoredLayout before = read(file, current.entity(), name, record, mirror, report);
      if (before == null) {
        return null;
      }
      boolean lost = false;
      for (LayoutDiff.Change change : LayoutDiff.between(before, current)) {
        if (!change.keepsStoredItems()) {
          lost = true;
          place(model, change.place(), Messages.layoutChanged(name, version, shown, change.what(),
              Messages.layoutConsequence(consequence(change), name, version)), report);
        }
      }
      if (lost) {
        return null;
      }
      if (!text.equals(readText(file))) {
        toWrite = file; // the same stored keys: the file follows the code
      }
    } else {
      if (highest > 0 && version != highest + 1) {
        report.error(Messages.layoutVersionSkipped(name, version, highest), record, mirror,
            explicit(mirror, "value"));
        return null;
      }
      if (highest > 0) {
        StoredLayout previous = read(recorded.get(highest), current.entity(), name, record, mirror, report);
        if (previous == null) {
          return null;
        }
        if (LayoutDiff.between(previous, current).stream().allMatch(LayoutDiff.Change::keepsStoredItems)) {
          report.warning(Messages.layoutSameAsPrevious(name, version, highest), record, mirror,
              explicit(mirror, "value"));
        }
      }
      toWrite = file;
    }
    StoredLayout older = null;
    if (live != 0) {
      Path liveFile = entityDirectory.resolve(live + ".json");
      if (!recorded.containsKey(live)) {
        report.error(Messages.layoutLiveUnknown(name, live, shown(liveFile)), record, mirror,
            explicit(mirror, "live"));
        return null;
      }
      older = read(liveFile, current.entity(), name, record, mirror, report);
      if (older == null) {
        return null;
      }
      if (migration == null) {
        needsNoMigration(model, older, mirror, report);
      }
      windowReadable(model, older, current, mirror, report);
      liveComponents(model, older, mirror, report);
    }
    return new Plan(version, current, older, migration, toWrite, text, shown);
  }

  /**
   * Reports a component the older items do not hold as this version stores it: the processor's
   * migration reads an older item's attributes as this record, which then cannot key it (or fill
   * a primitive).
   */
  private void needsNoMigration(KeySchemaModel model, StoredLayout older, AnnotationMirror mirror,
      ValidationReport report) {
    Set<String> keyed = model.keyComponents().keySet();
    for (Attribute a : model.attributes()) {
      StoredLayout.Attribute was = older.attribute(a.name());
      String why = null;
      if (was == null && (keyed.contains(a.name()) || a.primitive())) {
        why = "is " + (keyed.contains(a.name()) ? "a key component" : "a primitive") + " version " + older.version()
            + " items do not store";
      } else if (was != null && !was.type().equals(a.valueType().toString())) {
        why = "is " + StoredLayout.simpleType(a.valueType().toString()) + ", and version " + older.version()
            + " stored " + StoredLayout.simpleType(was.type());
      } else if (was != null && !was.attribute().equals(a.attributeName())) {
        why = "is stored in " + a.attributeName() + ", and version " + older.version() + " stored it in "
            + was.attribute();
      }
      if (why != null) {
        report.error(Messages.layoutMigrationNeeded(model.recordName(), older.version(), a.name(), why),
            model.element(), mirror, explicit(mirror, "live"));
      }
    }
  }

  /**
   * Reports a key the window cannot read the older items of: a query knows the components of the
   * newer partition key, so the older one must be made of some of them.
   */
  private static void windowReadable(KeySchemaModel model, StoredLayout older, StoredLayout current,
      AnnotationMirror mirror, ValidationReport report) {
    String record = model.recordName();
    AnnotationValue at = explicit(mirror, "live");
    String olderSort = older.sort() == null ? null : older.sort().attribute();
    String currentSort = current.sort() == null ? null : current.sort().attribute();
    if (!older.partition().attribute().equals(current.partition().attribute())
        || !java.util.Objects.equals(olderSort, currentSort)) {
      report.error(Messages.layoutWindowTableKeys(record, older.version(), keyAttributes(older.partition().attribute(),
          olderSort), keyAttributes(current.partition().attribute(), currentSort)), model.element(), mirror, at);
      return;
    }
    for (StoredLayout.Index index : current.indexes()) {
      StoredLayout.Index was = older.index(index.name());
      if (was != null && (!was.partition().attribute().equals(index.partition().attribute())
          || !java.util.Objects.equals(was.sort() == null ? null : was.sort().attribute(),
              index.sort() == null ? null : index.sort().attribute()))) {
        report.error(Messages.layoutWindowIndexKeys(record, older.version(), index.name()), model.element(), mirror, at);
      }
    }
    List<String> olderTable = new java.util.ArrayList<>(older.partition().componentNames());
    if (older.sort() != null) {
      olderTable.addAll(older.sort().componentNames());
    }
    List<String> currentTable = new java.util.ArrayList<>(current.partition().componentNames());
    if (current.sort() != null) {
      currentTable.addAll(current.sort().componentNames());
    }
    if (!currentTable.containsAll(olderTable)) {
      report.error(Messages.layoutWindowUnreadable(record, older.version(), "the table key", olderTable, currentTable),
          model.element(), mirror, at);
    }
    List<String> before = older.partition().componentNames();
    List<String> after = current.partition().componentNames();
    if (!after.containsAll(before)) {
      report.error(Messages.layoutWindowUnreadable(model.recordName(), older.version(), "the partition key",
          before, after), model.element(), mirror, explicit(mirror, "live"));
    }
    for (StoredLayout.Index index : current.indexes()) {
      StoredLayout.Index was = older.index(index.name());
      if (was == null) {
        continue;
      }
      List<String> b = was.partition().componentNames();
      List<String> a = index.partition().componentNames();
      if (!a.containsAll(b)) {
        report.error(Messages.layoutWindowUnreadable(model.recordName(), older.version(),
            "the index " + index.name() + "'s partition key", b, a), model.element(), mirror,
            explicit(mirror, "live"));
      }
    }
  }

  /**
   * Reports a component of the older keys this record does not have as the older layout typed it:
   * during the window an item's older keys are computed from this version's components (to find
   * and remove its older copy), and its older codecs are generated from the file's types.
   */
  private void liveComponents(KeySchemaModel model, StoredLayout older, AnnotationMirror mirror,
      ValidationReport report) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    List<StoredLayout.Key> keys = new java.util.ArrayList<>();
    keys.add(older.partition());
    if (older.sort() != null) {
      keys.add(older.sort());
    }
    for (StoredLayout.Index index : older.indexes()) {
      keys.add(index.partition());
      if (index.sort() != null) {
        keys.add(index.sort());
      }
    }
    for (StoredLayout.Key key : keys) {
      for (StoredLayout.Segment s : key.segments()) {
        if (!seen.add(s.component())) {
          continue;
        }
        Attribute now = model.attributes().stream().filter(a -> a.name().equals(s.component())).findFirst()
            .orElse(null);
        String nowType = now == null ? null : keyType(now.valueType().toString());
        if (now == null || !s.type().equals(nowType)) {
          report.error(Messages.layoutLiveComponent(model.recordName(), older.version(), s.component(),
              StoredLayout.simpleType(s.type()), now == null ? null : StoredLayout.simpleType(nowType)),
              model.element(), mirror, explicit(mirror, "live"));
        } else if (env.getElementUtils().getTypeElement(s.type()) == null) {
          report.error(Messages.layoutLiveTypeGone(model.recordName(), older.version(), s.component(), s.type()),
              model.element(), mirror, explicit(mirror, "live"));
        }
      }
    }
  }

  /** The type a key segment records for a component of this type: an {@code Optional}'s value type. */
  private static String keyType(String type) {
    return type.startsWith("java.util.Optional<") ? type.substring("java.util.Optional<".length(), type.length() - 1)
        : type;
  }

  private static String keyAttributes(String partition, String sort) {
    return sort == null ? partition : partition + " and " + sort;
  }

  /** The named migration's qualified name, or {@code null} for none; reports one that cannot be one. */
  private String migration(AnnotationMirror mirror, TypeElement record, ValidationReport report) {
    AnnotationValue value = explicit(mirror, "migration");
    if (value == null || !(value.getValue() instanceof TypeMirror type) || type.getKind() == TypeKind.VOID) {
      return null;
    }
    if (type.getKind() != TypeKind.DECLARED) {
      report.error(Messages.layoutMigrationNotAClass(type.toString()), record, mirror, value);
      return null;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    boolean constructible = element.getKind() == ElementKind.CLASS
        && !element.getModifiers().contains(Modifier.ABSTRACT)
        && (element.getNestingKind() == javax.lang.model.element.NestingKind.TOP_LEVEL
            || element.getModifiers().contains(Modifier.STATIC))
        && ElementFilter.constructorsIn(element.getEnclosedElements()).stream()
            .anyMatch(c -> c.getParameters().isEmpty() && !c.getModifiers().contains(Modifier.PRIVATE));
    if (!constructible || !implementsMigration(type)) {
      report.error(Messages.layoutMigrationNotAClass(element.getQualifiedName().toString()), record, mirror, value);
      return null;
    }
    return element.getQualifiedName().toString();
  }

  /** Whether {@code type} implements {@code LayoutMigration}, or may once generated types exist. */
  private boolean implementsMigration(TypeMirror type) {
    for (TypeMirror s : env.getTypeUtils().directSupertypes(type)) {
      if (s.getKind() == TypeKind.ERROR) {
        return true;
      }
      if (s instanceof DeclaredType d && ((TypeElement) d.asElement()).getQualifiedName()
          .contentEquals("io.dynakeys.runtime.schema.LayoutMigration")) {
        return true;
      }
      if (!s.toString().equals("java.lang.Object") && implementsMigration(s)) {
        return true;
      }
    }
    return false;
  }

  private StoredLayout read(Path file, String entity, String record, TypeElement element, AnnotationMirror mirror,
      ValidationReport report) {
    String text = readText(file);
    try {
      if (text == null) {
        throw new LayoutJson.LayoutFileException("it cannot be opened");
      }
      StoredLayout layout = LayoutJson.read(text);
      if (!layout.entity().equals(entity)) {
        report.error(Messages.layoutFileOfOtherEntity(shown(file), layout.entity(), record), element, mirror, null);
        return null;
      }
      String expected = file.getFileName().toString();
      if (!expected.equals(layout.version() + ".json")) {
        throw new LayoutJson.LayoutFileException("it says it is version " + layout.version());
      }
      return layout;
    } catch (LayoutJson.LayoutFileException e) {
      report.error(Messages.layoutFileUnreadable(shown(file), e.getMessage()), element, mirror, null);
      return null;
    }
  }

  private static String readText(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The versions recorded in {@code directory}: {@code <n>.json} files, by number. */
  private static TreeMap<Integer, Path> recorded(Path directory) {
    TreeMap<Integer, Path> out = new TreeMap<>();
    if (!Files.isDirectory(directory)) {
      return out;
    }
    try (Stream<Path> files = Files.list(directory)) {
      files.forEach(f -> {
        String n = f.getFileName().toString();
        if (n.matches("[1-9][0-9]{0,8}\\.json")) {
          out.put(Integer.parseInt(n.substring(0, n.length() - 5)), f);
        }
      });
    } catch (IOException e) {
      // an unreadable directory holds no version we can see; the write reports what is wrong
    }
    return out;
  }

  /**
   * The layouts directory for {@code record}: the option's, or {@code src/main/dynakeys} beside a
   * {@code src/main/java} or {@code src/main/kotlin} source directory; {@code null} when neither.
   * A Kotlin class is a kapt stub under the build directory, whose place depends on the build tool
   * and its settings: only the option names its directory.
   */
  Path directory(TypeElement record) {
    String option = env.getOptions().get(OPTION);
    if (option != null && !option.isBlank()) {
      return Path.of(option.trim()).toAbsolutePath().normalize();
    }
    if (trees == null || io.dynakeys.processor.reading.ItemShape.isKotlin(record)) {
      return null;
    }
    try {
      com.sun.source.util.TreePath path = trees.getPath(record);
      if (path == null) {
        return null;
      }
      URI uri = path.getCompilationUnit().getSourceFile().toUri();
      if (!"file".equals(uri.getScheme())) {
        return null;
      }
      Path dir = Path.of(uri).toAbsolutePath().normalize().getParent();
      String pkg = env.getElementUtils().getPackageOf(record).getQualifiedName().toString();
      if (!pkg.isEmpty()) {
        String[] names = pkg.split("\\.");
        for (int i = names.length - 1; i >= 0; i--) {
          if (dir == null || dir.getFileName() == null || !dir.getFileName().toString().equals(names[i])) {
            return null;
          }
          dir = dir.getParent();
        }
      }
      if (dir == null || dir.getNameCount() < 3) {
        return null;
      }
      String language = dir.getFileName().toString();
      if ((language.equals("java") || language.equals("kotlin"))
          && dir.getParent().getFileName().toString().equals("main")
          && dir.getParent().getParent().getFileName().toString().equals("src")) {
        return dir.getParent().resolve("dynakeys");
      }
      return null;
    } catch (RuntimeException e) {
      return null; // a source the file system does not hold
    }
  }

  /** The attribute {@code name} as written, or {@code null} (also without an annotation). */
  private static AnnotationValue explicit(AnnotationMirror mirror, String name) {
    return mirror == null ? null : Mirrors.explicit(mirror, name);
  }

  /** How a message names {@code file}: relative to the working directory when under it. */
  static String shown(Path file) {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    Path shown = file.startsWith(cwd) ? cwd.relativize(file) : file;
    return shown.toString().replace(java.io.File.separatorChar, '/');
  }

  /** Reports {@code message} where {@code place} is in {@code model}'s source. */
  private static void place(KeySchemaModel model, LayoutDiff.Place place, String message, ValidationReport report) {
    TypeElement record = model.element();
    AnnotationMirror keySchema = model.annotation();
    switch (place.target()) {
      case KEY_SCHEMA -> report.error(message, record, keySchema,
          place.attribute() == null ? null : Mirrors.explicit(keySchema, place.attribute()));
      case COMPONENT -> {
        io.dynakeys.processor.model.ItemComponent item = model.component(place.name());
        Element component = item == null ? null : item.element();
        if (component == null) {
          report.error(message, record, keySchema, null);
          return;
        }
        AnnotationMirror on = place.attribute() == null ? null
            : item.annotation("io.dynakeys.annotations." + place.attribute()).orElse(null);
        report.error(message, component, on, null);
      }
      case INDEX -> {
        for (IndexModel index : model.indexes()) {
          if (index.name().equals(place.name())) {
            IndexValidator.error(report, model, index, message, place.attribute());
            return;
          }
        }
        report.error(message, record, keySchema, null);
      }
      case SHARDED -> report.error(message, record,
          model.sharding() == null ? keySchema : model.sharding().mirror(), null);
      default -> report.error(message, record, keySchema, null);
    }
  }

  /**
   * The consequence's name for {@link Messages#layoutConsequence}: a new synthetic index is
   * backfilled by {@code dynakeys backfill-index}, which the message names; a path's new indexes are
   * not.
   */
  private static String consequence(LayoutDiff.Change change) {
    return change.effect() == LayoutDiff.Effect.NEW_INDEX && change.place().target() == LayoutDiff.Target.INDEX
        ? "NEW_SYNTHETIC_INDEX" : change.effect().name();
  }
}
