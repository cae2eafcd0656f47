package io.dynakeys.processor;

import com.google.auto.service.AutoService;
import io.dynakeys.processor.layout.LayoutCheck;
import io.dynakeys.processor.model.CollectionModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.CollectionReader;
import io.dynakeys.processor.reading.AnnotationNames;
import io.dynakeys.processor.reading.KeySchemaReader;
import io.dynakeys.processor.reading.Mirrors;
import io.dynakeys.processor.reading.UpdateCalls;
import io.dynakeys.processor.validation.CollectionValidator;
import io.dynakeys.processor.validation.GroupedSetValidator;
import io.dynakeys.processor.validation.IndexValidator;
import io.dynakeys.processor.validation.KeySchemaValidator;
import io.dynakeys.processor.validation.Messages;
import io.dynakeys.processor.validation.ParameterAnnotations;
import io.dynakeys.processor.validation.SharedPartitionValidator;
import io.dynakeys.processor.validation.ShardingValidator;
import io.dynakeys.processor.validation.UnversionedUpdateValidator;
import io.dynakeys.processor.validation.ValidationReport;
import io.dynakeys.processor.writing.CollectionWriter;
import io.dynakeys.processor.writing.KeysWriter;
import io.dynakeys.processor.writing.SourceFileWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * The dynakeys annotation processor: for each {@code @KeySchema} record, reads a model, checks it
 * and writes {@code <Record>Keys}. It never throws: problems in the source become diagnostics on
 * the narrowest element, and only the record at fault is abandoned. Records whose component types
 * are not generated yet are retried in later rounds, by name.
 */
@AutoService(Processor.class)
public final class KeysProcessor extends AbstractProcessor {

  /** Records waiting for a type to be generated: record name to the component's name. */
  private final Map<String, String> deferred = new LinkedHashMap<>();
  /** Item collections waiting for a member's type to be generated, by name. */
  private final java.util.Set<String> deferredCollections = new java.util.LinkedHashSet<>();
  /**
   * The records written so far, grouped by partition key attribute and prefix: a record is checked
   * only against those it shares partitions with, so the check stays linear in the records.
   */
  private final Map<String, List<KeySchemaModel>> writtenByPartition = new HashMap<>();
  /** Writes the generated files; made once, since it looks up which {@code @Generated} exists. */
  private SourceFileWriter sourceFiles;
  /** javac's syntax trees, to place diagnostics where mirrors have no position; null elsewhere. */
  private com.sun.source.util.Trees trees;
  /** Check 30: each record's layout against its committed layout files. */
  private LayoutCheck layouts;
  /** The sources of the compilation (the first round's), whose calls are checked in the last round. */
  private final List<com.sun.source.tree.CompilationUnitTree> sources = new ArrayList<>();
  private boolean sourcesRead;

  @Override
  public synchronized void init(javax.annotation.processing.ProcessingEnvironment env) {
    super.init(env);
    sourceFiles = new SourceFileWriter(env.getFiler(), env.getElementUtils(), env.getSourceVersion());
    try {
      trees = com.sun.source.util.Trees.instance(env);
    } catch (IllegalArgumentException | LinkageError e) {
      trees = null; // not javac (or wrapped by a build tool): mirrors alone place diagnostics
    }
    layouts = new LayoutCheck(env, trees);
  }

