package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WslRootfsTest {

    @TempDir
    Path temp;

    /** SHA-256 of the bytes {@code rootfs\n}. */
    private static final String SHA = "f8a581d4bce57f792444b2230b5706a6f902fbac19a374e76f6a56f030d35cf2";

    @Test
    void aMatchingDownloadIsKeptUnderItsChecksumAndReused() throws Exception {
        Path source = Files.writeString(temp.resolve("rootfs.tar.gz"), "rootfs\n");
        assertEquals(SHA, WslRootfs.digest(source));
        Path cache = temp.resolve("cache");
        Path fetched = WslRootfs.fetch(source.toUri(), SHA, cache);
        assertEquals(cache.resolve(SHA + ".tar.gz"), fetched);
        assertEquals("rootfs\n", Files.readString(fetched));
        Files.delete(source);
        assertEquals(fetched, WslRootfs.fetch(source.toUri(), SHA, cache), "the verified copy is reused");
    }

    @Test
    void aMismatchIsRefusedAndNothingIsLeftInTheCache() throws Exception {
        Path source = Files.writeString(temp.resolve("rootfs.tar.gz"), "tampered\n");
        Path cache = temp.resolve("cache");
        ExecutorException error = assertThrows(ExecutorException.class, () -> WslRootfs.fetch(source.toUri(), SHA, cache));
        assertEquals("the root file system from `" + source.toUri() + "` has SHA-256 `" + WslRootfs.digest(source)
                + "`, the distro file expects `" + SHA + "`; nothing was imported", error.getMessage());
        try (Stream<Path> left = Files.list(cache)) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void aCorruptedCacheIsFetchedAgain() throws Exception {
        Path source = Files.writeString(temp.resolve("rootfs.tar.gz"), "rootfs\n");
        Path cache = Files.createDirectories(temp.resolve("cache"));
        Files.writeString(cache.resolve(SHA + ".tar.gz"), "bit rot\n");
        assertEquals("rootfs\n", Files.readString(WslRootfs.fetch(source.toUri(), SHA, cache)));
    }

    @Test
    void onlyHttpsAndFileAreFetched() {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> WslRootfs.fetch(java.net.URI.create("http://example.invalid/r.tgz"), SHA, temp));
        assertEquals("cannot fetch `http://example.invalid/r.tgz`: only https: and file: URLs are used", error.getMessage());
        assertFalse(Files.exists(temp.resolve(SHA + ".tar.gz")));
    }
}
