package io.dynakeys.test;

/** How long the tables of a {@link DynakeysTest} class live. */
public enum TablesPer {
    /** Created before each test and deleted after it: every test starts from empty tables. */
    TEST,
    /**
     * Created before the class's first test and deleted after its last: the tests share them,
     * which is faster and lets a constructor or {@code @BeforeAll} method write shared data.
     */
    CLASS
}
