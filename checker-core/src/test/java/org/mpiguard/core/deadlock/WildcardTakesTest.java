package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WildcardTakesTest {

    private static final int ANY_TAG = -1;

    @Test
    void theLastTakeFromASourceOnACommunicatorIsFoundWithItsSiteAndTag() {
        WildcardTakes takes = new WildcardTakes(16);
        Object world = new Object();
        takes.took(world, 2, 3, 41);
        takes.took(world, 2, 5, 42);
        long take = takes.lastFrom(world, 2, ANY_TAG, ANY_TAG);
        assertEquals(42, WildcardTakes.site(take));
        assertEquals(5, WildcardTakes.tag(take));
        assertEquals(42, WildcardTakes.site(takes.lastFrom(world, 2, 5, ANY_TAG)));
    }

    @Test
    void anotherSourceCommunicatorOrTagIsNotATake() {
        WildcardTakes takes = new WildcardTakes(16);
        Object world = new Object();
        takes.took(world, 2, 3, 41);
        assertEquals(WildcardTakes.NONE, takes.lastFrom(world, 1, ANY_TAG, ANY_TAG));
        assertEquals(WildcardTakes.NONE, takes.lastFrom(new Object(), 2, ANY_TAG, ANY_TAG));
        assertEquals(WildcardTakes.NONE, takes.lastFrom(world, 2, 4, ANY_TAG), "a receive of tag 4 never waited for it");
        assertEquals(WildcardTakes.NONE, takes.lastFrom(null, 2, ANY_TAG, ANY_TAG));
        assertEquals(WildcardTakes.NONE, new WildcardTakes(16).lastFrom(world, 2, ANY_TAG, ANY_TAG));
    }

    @Test
    void aTakeOfAnotherKeyInTheSameSlotReplacesItAndIsNeverMistakenForIt() {
        WildcardTakes takes = new WildcardTakes(1);
        Object world = new Object();
        takes.took(world, 2, 3, 41);
        takes.took(world, 5, 3, 77);
        assertEquals(WildcardTakes.NONE, takes.lastFrom(world, 2, ANY_TAG, ANY_TAG));
        assertEquals(77, WildcardTakes.site(takes.lastFrom(world, 5, ANY_TAG, ANY_TAG)));
    }

    @Test
    void theSizeMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new WildcardTakes(12));
    }
}
