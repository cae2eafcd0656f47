package io.dynakeys.runtime.transact;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;

/**
 * What a {@link TransactGet} read: the item of each handle, or none, mapped by its table's schema.
 */
public final class TransactGetResult {
  private final TransactGet owner;
  private final List<TransactGet.Handle<?>> handles;
  private final List<Object> items;

  TransactGetResult(TransactGet owner, List<TransactGet.Handle<?>> handles, List<Object> items) {
    this.owner = owner;
    this.handles = handles;
    this.items = items;
  }

  /**
   * The item read for {@code handle}.
   *
   * @param handle a handle of the read that gave this result
   * @param <T> the item type
   * @return the item, or empty when no item has the key
   * @throws IllegalArgumentException when the handle is another read's, or was added after this
   *     result was read
   */
  public <T> Optional<T> item(TransactGet.Handle<T> handle) {
    if (handle.owner() != owner || handle.index() >= handles.size() || handles.get(handle.index()) != handle) {
      throw new IllegalArgumentException(handle + " is not a read of this result: use the handles the same"
          + " TransactGet gave before it ran");
    }
    @SuppressWarnings("unchecked")
    T item = (T) items.get(handle.index());
    return Optional.ofNullable(item);
  }

  /**
   * The items found in {@code table}, in the order their keys were added; a key without an item
   * has no place in the list ({@link #missing}).
   *
   * @param table a table resource the read used (the same object)
   * @param <T> the item type
   * @return an unmodifiable list, empty when nothing was found or the read did not use the table
   */
  @SuppressWarnings("unchecked")
  public <T> List<T> items(MappedTableResource<T> table) {
    List<T> out = new ArrayList<>();
    for (int i = 0; i < handles.size(); i++) {
      if (handles.get(i).table() == table && items.get(i) != null) {
        out.add((T) items.get(i));
      }
    }
    return List.copyOf(out);
  }

  /**
   * The keys of {@code table} that have no item, in the order they were added.
   *
   * @param table a table resource the read used
   * @return an unmodifiable list
   */
  public List<Key> missing(MappedTableResource<?> table) {
    List<Key> out = new ArrayList<>();
    for (int i = 0; i < handles.size(); i++) {
      if (handles.get(i).table() == table && items.get(i) == null) {
        out.add(handles.get(i).key());
      }
    }
    return List.copyOf(out);
  }

  /**
   * The number of keys read.
   *
   * @return the keys, found or not
   */
  public int size() {
    return handles.size();
  }

  @Override
  public String toString() {
    long found = items.stream().filter(i -> i != null).count();
    return "TransactGetResult[" + found + " found, " + (items.size() - found) + " missing]";
  }
}
