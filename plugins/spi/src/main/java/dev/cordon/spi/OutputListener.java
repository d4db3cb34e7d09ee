package dev.cordon.spi;

/** Receives a command's output as it is produced; called from the executor's reader threads. */
public interface OutputListener {

    OutputListener NONE = new OutputListener() {
    };

    default void stdout(byte[] bytes, int offset, int length) {
    }

    default void stderr(byte[] bytes, int offset, int length) {
    }
}
