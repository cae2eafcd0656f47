package io.dynakeys.codecs.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Enums: the constant's {@code name()}, never its ordinal, so reordering the constants never
 * reorders stored keys. Ranges compare names as text and hold only names that exist.
 *
 * @param <E> the enum type (or {@code String}, for the names alone at compile time)
 */
public final class EnumEncoding<E> implements KeyEncoding<E> {
  private final String label;
  private final List<E> constants;
  private final Function<E, String> name;
  private final Map<String, E> byName = new HashMap<>();
  private final List<String> names = new ArrayList<>();

  private EnumEncoding(String label, List<E> constants, Function<E, String> name) {
    this.label = label;
    this.constants = List.copyOf(constants);
    this.name = name;
    for (E constant : constants) {
      byName.put(name.apply(constant), constant);
      names.add(name.apply(constant));
    }
  }

  /** The encoding of an enum class. */
  public static <E extends Enum<E>> EnumEncoding<E> of(Class<E> type) {
    return new EnumEncoding<>(type.getSimpleName(), List.of(type.getEnumConstants()), Enum::name);
  }

  /** The same encoding over the constants' names, for the processor, which has no enum class. */
  public static EnumEncoding<String> ofNames(String label, List<String> names) {
    return new EnumEncoding<>(label, names, Function.identity());
  }

  @Override
  public String label() {
    return label;
  }

  /** Empty: every enum type is encoded this way, matched by kind rather than by name. */
  @Override
  public List<String> javaTypes() {
    return List.of();
  }

  @Override
  public String toText(E value) {
    return name.apply(value);
  }

  @Override
  public E fromText(String text) {
    E constant = byName.get(text);
    if (constant == null) {
      throw new IllegalArgumentException("is not a constant of " + label);
    }
    return constant;
  }

  @Override
  public int minimumTextBytes() {
    return names.stream().mapToInt(n -> Utf8.length(n)).min().orElse(1);
  }

  @Override
  public List<String> allTexts() {
    return List.copyOf(names);
  }

  @Override
  public E example(int ordinal) {
    return constants.isEmpty() ? null : constants.get(ordinal % constants.size());
  }
}
