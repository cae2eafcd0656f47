package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The unmodifiable attribute map {@link RecordSchema#itemToMap(Object, boolean)} returns: the
 * schema's attribute names, shared by every item ({@link Slots}), and one array of this item's
 * values, a {@code null} slot for an attribute the item leaves out. Iteration follows the slots
 * (the components in declaration order, then the key attributes), as the {@code LinkedHashMap} it
 * replaces did, for about a fifth of a hash map's allocation: no table, no entry objects.
 * {@code get} finds a name's slot by its hash in the shared names (a scan of at most
 * {@value Slots#SCAN_LIMIT} hashes, a shared hash map beyond). Equality and hash code are
 * {@link AbstractMap}'s, so it equals any map of the same entries; every mutator throws
 * {@link UnsupportedOperationException}. Serializable, as the unmodifiable {@code LinkedHashMap}
 * was.
 */
final class ItemMap extends AbstractMap<String, AttributeValue> implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  private final Slots slots;
  private final AttributeValue[] values;
  private final int size;
  private transient Set<Map.Entry<String, AttributeValue>> entries;

  /**
   * A map of {@code values} under {@code slots}' names; {@code size} is the number of non-null
   * values. The array is taken, not copied: the caller drops it.
   */
  ItemMap(Slots slots, AttributeValue[] values, int size) {
    this.slots = slots;
    this.values = values;
    this.size = size;
  }

  @Override
  public AttributeValue get(Object key) {
    int slot = slots.slot(key);
    return slot < 0 ? null : values[slot];
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean isEmpty() {
    return size == 0;
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super AttributeValue> action) {
    String[] names = slots.names;
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        action.accept(names[i], values[i]);
      }
    }
  }

  @Override
  public Set<Map.Entry<String, AttributeValue>> entrySet() {
    Set<Map.Entry<String, AttributeValue>> out = entries;
    if (out == null) {
      out = Collections.unmodifiableSet(new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, AttributeValue>> iterator() {
          return new Entries();
        }

        @Override
        public int size() {
          return size;
        }
      });
      entries = out;
    }
    return out;
  }

  @Override
  public Set<String> keySet() {
    return Collections.unmodifiableSet(super.keySet());
  }

  @Override
  public Collection<AttributeValue> values() {
    return Collections.unmodifiableCollection(super.values());
  }

  // Every mutator throws, whether or not it would change anything (AbstractMap's and Map's
  // defaults return quietly when there is nothing to change), as the unmodifiable map it replaces.

  @Override
  public AttributeValue put(String key, AttributeValue value) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue remove(Object key) {
    throw unmodifiable();
  }

  @Override
  public void putAll(Map<? extends String, ? extends AttributeValue> m) {
    throw unmodifiable();
  }

  @Override
  public void clear() {
    throw unmodifiable();
  }

  @Override
  public void replaceAll(BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> function) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue putIfAbsent(String key, AttributeValue value) {
    throw unmodifiable();
  }

  @Override
  public boolean remove(Object key, Object value) {
    throw unmodifiable();
  }

  @Override
  public boolean replace(String key, AttributeValue oldValue, AttributeValue newValue) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue replace(String key, AttributeValue value) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue computeIfAbsent(String key, Function<? super String, ? extends AttributeValue> function) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue computeIfPresent(String key,
      BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> function) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue compute(String key,
      BiFunction<? super String, ? super AttributeValue, ? extends AttributeValue> function) {
    throw unmodifiable();
  }

  @Override
  public AttributeValue merge(String key, AttributeValue value,
      BiFunction<? super AttributeValue, ? super AttributeValue, ? extends AttributeValue> function) {
    throw unmodifiable();
  }

  private static UnsupportedOperationException unmodifiable() {
    return new UnsupportedOperationException("an item map from RecordSchema.itemToMap is unmodifiable: copy it"
        + " (new HashMap<>(map)) to change it");
  }

  /** The entries in slot order, skipping empty slots; {@code remove} is unsupported. */
  private final class Entries implements Iterator<Map.Entry<String, AttributeValue>> {
    private int next = advance(0);

    private int advance(int from) {
      int i = from;
      while (i < values.length && values[i] == null) {
        i++;
      }
      return i;
    }

    @Override
    public boolean hasNext() {
      return next < values.length;
    }

    @Override
    public Map.Entry<String, AttributeValue> next() {
      if (next >= values.length) {
        throw new NoSuchElementException();
      }
      int i = next;
      next = advance(i + 1);
      return new AbstractMap.SimpleImmutableEntry<>(slots.names[i], values[i]);
    }
  }

  /**
   * The attribute names of one schema, in slot order, with their hashes: built once per schema.
   * Names are distinct (the builder refuses a name used twice).
   */
  static final class Slots implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Above this many names, {@link #slot} looks names up in a hash map rather than scanning. */
    static final int SCAN_LIMIT = 16;

    private final String[] names;
    private final int[] hashes;
    private final Map<String, Integer> index;

    Slots(java.util.List<String> names) {
      this.names = names.toArray(new String[0]);
      this.hashes = new int[this.names.length];
      for (int i = 0; i < this.names.length; i++) {
        hashes[i] = this.names[i].hashCode();
      }
      if (this.names.length > SCAN_LIMIT) {
        Map<String, Integer> byName = new java.util.HashMap<>();
        for (int i = 0; i < this.names.length; i++) {
          byName.put(this.names[i], i);
        }
        this.index = byName;
      } else {
        this.index = null;
      }
    }

    /** The number of slots. */
    int size() {
      return names.length;
    }

    /** The slot of {@code key}, or -1 when it is no name of this schema (or not a string). */
    int slot(Object key) {
      if (!(key instanceof String name)) {
        return -1;
      }
      if (index != null) {
        Integer slot = index.get(name);
        return slot == null ? -1 : slot;
      }
      int hash = name.hashCode();
      for (int i = 0; i < hashes.length; i++) {
        if (hashes[i] == hash && names[i].equals(name)) {
          return i;
        }
      }
      return -1;
    }
  }
}
