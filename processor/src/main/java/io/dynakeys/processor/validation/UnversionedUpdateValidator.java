package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeTag;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.UpdateCalls;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An update of a versioned record that says no version ({@code expectVersion(n)} or
 * {@code anyVersion()}) is refused when its request is built; when the whole update is written in
 * one expression ({@code Update.of(TaskKeys.tableSchema(), key).set(...).run(tasks)}), nothing can
 * say it later, so the refusal is a compile error on that call. An update held in a variable is
 * left to the run-time refusal.
 */
public final class UnversionedUpdateValidator {
  private final ValidationReport report;
  /** By keys class, the record and its version attribute. */
  private final Map<String, Versioned> versioned = new HashMap<>();

  private record Versioned(String record, String attribute) {}

  /** @param report where findings go */
  public UnversionedUpdateValidator(ValidationReport report) {
    this.report = report;
  }

  /** Adds {@code model}, a record whose keys class is written, when it has a version attribute. */
  public void add(KeySchemaModel model) {
    for (Attribute a : model.attributes()) {
      if (a.tags().stream().anyMatch(t -> t.kind() == AttributeTag.Kind.VERSION)) {
        versioned.put(model.keysClass().canonicalName(), new Versioned(model.recordName(), a.attributeName()));
      }
    }
  }

  /** The qualified names of the keys classes of versioned records. */
  public Set<String> keysClasses() {
    return Set.copyOf(versioned.keySet());
  }

  /** Checks {@code send}, a request built from a whole update that says no version. */
  public void check(UpdateCalls.Send send) {
    Versioned v = versioned.get(send.keysClass());
    if (v != null) {
      report.error(Messages.updateWithoutVersion(v.record(), v.attribute(), send.method()), send.at());
    }
  }
}
