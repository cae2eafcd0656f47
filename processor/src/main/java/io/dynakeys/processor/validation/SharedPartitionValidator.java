package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.List;

/**
 * Check 10: records of one compilation that share a partition layout (the same non-empty
 * {@code partitionPrefix} in the same attribute) live in one item collection, so their sort
 * prefixes must not overlap, and where they do, same-named sort components must be encoded alike
 * (mixed widths interleave wrongly). Records whose sort prefixes cannot overlap never conflict.
 * Records with no partition prefix are left alone: nothing says they share a table.
 *
 * <p>The check sees the records of one compilation. Under incremental (isolating) builds a
 * compilation may hold only the records that changed, so a conflict with an unchanged record can
 * go unreported until a full build.
 */
public final class SharedPartitionValidator {

  private SharedPartitionValidator() {}

  /**
   * The group of records that can share partitions with {@code model}: same partition key
   * attribute and prefix. Only records of one group need {@link #validate} against each other.
   */
  public static String partitionGroup(KeySchemaModel model) {
    return model.partition().attribute() + '\u0000' + model.partition().prefix();
  }

  /**
   * Checks {@code model} against the records seen before it (all of them, or those of its
   * {@link #partitionGroup}); findings go on {@code model}.
   */
  public static void validate(KeySchemaModel model, List<KeySchemaModel> earlier, ValidationReport report) {
    String prefix = model.partition().prefix();
    if (prefix.isEmpty()) {
      return;
    }
    for (KeySchemaModel other : earlier) {
      if (!other.partition().prefix().equals(prefix)
          || !other.partition().attribute().equals(model.partition().attribute())) {
        continue;
      }
      if (model.collections().stream().anyMatch(other.collections()::contains)) {
        continue; // members of one item collection: the collection's check covers them, complete
      }
      String mine = sortHead(model);
      String theirs = sortHead(other);
      if (!mine.startsWith(theirs) && !theirs.startsWith(mine)) {
        continue; // distinct sort prefixes: the two records' keys never interleave
      }
      report.error(Messages.sortPrefixOverlap(prefix, other.recordName(),
              model.sort().prefix(), other.sort().prefix()),
          model.element(), model.annotation(), model.sort().prefixValue());
      checkComponents(model, other, report);
    }
  }

  /**
   * Same-named sort components of two records whose keys can interleave must be laid out alike:
   * findings go on {@code model}'s component.
   */
  static void checkComponents(KeySchemaModel model, KeySchemaModel other, ValidationReport report) {
    for (KeyComponent c : model.sort().components()) {
      for (KeyComponent o : other.sort().components()) {
        if (c.name().equals(o.name())) {
          String a = layout(c, model.sort().delimiter());
          String b = layout(o, other.sort().delimiter());
          if (!a.equals(b)) {
            report.error(Messages.sharedComponentMismatch(c.name(), other.recordName(), a, b),
                c.element(), c.keyAnnotation(), null);
          }
        }
      }
    }
  }

  private static String sortHead(KeySchemaModel model) {
    String prefix = model.sort().prefix();
    return prefix.isEmpty() ? "" : prefix + model.sort().delimiter();
  }

  private static String layout(KeyComponent c, char delimiter) {
    String padding = c.padded() ? "@Padded(" + c.padding().width() + ")" : "unpadded";
    return padding + (c.inverted() ? " @Inverted" : "") + " with delimiter '" + delimiter + "'";
  }
}
