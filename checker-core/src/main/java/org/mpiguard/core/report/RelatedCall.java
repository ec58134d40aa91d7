package org.mpiguard.core.report;

/** Another call involved in a finding, on this rank or another. */
public record RelatedCall(int rank, String op, SiteRef site) {
}
