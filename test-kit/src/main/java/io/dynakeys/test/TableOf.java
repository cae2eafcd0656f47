package io.dynakeys.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the {@code *Keys} class whose table a parameter is: needed when two classes of a
 * {@link DynakeysTest} map the same item type, and on a {@code String} parameter, which then
 * receives the table's name.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface TableOf {

    /**
     * The generated class, e.g. {@code RunKeys.class}; it must be one the test class names.
     *
     * @return the {@code *Keys} class
     */
    Class<?> value();
}
