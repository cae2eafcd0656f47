package io.dynakeys.processor.reading;

import static io.dynakeys.processor.reading.AnnotationNames.KEY_SCHEMA;
import static io.dynakeys.processor.reading.AnnotationNames.PARTITION_KEY;
import static io.dynakeys.processor.reading.AnnotationNames.SORT_KEY;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.Sharding;
import io.dynakeys.processor.validation.Messages;
import io.dynakeys.processor.validation.ValidationReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Turns a {@code @KeySchema} type into a {@link KeySchemaModel}. It reports only what stops a
 * model from being built (not a record, a component in both keys, a type the table schema cannot
 * store); the checks of widths, delimiters, indexes and names are the validators'.
 */
public final class KeySchemaReader {

  /** The outcome of reading one type. */
  public sealed interface Result {
    /** A model, ready for the checks. */
    record Read(KeySchemaModel model) implements Result {}

    /** A component's type is not resolved yet (it may be generated in a later round). */
    record Deferred(String component) implements Result {}

    /** Nothing to model; the report says why. */
    record Invalid() implements Result {}
  }

  private final ValidationReport report;

  /** @param report where structural problems go */
  public KeySchemaReader(ValidationReport report) {
    this.report = report;
  }

  /** Reads {@code type}, which carries {@code @KeySchema}. */
  public Result read(TypeElement type) {
    AnnotationMirror schema = Mirrors.find(type, KEY_SCHEMA).orElseThrow();
    String name = type.getSimpleName().toString();
    ItemShape.Result shape = ItemShape.read(type);
    if (shape instanceof ItemShape.Result.NotAClass) {
      report.error(ItemShape.isKotlin(type) ? Messages.kotlinNotAClass(Messages.kindName(type.getKind()), name)
          : Messages.notARecord(Messages.kindName(type.getKind()), name), type, schema, null);
      return new Result.Invalid();
    }
    if (shape instanceof ItemShape.Result.Refused refused) {
      report.error(Messages.kotlinNotAnItem(refused.reason()), refused.at(),
          refused.at() == type ? schema : null, null);
      return new Result.Invalid();
    }
    List<ComponentSource> sources = ((ItemShape.Result.Components) shape).components();
    // Local records never reach a processor (javac does not hand them over): nothing to check.
    String keysName = keysClassName(type).simpleName();
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(Messages.privateRecord(name, t == type ? null : t.getSimpleName().toString(), keysName),
            type, schema, null);
        return new Result.Invalid();
      }
    }
    if (!type.getTypeParameters().isEmpty()) {
      report.error(Messages.genericRecord(name), type, schema, null);
      return new Result.Invalid();
    }

    Optional<String> partitionPrefix = Mirrors.value(schema, "partitionPrefix", String.class);
    Optional<String> sortPrefix = Mirrors.value(schema, "sortPrefix", String.class);
    Optional<Character> delimiter = Mirrors.value(schema, "delimiter", Character.class);
    Optional<String> partitionAttribute = Mirrors.value(schema, "partitionKeyAttribute", String.class);
    Optional<String> sortAttribute = Mirrors.value(schema, "sortKeyAttribute", String.class);
    if (partitionPrefix.isEmpty() || sortPrefix.isEmpty() || delimiter.isEmpty()
        || partitionAttribute.isEmpty() || sortAttribute.isEmpty()) {
      return new Result.Invalid(); // javac has reported the malformed attribute
    }
    char d = delimiter.get();
    List<IndexReader.Declaration> declarations = IndexReader.declarations(type);
    Set<String> indexed = new HashSet<>();
    Set<String> composed = new HashSet<>(); // in the key of a composed (not native) index
    declarations.forEach(i -> {
      indexed.addAll(i.partitionKey());
      indexed.addAll(i.sortKey());
      if (!i.nativeKey()) {
        composed.addAll(i.partitionKey());
        composed.addAll(i.sortKey());
      }
    });

    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> sort = new ArrayList<>();
    Map<String, ComponentSource> byName = new LinkedHashMap<>();
    List<Attribute> attributes = new ArrayList<>();
    String versionComponent = null;
    String timeToLiveComponent = null;
    Element timeToLiveElement = null;
    AnnotationMirror timeToLiveMirror = null;
    List<ComponentSource> uniqueComponents = new ArrayList<>();
    boolean valid = true;
    for (ComponentSource source : sources) {
      String componentName = source.name();
      Element component = source.element();
      byName.put(componentName, source);
      TypeMirror componentType = source.type();
      if (containsError(componentType)) {
        String keysClass = keysClassName(type).simpleName();
        if (TypeName.get(componentType).toString().startsWith(keysClass)) {
          // The class this record generates can never be resolved before it is written.
          report.error(Messages.refersToOwnKeys(componentName, keysClass), component, null, null);
          valid = false;
          continue;
        }
        return new Result.Deferred(componentName);
      }
      Accessibility.Problem hidden = Accessibility.find(componentType, Accessibility.packageOf(type));
      if (hidden != null) {
        report.error(Messages.inaccessibleComponentType(componentName,
                String.join(".", ClassName.get(hidden.type()).simpleNames()),
                String.join(".", ClassName.get(hidden.offending()).simpleNames()),
                hidden.isPrivate(), keysName),
            component, null, null);
        valid = false;
        continue;
      }
      Optional<AnnotationMirror> pk = source.find(PARTITION_KEY);
      Optional<AnnotationMirror> sk = source.find(SORT_KEY);
      if (source.nullable() && KeyTypeReader.qualifiedName(componentType).equals("java.util.Optional")) {
        report.error(Messages.nullableOptional(componentName), component, null, null);
        valid = false;
        continue;
      }
      ClientAnnotations.Options options = ClientAnnotations.read(source, true, pk.isPresent() || sk.isPresent());
      for (ClientAnnotations.Problem problem : options.problems()) {
        report.error(problem.message(), component, null, null);
        valid = false;
      }
      if (options.tags().stream().anyMatch(t -> t.kind() == io.dynakeys.processor.model.AttributeTag.Kind.VERSION)) {
        if (versionComponent != null) {
          report.error(Messages.twoVersionAttributes(versionComponent), component, null, null);
          valid = false;
        }
        versionComponent = componentName;
      }
      List<io.dynakeys.processor.model.AttributeTag> tags = options.tags();
      Optional<AnnotationMirror> ttl = source.find(AnnotationNames.TIME_TO_LIVE);
      if (ttl.isPresent()) {
        String problem = timeToLiveProblem(componentName, componentType, pk.isPresent() || sk.isPresent()
            || indexed.contains(componentName), options, timeToLiveComponent);
        if (problem != null) {
          report.error(problem, component, ttl.get(), null);
          valid = false;
        } else {
          timeToLiveComponent = componentName;
          timeToLiveElement = component;
          timeToLiveMirror = ttl.get();
          tags = new ArrayList<>(tags);
          tags.add(new io.dynakeys.processor.model.AttributeTag(
              io.dynakeys.processor.model.AttributeTag.Kind.TIME_TO_LIVE, 0, 0, null));
          tags = List.copyOf(tags);
        }
      }
      AttributeTypeReader.Outcome storage = options.converter() != null
          ? new AttributeTypeReader.Outcome(io.dynakeys.processor.model.AttributeType.of(
              io.dynakeys.processor.model.AttributeType.Kind.CONVERTED, options.converter()), null)
          : AttributeTypeReader.read(componentType, List.of(type.getQualifiedName().toString()));
      // A native index's component is checked as what it is stored as, so its type problem is this one.
      boolean inSomeKey = pk.isPresent() || sk.isPresent() || composed.contains(componentName);
      if (storage.problem() == null) {
        if (options.ignoreNulls() && ClientAnnotations.ignoreNullsProblem(storage.type()) != null) {
          report.error(Messages.ignoreNullsProblem(componentName, ClientAnnotations.ignoreNullsProblem(storage.type())),
              component, null, null);
          valid = false;
        }
        attributes.add(new Attribute(componentName, options.attributeName(),
            TypeName.get(componentType).withoutAnnotations().box(), storage.type(),
            componentType.getKind().isPrimitive(), tags, source.accessor()));
      } else if (storage.inside() != null) {
        // Shown on the nested record's own annotation, or on this component when it has no source.
        AttributeTypeReader.Inside inside = storage.inside();
        report.errorInNested(Messages.timeToLiveInNestedRecord(inside.component().name(),
                inside.record(), type.getSimpleName().toString(), componentName),
            inside.component().element(), inside.annotation(), component);
        valid = false;
      } else if (!inSomeKey || KeyTypeReader.read(componentType, null, d).isKeyType()) {
        // A key component whose type is no key type gets the key checks' more precise message.
        report.error(Messages.unsupportedAttributeType(componentName,
            KeyTypeReader.displayLabel(componentType), storage.problem(), StorableTypes.describe()),
            component, null, null);
        valid = false;
      }
      Optional<AnnotationMirror> unique = source.find(AnnotationNames.UNIQUE);
      if (unique.isPresent()) {
        if (pk.isPresent() || sk.isPresent()) {
          report.error(Messages.uniqueInTableKey(componentName), component, unique.get(), null);
          valid = false;
        } else if (!KeyTypeReader.read(optionalValue(componentType), null, d).isKeyType()) {
          report.error(Messages.uniqueType(componentName, KeyTypeReader.displayLabel(componentType)),
              component, unique.get(), null);
          valid = false;
        } else {
          uniqueComponents.add(source);
        }
      }
      if (pk.isPresent() && sk.isPresent()) {
        report.error(Messages.bothKeys(componentName), component, sk.get(), null);
        valid = false;
        continue;
      }
      if (pk.isEmpty() && sk.isEmpty()) {
        if (!indexed.contains(componentName) && source.find(AnnotationNames.UNIQUE).isEmpty()) {
          for (String modifier : AnnotationNames.COMPONENT_MODIFIERS) {
            Optional<AnnotationMirror> m = source.find(modifier);
            if (m.isPresent()) {
              report.error(Messages.modifierWithoutKey(AnnotationNames.simple(modifier), componentName),
                  component, m.get(), null);
              valid = false;
            }
          }
        }
        continue;
      }
      Optional<KeyComponent> read = ComponentReader.read(source, pk.orElseGet(sk::get), true, d);
      if (read.isEmpty()) {
        valid = false;
      } else {
        (pk.isPresent() ? partition : sort).add(read.get());
      }
    }
    if (timeToLiveComponent != null && !uniqueComponents.isEmpty()) {
      // DynamoDB's expiry deletes the item alone: its guards would hold its values for ever.
      report.error(Messages.timeToLiveWithUnique(timeToLiveComponent,
              uniqueComponents.stream().map(ComponentSource::name).toList()),
          timeToLiveElement, timeToLiveMirror, null);
      valid = false;
    }
    KeyPart partitionPart = new KeyPart(KeyPart.Kind.PARTITION, partitionAttribute.get(),
        partitionPrefix.get(), d, List.copyOf(partition), Mirrors.explicit(schema, "partitionPrefix"));
    KeyPart sortPart = new KeyPart(KeyPart.Kind.SORT, sortAttribute.get(), sortPrefix.get(), d,
        List.copyOf(sort), Mirrors.explicit(schema, "sortPrefix"));
    KeyLayout table = new KeyLayout(null, partitionPart, sortPart);

    List<IndexModel> indexes = new ArrayList<>();
    List<IndexModel> nativeIndexes = new ArrayList<>();
    for (IndexReader.Declaration declaration : declarations) {
      Optional<IndexModel> index = IndexReader.resolve(declaration, table, byName);
      if (index.isEmpty()) {
        valid = false;
      } else {
        (index.get().nativeKey() ? nativeIndexes : indexes).add(index.get());
      }
    }
    List<io.dynakeys.processor.model.UniqueModel> uniques = new ArrayList<>();
    Set<String> guardPrefixes = new HashSet<>();
    for (ComponentSource unique : uniqueComponents) {
      Element component = unique.element();
      AnnotationMirror mirror = unique.find(AnnotationNames.UNIQUE).orElseThrow();
      String uniqueName = unique.name();
      String prefix = Mirrors.value(mirror, "prefix", String.class).orElse("");
      AnnotationValue prefixValue = Mirrors.explicit(mirror, "prefix");
      if (prefix.isEmpty()) {
        prefix = (type.getSimpleName() + "_" + uniqueName).toUpperCase(java.util.Locale.ROOT);
      }
      String problem = prefix.indexOf(d) >= 0 ? Messages.delimiterInPrefix("prefix", prefix, d)
          : prefix.equals(partitionPrefix.get()) ? Messages.uniquePrefixIsTheRecords(uniqueName, prefix)
          : !guardPrefixes.add(prefix) ? Messages.uniquePrefixTwice(uniqueName, prefix) : null;
      if (problem != null) {
        report.error(problem, component, mirror, prefixValue);
        valid = false;
        continue;
      }
      Optional<KeyComponent> read = ComponentReader.read(unique, mirror, false, d);
      if (read.isEmpty()) {
        valid = false;
        continue;
      }
      KeyPart guardPartition = new KeyPart(KeyPart.Kind.PARTITION, partitionAttribute.get(), prefix, d,
          List.of(read.get()), prefixValue);
      KeyPart guardSort = new KeyPart(KeyPart.Kind.SORT, sortAttribute.get(),
          sortPart.isEmpty() ? "" : io.dynakeys.processor.model.UniqueModel.SORT_PREFIX, d, List.of(), null);
      uniques.add(new io.dynakeys.processor.model.UniqueModel(read.get(),
          new KeyLayout(null, guardPartition, guardSort), mirror));
    }
    if (!valid) {
      return new Result.Invalid();
    }
    Sharding sharding = null;
    Optional<AnnotationMirror> sharded = Mirrors.find(type, AnnotationNames.SHARDED);
    if (sharded.isPresent()) {
      Optional<Integer> count = Mirrors.value(sharded.get(), "count", Integer.class);
      if (count.isEmpty()) {
        return new Result.Invalid(); // javac has reported the malformed attribute
      }
      sharding = new Sharding(count.get(), IndexReader.names(sharded.get(), "by"), sharded.get(),
          Mirrors.explicit(sharded.get(), "count"), Mirrors.explicit(sharded.get(), "by"),
          Mirrors.value(sharded.get(), "random", Boolean.class).orElse(false),
          Mirrors.explicit(sharded.get(), "random"));
    }
    return new Result.Read(new KeySchemaModel(ClassName.get(type), keysClassName(type), table,
        List.copyOf(indexes), List.copyOf(attributes), type, schema,
        Mirrors.explicit(schema, "delimiter"), sharding, collections(type), List.copyOf(nativeIndexes),
        List.copyOf(uniques), sources.stream().map(ComponentSource::toModel).toList()));
  }

  /** The value type of an {@code Optional}, else the type itself. */
  private static TypeMirror optionalValue(TypeMirror type) {
    if (KeyTypeReader.qualifiedName(type).equals("java.util.Optional") && type instanceof DeclaredType d
        && d.getTypeArguments().size() == 1) {
      return d.getTypeArguments().get(0);
    }
    return type;
  }

  /** What is wrong with {@code @TimeToLive} on {@code component}, or {@code null}. */
  private static String timeToLiveProblem(String name, TypeMirror type, boolean inKey,
      ClientAnnotations.Options options, String earlier) {
    if (earlier != null) {
      return Messages.twoTimeToLiveComponents(earlier);
    }
    if (inKey) {
      return Messages.timeToLiveInKey(name);
    }
    if (options.converter() != null) {
      return Messages.timeToLiveWith(name, "DynamoDbConvertedBy");
    }
    if (!options.tags().isEmpty()) {
      String feature = switch (options.tags().get(0).kind()) {
        case VERSION -> "DynamoDbVersionAttribute";
        case ATOMIC_COUNTER -> "DynamoDbAtomicCounter";
        case AUTO_TIMESTAMP -> "DynamoDbAutoGeneratedTimestampAttribute";
        default -> "DynamoDbUpdateBehavior";
      };
      return Messages.timeToLiveWith(name, feature);
    }
    String qualified = KeyTypeReader.qualifiedName(type);
    boolean fits = type.getKind() == TypeKind.LONG || qualified.equals("java.lang.Long")
        || qualified.equals("java.time.Instant")
        || qualified.equals("java.util.Optional") && type instanceof DeclaredType d && d.getTypeArguments().size() == 1
            && KeyTypeReader.qualifiedName(d.getTypeArguments().get(0)).equals("java.time.Instant");
    return fits ? null : Messages.timeToLiveType(name, KeyTypeReader.displayLabel(type));
  }

  /** The {@code @ItemCollection} interfaces {@code type} implements, by qualified name. */
  private static java.util.Set<String> collections(TypeElement type) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (TypeMirror parent : type.getInterfaces()) {
      if (parent.getKind() == TypeKind.DECLARED) {
        TypeElement element = (TypeElement) ((DeclaredType) parent).asElement();
        if (Mirrors.find(element, AnnotationNames.ITEM_COLLECTION).isPresent()) {
          out.add(element.getQualifiedName().toString());
        }
      }
    }
    return java.util.Set.copyOf(out);
  }

  /** {@code RunKeys} for {@code Run}; {@code Outer_RunKeys} for a record nested in {@code Outer}. */
  public static ClassName keysClassName(TypeElement type) {
    ClassName record = ClassName.get(type);
    return ClassName.get(record.packageName(), EntityLayout.keysClassSimpleName(record.simpleNames()));
  }

  private static boolean containsError(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type instanceof DeclaredType declared) {
      for (TypeMirror argument : declared.getTypeArguments()) {
        if (containsError(argument)) {
          return true;
        }
      }
    }
    return false;
  }
}
