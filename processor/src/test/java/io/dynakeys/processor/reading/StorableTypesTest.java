package io.dynakeys.processor.reading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;

/**
 * The processor's list of storable scalars ({@link StorableTypes}) against the enhanced client's
 * own default converters, read from the SDK jar on this class path: every scalar the SDK's
 * default provider converts is storable, stored as the SDK stores it, and nothing else is. When
 * the SDK adds or changes a converter, this test fails and names it.
 */
class StorableTypesTest {
  private static final String CONVERTERS =
      "software/amazon/awssdk/enhanced/dynamodb/internal/converter/attribute/";
  /** Converters the provider holds for generic or document shapes, which the reader handles itself. */
  private static final List<String> SHAPES = List.of("ListAttributeConverter",
      "SetAttributeConverter", "MapAttributeConverter", "OptionalAttributeConverter",
      "JsonItemAttributeConverter", "EnumAttributeConverter");

  /**
   * Converters whose {@code attributeValueType()} is not what they write, with what they write:
   * the processor (and the runtime's {@code StoredType}) go by what is written.
   */
  private static final Map<String, String> MISLABELLED = Map.of("java.util.concurrent.atomic.AtomicInteger", "N");

  @Test
  void theMislabelledConvertersStillWriteWhatIsAssumed() {
    AttributeConverter<java.util.concurrent.atomic.AtomicInteger> converter = AttributeConverterProvider
        .defaultProvider().converterFor(EnhancedType.of(java.util.concurrent.atomic.AtomicInteger.class));
    assertEquals("S", converter.attributeValueType().name(), "the SDK fixed its label: drop MISLABELLED");
    assertEquals("N", converter.transformFrom(new java.util.concurrent.atomic.AtomicInteger(7)).type().name());
  }

  /** Every scalar the SDK's default provider converts, with the DynamoDB type it stores. */
  private static Map<String, String> sdkScalars() throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    Path jar = Path.of(AttributeConverter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (JarFile file = new JarFile(jar.toFile())) {
      for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
        String name = e.nextElement().getName();
        if (!name.startsWith(CONVERTERS) || !name.endsWith("AttributeConverter.class")
            || name.substring(CONVERTERS.length()).contains("/")) {
          continue;
        }
        String simple = name.substring(CONVERTERS.length(), name.length() - ".class".length());
        if (SHAPES.contains(simple)) {
          continue;
        }
        Class<?> type = Class.forName(name.replace('/', '.').replace(".class", ""));
        Method create;
        try {
          create = type.getMethod("create");
        } catch (NoSuchMethodException noFactory) {
          continue;
        }
        if (!Modifier.isStatic(create.getModifiers())) {
          continue;
        }
        AttributeConverter<?> converter = (AttributeConverter<?>) create.invoke(null);
        Class<?> converted = converter.type().rawClass();
        // Only what the default provider hands out counts: that is what the schema uses.
        try {
          AttributeConverterProvider.defaultProvider().converterFor(EnhancedType.of(converted));
        } catch (RuntimeException notDefault) {
          continue;
        }
        out.put(converted.getCanonicalName(), MISLABELLED.getOrDefault(converted.getCanonicalName(),
            converter.attributeValueType().name()));
      }
    }
    return out;
  }

  @Test
  void everyScalarTheSdkConvertsIsStorableAndStoredAsTheSdkStoresIt() throws Exception {
    Map<String, String> sdk = sdkScalars();
    assertTrue(sdk.size() >= 35, "found only " + sdk.keySet() + " in the SDK");
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> e : sdk.entrySet()) {
      StorableTypes.Stored stored = StorableTypes.stored(e.getKey());
      if (stored == null || !stored.name().equals(e.getValue())) {
        missing.add(e.getKey() + " (SDK: " + e.getValue() + ", processor: " + stored + ")");
      }
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void everyStorableScalarHasADefaultConverterOfThatType() throws URISyntaxException, ClassNotFoundException {
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, StorableTypes.Stored> e : StorableTypes.all().entrySet()) {
      String name = e.getKey();
      Class<?> type = switch (name) {
        case "byte[]" -> byte[].class;
        case "char[]" -> char[].class;
        default -> Class.forName(name);
      };
      try {
        String sdk = MISLABELLED.getOrDefault(name, AttributeConverterProvider.defaultProvider()
            .converterFor(EnhancedType.of(type)).attributeValueType().name());
        if (!sdk.equals(e.getValue().name())) {
          wrong.add(name + " is stored as " + sdk + ", not " + e.getValue());
        }
      } catch (RuntimeException noConverter) {
        wrong.add(name + " has no default converter");
      }
    }
    assertEquals(List.of(), wrong);
  }
}
