package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/**
 * The root file system tarball of a distribution, in a cache named by its SHA-256. A download is
 * checked against the checksum of the distro file before it is kept; one that does not match is
 * deleted and refused, so nothing unverified is ever imported. A cached file is checked again
 * before it is used.
 */
final class WslRootfs {

    static final Duration CONNECT_LIMIT = Duration.ofSeconds(30);

    private WslRootfs() {
    }

    static Path fetch(URI source, String sha256, Path cacheDir) throws ExecutorException {
        Path target = cacheDir.resolve(sha256 + ".tar.gz");
        try {
            if (Files.isRegularFile(target) && digest(target).equals(sha256)) {
                return target;
            }
            Files.createDirectories(cacheDir);
            Path partial = Files.createTempFile(cacheDir, sha256, ".part");
            try {
                String actual;
                try (DigestInputStream in = new DigestInputStream(open(source), sha256Digest());
                        OutputStream out = Files.newOutputStream(partial)) {
                    in.transferTo(out);
                    actual = HexFormat.of().formatHex(in.getMessageDigest().digest());
                }
                if (!actual.equals(sha256)) {
                    throw new ExecutorException("the root file system from `" + source + "` has SHA-256 `" + actual
                            + "`, the distro file expects `" + sha256 + "`; nothing was imported");
                }
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return target;
            } finally {
                Files.deleteIfExists(partial);
            }
        } catch (IOException e) {
            throw new ExecutorException("cannot fetch the root file system from `" + source + "`: " + e.getMessage(), e);
        }
    }

    static String digest(Path file) throws IOException {
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(file), sha256Digest())) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        }
    }

    private static InputStream open(URI source) throws IOException, ExecutorException {
        switch (source.getScheme()) {
            case "file" -> {
                return Files.newInputStream(Path.of(source));
            }
            case "https" -> {
                HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_LIMIT)
                        .followRedirects(HttpClient.Redirect.NORMAL).build();
                try {
                    HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(source).GET().build(),
                            HttpResponse.BodyHandlers.ofInputStream());
                    if (response.statusCode() != 200) {
                        response.body().close();
                        throw new IOException("the server answered " + response.statusCode());
                    }
                    return response.body();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            default -> throw new ExecutorException("cannot fetch `" + source + "`: only https: and file: URLs are used");
        }
    }

    private static MessageDigest sha256Digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
