package org.mpiguard.advice.args;

import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.args.Comms;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.adapter.args.Groups;
import org.mpiguard.core.args.ReductionOps;

/**
 * Entry points of handles.rules: datatypes, communicators, groups, ops and infos used
 * after free, freed twice, or predefined ones freed; and the after-rules that record
 * creation, commit and free.
 */
public final class Handle {

    private Handle() {
    }

    public static void group(int site, String name, Object group) throws MpiFailure {
        if (group == null) {
            Checks.fail(site, "handle.group-null", name, null, "is null", "a group, e.g. comm.getGroup()");
        }
        if (Groups.isNull(group)) {
            Checks.fail(site, "handle.group-freed", name, Shadows.wasFreed(group) ? "a freed group" : "MPI.GROUP_NULL",
                    Shadows.wasFreed(group) ? "was already freed" : "is the null group", "a group that has not been freed");
        }
    }

    /** Any call on a group (self) or taking one. */
    public static void onGroup(Object group, int site) throws MpiFailure {
        if (Checks.on()) {
            group(site, "group", group);
        }
    }

    public static void twoGroups(Object group1, Object group2, int site) throws MpiFailure {
        if (Checks.on()) {
            group(site, "group1", group1);
            group(site, "group2", group2);
        }
    }

    /** Group.incl and excl: every rank inside the group, none twice. */
    public static void ranksOfGroup(Object group, int[] ranks, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        group(site, "group", group);
        if (ranks == null) {
            Checks.fail(site, "group.ranks-null", "ranks", null, "is null", "an int[] of ranks of the group");
        }
        int size = Groups.size(group);
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] < 0 || ranks[i] >= size) {
                Checks.fail(site, "group.rank-range", "ranks[" + i + "]", ranks[i], "is outside the group of size "
                        + size, org.mpiguard.core.args.ArgMessages.rankRange(size));
            }
            for (int j = 0; j < i; j++) {
                if (ranks[j] == ranks[i]) {
                    Checks.fail(site, "group.rank-duplicate", "ranks[" + i + "]", ranks[i], "repeats ranks[" + j + "]",
                            "distinct ranks");
                }
            }
        }
    }

    /** Any call on a communicator that is not itself a check of another family. */
    public static void onComm(Object comm, int site) throws MpiFailure {
        if (Checks.on()) {
            Checks.comm(site, "comm", comm);
        }
    }

    public static void freeComm(Object comm, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        if (comm == MpiConstants.COMM_WORLD || comm == MpiConstants.COMM_SELF) {
            Checks.fail(site, "handle.free-predefined", "comm", comm == MpiConstants.COMM_WORLD ? "MPI.COMM_WORLD"
                    : "MPI.COMM_SELF", "is predefined and must not be freed", "a communicator the program created");
        }
    }

    public static void freeGroup(Object group, int site) throws MpiFailure {
        if (Checks.on()) {
            group(site, "group", group);
        }
    }

    public static void onType(Object type, int site) throws MpiFailure {
        if (Checks.on()) {
            alive(site, "type", type);
        }
    }

    /** A datatype that need not be committed (constructors, commit itself) but must exist. */
    static void alive(int site, String name, Object type) throws MpiFailure {
        if (type == null) {
            Checks.fail(site, "type.null", name, null, "is null", "a datatype such as MPI.INT");
        }
        if (Datatypes.isNull(type)) {
            boolean freed = Shadows.wasFreed(type);
            Checks.fail(site, "type.freed", name, freed ? "a freed datatype" : "MPI.DATATYPE_NULL",
                    freed ? "was already freed" : "is the null datatype", "a datatype that has not been freed");
        }
    }

    public static void freeType(Object type, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        alive(site, "type", type);
        if (Datatypes.typeClass(type) != ReductionOps.TypeClass.OTHER || type == MpiConstants.PACKED) {
            Checks.fail(site, "handle.free-predefined", "type", Datatypes.name(type),
                    "is predefined and must not be freed", "a derived datatype the program created");
        }
    }

    /** Datatype.create*(count, ..., oldType): count not negative, old type alive. */
    public static void derive(int count, String countName, Object oldType, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        if (count < 0) {
            Checks.fail(site, "type.create-count", countName, count, "is negative", "0 or more");
        }
        alive(site, "oldType", oldType);
    }

    /** Datatype.createIndexed/createHIndexed/createStruct: the arrays agree in length. */
    public static void deriveArrays(int[] blockLengths, int displacementsLength, String displacementsName,
                                    int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        if (blockLengths == null) {
            Checks.fail(site, "type.create-arrays", "blockLengths", null, "is null", "an int[] of block lengths");
        }
        if (displacementsLength != blockLengths.length) {
            Checks.fail(site, "type.create-arrays", displacementsName, "an array of " + displacementsLength
                    + " entries", "does not match blockLengths (" + blockLengths.length + " entries)",
                    "one displacement per block: " + blockLengths.length + " entries");
        }
        for (int i = 0; i < blockLengths.length; i++) {
            if (blockLengths[i] < 0) {
                Checks.fail(site, "type.create-count", "blockLengths[" + i + "]", blockLengths[i], "is negative",
                        "0 or more");
            }
        }
    }

    public static void created(Object type, int site) {
        Shadows.typeMade(type, site);
    }

    /** A duplicate has the committed state of its original (MPI_Type_dup). */
    public static void duplicated(Object original, Object copy, int site) {
        Shadows.typeDuplicated(original, copy, site);
    }

    public static void committed(Object type) {
        Shadows.typeCommitted(type);
    }

    public static void typeFreed(Object type) {
        Shadows.freed(type);
    }

    public static void freed(Object handle) {
        Shadows.freed(handle);
    }

    public static void onOp(Object op, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        if (Shadows.wasFreed(op)) {
            Checks.fail(site, "op.freed", "op", "a freed op", "was already freed", "an op that has not been freed");
        }
    }

    public static void freeOp(Object op, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        onOp(op, site);
        if (Datatypes.predefined(op) != null) {
            Checks.fail(site, "handle.free-predefined", "op", Datatypes.opName(op),
                    "is predefined and must not be freed", "an op the program created with new Op(function, commute)");
        }
    }

    public static void onInfo(Object info, int site) throws MpiFailure {
        if (Checks.on()) {
            OneSided.info(site, "info", info);
        }
    }

    /** Info.set and get: keys MPI can hold (MPI_MAX_INFO_KEY is 255 in Open MPI). */
    public static void infoKey(Object info, String key, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.info(site, "info", info);
        if (key == null || key.isEmpty() || key.length() > 255) {
            Checks.fail(site, "info.key", "key", key == null ? null : "\"" + key + "\" (" + key.length() + " chars)",
                    key == null ? "is null" : key.isEmpty() ? "is empty" : "is longer than MPI_MAX_INFO_KEY (255)",
                    "a non-empty key of at most 255 characters");
        }
    }

    public static void infoSet(Object info, String key, String value, int site) throws MpiFailure {
        infoKey(info, key, site);
        if (Checks.on() && value == null) {
            Checks.fail(site, "info.value", "value", null, "is null", "a string (at most 256 characters)");
        }
    }

    /** Comm.setInfo and dupWithInfo. */
    public static void commInfo(Object comm, Object info, int site) throws MpiFailure {
        if (Checks.on()) {
            Checks.comm(site, "comm", comm);
            OneSided.info(site, "info", info);
        }
    }

    /** Intracomm.split(color, key): color is a non-negative value or MPI.UNDEFINED. */
    public static void split(Object comm, int color, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        if (color < 0 && color != MpiConstants.UNDEFINED) {
            Checks.fail(site, "comm.split-color", "colour", color, "is negative",
                    "0 or more, or MPI.UNDEFINED to get no communicator");
        }
    }

    /** Intracomm.create(group). */
    public static void createFromGroup(Object comm, Object group, int site) throws MpiFailure {
        if (Checks.on()) {
            Checks.comm(site, "comm", comm);
            group(site, "group", group);
        }
    }

    /** Comm.createIntercomm(localComm, localLeader, remoteLeader, tag). */
    public static void createIntercomm(Object comm, Object localComm, int localLeader, int remoteLeader, int tag,
                                       int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.comm(site, "localComm", localComm);
        if (Comms.isInter(localComm)) {
            Checks.fail(site, "comm.intra-required", "localComm", "an intercommunicator",
                    "is an intercommunicator where an intracommunicator is required", "an intracommunicator");
        }
        int local = Comms.size(localComm);
        if (localLeader < 0 || localLeader >= local) {
            Checks.fail(site, "comm.leader-range", "localLeader", localLeader, "is outside localComm of size " + local,
                    org.mpiguard.core.args.ArgMessages.rankRange(local));
        }
        if (Comms.rank(localComm) == localLeader) {
            int peers = Comms.size(comm);
            if (remoteLeader < 0 || remoteLeader >= peers) {
                Checks.fail(site, "comm.leader-range", "remoteLeader", remoteLeader,
                        "is outside the peer communicator of size " + peers,
                        org.mpiguard.core.args.ArgMessages.rankRange(peers));
            }
        }
        Checks.sendTag(site, "tag", tag);
    }
}
