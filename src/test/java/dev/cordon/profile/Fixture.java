package dev.cordon.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Temp directories for a cordon home, a user config dir, a home directory and a project. */
final class Fixture {

    final Path root;
    final Path builtin;
    final Path user;
    final Path home;
    final Path tmp;
    final Path project;
    final Map<String, String> env = new HashMap<>();

    /** Uses the real built-in profiles of this checkout. */
    static Fixture withBuiltins(Path temp) {
        return new Fixture(temp, cordonRoot());
    }

    /** Uses a fresh built-in folder holding only a copy of the real defaults. */
    static Fixture withOwnBuiltins(Path temp) {
        Fixture fixture = new Fixture(temp, temp.resolve("dist"));
        fixture.write(fixture.builtin.resolve("profiles/defaults.yaml"), read(cordonRoot().resolve("profiles/defaults.yaml")));
        return fixture;
    }

    private Fixture(Path temp, Path builtin) {
        try {
            this.root = temp.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.builtin = builtin.startsWith(temp) ? root.resolve(temp.relativize(builtin)) : builtin;
        this.user = root.resolve("config");
        this.home = root.resolve("home");
        this.tmp = root.resolve("tmp");
        this.project = root.resolve("home/src/app");
        mkdirs(home);
        mkdirs(tmp);
        mkdirs(project);
        env.put("HOME", home.toString());
        env.put("TMPDIR", tmp.toString());
    }

    PolicySources sources() {
        return sources(project, Overrides.NONE);
    }

    PolicySources sources(Path cwd, Overrides flags) {
        return new PolicySources(builtin, user, cwd, env, flags);
    }

    Resolution resolve() {
        return new ProfileResolver().resolve(sources());
    }

    Path userConfig(String text) {
        return write(user.resolve("config.yaml"), text);
    }

    Path projectConfig(String text) {
        return write(project.resolve(".cordon/config.yaml"), text);
    }

    /** Trusts the project in the user config, keeping {@code rest}. */
    void trustProject(String rest) {
        userConfig("trusted_projects:\n  - " + project + "\n" + rest);
    }

    Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path cordonRoot() {
        String configured = System.getProperty("cordon.root");
        if (configured != null) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("profiles/defaults.yaml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the checkout's profiles/ folder");
    }

    private static void mkdirs(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
