package io.dynakeys.reliability;

/** A nested record, stored as a map inside {@link Shape}. */
public record Inner(String street, int floor) {}
