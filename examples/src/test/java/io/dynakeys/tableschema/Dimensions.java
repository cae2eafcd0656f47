package io.dynakeys.tableschema;

import java.util.List;
import java.util.Optional;

/**
 * A box's size, stored as a nested map inside a {@link Parcel}.
 *
 * @param lengthMm the length in millimetres
 * @param widthMm the width in millimetres
 * @param heightMm the height in millimetres
 * @param unitNote a remark on the measurement, if any
 * @param markings what is printed on the box ({@code null} for unknown)
 */
public record Dimensions(
    int lengthMm, int widthMm, int heightMm, Optional<String> unitNote, List<String> markings) {}
