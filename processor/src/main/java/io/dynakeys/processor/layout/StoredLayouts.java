package io.dynakeys.processor.layout;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeTag;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.UniqueModel;
import java.util.ArrayList;
import java.util.List;

/** Reads a checked model's stored form: the one place that says what of a record is stored. */
public final class StoredLayouts {
  private StoredLayouts() {}

  /** The stored layout of {@code model}, as version {@code version}. */
  public static StoredLayout of(KeySchemaModel model, int version) {
    List<StoredLayout.Index> indexes = new ArrayList<>();
    for (IndexModel index : model.indexes()) {
      KeyLayout layout = index.layout();
      indexes.add(new StoredLayout.Index(index.name(), index.local(), key(layout.partition()),
          layout.hasSortKey() ? key(layout.sort()) : null));
    }
    List<StoredLayout.NativeIndex> natives = new ArrayList<>();
    for (IndexModel index : model.nativeIndexes()) {
      natives.add(new StoredLayout.NativeIndex(index.name(), attributeNames(model, index.partitionNames()),
          attributeNames(model, index.sortNames())));
    }
    List<StoredLayout.Unique> uniques = new ArrayList<>();
    for (UniqueModel unique : model.uniques()) {
      KeyLayout guard = unique.guard();
      uniques.add(new StoredLayout.Unique(unique.component().name(), key(guard.partition()),
          guard.hasSortKey() ? key(guard.sort()) : null));
    }
    String timeToLive = null;
    List<StoredLayout.Attribute> attributes = new ArrayList<>();
    for (Attribute a : model.attributes()) {
      attributes.add(new StoredLayout.Attribute(a.name(), a.attributeName(), a.valueType().toString()));
      if (AttributeTag.timeToLive(a.tags())) {
        timeToLive = a.attributeName();
      }
    }
    StoredLayout.Shards shards = model.sharding() == null ? null
        : new StoredLayout.Shards(model.sharding().count(), model.sharding().by(), model.sharding().random());
    return new StoredLayout(model.record().canonicalName(), version, key(model.partition()),
        model.hasSortKey() ? key(model.sort()) : null, shards, indexes, natives, uniques, timeToLive,
        attributes);
  }

  private static List<String> attributeNames(KeySchemaModel model, List<String> components) {
    List<String> names = new ArrayList<>();
    for (String component : components) {
      String name = component;
      for (Attribute a : model.attributes()) {
        if (a.name().equals(component)) {
          name = a.attributeName();
        }
      }
      names.add(name);
    }
    return names;
  }

  private static StoredLayout.Key key(KeyPart part) {
    List<StoredLayout.Segment> segments = new ArrayList<>();
    for (KeyComponent c : part.components()) {
      segments.add(segment(c));
    }
    return new StoredLayout.Key(part.attribute(), part.prefix(), part.delimiter(), segments);
  }

  /** A key component's segment: its codec's parameters, exactly as the generated codec gets them. */
  static StoredLayout.Segment segment(KeyComponent c) {
    String type = c.type().withoutAnnotations().box().toString();
    if (c.padded()) {
      return new StoredLayout.Segment(c.name(), type, StoredLayout.Codec.DIGITS, c.padding().width(),
          c.padding().min(), c.padding().max(c.keyType()), c.inverted(), '\0', false, c.optional());
    }
    if (c.path() != null) {
      return new StoredLayout.Segment(c.name(), type, StoredLayout.Codec.PATH, 0, 0, 0, false,
          c.path().delimiter(), c.path().indexes(), c.optional());
    }
    return new StoredLayout.Segment(c.name(), type, StoredLayout.Codec.TEXT, 0, 0, 0, false, '\0', false,
        c.optional());
  }
}
