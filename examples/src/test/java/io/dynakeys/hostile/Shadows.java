package io.dynakeys.hostile;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * Components named like the types and locals of the generated code: a parameter of one of these
 * names would shadow or obscure what a generated body refers to, unless renamed.
 */
@KeySchema(partitionPrefix = "SH")
public record Shadows(
    @PartitionKey String Utf8,
    @PartitionKey String KeyReader,
    @PartitionKey String io,
    @SortKey String item,
    @SortKey String reader,
    @SortKey String values,
    @SortKey String index,
    @SortKey String PrimaryKey,
    @SortKey String String,
    @SortKey String toKeyQuery,
    @SortKey String toQueryConditional,
    String tableSchema,
    String TextCodec) {}
