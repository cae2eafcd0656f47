package io.dynakeys.processor.writing;

import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * The generated {@code createTable(client, name)} and {@code createTableAsync(client, name)} of a
 * record's or a collection's keys class: one-line delegations to the table schema, written once
 * for both writers.
 */
final class CreateTableMethods {
  private CreateTableMethods() {}

  /**
   * Adds both methods to {@code keys}.
   *
   * @param keys the keys class being written
   * @param item the item type of the table (the record, or the collection's sealed interface)
   * @param what what the table is created with, for the Javadoc ("its key attributes and every
   *     secondary index of {@link $T}"); {@code args} fill its placeholders
   */
  static void addTo(TypeSpec.Builder keys, TypeName item, String what, Object... args) {
    keys.addMethod(MethodSpec.methodBuilder("createTable")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(RuntimeTypes.DYNAMODB_TABLE, item))
        .addParameter(RuntimeTypes.ENHANCED_CLIENT, "client")
        .addParameter(String.class, "tableName")
        .addJavadoc("Creates the table {@code tableName} with " + what + ", waits until it is active, and"
            + " returns it; an existing table is returned unchanged when it has that layout, else a"
            + " {@code TableLayoutMismatchException} says what differs.\n", args)
        .addStatement("return tableSchema().createTable(client, tableName)")
        .build());
    // Named apart from createTable: the two clients are interfaces with one abstract method, so
    // overloads on them are "potentially ambiguous" to javac's lint, and ECJ has no suppression for it.
    keys.addMethod(MethodSpec.methodBuilder("createTableAsync")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(RuntimeTypes.COMPLETABLE_FUTURE,
            ParameterizedTypeName.get(RuntimeTypes.DYNAMODB_ASYNC_TABLE, item)))
        .addParameter(RuntimeTypes.ENHANCED_ASYNC_CLIENT, "client")
        .addParameter(String.class, "tableName")
        .addJavadoc("As {@link #createTable($T, String)}, through the asynchronous client: completes once the"
            + " table is active.\n", RuntimeTypes.ENHANCED_CLIENT)
        .addStatement("return tableSchema().createTable(client, tableName)")
        .build());
  }
}
