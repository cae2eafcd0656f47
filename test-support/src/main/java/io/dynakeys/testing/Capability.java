package io.dynakeys.testing;

/**
 * What DynamoDB does that not every local server does. A test that needs one declares it (see
 * {@link OnEachServer#requires()}) and runs only on the servers that have it.
 */
public enum Capability {
    /** {@code TransactWriteItems} and {@code TransactGetItems}, with cancellation reasons. */
    TRANSACTIONS,
    /** {@code UpdateTimeToLive} and {@code DescribeTimeToLive}. */
    TIME_TO_LIVE,
    /** Secondary index key schemas of more than one partition or sort key attribute. */
    MULTI_ATTRIBUTE_INDEX_KEYS,
    /**
     * Comparing {@code BETWEEN} operands and an {@code ExclusiveStartKey} in UTF-8 byte order, the
     * order keys are stored in. dynalite compares those two in UTF-16 order, which puts
     * U+E000..U+FFFF above supplementary characters.
     */
    UTF8_ORDER_IN_CONDITIONS
}
