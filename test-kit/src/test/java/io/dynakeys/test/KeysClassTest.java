package io.dynakeys.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

class KeysClassTest {

    @Test
    void readsTheItemTypeFromTheGeneratedSchema() {
        assertEquals(Order.class, KeysClass.of(OrderKeys.class).itemType());
        assertEquals(Note.class, KeysClass.of(NoteKeys.class).itemType());
    }

    @Test
    void aClassThatIsNotGeneratedIsRefusedByName() {
        ExtensionConfigurationException e =
                assertThrows(ExtensionConfigurationException.class, () -> KeysClass.of(Order.class));
        assertTrue(e.getMessage().contains("names io.dynakeys.test.Order, which is not a generated *Keys class"), e.getMessage());
        assertTrue(e.getMessage().contains("RunKeys.class for record Run"), e.getMessage());
    }
}
