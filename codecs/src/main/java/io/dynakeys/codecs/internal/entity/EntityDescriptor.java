package io.dynakeys.codecs.internal.entity;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.KeyComponent;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.PathCodec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one typed description of a record as dynakeys stores it: its components as typed handles
 * (name, stored attribute, accessor, and for key components the codec), its keys and indexes as an
 * {@link EntityLayout} composed of those same codecs, the constructor that builds it from its
 * component values, the generated keys class, and the attributes of a path's generated indexes.
 *
 * <p>A generated {@code <Record>Keys} declares one in {@code LAYOUT}, from the constants its
 * encoders, parsers, stages and table schema use; the command line reads nothing else: loading the
 * keys class and reading that constant is all the reflection it does.
 *
 * @param <R> the record
 */
public final class EntityDescriptor<R> {
  private final Class<R> type;
  private final String keysClass;
  private final EntityLayout layout;
  private final Function<Object[], R> constructor;
  private final List<Attribute<R, ?>> attributes;
  private final Map<String, Attribute<R, ?>> byName;
  private final PathIndexes pathIndexes;
  private final ValueAttribute<R, ?> timeToLive;
  private final List<UniqueGuard<R>> uniques;
  /** The stored layout's version ({@code @LayoutVersion}; 1 without it). */
  private final int version;
  /** The older version the table may still hold items of, or {@code null}. */
  private final LiveVersion live;
  /** Who the handles belong to: one for a descriptor and the copies {@code with...} makes of it. */
  private final Owner owner;

  private EntityDescriptor(Owner owner, Class<R> type, String keysClass, EntityLayout layout,
      Function<Object[], R> constructor, List<Attribute<R, ?>> attributes, PathIndexes pathIndexes,
      ValueAttribute<R, ?> timeToLive, List<UniqueGuard<R>> uniques, int version, LiveVersion live) {
    this.owner = owner;
    this.version = version;
    this.live = live;
    this.type = Objects.requireNonNull(type, "type");
    this.keysClass = Objects.requireNonNull(keysClass, "keysClass");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.constructor = Objects.requireNonNull(constructor, "constructor");
    this.attributes = List.copyOf(attributes);
    Map<String, Attribute<R, ?>> names = new LinkedHashMap<>();
    for (Attribute<R, ?> a : this.attributes) {
      if (names.put(a.name(), a) != null) {
        throw new IllegalArgumentException(layout.record() + " declares the component " + a.name() + " twice");
      }
    }
    this.byName = Collections.unmodifiableMap(names);
    this.pathIndexes = pathIndexes;
    this.timeToLive = timeToLive;
    this.uniques = List.copyOf(uniques);
    for (Attribute<R, ?> a : this.attributes) {
      Handles.claim(a, owner);
    }
  }

  /**
   * The record a descriptor describes, as its handles know it: a descriptor and the copies
   * {@code with...} makes of it share one, so every handle is claimed once, by the record whose
   * keys class declares it, and belongs to no other.
   */
  public static final class Owner {
    private final String record;
    private final String keysClass;

    Owner(String record, String keysClass) {
      this.record = record;
      this.keysClass = keysClass;
    }

    /** The record's simple name. */
    public String record() {
      return record;
    }

    /** The simple name of the keys class that declares the handles ({@code RunKeys}). */
    public String keysClass() {
      return keysClass.substring(keysClass.lastIndexOf('.') + 1);
    }

    @Override
    public String toString() {
      return record;
    }
  }

  /** Whether {@code handle} is one this record's keys class declares (a field of its nested records included). */
  public boolean owns(Attribute<?, ?> handle) {
    return Handles.owner(Objects.requireNonNull(handle, "handle")) == owner;
  }

  /**
   * {@code handle}, when {@link #owns} it.
   *
   * @param use what takes the handle, for the message ({@code "an update of Leg"})
   * @throws IllegalArgumentException naming both records when the handle is another record's, or
   *     saying that no keys class declares it
   */
  @SuppressWarnings("unchecked")
  public <A extends Attribute<?, ?>> A requireOwn(A handle, String use) {
    Owner of = Handles.owner(Objects.requireNonNull(handle, "handle"));
    if (of == owner) {
      return handle;
    }
    if (of == null) {
      throw new IllegalArgumentException(use + " takes the handles " + owner.keysClass() + " declares, and "
          + handle + " is none: no keys class made it (handles are not made by hand)");
    }
    throw new IllegalArgumentException(use + " takes the handles of " + owner.record() + " (" + owner.keysClass()
        + "), and " + handle + " is a handle of " + of.record() + " (" + of.keysClass() + ")");
  }

  /**
   * The descriptor of a record, for generated code.
   *
   * @param type the record class
   * @param keysClass the keys class's qualified name
   * @param layout its keys, made of the components' codecs
   * @param constructor builds a record from its component values, in declaration order
   * @param attributes one handle per component, in declaration order
   * @param <R> the record
   * @return the descriptor
   */
  @SafeVarargs
  public static <R> EntityDescriptor<R> of(Class<R> type, String keysClass, EntityLayout layout,
      Function<Object[], R> constructor, Attribute<R, ?>... attributes) {
    return new EntityDescriptor<>(new Owner(layout.record(), keysClass), type, keysClass, layout, constructor,
        List.of(attributes), null, null, List.of(), 1, null);
  }

