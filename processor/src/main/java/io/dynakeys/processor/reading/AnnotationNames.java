package io.dynakeys.processor.reading;

/** The qualified names of the dynakeys annotations, read by name so the processor needs no class of theirs. */
public final class AnnotationNames {
  private AnnotationNames() {}

  private static final String PACKAGE = "io.dynakeys.annotations.";
  public static final String KEY_SCHEMA = PACKAGE + "KeySchema";
  public static final String PARTITION_KEY = PACKAGE + "PartitionKey";
  public static final String SORT_KEY = PACKAGE + "SortKey";
  public static final String PADDED = PACKAGE + "Padded";
  public static final String INVERTED = PACKAGE + "Inverted";
  public static final String TIEBREAKER = PACKAGE + "Tiebreaker";
  public static final String PATH_SEGMENT = PACKAGE + "PathSegment";
  public static final String SECONDARY_INDEX = PACKAGE + "SecondaryIndex";
  public static final String SECONDARY_INDEXES = PACKAGE + "SecondaryIndexes";
  public static final String SHARDED = PACKAGE + "Sharded";
  public static final String ITEM_COLLECTION = PACKAGE + "ItemCollection";
  public static final String TIME_TO_LIVE = PACKAGE + "TimeToLive";
  public static final String UNIQUE = PACKAGE + "Unique";
  public static final String LAYOUT_VERSION = PACKAGE + "LayoutVersion";

  /** Annotations that only mean something on a key component. */
  public static final String[] COMPONENT_MODIFIERS = {PADDED, INVERTED, TIEBREAKER, PATH_SEGMENT};

  /** The simple name of an annotation. */
  public static String simple(String qualified) {
    return qualified.substring(PACKAGE.length());
  }
}
