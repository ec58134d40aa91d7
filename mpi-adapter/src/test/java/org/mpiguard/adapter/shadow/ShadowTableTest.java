package org.mpiguard.adapter.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShadowTableTest {

    private static final class Plain extends Shadow {
        Plain(Object object, int site) {
            super(object, site, 0);
        }
    }

    @Test
    void anObjectHasOneShadowFoundAgainByIdentity() {
        ShadowTable<Plain> table = new ShadowTable<>();
        Object object = new Object();
        assertNull(table.find(object));
        Plain made = table.findOrMake(object, 7, (h, s) -> new Plain(h, s));
        assertSame(made, table.findOrMake(object, 8, (h, s) -> new Plain(h, s)));
        assertSame(made, table.find(object));
        assertEquals(7, made.creationSite());
        assertSame(object, made.get());
        assertNull(table.find(new Object()));
        assertNull(table.findOrMake(null, 9, (h, s) -> new Plain(h, s)));
    }

    @Test
    void objectsSharingACacheSlotKeepTheirOwnShadows() {
        ShadowTable<Plain> table = new ShadowTable<>();
        List<Object> objects = new ArrayList<>();
        List<Plain> shadows = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            Object o = new Object();
            objects.add(o);
            shadows.add(table.findOrMake(o, 0, (h, s) -> new Plain(h, s)));
        }
        for (int i = 0; i < objects.size(); i++) {
            assertSame(shadows.get(i), table.find(objects.get(i)), "object " + i);
        }
        assertEquals(2_000, table.live().size());
    }

    @Test
    void anObjectMadeAgainGetsANewShadow() {
        ShadowTable<Plain> table = new ShadowTable<>();
        Object object = new Object();
        Plain first = table.findOrMake(object, 1, (h, s) -> new Plain(h, s));
        Plain second = table.replace(object, new Plain(object, 2));
        assertNotSame(first, second);
        assertSame(second, table.find(object));
    }

    @Test
    void aShadowDoesNotKeepItsObjectAlive() throws Exception {
        ShadowTable<Plain> table = new ShadowTable<>();
        table.findOrMake(new Object(), 0, (h, s) -> new Plain(h, s));
        for (int i = 0; i < 50 && !table.live().isEmpty(); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(table.live().isEmpty(), "the dropped object's shadow left the table");
    }

    @Test
    void anObjectFoundWithoutAShadowGetsOneWhenMadeLater() {
        ShadowTable<Plain> table = new ShadowTable<>();
        table.findOrMake(new Object(), 0, (h, s) -> new Plain(h, s)); // the kind is in use
        Object object = new Object();
        assertNull(table.find(object));
        assertNull(table.find(object), "the cached absence");
        Plain made = table.findOrMake(object, 3, (h, s) -> new Plain(h, s));
        assertSame(made, table.find(object), "the absence is not kept once a shadow is made");
    }
}
