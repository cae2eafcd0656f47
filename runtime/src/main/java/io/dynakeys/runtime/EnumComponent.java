package io.dynakeys.runtime;

import java.util.HashMap;
import java.util.Map;

/**
 * The codec of an enum key component: the constant's name. Ranges compare names as text, not
 * ordinals, so reordering the constants never reorders stored keys.
 *
 * @param <E> the enum type
 */
public final class EnumComponent<E extends Enum<E>> extends TextCodec<E> {
  private final Class<E> type;
  private final Map<String, E> byName = new HashMap<>();

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   * @param type the enum class
   */
  public EnumComponent(String record, String component, char delimiter, Class<E> type) {
    super(record, component, delimiter);
    this.type = type;
    for (E constant : type.getEnumConstants()) {
      byName.put(constant.name(), constant);
    }
  }

  @Override
  public ComponentRange atLeast(E value) {
    return super.atLeast(value).withDomain(names());
  }

  @Override
  public ComponentRange greaterThan(E value) {
    return super.greaterThan(value).withDomain(names());
  }

  @Override
  public ComponentRange atMost(E value) {
    return super.atMost(value).withDomain(names());
  }

  @Override
  public ComponentRange lessThan(E value) {
    return super.lessThan(value).withDomain(names());
  }

  @Override
  public ComponentRange between(E lo, E hi) {
    return super.between(lo, hi).withDomain(names());
  }

  private java.util.List<String> names() {
    return java.util.List.copyOf(byName.keySet());
  }

  @Override
  protected String text(E value) {
    return checkDelimiter(value.name(), value.name());
  }

  @Override
  protected E value(KeyReader reader, String text) {
    E constant = byName.get(text);
    if (constant == null) {
      throw reader.error(component, "\"" + text + "\" is not a constant of " + type.getSimpleName());
    }
    return constant;
  }
}