  /**
   * This descriptor, with the children and depth indexes the processor generates for the path
   * component {@code component} ({@code @PathSegment(indexes = true)}).
   *
   * @param component the path component's name
   * @return a new descriptor
   */
  public EntityDescriptor<R> withPathIndexes(String component) {
    if (!(attribute(component).orElse(null) instanceof KeyComponent<?, ?> k) || !(Handles.codec(k) instanceof PathCodec)) {
      throw new IllegalArgumentException(component + " is no path component of " + layout.record());
    }
    return new EntityDescriptor<>(owner, type, keysClass, layout, constructor, attributes,
        new PathIndexes(component, PathCodec.childrenIndex(component), PathCodec.parentAttribute(component),
            PathCodec.depthIndex(component), PathCodec.depthAttribute(component)), timeToLive, uniques, version,
        live);
  }

  /**
   * This descriptor, with {@code component} as the table's time to live ({@code @TimeToLive}):
   * stored as epoch seconds, enabled by {@code createTable}, checked by the command line's verify.
   *
   * @param component the component's name
   * @return a new descriptor
   * @throws IllegalArgumentException when the record has no such component outside its keys, or
   *     has a time to live already
   */
  public EntityDescriptor<R> withTimeToLive(String component) {
    if (!(attribute(component).orElse(null) instanceof ValueAttribute<R, ?> value)) {
      throw new IllegalArgumentException(component + " is no component of " + layout.record()
          + " outside its keys, so it cannot be its time to live");
    }
    if (timeToLive != null) {
      throw new IllegalArgumentException(layout.record() + " has a time to live already: " + timeToLive.name());
    }
    return new EntityDescriptor<>(owner, type, keysClass, layout, constructor, attributes, pathIndexes, value, uniques,
        version, live);
  }

  /**
   * This descriptor, with {@code component} declared unique ({@code @Unique}): each of its values
   * is guarded by an item of key {@code partition} (and {@code sort}, when the table has a sort
   * key), written by the component's codec.
   *
   * @param component the component's name
   * @param partition the guards' partition key: the guard's prefix and the component's segment
   * @param sort the guards' sort key (a constant), or {@code null} when the table has none
   * @return a new descriptor
   * @throws IllegalArgumentException when the record has no such component outside its table key,
   *     or it is unique already
   */
  public EntityDescriptor<R> withUnique(String component, EntityLayout.Key partition, EntityLayout.Key sort) {
    Attribute<R, ?> handle = attribute(component).orElse(null);
    if (handle == null || handle instanceof PrimaryKeyComponent) {
      throw new IllegalArgumentException(component + " is no component of " + layout.record()
          + " outside its table key, so it cannot be unique");
    }
    if (uniques.stream().anyMatch(u -> u.handle().name().equals(component))) {
      throw new IllegalArgumentException(layout.record() + "." + component + " is unique already");
    }
    List<UniqueGuard<R>> more = new ArrayList<>(uniques);
    more.add(new UniqueGuard<>(handle, partition, sort));
    return new EntityDescriptor<>(owner, type, keysClass, layout, constructor, attributes, pathIndexes, timeToLive, more,
        version, live);
  }

  /**
   * This descriptor as version {@code version} of the record's stored layout
   * ({@code @LayoutVersion(version)}).
   *
   * @throws IllegalArgumentException when {@code version} is below 1
   */
  public EntityDescriptor<R> withVersion(int version) {
    if (version < 1) {
      throw new IllegalArgumentException("version " + version + " is not a layout version: versions count from 1");
    }
    return new EntityDescriptor<>(owner, type, keysClass, layout, constructor, attributes, pathIndexes, timeToLive,
        uniques, version, live);
  }

  /**
   * This descriptor with an older version whose items the table may still hold
   * ({@code @LayoutVersion(live = version)}): its keys, made of its own codecs, each of a component
   * this record has.
   *
   * @param version the older version
   * @param layout its keys
   * @param shardBy the components that choose the shard of a sharded older layout, empty for its
   *     whole sort key
   * @return a new descriptor
   * @throws IllegalArgumentException when {@code version} is not older than this one, or a segment
   *     names no component of this record
   */
  public EntityDescriptor<R> withLiveVersion(int version, EntityLayout layout, String... shardBy) {
    if (version < 1 || version >= this.version) {
      throw new IllegalArgumentException("version " + version + " of " + this.layout.record()
          + " is not older than its version " + this.version);
    }
    for (EntityLayout.Key key : keysOf(layout)) {
      for (EntityLayout.Segment s : key.segments()) {
        if (!byName.containsKey(s.component())) {
          throw new IllegalArgumentException("version " + version + " of " + this.layout.record() + " is keyed by "
              + s.component() + ", which is no component of it");
        }
      }
    }
    return new EntityDescriptor<>(owner, type, keysClass, this.layout, constructor, attributes, pathIndexes,
        timeToLive, uniques, this.version, new LiveVersion(version, layout, List.of(shardBy)));
  }

