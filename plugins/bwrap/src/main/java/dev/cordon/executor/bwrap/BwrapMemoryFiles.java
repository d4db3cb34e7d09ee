package dev.cordon.executor.bwrap;

import dev.cordon.linux.MemFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The files of a direct launch: the options and the status in memory files (no path, nothing on
 * disk; the options hold the command's environment), the shared seccomp program by path.
 *
 * @param options the NUL-separated options for {@code --args}
 * @param seccomp the seccomp program
 * @param status where bwrap writes its JSON status
 */
record BwrapMemoryFiles(MemFile options, Path seccomp, MemFile status) implements BwrapLaunchFiles {

    static BwrapMemoryFiles of(byte[] options, Path seccomp) throws IOException {
        MemFile optionsFile = MemFile.of("cordon-bwrap-args", options);
        try {
            return new BwrapMemoryFiles(optionsFile, seccomp, MemFile.create("cordon-bwrap-status"));
        } catch (IOException e) {
            optionsFile.close();
            throw e;
        }
    }

    @Override
    public String statusText() {
        return status.text();
    }

    @Override
    public void close() {
        options.close();
        status.close();
    }
}
