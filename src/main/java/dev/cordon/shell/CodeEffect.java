package dev.cordon.shell;

/** What an interpreter's code does that no shell command of it shows. */
public enum CodeEffect {
    /** It fetches code from the network and runs it: download-and-run. */
    RUNS_DOWNLOADED_CODE,
    /** It connects a shell or its standard streams to a network socket: a reverse shell. */
    NETWORK_SHELL,
    /** It fetches from the network: files it writes hold what it fetched. */
    DOWNLOADS
}
