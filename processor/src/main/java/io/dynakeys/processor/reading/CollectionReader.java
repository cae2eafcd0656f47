package io.dynakeys.processor.reading;

import com.palantir.javapoet.ClassName;
import io.dynakeys.processor.model.CollectionModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.validation.Messages;
import io.dynakeys.processor.validation.ValidationReport;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Reads an {@code @ItemCollection} interface and its members. Each member is read as its own
 * {@code @KeySchema} processing reads it; a member with problems of its own is reported there, so
 * here it only stops the collection.
 */
public final class CollectionReader {

  /** The outcome of reading one collection. */
  public sealed interface Result {
    /** A model, ready for the checks. */
    record Read(CollectionModel model) implements Result {}

    /** A member's type is not resolved yet. */
    record Deferred() implements Result {}

    /** Nothing to model; the report says why, or a member's own processing does. */
    record Invalid() implements Result {}
  }

  private final ValidationReport report;

  /** @param report where the collection's structural problems go */
  public CollectionReader(ValidationReport report) {
    this.report = report;
  }

  /** Reads {@code type}, which carries {@code @ItemCollection}. */
  public Result read(TypeElement type) {
    AnnotationMirror annotation = Mirrors.find(type, AnnotationNames.ITEM_COLLECTION).orElseThrow();
    String name = type.getSimpleName().toString();
    if (type.getKind() != ElementKind.INTERFACE || !type.getModifiers().contains(Modifier.SEALED)) {
      // kapt stubs a Kotlin sealed interface as a plain one: its members cannot be found.
      report.error(ItemShape.isKotlin(type) ? Messages.kotlinCollection(name)
          : Messages.collectionNotSealedInterface(name), type, annotation, null);
      return new Result.Invalid();
    }
    List<KeySchemaModel> members = new ArrayList<>();
    boolean valid = true;
    for (TypeMirror permitted : type.getPermittedSubclasses()) {
      if (permitted.getKind() == TypeKind.ERROR) {
        return new Result.Deferred();
      }
      TypeElement member = (TypeElement) ((DeclaredType) permitted).asElement();
      String memberName = member.getSimpleName().toString();
      if (member.getKind() != ElementKind.RECORD) {
        report.error(Messages.collectionMemberNotARecord(name, memberName), type, annotation, null);
        valid = false;
        continue;
      }
      if (Mirrors.find(member, AnnotationNames.KEY_SCHEMA).isEmpty()) {
        report.error(Messages.collectionMemberWithoutKeySchema(name, memberName), type, annotation, null);
        valid = false;
        continue;
      }
      // The member's own processing reports its problems: a scratch report keeps them from
      // being reported twice.
      KeySchemaReader.Result read = new KeySchemaReader(new ValidationReport()).read(member);
      if (read instanceof KeySchemaReader.Result.Deferred) {
        return new Result.Deferred();
      }
      if (read instanceof KeySchemaReader.Result.Read r) {
        members.add(r.model());
      } else {
        valid = false;
      }
    }
    if (members.isEmpty() && valid) {
      report.error(Messages.collectionWithoutMembers(name), type, annotation, null);
      return new Result.Invalid();
    }
    if (!valid) {
      return new Result.Invalid();
    }
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(Messages.privateRecord(name, t == type ? null : t.getSimpleName().toString(),
            keysClassName(type).simpleName()), type, annotation, null);
        return new Result.Invalid();
      }
    }
    return new Result.Read(new CollectionModel(ClassName.get(type), keysClassName(type),
        List.copyOf(members), type, annotation));
  }

  /** {@code CustomerItemKeys} for {@code CustomerItem}. */
  static ClassName keysClassName(TypeElement type) {
    return KeySchemaReader.keysClassName(type);
  }
}
