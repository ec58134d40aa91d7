package org.mpiguard.core.collective;

/**
 * The collective operations the ring compares, with what MPI requires every member to
 * agree on beyond the operation itself.
 */
public enum CollectiveKind {
    BARRIER("barrier", false, false, false),
    BCAST("bcast", true, false, true),
    GATHER("gather", true, false, true),
    GATHERV("gatherv", true, false, false),
    SCATTER("scatter", true, false, true),
    SCATTERV("scatterv", true, false, false),
    ALL_GATHER("allGather", false, false, true),
    ALL_GATHERV("allGatherv", false, false, false),
    ALL_TO_ALL("allToAll", false, false, true),
    ALL_TO_ALLV("allToAllv", false, false, false),
    ALL_TO_ALLW("allToAllw", false, false, false),
    NEIGHBOR_ALL_GATHER("neighborAllGather", false, false, false),
    NEIGHBOR_ALL_GATHERV("neighborAllGatherv", false, false, false),
    NEIGHBOR_ALL_TO_ALL("neighborAllToAll", false, false, false),
    NEIGHBOR_ALL_TO_ALLV("neighborAllToAllv", false, false, false),
    REDUCE("reduce", true, true, true),
    ALL_REDUCE("allReduce", false, true, true),
    REDUCE_SCATTER("reduceScatter", false, true, false),
    REDUCE_SCATTER_BLOCK("reduceScatterBlock", false, true, true),
    SCAN("scan", false, true, true),
    EX_SCAN("exScan", false, true, true),
    DUP("dup", false, false, false),
    SPLIT("split", false, false, false),
    SPLIT_TYPE("splitType", false, false, false),
    CREATE("create", false, false, false),
    CREATE_CART("createCart", false, false, false),
    CART_SUB("sub", false, false, false),
    CREATE_GRAPH("createGraph", false, false, false),
    CREATE_DIST_GRAPH("createDistGraph", false, false, false),
    CREATE_INTERCOMM("createIntercomm", false, false, false),
    WIN_CREATE("new Win", false, false, false);

    private final String label;
    private final boolean rooted;
    private final boolean reduces;
    private final boolean equalSignature;

    CollectiveKind(String label, boolean rooted, boolean reduces, boolean equalSignature) {
        this.label = label;
        this.rooted = rooted;
        this.reduces = reduces;
        this.equalSignature = equalSignature;
    }

    /** The method name as a program writes it (without the {@code i} of the nonblocking variant). */
    public String label() {
        return label;
    }

    /** Every member must name the same root. */
    public boolean rooted() {
        return rooted;
    }

    /** Every member must pass the same reduction operation. */
    public boolean reduces() {
        return reduces;
    }

    /**
     * Every member's count and datatype (the block it contributes or receives) must have
     * the same type signature.
     */
    public boolean equalSignature() {
        return equalSignature;
    }

    /** The method a program calls: {@code iBcast} for the nonblocking variant of bcast. */
    public String methodName(boolean nonblocking) {
        if (!nonblocking) {
            return label;
        }
        return "i" + Character.toUpperCase(label.charAt(0)) + label.substring(1);
    }
}
