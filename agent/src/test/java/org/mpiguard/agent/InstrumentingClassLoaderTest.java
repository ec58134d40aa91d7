package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;
import org.mpiguard.agent.fixtures.SampleMpiUser;
import org.mpiguard.core.site.CallSites;

/** Rewritten classes must load, pass the verifier, and behave as before. */
class InstrumentingClassLoaderTest {

    /** Defines the fixture from rewritten bytes; everything else comes from the parent. */
    static final class RewritingLoader extends ClassLoader {
        private final TrampolineIndex index;
        private final Class<?> fixture;

        RewritingLoader(TrampolineIndex index) {
            this(index, SampleMpiUser.class);
        }

        RewritingLoader(TrampolineIndex index, Class<?> fixture) {
            super(InstrumentingClassLoaderTest.class.getClassLoader());
            this.index = index;
            this.fixture = fixture;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(fixture.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        byte[] bytes = Bytes.rewrite(Bytes.of(fixture), index, 0);
                        loaded = defineClass(name, bytes, 0, bytes.length);
                    } catch (java.io.IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return loaded;
            }
        }
    }

    @Test
    void aRewrittenClassLoadsVerifiesAndComputesTheSameResults() throws Exception {
        int sitesBefore = CallSites.count();
        Class<?> rewritten = new RewritingLoader(TrampolineIndex.load()).loadClass(SampleMpiUser.class.getName());
        assertTrue(rewritten != SampleMpiUser.class);
        assertTrue(CallSites.count() > sitesBefore, "sites were registered while rewriting");
        Method capacity = rewritten.getMethod("bufferCapacity");
        assertEquals(SampleMpiUser.bufferCapacity(), capacity.invoke(null));
        assertEquals("plain", rewritten.getMethod("noMpiAtAll").invoke(null));
        for (Method m : rewritten.getDeclaredMethods()) {
            m.setAccessible(true); // forces linkage of every method's code under the verifier
        }
    }
}
