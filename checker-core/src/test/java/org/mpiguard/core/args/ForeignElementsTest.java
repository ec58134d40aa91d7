package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Arrays described as another element type: what the binding can copy on HotSpot, measured with Open MPI 4.1.4. */
class ForeignElementsTest {

    @Test
    void anIntArrayOfFourHoldsFourBytesAsMpiByteButNotSixteen() {
        // measured: send(int[4], 4, MPI.BYTE) delivers 4 bytes; count 16 throws "Array region 0..16 out of bounds for length 4"
        assertTrue(BaseType.BYTE.fitsInForeignArray(4, 4, 4));
        assertFalse(BaseType.BYTE.fitsInForeignArray(16, 4, 4));
    }

    @Test
    void aWiderTypeMustFitInTheArraysBytes() {
        assertTrue(BaseType.DOUBLE.fitsInForeignArray(2, 4, 4), "2 doubles are the 16 bytes of int[4]");
        assertFalse(BaseType.DOUBLE.fitsInForeignArray(4, 4, 4), "4 doubles are 32 bytes: past int[4]");
        assertFalse(BaseType.INT.fitsInForeignArray(2, 4, 1), "8 bytes past a byte[4]");
    }

    @Test
    void elementBytesAreThoseOfTheJavaType() {
        assertEquals(4, BaseType.elementBytes(new int[1]));
        assertEquals(2, BaseType.elementBytes(new char[1]));
        assertEquals(1, BaseType.elementBytes(new boolean[1]));
        assertEquals(8, BaseType.elementBytes(ByteBuffer.allocateDirect(8).asDoubleBuffer()));
        assertEquals(1, BaseType.elementBytes(ByteBuffer.allocateDirect(8)));
    }
}
