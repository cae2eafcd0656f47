package io.dynakeys.filters;

/** A finish, stored by name: the filters compare the stored names. */
public enum Finish {
  MATTE,
  GLOSS,
  SATIN
}
