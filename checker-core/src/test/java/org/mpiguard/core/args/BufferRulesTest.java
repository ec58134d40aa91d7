package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import org.junit.jupiter.api.Test;

class BufferRulesTest {

    @Test
    void eachBaseTypeAcceptsItsOwnArrayAndBufferOnly() {
        assertTrue(BaseType.INT.accepts(new int[1]));
        assertTrue(BaseType.INT.accepts(IntBuffer.allocate(1)));
        assertFalse(BaseType.DOUBLE.accepts(new int[1]));
        assertFalse(BaseType.INT.accepts(DoubleBuffer.allocate(1)));
        assertTrue(BaseType.BOOLEAN.accepts(new boolean[1]));
        assertTrue(BaseType.BYTE.accepts(ByteBuffer.allocateDirect(1)));
        assertFalse(BaseType.NULL.accepts(new int[1]));
    }

    @Test
    void pairAndComplexTypesAreByteBased() {
        for (int code = 10; code <= 16; code++) {
            assertEquals(BaseType.BYTE, BaseType.ofCode(code));
        }
        assertEquals(BaseType.DOUBLE, BaseType.ofCode(8));
        assertEquals(null, BaseType.ofCode(99));
    }

    @Test
    void onlyPrimitiveArraysAndNioBuffersAreBuffers() {
        assertTrue(BaseType.isBufferObject(new double[0]));
        assertTrue(BaseType.isBufferObject(IntBuffer.allocate(0)));
        assertFalse(BaseType.isBufferObject(new Integer[0]));
        assertFalse(BaseType.isBufferObject("hello"));
    }

    @Test
    void aBufferOffersItsCapacityWhateverItsPosition() {
        IntBuffer b = IntBuffer.allocate(8);
        b.position(5);
        assertEquals(8, BaseType.elementsAvailable(b));
        assertEquals(3, BaseType.elementsAvailable(new long[3]));
    }

    @Test
    void theSpanOfCountItemsEndsAtTheLastElementTouched() {
        assertEquals(0, Extents.span(0, 1, 0, 1));
        assertEquals(4, Extents.span(4, 1, 0, 1));
        // a vector of 2 blocks of 1 with stride 3: extent 4, true extent 4
        assertEquals(4, Extents.span(1, 4, 0, 4));
        assertEquals(8, Extents.span(2, 4, 0, 4));
        // a type resized to extent 6 whose data is 2 elements: the last item needs only 2
        assertEquals(8, Extents.span(2, 6, 0, 2));
        assertEquals(14, Extents.spanAt(1, 2, 6, 0, 2));
        assertEquals((long) Integer.MAX_VALUE * 2, Extents.span(Integer.MAX_VALUE, 2, 0, 2));
    }

    @Test
    void reductionOpsAreDefinedForTheTypesTheStandardNames() {
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.SUM, ReductionOps.TypeClass.FLOATING));
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.SUM, ReductionOps.TypeClass.COMPLEX));
        assertFalse(ReductionOps.defined(ReductionOps.Predefined.MAX, ReductionOps.TypeClass.COMPLEX));
        assertFalse(ReductionOps.defined(ReductionOps.Predefined.BAND, ReductionOps.TypeClass.FLOATING));
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.BXOR, ReductionOps.TypeClass.BYTE));
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.LAND, ReductionOps.TypeClass.LOGICAL));
        assertFalse(ReductionOps.defined(ReductionOps.Predefined.SUM, ReductionOps.TypeClass.LOGICAL));
        assertFalse(ReductionOps.defined(ReductionOps.Predefined.MAXLOC, ReductionOps.TypeClass.INTEGER));
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.MINLOC, ReductionOps.TypeClass.PAIR));
        assertTrue(ReductionOps.defined(ReductionOps.Predefined.REPLACE, ReductionOps.TypeClass.OTHER));
        assertTrue(ReductionOps.defined(null, ReductionOps.TypeClass.OTHER), "a user op takes any type");
        assertTrue(ReductionOps.Predefined.MINLOC.validTypes().contains("MPI.DOUBLE_INT"));
        assertEquals("MPI.LXOR", ReductionOps.Predefined.LXOR.mpiName());
    }

    @Test
    void valuesAreRenderedAsTheProgrammerWroteThem() {
        assertEquals("int[4]", ArgMessages.render(new int[4]));
        assertEquals("null", ArgMessages.render(null));
        assertEquals("heap IntBuffer(position 0, capacity 2)", ArgMessages.render(IntBuffer.allocate(2)));
        assertEquals("direct ByteBuffer(position 0, capacity 3)", ArgMessages.render(ByteBuffer.allocateDirect(3)));
        assertEquals("none (empty group)", ArgMessages.rankRange(0));
    }
}
