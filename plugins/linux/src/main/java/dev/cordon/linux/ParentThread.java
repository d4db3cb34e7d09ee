package dev.cordon.linux;

/**
 * Whether the thread that starts a child must live as long as the child. {@code PR_SET_PDEATHSIG}
 * (bwrap's {@code --die-with-parent}) fires when the parent <em>thread</em> ends, not the process.
 */
public enum ParentThread {
    /** The thread stays until the child has ended (and reaps it). */
    STAYS,
    /** The thread may end once the child has started; whoever waits for the child reaps it. */
    MAY_END
}
