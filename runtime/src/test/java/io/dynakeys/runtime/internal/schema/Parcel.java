package io.dynakeys.runtime.internal.schema;

import java.util.Optional;
import java.util.Set;

/**
 * A small record for the unit tests of the schema's parts: a key component, a primitive, a
 * component renamed ({@code note} stored as {@code remark}), an {@code Optional} and a set. Its
 * schema by names ({@link #builder()}) keys it by {@code pk = "PARCEL#" + id} and a sparse index
 * key {@code gsi1pk = "NOTE#" + note}, absent without a note.
 */
record Parcel(String id, int weight, String note, Optional<String> label, Set<String> tags) {

  static Object component(Parcel parcel, int index) {
    switch (index) {
      case 0: return parcel.id();
      case 1: return parcel.weight();
      case 2: return parcel.note();
      case 3: return parcel.label();
      case 4: return parcel.tags();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  @SuppressWarnings("unchecked")
  static Parcel construct(Object[] values) {
    return new Parcel((String) values[0], (Integer) values[1], (String) values[2], (Optional<String>) values[3],
        (Set<String>) values[4]);
  }

  static String partitionKey(Parcel parcel) {
    return "PARCEL#" + parcel.id();
  }

  static String byNoteKey(Parcel parcel) {
    return parcel.note() == null ? null : "NOTE#" + parcel.note();
  }

  /** The schema's declaration, whose parts the tests build themselves. */
  static RecordTableSchemaBuilder<Parcel> builder() {
    return RecordSchema.builder(Parcel.class, Parcel::component, Parcel::construct)
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("weight", StoredType.of(int.class))
        .attribute("note", "remark", StoredType.of(String.class))
        .attribute("label", StoredType.optionalOf(StoredType.of(String.class)))
        .attribute("tags", StoredType.setOf(StoredType.of(String.class)))
        .partitionKey("pk", Parcel::partitionKey)
        .keyPrefixes("PARCEL", "", '#')
        .indexPartitionKey("byNote", "gsi1pk", Parcel::byNoteKey);
  }

  /** The attributes {@link #builder()} declares. */
  static RecordAttributes<Parcel> attributes() {
    RecordTableSchemaBuilder<Parcel> builder = builder();
    return new RecordAttributes<>("Parcel", builder.components, builder.keys);
  }
}
