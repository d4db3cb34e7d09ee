package dev.cordon.executor.landlock;

import dev.cordon.linux.LandlockRuleset;
import java.nio.file.Path;

/**
 * One Landlock rule: rights granted beneath a path.
 *
 * @param path the file or directory
 * @param rights Landlock access rights
 * @param links whether a symbolic link at the path is followed
 */
record LandlockGrant(Path path, long rights, LandlockRuleset.Links links) {
}