  /** Every key of {@code layout}: the table's and its indexes'. */
  private static List<EntityLayout.Key> keysOf(EntityLayout layout) {
    List<EntityLayout.Key> keys = new ArrayList<>();
    keys.add(layout.partition());
    if (layout.sort() != null) {
      keys.add(layout.sort());
    }
    for (EntityLayout.Index index : layout.indexes()) {
      keys.add(index.partition());
      if (index.sort() != null) {
        keys.add(index.sort());
      }
    }
    return keys;
  }

  /** The version of the record's stored layout: 1 unless {@code @LayoutVersion} says otherwise. */
  public int version() {
    return version;
  }

  /** The older version whose items the table may still hold, if the record names one. */
  public Optional<LiveVersion> liveVersion() {
    return Optional.ofNullable(live);
  }

  /**
   * An older version of a record's stored layout that the table may still hold items of.
   *
   * @param version its number
   * @param layout its keys, made of its own codecs
   * @param shardBy the components that choose its shard, when sharded; empty for the whole sort key
   */
  public record LiveVersion(int version, EntityLayout layout, List<String> shardBy) {
    /** Copies the components. */
    public LiveVersion {
      Objects.requireNonNull(layout, "layout");
      shardBy = List.copyOf(shardBy);
    }
  }

  /** The {@code @Unique} components with their guards' keys, in declaration order; empty when none. */
  public List<UniqueGuard<R>> uniques() {
    return uniques;
  }

  /**
   * A unique component and the keys of the items that guard its values.
   *
   * @param handle the component
   * @param partition the guards' partition key: a prefix and the component, by its codec
   * @param sort the guards' constant sort key, or {@code null} when the table has no sort key
   * @param <R> the record
   */
  public record UniqueGuard<R>(Attribute<R, ?> handle, EntityLayout.Key partition, EntityLayout.Key sort) {
    /**
     * The prefix of the attributes in which a guard item holds its owner's primary key:
     * {@code owner_pk}, {@code owner_sk} for a table keyed by {@code pk} and {@code sk}. The writes
     * that keep guards and the tools that check them both read it here.
     */
    public static final String OWNER_ATTRIBUTE_PREFIX = "owner_";
  }

  /**
   * The component that is the table's time to live ({@code @TimeToLive}), if the record has one;
   * its {@link Attribute#attributeName()} is the attribute DynamoDB expires items by.
   */
  public Optional<ValueAttribute<R, ?>> timeToLive() {
    return Optional.ofNullable(timeToLive);
  }

  /** The record class. */
  public Class<R> type() {
    return type;
  }

  /** The record's simple name, as messages name it. */
  public String name() {
    return layout.record();
  }

  /** The generated keys class's qualified name. */
  public String keysClass() {
    return keysClass;
  }

  /** The keys: attributes, prefixes, delimiters, segments with their codecs, shards and indexes. */
  public EntityLayout layout() {
    return layout;
  }

  /** Every component, in declaration order. */
  public List<Attribute<R, ?>> attributes() {
    return attributes;
  }

  /** The component named {@code name}, if the record has one. */
  public Optional<Attribute<R, ?>> attribute(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The components that take part in a key, in declaration order. */
  public List<KeyComponent<R, ?>> keyComponents() {
    List<KeyComponent<R, ?>> out = new ArrayList<>();
    for (Attribute<R, ?> a : attributes) {
      if (a instanceof KeyComponent<R, ?> k) {
        out.add(k);
      }
    }
    return out;
  }

  /** The component values of {@code item}, in declaration order. */
  public Object[] values(R item) {
    Objects.requireNonNull(item, "item");
    Object[] values = new Object[attributes.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = attributes.get(i).get(item);
    }
    return values;
  }

  /**
   * The record with these component values, in declaration order (boxed; empty for an absent
   * {@code Optional}), through its canonical constructor, which checks them as it always does.
   *
   * @throws IllegalArgumentException when the number of values is not the number of components
   */
  public R construct(Object... values) {
    if (values.length != attributes.size()) {
      throw new IllegalArgumentException(layout.record() + " has " + attributes.size()
          + " components, not " + values.length);
    }
    return constructor.apply(values);
  }

  /** The indexes generated for a path component, when it has them. */
  public Optional<PathIndexes> pathIndexes() {
    return Optional.ofNullable(pathIndexes);
  }

  @Override
  public String toString() {
    return "EntityDescriptor[" + type.getName() + ", " + layout + "]";
  }

  /**
   * The two global indexes of a path component: its children, keyed by each entry's parent folder,
   * and its entries by depth. Their names are {@link PathCodec}'s rules.
   *
   * @param component the path component
   * @param childrenIndex the children index's name ({@code pathChildren})
   * @param parentAttribute the attribute that keys it ({@code pathParent})
   * @param depthIndex the depth index's name ({@code pathDepth})
   * @param depthAttribute the attribute that keys it ({@code pathDepth})
   */
  public record PathIndexes(String component, String childrenIndex, String parentAttribute,
      String depthIndex, String depthAttribute) {}
}
