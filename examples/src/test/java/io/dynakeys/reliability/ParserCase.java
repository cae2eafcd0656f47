package io.dynakeys.reliability;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.read.QueryStage;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One generated parser with its encoders, found by reflection: {@code parseSortKey(String)}, the
 * encoder of the parsed parts ({@code sortKey(<parts' components>)}) and the encoder of a whole
 * item ({@code sortKey(Record)}), of a {@code <Record>Keys} class or one of its index classes.
 */
record ParserCase(
    Class<?> recordType,
    String recordName,
    String name,
    String keyName,
    Method parse,
    Method encodeParts,
    Method encodeItem,
    Set<String> components) {

  /**
   * Every parser of every record of the package, but only the sort key parsers of
   * {@link RangeRecords}, whose partition keys are all one String component behind a prefix.
   */
  static List<ParserCase> all() {
    List<ParserCase> cases = new ArrayList<>();
    for (ParserCase c : everyParser()) {
      if (!(c.recordType.getEnclosingClass() == RangeRecords.class && c.keyName.equals("partition key"))) {
        cases.add(c);
      }
    }
    return cases;
  }

  /** Every parser of every record of the package. */
  static List<ParserCase> everyParser() {
    List<ParserCase> cases = new ArrayList<>();
    for (Map.Entry<Class<?>, Class<?>> e : Fixtures.KEYS.entrySet()) {
      List<Class<?>> holders = new ArrayList<>();
      holders.add(e.getValue());
      for (Class<?> nested : e.getValue().getDeclaredClasses()) {
        if (Modifier.isPublic(nested.getModifiers()) && !nested.isRecord()
            && !QueryStage.class.isAssignableFrom(nested)) {
          holders.add(nested);
        }
      }
      for (Class<?> holder : holders) {
        for (String key : List.of("PartitionKey", "SortKey")) {
          Method parse;
          try {
            parse = holder.getMethod("parse" + key, String.class);
          } catch (NoSuchMethodException missing) {
            continue;
          }
          Class<?> parts = parse.getReturnType();
          RecordComponent[] partComponents = parts.getRecordComponents();
          Class<?>[] types = new Class<?>[partComponents.length];
          Set<String> names = new LinkedHashSet<>();
          for (int i = 0; i < types.length; i++) {
            types[i] = partComponents[i].getType();
            names.add(partComponents[i].getName());
          }
          String encoder = Character.toLowerCase(key.charAt(0)) + key.substring(1);
          String holderName = holder == e.getValue() ? holder.getSimpleName()
              : e.getValue().getSimpleName() + "." + holder.getSimpleName();
          cases.add(new ParserCase(e.getKey(), e.getKey().getSimpleName(),
              holderName + ".parse" + key,
              key.equals("PartitionKey") ? "partition key" : "sort key",
              parse,
              Fixtures.method(holder, encoder, types),
              Fixtures.method(holder, encoder, e.getKey()),
              names));
        }
      }
    }
    return cases;
  }

  @Override
  public String toString() {
    return name;
  }

  /** A random item of the record, with hostile values in its key components. */
  Object randomItem(SplittableRandom r) {
    RecordComponent[] rc = recordType.getRecordComponents();
    Object[] values = new Object[rc.length];
    for (int i = 0; i < rc.length; i++) {
      try {
        values[i] = Hostile.value(rc[i].getType(), r);
      } catch (IllegalArgumentException notAKeyType) {
        values[i] = Fixtures.sample(rc[i].getType());
      }
    }
    return Fixtures.construct(recordType, values);
  }

  /** The key of {@code item}; throws what the encoder throws. */
  String encode(Object item) {
    return (String) Fixtures.invoke(encodeItem, null, item);
  }

  /** The parsed parts of {@code key}; throws what the parser throws. */
  Object parse(String key) {
    return Fixtures.invoke(parse, null, key);
  }

  /** The key of parsed parts. */
  String encodeParts(Object parts) {
    RecordComponent[] rc = parts.getClass().getRecordComponents();
    Object[] args = new Object[rc.length];
    for (int i = 0; i < rc.length; i++) {
      args[i] = Fixtures.component(parts, rc[i].getName());
    }
    return (String) Fixtures.invoke(encodeParts, null, args);
  }

  /** Whether the parsed parts hold the item's values (instants for OffsetDateTimes). */
  boolean sameValues(Object parts, Object item) {
    for (String name : components) {
      Object parsed = Fixtures.component(parts, name);
      Object original = Fixtures.component(item, name);
      boolean same = parsed instanceof OffsetDateTime p && original instanceof OffsetDateTime o
          ? p.isEqual(o)
          : Objects.equals(parsed, original);
      if (!same) {
        return false;
      }
    }
    return true;
  }

  /**
   * Null when {@code e}, thrown by this parser for {@code key}, names this record, this key or
   * one of its components, and the whole key; otherwise what is wrong with it.
   */
  String checkRefusal(KeyFormatException e, String key) {
    if (!recordName.equals(e.record())) {
      return "names record " + e.record() + ", not " + recordName;
    }
    if (!e.component().equals(keyName) && !components.contains(e.component())) {
      return "names " + e.component() + ", neither the " + keyName + " nor one of " + components;
    }
    if (!Objects.equals(key, e.value())) {
      return "names the value " + Fixtures.escape(e.value()) + ", not the key";
    }
    if (!e.getMessage().startsWith(recordName + "." + e.component() + ": cannot parse " + keyName + ": ")) {
      return "has the message " + Fixtures.escape(e.getMessage());
    }
    return null;
  }
}