  /** {@code dynakeys.layouts}: the directory of the committed layout files ({@link LayoutCheck}). */
  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(LayoutCheck.OPTION);
  }

  /**
   * The dynakeys annotations, and {@code @Generated}: the generated files carry it and nothing
   * else claims it, so without this {@code -Xlint:all -Werror} builds would fail on javac's
   * "No processor claimed any of these annotations".
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("io.dynakeys.annotations.*", "javax.annotation.processing.Generated");
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    // The annotation types present in this round: only those are looked for, since every search
    // scans all of the round's elements (in the rounds after the first, the generated classes).
    Set<String> present = new HashSet<>();
    for (TypeElement annotation : annotations) {
      present.add(annotation.getQualifiedName().toString());
    }
    if (!sourcesRead && trees != null) {
      sourcesRead = true;
      Set<com.sun.source.tree.CompilationUnitTree> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      for (Element e : round.getRootElements()) {
        com.sun.source.util.TreePath path = trees.getPath(e);
        if (path != null && seen.add(path.getCompilationUnit())) {
          sources.add(path.getCompilationUnit());
        }
      }
    }
    List<TypeElement> types = new ArrayList<>();
    for (String name : deferred.keySet()) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    deferred.clear();
    TypeElement schema = processingEnv.getElementUtils().getTypeElement(AnnotationNames.KEY_SCHEMA);
    if (schema != null) {
      if (present.contains(AnnotationNames.KEY_SCHEMA)) {
        for (Element e : round.getElementsAnnotatedWith(schema)) {
          if (e instanceof TypeElement type && !types.contains(type)) {
            types.add(type);
          }
        }
      }
      checkOrphanAnnotations(round, present);
    }
    for (TypeElement type : types) {
      processSafely(type);
    }
    List<TypeElement> collections = new ArrayList<>();
    for (String name : deferredCollections) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        collections.add(type);
      }
    }
    deferredCollections.clear();
    TypeElement collection = processingEnv.getElementUtils().getTypeElement(AnnotationNames.ITEM_COLLECTION);
    if (collection != null && present.contains(AnnotationNames.ITEM_COLLECTION)) {
      for (Element e : round.getElementsAnnotatedWith(collection)) {
        if (e instanceof TypeElement type && !collections.contains(type)) {
          collections.add(type);
        }
      }
    }
    for (TypeElement type : collections) {
      processCollectionSafely(type);
    }
    if (round.processingOver()) {
      ValidationReport report = new ValidationReport();
      for (Map.Entry<String, String> e : deferred.entrySet()) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(e.getKey());
        Element at = io.dynakeys.processor.reading.ItemShape.element(type, e.getValue()).orElse(type);
        report.error(Messages.unresolvedType(type.getSimpleName() + "." + e.getValue()), at, null, null);
      }
      for (String name : deferredCollections) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        report.error(Messages.unresolvedType(type.getSimpleName() + "'s members"), type, null, null);
      }
      report.printTo(processingEnv.getMessager(), trees);
      deferred.clear();
      deferredCollections.clear();
      checkUpdateCalls();
    }
    // Claim only rounds whose annotations are all ours or @Generated: another processor's
    // annotations in the same round stay visible to it.
    return annotations.stream().allMatch(a -> a.getQualifiedName().toString().startsWith("io.dynakeys.annotations.")
        || a.getQualifiedName().contentEquals("javax.annotation.processing.Generated"));
  }

  private void processCollectionSafely(TypeElement type) {
    ValidationReport report = new ValidationReport();
    try {
      CollectionReader.Result result = new CollectionReader(report).read(type);
      if (result instanceof CollectionReader.Result.Deferred) {
        deferredCollections.add(type.getQualifiedName().toString());
        return;
      }
      if (result instanceof CollectionReader.Result.Read read) {
        CollectionModel model = read.model();
        new CollectionValidator(report).validate(model);
        if (report.isClean()) {
          try {
            sourceFiles.write(model.keysClass().packageName(), new CollectionWriter(model).write(), type,
                KeysProcessor.class.getName());
          } catch (javax.annotation.processing.FilerException e) {
            report.error(Messages.generatedClassExists(model.keysClass().canonicalName()), type,
                model.annotation(), null);
          }
        }
      }
    } catch (RuntimeException | IOException | Error e) {
      report.error(Messages.internalError(type.getQualifiedName().toString(), e), type, null, null);
    }
    report.printTo(processingEnv.getMessager(), trees);
  }

  private void processSafely(TypeElement type) {
    try {
      process(type);
    } catch (RuntimeException | IOException | Error e) {
      // Never end the compilation with "annotation processor threw an uncaught exception".
      ValidationReport report = new ValidationReport();
      report.error(Messages.internalError(type.getQualifiedName().toString(), e), type, null, null);
      report.printTo(processingEnv.getMessager(), trees);
    }
  }

  private void process(TypeElement type) throws IOException {
    ValidationReport report = new ValidationReport();
    KeySchemaReader.Result result = new KeySchemaReader(report).read(type);
    if (result instanceof KeySchemaReader.Result.Deferred d) {
      deferred.put(type.getQualifiedName().toString(), d.component());
      return;
    }
    if (result instanceof KeySchemaReader.Result.Read read) {
      KeySchemaModel model = read.model();
      new KeySchemaValidator(report).validate(model);
      new IndexValidator(report).validate(model);
      new ShardingValidator(report).validate(model);
      List<KeySchemaModel> sharing = writtenByPartition.computeIfAbsent(
          SharedPartitionValidator.partitionGroup(model), k -> new ArrayList<>());
      SharedPartitionValidator.validate(model, sharing, report);
      LayoutCheck.Plan plan = report.isClean() ? layouts.check(model, report) : null;
      if (report.isClean() && plan != null) {
        try {
          sourceFiles.write(model.keysClass().packageName(), new KeysWriter(model, plan.version(), plan.live(), plan.migration()).write(), type,
                  KeysProcessor.class.getName());
          sharing.add(model);
          String notWritten = plan.commit();
          if (notWritten != null) {
            report.error(notWritten, type, model.annotation(), null);
          }
        } catch (javax.annotation.processing.FilerException e) {
          // A source of this compilation already declares the name (a hand-written class).
          // A class file of an earlier build does not count: javac lets the file be rewritten.
          report.error(Messages.generatedClassExists(model.keysClass().canonicalName()), type,
              model.annotation(), null);
        }
      }
    }
    report.printTo(processingEnv.getMessager(), trees);
  }

  /**
   * The updates that set half an index group, said in one line naming the group (javac's own error
   * lists every {@code set} overload), and the updates of a versioned record written whole in one
   * expression that say no version, which their request would refuse at run time. A processor error
   * also ends the compilation before javac attributes the code, so that error is the only one. Best
   * effort: a call that cannot be read is left to javac, or to the run-time refusal.
   */
  private void checkUpdateCalls() {
    if (trees == null) {
      return;
    }
    ValidationReport report = new ValidationReport();
    GroupedSetValidator groups = new GroupedSetValidator(report);
    UnversionedUpdateValidator versions = new UnversionedUpdateValidator(report);
    writtenByPartition.values().forEach(models -> models.forEach(m -> {
      groups.add(m);
      versions.add(m);
    }));
    java.util.function.Predicate<String> typeExists = name -> processingEnv.getElementUtils().getTypeElement(name) != null;
    if (groups.hasGroups()) {
      Set<String> keysClasses = groups.keysClasses();
      try {
        for (com.sun.source.tree.CompilationUnitTree source : sources) {
          UpdateCalls.find(source, keysClasses, typeExists).forEach(groups::check);
        }
      } catch (RuntimeException unreadable) {
        // javac refuses such a call with its own message: never fail a compilation for this check.
      }
    }
    if (!versions.keysClasses().isEmpty()) {
      try {
        for (com.sun.source.tree.CompilationUnitTree source : sources) {
          UpdateCalls.sendsWithoutVersion(source, versions.keysClasses(), typeExists).forEach(versions::check);
        }
      } catch (RuntimeException unreadable) {
        // The run-time refusal remains: never fail a compilation for this check.
      }
    }
    sources.clear();
    report.printTo(processingEnv.getMessager(), trees);
  }

  /**
   * Check 9: key annotations on components of records (or properties of Kotlin classes) that have
   * no {@code @KeySchema}, and on parameters, which their {@code PARAMETER} target allows for
   * Kotlin's sake: a parameter a record component's annotation propagates to, or a Kotlin primary
   * constructor's, is the component's; any other means nothing.
   *
   * @param present the annotation types present in the round; the others annotate nothing in it
   */
  private void checkOrphanAnnotations(RoundEnvironment round, Set<String> present) {
    List<String> names = new ArrayList<>(List.of(AnnotationNames.PARTITION_KEY, AnnotationNames.SORT_KEY));
    names.addAll(List.of(AnnotationNames.COMPONENT_MODIFIERS));
    ValidationReport report = new ValidationReport();
    for (String name : names) {
      if (!present.contains(name)) {
        continue;
      }
      TypeElement annotation = processingEnv.getElementUtils().getTypeElement(name);
      if (annotation == null) {
        continue;
      }
      for (Element e : round.getElementsAnnotatedWith(annotation)) {
        Optional<AnnotationMirror> mirror = Mirrors.find(e, name);
        if (e.getKind() == ElementKind.PARAMETER) {
          ParameterAnnotations.check(e, name, mirror.orElse(null), report);
          continue;
        }
        Element owner = e.getKind() == ElementKind.RECORD_COMPONENT ? e.getEnclosingElement() : null;
        if (owner == null || Mirrors.find(owner, AnnotationNames.KEY_SCHEMA).isPresent()) {
          continue;
        }
        report.error(Messages.orphanKeyAnnotation(AnnotationNames.simple(name), owner.getSimpleName().toString()),
            e, mirror.orElse(null), null);
      }
    }
    TypeElement sharded = present.contains(AnnotationNames.SHARDED)
        ? processingEnv.getElementUtils().getTypeElement(AnnotationNames.SHARDED) : null;
    if (sharded != null) {
      for (Element e : round.getElementsAnnotatedWith(sharded)) {
        if (Mirrors.find(e, AnnotationNames.KEY_SCHEMA).isEmpty()) {
          report.error(Messages.orphanSharded(e.getSimpleName().toString()), e,
              Mirrors.find(e, AnnotationNames.SHARDED).orElse(null), null);
        }
      }
    }
    report.printTo(processingEnv.getMessager(), trees);
  }
}
