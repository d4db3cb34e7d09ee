package dev.cordon.executor.bwrap;

/** What a launch hands bwrap through descriptors and reads back; closed when the run ends. */
interface BwrapLaunchFiles extends AutoCloseable {

    /** What bwrap has written to its JSON status descriptor so far. */
    String statusText();

    @Override
    void close();
}
