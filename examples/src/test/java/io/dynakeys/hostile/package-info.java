/**
 * Records whose names attack the generated code: components named like the codec constants, the
 * stage members, the types and locals generated code uses, names without upper case, a record
 * named like a generated stage or an SDK type. Compiled by the real processor; {@code
 * HostileNamesTest} runs what it generates.
 */
package io.dynakeys.hostile;
