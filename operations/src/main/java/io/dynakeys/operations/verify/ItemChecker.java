package io.dynakeys.operations.verify;

import io.dynakeys.codecs.internal.Digits;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.schema.ItemVersion;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The check of one stored item against the key layouts of the entities that share its table: an
 * attribute map in, the entity it belongs to and what is wrong with it out. It is a plain function
 * with no I/O, so the same check runs inside {@code dynakeys verify}'s parallel scan and inside
 * another engine (a Spark or Glue job over a table export: convert each exported item to an
 * attribute map and call {@link #check}).
 *
 * <pre>{@code
 * ItemChecker checker = new ItemChecker(List.of(EntitySchema.load("com.acme.RunKeys", loader)));
 * ItemCheck check = checker.check(item);
 * check.entity();     // "Run", or null for an item of no known entity
 * check.findings();   // [WIDTH sk.score: 10 digits, declared 12]
 * }</pre>
 *
 * <p>How an item is judged:
 *
 * <ol>
 *   <li>The item belongs to the schemas whose key prefixes it carries ({@code owns}). With none,
 *       it is {@link Finding.Kind#FOREIGN}, unless it is one of their unique guard items
 *       ({@code @Unique}), reported as the entity {@code User.email guard} and checked for its key
 *       and its owner's key. With several, the one whose generated parsers accept
 *       both keys wins; failing that, the one a layout change explains, then the longest prefixes.
 *   <li>A table key the generated parser rejects is split by the layout's delimiter: numbers of
 *       another width are {@link Finding.Kind#WIDTH} (with the width found), a shard outside
 *       0…N−1 is {@link Finding.Kind#SHARD}; anything else is {@link Finding.Kind#UNPARSABLE}.
 *   <li>Each component attribute is read with the schema's own strict converter:
 *       {@link Finding.Kind#MISSING_ATTRIBUTE} for an absent key or primitive component,
 *       {@link Finding.Kind#WRONG_TYPE} for a value of another DynamoDB type — for the
 *       {@code @TimeToLive} component (the descriptor's {@code timeToLive()}), anything but a whole
 *       number of epoch seconds, which DynamoDB would never expire the item by.
 *   <li>The key attributes of native indexes are checked as DynamoDB indexes them: present (an
 *       empty {@code Optional} of a sparse index is {@link Finding.Kind#NOT_INDEXED}, no defect),
 *       of the index's type, not empty, within the key limits.
 *   <li>Every key attribute (table keys, index keys, a path's parent and depth) is recomputed from
 *       the components and compared with the stored one: {@link Finding.Kind#KEY_MISMATCH}, unless
 *       the difference is exactly the width or shard change already reported;
 *       {@link Finding.Kind#KEY_TOO_LONG} for keys over DynamoDB's byte limits, stored or
 *       recomputed; {@link Finding.Kind#INVALID_VALUE} when the components cannot be keyed.
 * </ol>
 *
 * Each defect is reported once: an unparsable key is not also a mismatch, an old width not also a
 * mismatch when re-padding the stored key gives the recomputed one.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class ItemChecker {
  private final List<EntitySchema> schemas;
  private final List<EntityModel> models;
  private final List<String> names;
  /** Per schema: the name its live older layout version's items are counted under, or {@code null}. */
  private final List<String> olderNames;
  private final String partitionKeyAttribute;
  private final String sortKeyAttribute;

  /**
   * @param schemas the entities that share the table, in the order ties are broken
   * @throws IllegalArgumentException when there is none
   */
  public ItemChecker(List<EntitySchema> schemas) {
    if (schemas.isEmpty()) {
      throw new IllegalArgumentException("no schema to check items against");
    }
    this.schemas = List.copyOf(schemas);
    this.models = this.schemas.stream().map(s -> EntityModel.of(s.keysClass())).toList();
    this.names = entityNames(this.schemas);
    this.olderNames = olderNames(this.schemas);
    this.partitionKeyAttribute = schemas.get(0).partitionKeyAttribute();
    this.sortKeyAttribute = schemas.get(0).sortKeyAttribute();
  }

  /**
   * The names entities are reported by: the record's simple name, or its full name when two
   * schemas share a simple name.
   */
  public static List<String> entityNames(List<EntitySchema> schemas) {
    Map<String, Integer> counts = new HashMap<>();
    schemas.forEach(s -> counts.merge(s.name(), 1, Integer::sum));
    List<String> out = new ArrayList<>();
    for (EntitySchema s : schemas) {
      String name = counts.get(s.name()) > 1 ? s.recordClass().getName() : s.name();
      EntityModel model = EntityModel.of(s.keysClass());
      out.add(model.olderVersion() == 0 ? name : name + " (version " + model.version() + ")");
    }
    return List.copyOf(out);
  }

  /**
   * The names items are counted under: each entity's ({@link #entityNames}), and, for a record with
   * a live older layout version ({@code @LayoutVersion(value = 2, live = 1)}), its older version's
   * after it ({@code Run (version 1)}), so that a report lists the items of each version, none
   * included.
   */
  public static List<String> reportedNames(List<EntitySchema> schemas) {
    List<String> names = entityNames(schemas);
    List<String> older = olderNames(schemas);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      out.add(names.get(i));
      if (older.get(i) != null) {
        out.add(older.get(i));
      }
    }
    return List.copyOf(out);
  }

  private static List<String> olderNames(List<EntitySchema> schemas) {
    Map<String, Integer> counts = new HashMap<>();
    schemas.forEach(s -> counts.merge(s.name(), 1, Integer::sum));
    List<String> out = new ArrayList<>();
    for (EntitySchema s : schemas) {
      EntityModel model = EntityModel.of(s.keysClass());
      String name = counts.get(s.name()) > 1 ? s.recordClass().getName() : s.name();
      out.add(model.olderVersion() == 0 ? null : name + " (version " + model.olderVersion() + ")");
    }
    return java.util.Collections.unmodifiableList(out);
  }

  /** The schemas, in the order given. */
  public List<EntitySchema> schemas() {
    return schemas;
  }

  /** The name findings give {@code schema}'s entity. */
  public String entityName(EntitySchema schema) {
    return names.get(schemas.indexOf(schema));
  }

  /**
   * Checks one stored item.
   *
   * @param item the item's attributes, as DynamoDB returns them
   * @return the entity it belongs to and what is wrong with it
   */
  public ItemCheck check(Map<String, AttributeValue> item) {
    for (int i = 0; i < models.size(); i++) {
      if (olderNames.get(i) != null) {
        ItemVersion<Object> version = models.get(i).version(item);
        if (version != null && version.older()) {
          // An item of the live older version, as the record's reads and writes see it: counted
          // under that version, and sound (the window reads it; a migration re-keys it).
          return new ItemCheck(olderNames.get(i), text(item.get(partitionKeyAttribute)),
              text(item.get(sortKeyAttribute)), List.of());
        }
      }
    }
    List<Candidate> owners = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      EntityModel schema = models.get(i);
      if (schema.owns(item)) {
        owners.add(new Candidate(schema, names.get(i), item));
      }
    }
    if (owners.isEmpty()) {
      ItemCheck guard = checkGuard(item);
      if (guard != null) {
        return guard;
      }
      return new ItemCheck(null, text(item.get(partitionKeyAttribute)), text(item.get(sortKeyAttribute)),
          List.of(Finding.of(Finding.Kind.FOREIGN, null, "its keys carry no prefix of "
              + String.join(", ", names))));
    }
    Candidate best = owners.get(0);
    for (Candidate c : owners) {
      if (c.rank() > best.rank()) {
        best = c;
      }
    }
    return best.findings();
  }

  /**
   * The check of a unique guard item ({@code @Unique}): an item whose keys carry a guard's prefix
   * and constant sort key is reported as the entity {@code User.email guard}, and is sound when its
   * partition key parses as the guard's layout (the value by the component's codec) and it holds
   * its owner's primary key in {@code owner_<key attribute>} attributes that parse as the owning
   * record's keys. Whether the owner still exists and still holds the value is a question of two
   * items, which a per-item check cannot answer. {@code null} when the item is no guard.
   */
  private ItemCheck checkGuard(Map<String, AttributeValue> item) {
    AttributeValue pkValue = item.get(partitionKeyAttribute);
    if (pkValue == null || pkValue.s() == null) {
      return null;
    }
    String pk = pkValue.s();
    AttributeValue skValue = sortKeyAttribute == null ? null : item.get(sortKeyAttribute);
    String sk = skValue == null ? null : skValue.s();
    for (int i = 0; i < models.size(); i++) {
      EntityModel schema = models.get(i);
      for (EntityDescriptor.UniqueGuard<Object> guard : schema.descriptor().uniques()) {
        String head = guard.partition().head();
        boolean sortMatches = guard.sort() == null ? sk == null : guard.sort().head().equals(sk);
        if (head.isEmpty() || !pk.startsWith(head) || !sortMatches) {
          continue;
        }
        List<Finding> findings = new ArrayList<>();
        try {
          schema.parseGuardKey(guard, pk);
        } catch (KeyFormatException e) {
          findings.add(Finding.of(Finding.Kind.UNPARSABLE, partitionKeyAttribute, e.getMessage()));
        }
        checkOwner(schema, schema.partitionKeyAttribute(), true, item, findings);
        if (schema.sortKeyAttribute() != null) {
          checkOwner(schema, schema.sortKeyAttribute(), false, item, findings);
        }
        return new ItemCheck(names.get(i) + "." + guard.handle().name() + " guard", pk, sk, findings);
      }
    }
    return null;
  }

  /** The owner's key attribute a guard holds: present, a string, and a key of the owning record. */
  private static void checkOwner(EntityModel schema, String keyAttribute, boolean partition,
      Map<String, AttributeValue> item, List<Finding> out) {
    String attribute = EntityDescriptor.UniqueGuard.OWNER_ATTRIBUTE_PREFIX + keyAttribute;
    AttributeValue value = item.get(attribute);
    if (value == null || value.s() == null) {
      out.add(Finding.of(value == null ? Finding.Kind.MISSING_ATTRIBUTE : Finding.Kind.WRONG_TYPE, attribute,
          "a unique guard names its owner's " + (partition ? "partition" : "sort") + " key here, as a string"));
      return;
    }
    try {
      if (partition) {
        schema.parsePartitionKey(value.s());
      } else {
        schema.parseSortKey(value.s());
      }
    } catch (KeyFormatException e) {
      out.add(Finding.of(Finding.Kind.UNPARSABLE, attribute, "the owner's key is no key of " + schema.name()
          + ": " + e.getMessage()));
    }
  }

  private static String text(AttributeValue value) {
    if (value == null) {
      return null;
    }
    return value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString();
  }

  /** One schema's reading of an item: the parsers' verdicts first, the rest on demand. */
  private static final class Candidate {
    private final EntityModel schema;
    private final String name;
    private final Map<String, AttributeValue> item;
    private final Map<String, String> parseErrors = new HashMap<>();
    private final Map<String, KeyShape> shapes = new HashMap<>();

    Candidate(EntityModel schema, String name, Map<String, AttributeValue> item) {
      this.schema = schema;
      this.name = name;
      this.item = item;
      parse(schema.partitionKeyAttribute(), true);
      if (schema.sortKeyAttribute() != null) {
        parse(schema.sortKeyAttribute(), false);
      }
    }

    private void parse(String attribute, boolean partition) {
      AttributeValue stored = item.get(attribute);
      if (stored == null || stored.s() == null) {
        parseErrors.put(attribute, stored == null ? "absent" : "not a string");
        return;
      }
      try {
        if (partition) {
          schema.parsePartitionKey(stored.s());
        } else {
          schema.parseSortKey(stored.s());
        }
      } catch (KeyFormatException e) {
        parseErrors.put(attribute, e.getMessage());
        EntityModel.KeyAttribute key = schema.keyAttributes().get(attribute);
        shapes.put(attribute, KeyShape.analyze(key.layout(), key.shards(), stored.s()));
      }
    }

    /** Parsed keys beat explained failures, which beat unexplained ones; then longer prefixes. */
    int rank() {
      int parsed = parseErrors.isEmpty() ? 2
          : shapes.values().stream().allMatch(KeyShape::explainsParseFailure)
              && shapes.size() == parseErrors.size() ? 1 : 0;
      int prefix = schema.layout().partition().head().length()
          + (schema.layout().sort() == null ? 0 : schema.layout().sort().head().length());
      return parsed * 100_000 + prefix;
    }

    ItemCheck findings() {
      List<Finding> out = new ArrayList<>();
      Set<String> explained = new HashSet<>(); // key attributes whose difference a finding explains
      Set<String> reported = new HashSet<>();  // key attributes already reported as broken

      for (String attribute : tableKeys()) {
        AttributeValue stored = item.get(attribute);
        if (stored == null || Boolean.TRUE.equals(stored.nul())) {
          out.add(Finding.of(Finding.Kind.MISSING_ATTRIBUTE, attribute, "the key attribute is absent"));
          reported.add(attribute);
          continue;
        }
        if (stored.s() == null) {
          out.add(Finding.of(Finding.Kind.WRONG_TYPE, attribute, "expected S, found " + type(stored)));
          reported.add(attribute);
          continue;
        }
        EntityModel.KeyAttribute key = schema.keyAttributes().get(attribute);
        int bytes = Utf8.length(stored.s());
        if (bytes > key.byteLimit()) {
          out.add(Finding.of(Finding.Kind.KEY_TOO_LONG, attribute, "the stored key is " + bytes
              + " UTF-8 bytes, over DynamoDB's limit of " + key.byteLimit()));
          reported.add(attribute);
          continue;
        }
        String error = parseErrors.get(attribute);
        if (error == null) {
          continue;
        }
        KeyShape shape = shapes.get(attribute);
        if (shape != null && shape.explainsParseFailure()) {
          addShape(out, attribute, shape);
          explained.add(attribute);
        } else {
          out.add(Finding.of(Finding.Kind.UNPARSABLE, attribute, error));
          reported.add(attribute);
        }
      }

      boolean componentsReadable = true;
      for (String component : schema.componentNames()) {
        // The stored attribute, which @DynamoDbAttribute may name otherwise than the component.
        String stores = schema.attributeName(component);
        AttributeValue stored = item.get(stores);
        if (stored == null || Boolean.TRUE.equals(stored.nul())) {
          if (schema.requiredComponents().contains(component)) {
            out.add(Finding.of(Finding.Kind.MISSING_ATTRIBUTE, stores, "the component "
                + (stores.equals(component) ? "" : component + " ") + "is absent, and "
                + (schema.primitiveComponents().contains(component) ? "a primitive" : "a key component")
                + " cannot be"));
            componentsReadable = false;
          }
          continue;
        }
        AttributeConverter<Object> converter = schema.tableSchema().converterForAttribute(stores);
        try {
          converter.transformTo(stored);
        } catch (RuntimeException e) {
          // The time to live's own converter refuses what is no number of epoch seconds; say what that costs.
          boolean ttl = schema.descriptor().timeToLive().map(t -> t.attributeName().equals(stores)).orElse(false);
          out.add(Finding.of(Finding.Kind.WRONG_TYPE, stores, message(e)
              + (ttl ? "; it is the table's time to live, and DynamoDB never expires an item whose time to live is"
                  + " not a number" : "")));
          componentsReadable = false;
        }
      }

      checkNativeKeys(out);
      if (componentsReadable) {
        recompute(out, explained, reported);
      }
      return new ItemCheck(name, text(item.get(schema.partitionKeyAttribute())),
          schema.sortKeyAttribute() == null ? null : text(item.get(schema.sortKeyAttribute())), out);
    }

    private void recompute(List<Finding> out, Set<String> explained, Set<String> reported) {
      Object record;
      try {
        record = schema.readLenient(item);
      } catch (ItemMappingException e) {
        out.add(Finding.of(Finding.Kind.INVALID_VALUE, e.attribute(), message(e)));
        return;
      }
      for (EntityModel.KeyAttribute key : schema.keyAttributes().values()) {
        String attribute = key.attribute();
        if (reported.contains(attribute)) {
          continue;
        }
        AttributeValue computed;
        try {
          computed = schema.tableSchema().attributeValue(record, attribute);
        } catch (KeyFormatException e) {
          boolean tooLong = e.getMessage() != null && e.getMessage().contains("over DynamoDB's limit");
          out.add(Finding.of(tooLong ? Finding.Kind.KEY_TOO_LONG : Finding.Kind.INVALID_VALUE, attribute,
              (tooLong ? "the key its components give is too long: " : "its components cannot be keyed: ")
                  + message(e)));
          continue;
        } catch (RuntimeException e) {
          out.add(Finding.of(Finding.Kind.INVALID_VALUE, attribute, "its components cannot be keyed: " + message(e)));
          continue;
        }
        AttributeValue stored = item.get(attribute);
        boolean absent = stored == null || Boolean.TRUE.equals(stored.nul());
        if (computed == null) {
          if (!absent) {
            out.add(Finding.of(Finding.Kind.KEY_MISMATCH, attribute, "stored " + quote(text(stored))
                + ", but the item's components give no " + attribute + " (a sparse index key)"));
          }
          continue;
        }
        if (absent) {
          out.add(Finding.of(Finding.Kind.MISSING_ATTRIBUTE, attribute, "the computed key attribute is absent;"
              + " its components give " + quote(computed.s())));
          continue;
        }
        if (stored.s() == null) {
          out.add(Finding.of(Finding.Kind.WRONG_TYPE, attribute, "expected S, found " + type(stored)));
          continue;
        }
        if (!key.tableKey() && key.byteLimit() > 0 && Utf8.length(stored.s()) > key.byteLimit()) {
          out.add(Finding.of(Finding.Kind.KEY_TOO_LONG, attribute, "the stored key is "
              + Utf8.length(stored.s()) + " UTF-8 bytes, over DynamoDB's limit of " + key.byteLimit()));
          continue;
        }
        if (stored.s().equals(computed.s()) || inAnyShard(key, stored.s(), computed.s())) {
          continue;
        }
        KeyShape shape = shapes.get(attribute);
        if (shape == null && key.layout() != null && !explained.contains(attribute)) {
          // An index key has no parser here; its shape tells an old width the same way.
          shape = KeyShape.analyze(key.layout(), key.shards(), stored.s());
          if (shape.explainsParseFailure()) {
            addShape(out, attribute, shape);
          }
        }
        if (shape != null && shape.explains(computed.s(), key.layout().delimiter())) {
          continue; // exactly the old width or shard the finding above names
        }
        out.add(Finding.of(Finding.Kind.KEY_MISMATCH, attribute, "stored " + quote(stored.s())
            + ", its components give " + quote(computed.s()) + shardNote(key, stored.s(), computed.s())));
      }
    }

    /**
     * Whether {@code stored} is the partition key of a write-sharded aggregate's shard item: any of
     * its shards is right, and the schema computes the key without its shard.
     */
    private boolean inAnyShard(EntityModel.KeyAttribute key, String stored, String computed) {
      EntityLayout layout = schema.layout();
      return layout.randomShards() && key.tableKey() && key.attribute().equals(schema.partitionKeyAttribute())
          && new ShardCodec(layout.record(), layout.partition().delimiter(), layout.shards()).isShardOf(stored, computed);
    }

    /**
     * The key attributes of the native indexes, which DynamoDB indexes only when each is present,
     * of the index's type, not empty and within the key limits: an absent attribute of a component
     * that is no {@code Optional} is {@link Finding.Kind#MISSING_ATTRIBUTE}, another type
     * {@link Finding.Kind#WRONG_TYPE}, an empty value {@link Finding.Kind#INVALID_VALUE}, a value
     * over the limit {@link Finding.Kind#KEY_TOO_LONG}; an empty {@code Optional} is the sparse
     * index leaving the item out by design, {@link Finding.Kind#NOT_INDEXED}. One finding per
     * attribute, naming every native index it keys; none where the component checks above already
     * reported the attribute.
     */
    private void checkNativeKeys(List<Finding> out) {
      Set<String> already = new HashSet<>();
      for (Finding f : out) {
        if (f.attribute() != null) {
          already.add(f.attribute());
        }
      }
      Map<String, List<String>> indexesOf = new java.util.LinkedHashMap<>();
      Map<String, io.dynakeys.codecs.internal.EntityLayout.NativeKey> keys = new HashMap<>();
      Map<String, Boolean> partitionSide = new HashMap<>();
      for (io.dynakeys.codecs.internal.EntityLayout.NativeIndex index : schema.layout().nativeIndexes()) {
        for (io.dynakeys.codecs.internal.EntityLayout.NativeKey key : index.keys()) {
          indexesOf.computeIfAbsent(key.attribute(), a -> new ArrayList<>()).add(index.name());
          keys.put(key.attribute(), key);
          partitionSide.merge(key.attribute(), index.partition().contains(key), Boolean::logicalOr);
        }
      }
      for (Map.Entry<String, List<String>> e : indexesOf.entrySet()) {
        String attribute = e.getKey();
        io.dynakeys.codecs.internal.EntityLayout.NativeKey key = keys.get(attribute);
        String indexes = (e.getValue().size() == 1 ? "native index " : "native indexes ") + String.join(", ", e.getValue());
        if (already.contains(attribute)) {
          continue;
        }
        AttributeValue stored = item.get(attribute);
        if (stored == null || Boolean.TRUE.equals(stored.nul())) {
          if (key.optional()) {
            out.add(Finding.of(Finding.Kind.NOT_INDEXED, attribute, "the " + indexes + " will not hold the item: its "
                + key.component() + " is empty (a sparse index)"));
          } else {
            out.add(Finding.of(Finding.Kind.MISSING_ATTRIBUTE, attribute, "the key attribute of the " + indexes
                + " is absent, so the index will not hold the item"));
          }
          continue;
        }
        String expected = schema.nativeType(key);
        String found = type(stored);
        if (!expected.equals(found)) {
          out.add(Finding.of(Finding.Kind.WRONG_TYPE, attribute, "the " + indexes + " keys by it as " + expected
              + ", found " + found + ", so the index will not hold the item"));
          continue;
        }
        if ((stored.s() != null && stored.s().isEmpty()) || (stored.b() != null && stored.b().asByteArrayUnsafe().length == 0)) {
          out.add(Finding.of(Finding.Kind.INVALID_VALUE, attribute, "an empty value, which the " + indexes
              + " cannot key, so the index will not hold the item"));
          continue;
        }
        int limit = partitionSide.get(attribute) ? Utf8.PARTITION_KEY_LIMIT : Utf8.SORT_KEY_LIMIT;
        int length = stored.s() != null ? Utf8.length(stored.s()) : stored.b() != null ? stored.b().asByteArrayUnsafe().length : 0;
        if (length > limit) {
          out.add(Finding.of(Finding.Kind.KEY_TOO_LONG, attribute, "the value is " + length + " bytes, over DynamoDB's"
              + " limit of " + limit + " for a key attribute of the " + indexes));
        }
      }
    }

    private String shardNote(EntityModel.KeyAttribute key, String stored, String computed) {
      if (key.shards() == 0) {
        return "";
      }
      char d = key.layout().delimiter();
      int a = stored.lastIndexOf(d);
      int b = computed.lastIndexOf(d);
      if (a > 0 && b > 0 && stored.substring(0, a).equals(computed.substring(0, b))) {
        return " (stored in shard " + stored.substring(a + 1) + ", its key hashes to shard "
            + computed.substring(b + 1) + ")";
      }
      return "";
    }

    private List<String> tableKeys() {
      return schema.sortKeyAttribute() == null ? List.of(schema.partitionKeyAttribute())
          : List.of(schema.partitionKeyAttribute(), schema.sortKeyAttribute());
    }

    private static void addShape(List<Finding> out, String attribute, KeyShape shape) {
      for (KeyShape.Width w : shape.widths()) {
        out.add(new Finding(Finding.Kind.WIDTH, attribute, w.component(), w.component() + " has "
            + Digits.count(w.found()) + ", the layout declares " + w.declared(), w.declared(), w.found()));
      }
      if (shape.shardProblem() != null) {
        out.add(Finding.of(Finding.Kind.SHARD, attribute, shape.shardProblem()));
      }
    }
  }

  private static String type(AttributeValue value) {
    AttributeValue.Type type = value.type();
    return type == null ? "an unknown type" : type == AttributeValue.Type.NUL ? "NULL" : type.name();
  }

  private static String message(RuntimeException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  private static String quote(String s) {
    return s == null ? "null" : "\"" + s + "\"";
  }
}
