package dev.cordon.executor.docker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who the command runs as inside the container: the user running cordon, never root by default,
 * so that files it writes into the workspace belong to that user.
 *
 * @param uid numeric user id
 * @param gid numeric group id
 */
record DockerUser(int uid, int gid) {

    /** {@code --user} value. */
    String render() {
        return uid + ":" + gid;
    }

    /** The owner of a file this process just created: its effective user and group. */
    static DockerUser ownerOf(Path created) throws IOException {
        return new DockerUser((Integer) Files.getAttribute(created, "unix:uid"), (Integer) Files.getAttribute(created, "unix:gid"));
    }
}
