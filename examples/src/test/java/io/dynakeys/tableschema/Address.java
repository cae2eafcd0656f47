package io.dynakeys.tableschema;

import java.util.Map;
import java.util.Optional;

/**
 * Where a parcel goes: a nested record that itself holds a nested record, an {@code Optional}
 * and a map, all stored as one map attribute of a {@link Parcel}.
 *
 * @param street the street and number
 * @param floor the floor, if any
 * @param doorway the size of the door the parcel must fit through ({@code null} for unknown)
 * @param extra free-form details ({@code null} for none)
 */
public record Address(
    String street, Optional<Integer> floor, Dimensions doorway, Map<String, String> extra) {}
