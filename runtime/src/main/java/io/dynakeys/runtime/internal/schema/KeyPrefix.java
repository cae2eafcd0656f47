package io.dynakeys.runtime.internal.schema;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The entity tag of one key of a record ({@code RUN} with the delimiter {@code #}) and the rule
 * that says which stored keys carry it, the processor's rule: a key is the bare prefix (a key with
 * no components, {@code PROFILE}) or starts with the prefix and the delimiter ({@code RUN#...}).
 * A plain {@code startsWith("PROFILE")} would also claim {@code PROFILE_PHOTO#1}, the key of a
 * neighbour the processor accepts beside it, since no prefix starts another at a delimiter.
 *
 * @param prefix the bare prefix, or empty for a key without one (which carries no tag)
 * @param delimiter the key's delimiter
 */
record KeyPrefix(String prefix, char delimiter) {
  static final KeyPrefix NONE = new KeyPrefix("", '#');

  boolean isEmpty() {
    return prefix.isEmpty();
  }

  /** The prefix with its delimiter, {@code RUN#}: what the keys with components start with. */
  String head() {
    return prefix + delimiter;
  }

  /** Whether {@code key} carries this prefix; every key does when there is none. */
  boolean owns(String key) {
    if (prefix.isEmpty()) {
      return true;
    }
    return key.equals(prefix)
        || key.length() > prefix.length() && key.startsWith(prefix) && key.charAt(prefix.length()) == delimiter;
  }

  /** For messages: {@code "PROFILE" or a key starting with "PROFILE#"}. */
  String describe() {
    return "\"" + prefix + "\" or a key starting with \"" + head() + "\"";
  }

  /**
   * The filter condition of this rule on the attribute {@code #name}, adding its values to
   * {@code values} under {@code :<placeholder>Bare} and {@code :<placeholder>Prefix}.
   */
  String condition(String name, String placeholder, Map<String, AttributeValue> values) {
    values.put(":" + placeholder + "Bare", AttributeValue.fromS(prefix));
    values.put(":" + placeholder + "Prefix", AttributeValue.fromS(head()));
    return "(" + name + " = :" + placeholder + "Bare OR begins_with(" + name + ", :" + placeholder + "Prefix))";
  }
}
