package dev.cordon.cli;

import dev.cordon.spi.OutputListener;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** The output listener of {@code run}: passes a command's bytes through as they come. */
final class OutputListenerTo {

    private OutputListenerTo() {
    }

    static OutputListener streams(OutputStream out, OutputStream err) {
        return new OutputListener() {
            @Override
            public void stdout(byte[] bytes, int offset, int length) {
                write(out, bytes, offset, length);
            }

            @Override
            public void stderr(byte[] bytes, int offset, int length) {
                write(err, bytes, offset, length);
            }
        };
    }

    private static void write(OutputStream stream, byte[] bytes, int offset, int length) {
        try {
            synchronized (stream) {
                stream.write(bytes, offset, length);
                stream.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
