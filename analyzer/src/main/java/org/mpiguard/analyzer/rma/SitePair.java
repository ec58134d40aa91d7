package org.mpiguard.analyzer.rma;

/**
 * Two sides' ranks and call sites on one target's window: what the RMA checks group their
 * findings by (one finding per pair of sites, however often the pair met).
 */
record SitePair(int firstRank, int firstSite, int secondRank, int secondSite, int target) {
    // written out, as the record's would be: see SiteRef
    @Override
    public boolean equals(Object o) {
        return o instanceof SitePair k && firstRank == k.firstRank && firstSite == k.firstSite
                && secondRank == k.secondRank && secondSite == k.secondSite && target == k.target;
    }

    @Override
    public int hashCode() {
        return (((firstRank * 31 + firstSite) * 31 + secondRank) * 31 + secondSite) * 31 + target;
    }
}
