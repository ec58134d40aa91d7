package org.mpiguard.adapter.shadow;

/**
 * How each kind of shadow is made on first sight, one class per kind rather than a lambda
 * at each call: a lambda is a class the JVM spins at run time, which costs every rank
 * start-up CPU and wakes the compiler on the JDK's spinner (issue 23, docs/overhead.md).
 */
final class ShadowMakers {

    static final ShadowTable.Maker<CommShadow> COMM = new Comms();
    static final ShadowTable.Maker<GroupShadow> GROUP = new Groups();
    static final ShadowTable.Maker<OpShadow> OP = new Ops();
    static final ShadowTable.Maker<InfoShadow> INFO = new Infos();
    static final ShadowTable.Maker<DatatypeShadow> DATATYPE = new Datatypes();
    static final ShadowTable.Maker<MessageShadow> MESSAGE = new Messages();
    /** A window seen first when it is freed: its group's size is unknown (0). */
    static final ShadowTable.Maker<WindowShadow> WINDOW = new Windows();

    private ShadowMakers() {
    }

    private static final class Comms implements ShadowTable.Maker<CommShadow> {
        @Override
        public CommShadow make(Object handle, int site) {
            return new CommShadow(handle, site, Shadows.rank());
        }
    }

    private static final class Groups implements ShadowTable.Maker<GroupShadow> {
        @Override
        public GroupShadow make(Object handle, int site) {
            return new GroupShadow(handle, site, Shadows.rank());
        }
    }

    private static final class Ops implements ShadowTable.Maker<OpShadow> {
        @Override
        public OpShadow make(Object handle, int site) {
            return new OpShadow(handle, site, Shadows.rank());
        }
    }

    private static final class Infos implements ShadowTable.Maker<InfoShadow> {
        @Override
        public InfoShadow make(Object handle, int site) {
            return new InfoShadow(handle, site, Shadows.rank());
        }
    }

    /** Types the checker sees made or used are committed or predefined. */
    private static final class Datatypes implements ShadowTable.Maker<DatatypeShadow> {
        @Override
        public DatatypeShadow make(Object handle, int site) {
            return new DatatypeShadow(handle, site, Shadows.rank(), true);
        }
    }

    private static final class Messages implements ShadowTable.Maker<MessageShadow> {
        @Override
        public MessageShadow make(Object handle, int site) {
            return new MessageShadow(handle, site, Shadows.rank());
        }
    }

    private static final class Windows implements ShadowTable.Maker<WindowShadow> {
        @Override
        public WindowShadow make(Object handle, int site) {
            return new WindowShadow(handle, site, Shadows.rank(), 0);
        }
    }
}
