package org.mpiguard.predict.model;

/** How a send completes, which decides whether its wait survives a buffering setting. */
public enum SendMode {
    /** {@code send}/{@code iSend}: completes when matched under zero buffering, at once under infinite. */
    STANDARD,
    /** {@code sSend}/{@code iSsend}: completes only when matched, whatever the buffering. */
    SYNCHRONOUS,
    /** {@code bSend}/{@code ibSend}: completes at once, whatever the buffering. */
    BUFFERED
}
