package io.dynakeys.spark;

import com.amazon.ion.IonBlob;
import com.amazon.ion.IonBool;
import com.amazon.ion.IonDecimal;
import com.amazon.ion.IonException;
import com.amazon.ion.IonInt;
import com.amazon.ion.IonList;
import com.amazon.ion.IonString;
import com.amazon.ion.IonStruct;
import com.amazon.ion.IonSystem;
import com.amazon.ion.IonValue;
import com.amazon.ion.system.IonSystemBuilder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One line of a DynamoDB export in Amazon Ion text, {@code $ion_1_0 {Item:{pk:"SEASON#2026",score:12.}}},
 * read strictly: strings are {@code S}, decimals and integers {@code N}, blobs {@code B}, booleans
 * {@code BOOL}, any Ion null {@code NULL}, structs {@code M}, lists {@code L}, and lists annotated
 * {@code $dynamodb_SS}, {@code $dynamodb_NS}, {@code $dynamodb_BS} the sets.
 */
final class IonLines {
  private static final IonSystem ION = IonSystemBuilder.standard().build();

  private IonLines() {}

  static Map<String, AttributeValue> parseLine(String line) throws DynamoJson.CorruptLineException {
    IonValue root;
    try {
      Iterator<IonValue> values = ION.iterate(line);
      if (!values.hasNext()) {
        throw new DynamoJson.CorruptLineException("no Ion value");
      }
      root = values.next();
      if (values.hasNext()) {
        throw new DynamoJson.CorruptLineException("more than one Ion value on the line");
      }
    } catch (IonException e) {
      throw new DynamoJson.CorruptLineException("not Ion: " + e.getMessage());
    }
    if (!(root instanceof IonStruct struct) || struct.isNullValue() || struct.size() != 1
        || !(struct.get("Item") instanceof IonStruct item) || item.isNullValue()) {
      throw new DynamoJson.CorruptLineException("not {Item:{...}}: " + shorten(root));
    }
    if (item.isEmpty()) {
      throw new DynamoJson.CorruptLineException("an item without attributes");
    }
    return struct(item, "");
  }

  private static Map<String, AttributeValue> struct(IonStruct s, String path) throws DynamoJson.CorruptLineException {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (IonValue v : s) {
      out.put(v.getFieldName(), value(v, path + v.getFieldName()));
    }
    return out;
  }

  private static AttributeValue value(IonValue v, String path) throws DynamoJson.CorruptLineException {
    if (v.isNullValue()) {
      return AttributeValue.fromNul(true);
    }
    if (v instanceof IonList list) {
      String[] annotations = list.getTypeAnnotations();
      String set = annotations.length == 1 ? annotations[0] : null;
      if (annotations.length > 1 || (set != null && !set.startsWith("$dynamodb_"))) {
        throw new DynamoJson.CorruptLineException("attribute " + path + ": a list annotated " + String.join(", ",
            annotations));
      }
      if (set == null) {
        List<AttributeValue> l = new ArrayList<>();
        int i = 0;
        for (IonValue e : list) {
          l.add(value(e, path + "[" + i++ + "]"));
        }
        return AttributeValue.fromL(l);
      }
      if (list.isEmpty()) {
        throw new DynamoJson.CorruptLineException("attribute " + path + ": an empty set");
      }
      switch (set) {
        case "$dynamodb_SS": {
          List<String> ss = new ArrayList<>();
          for (IonValue e : list) {
            if (!(e instanceof IonString str) || e.isNullValue()) {
              throw new DynamoJson.CorruptLineException("attribute " + path + ": a string set holds " + shorten(e));
            }
            ss.add(str.stringValue());
          }
          return AttributeValue.fromSs(ss);
        }
        case "$dynamodb_NS": {
          List<String> ns = new ArrayList<>();
          for (IonValue e : list) {
            ns.add(number(e, path));
          }
          return AttributeValue.fromNs(ns);
        }
        case "$dynamodb_BS": {
          List<SdkBytes> bs = new ArrayList<>();
          for (IonValue e : list) {
            if (!(e instanceof IonBlob blob) || e.isNullValue()) {
              throw new DynamoJson.CorruptLineException("attribute " + path + ": a binary set holds " + shorten(e));
            }
            bs.add(SdkBytes.fromByteArray(blob.getBytes()));
          }
          return AttributeValue.fromBs(bs);
        }
        default:
          throw new DynamoJson.CorruptLineException("attribute " + path + ": no DynamoDB set " + set);
      }
    }
    if (v.getTypeAnnotations().length > 0) {
      throw new DynamoJson.CorruptLineException("attribute " + path + ": an annotated value " + shorten(v));
    }
    if (v instanceof IonString s) {
      return AttributeValue.fromS(s.stringValue());
    }
    if (v instanceof IonDecimal || v instanceof IonInt) {
      return AttributeValue.fromN(number(v, path));
    }
    if (v instanceof IonBlob b) {
      return AttributeValue.fromB(SdkBytes.fromByteArray(b.getBytes()));
    }
    if (v instanceof IonBool b) {
      return AttributeValue.fromBool(b.booleanValue());
    }
    if (v instanceof IonStruct s) {
      return AttributeValue.fromM(struct(s, path + "."));
    }
    throw new DynamoJson.CorruptLineException("attribute " + path + ": an Ion " + v.getType()
        + " is no DynamoDB value: " + shorten(v));
  }

  private static String number(IonValue v, String path) throws DynamoJson.CorruptLineException {
    BigDecimal d;
    if (v instanceof IonDecimal dec && !v.isNullValue()) {
      d = dec.bigDecimalValue();
    } else if (v instanceof IonInt i && !v.isNullValue()) {
      d = new BigDecimal(i.bigIntegerValue());
    } else {
      throw new DynamoJson.CorruptLineException("attribute " + path + ": not a number: " + shorten(v));
    }
    return d.toPlainString();
  }

  private static String shorten(Object o) {
    String s = String.valueOf(o);
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }
}
