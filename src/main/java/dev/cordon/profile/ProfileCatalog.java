package dev.cordon.profile;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The profile files of the built-in, user and project layers, found by name. A name in a higher
 * layer shadows the same name below; {@code extends} looks in the profile's own layer and below,
 * and a profile that extends its own name extends the one it shadows.
 */
final class ProfileCatalog {

    static final String DEFAULTS = "defaults";
    static final String SUFFIX = ".yaml";

    private final Map<Provenance.Layer, Path> dirs = new EnumMap<>(Provenance.Layer.class);
    private final Map<Provenance.Layer, Path> bases = new EnumMap<>(Provenance.Layer.class);
    private final String home;
    private final DocumentReader reader;
    private final Map<Path, ProfileDocument> parsed = new LinkedHashMap<>();

    /**
     * @param builtin the distribution directory holding {@code profiles/}
     * @param user the user config directory, or null
     * @param project the project root (holding {@code .cordon/}), or null
     */
    ProfileCatalog(Path builtin, Path user, Path project, String home, DocumentReader reader) {
        this.home = home;
        this.reader = reader;
        // Built-in and user files are named as rule files are: the user can open them from where they are.
        add(Provenance.Layer.BUILTIN, builtin.resolve("profiles"), null);
        if (user != null) {
            add(Provenance.Layer.USER, user.resolve("profiles"), null);
        }
        if (project != null) {
            add(Provenance.Layer.PROJECT, project.resolve(".cordon").resolve("profiles"), project);
        }
    }

    private void add(Provenance.Layer layer, Path dir, Path base) {
        dirs.put(layer, dir);
        bases.put(layer, base);
    }

    /** The defaults layer under every profile; it must set every setting. */
    ProfileDocument defaults() {
        SourceFile file = file(Provenance.Layer.BUILTIN, DEFAULTS);
        if (!Files.isRegularFile(file.path())) {
            throw new PolicyException(new Problem(file.display(), 0, 0, "missing built-in defaults profile"));
        }
        ProfileDocument defaults = document(DEFAULTS, file);
        List<Problem> missing = new ArrayList<>();
        for (Key key : Key.values()) {
            if (!defaults.settings().has(key)) {
                missing.add(new Problem(file.display(), 0, 0, "missing `" + key.path() + "`: the defaults must set every setting"));
            }
        }
        if (defaults.parent() != null) {
            missing.add(defaults.parentSource().problem("the defaults profile cannot `extends` another"));
        }
        if (!missing.isEmpty()) {
            throw new PolicyException(missing);
        }
        return defaults;
    }

    /** The file for a name in the highest layer at or below {@code highest}, or null. */
    SourceFile find(String name, Provenance.Layer highest) {
        if (name.equals(DEFAULTS) || !DocumentReader.PROFILE_NAME.matcher(name).matches()) {
            return null;
        }
        Provenance.Layer[] layers = Provenance.Layer.values();
        for (int i = highest.ordinal(); i >= 0; i--) {
            if (dirs.containsKey(layers[i])) {
                SourceFile file = file(layers[i], name);
                if (Files.isRegularFile(file.path())) {
                    return file;
                }
            }
        }
        return null;
    }

    /** Every selectable name with the file that wins for it, sorted by name. */
    Map<String, SourceFile> all() {
        Map<String, SourceFile> out = new TreeMap<>();
        for (Provenance.Layer layer : dirs.keySet()) {
            for (String name : namesIn(dirs.get(layer))) {
                out.put(name, file(layer, name));
            }
        }
        return out;
    }

    /** The profile and its ancestors, root ancestor first. */
    List<ProfileDocument> chain(SourceFile top) {
        List<ProfileDocument> chain = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>();
        List<String> names = new ArrayList<>();
        ProfileDocument current = document(nameOf(top), top);
        while (true) {
            seen.add(current.file().path());
            names.add(current.name());
            chain.add(0, current);
            if (current.parent() == null) {
                return chain;
            }
            SourceFile parent = parentOf(current);
            if (seen.contains(parent.path())) {
                names.add(current.parent());
                throw new PolicyException(current.parentSource().problem("`extends` cycle: " + String.join(" -> ", names)));
            }
            current = document(current.parent(), parent);
        }
    }

    /** Every profile file read so far, the defaults included. */
    List<SourceFile> loaded() {
        return parsed.values().stream().map(ProfileDocument::file).toList();
    }

    ProfileDocument document(String name, SourceFile file) {
        return parsed.computeIfAbsent(file.path(), p -> reader.profile(name, file));
    }

    private SourceFile parentOf(ProfileDocument child) {
        String parent = child.parent();
        Provenance.Layer layer = child.file().layer();
        SourceFile found;
        if (parent.equals(child.name())) {
            found = layer.ordinal() == 0 ? null : find(parent, Provenance.Layer.values()[layer.ordinal() - 1]);
        } else {
            found = find(parent, layer);
        }
        if (found == null) {
            String why;
            if (parent.equals(DEFAULTS)) {
                why = "`defaults` is under every profile already; remove `extends`";
            } else if (parent.equals(child.name())) {
                why = "`" + parent + "` extends its own name, but no lower layer has a profile `" + parent + "`";
            } else {
                why = "unknown profile `" + parent + "` in `extends`, expected one of " + String.join(", ", visibleFrom(layer));
            }
            throw new PolicyException(child.parentSource().problem(why));
        }
        return found;
    }

    private List<String> visibleFrom(Provenance.Layer layer) {
        Set<String> names = new java.util.TreeSet<>();
        for (Provenance.Layer l : dirs.keySet()) {
            if (l.ordinal() <= layer.ordinal()) {
                names.addAll(namesIn(dirs.get(l)));
            }
        }
        return new ArrayList<>(names);
    }

    /** The file a profile of this name has (or would have) in a layer. */
    SourceFile file(Provenance.Layer layer, String name) {
        Path path = dirs.get(layer).resolve(name + SUFFIX);
        return SourceFile.of(path, bases.get(layer), home, layer);
    }

    static String nameOf(SourceFile file) {
        String fileName = file.path().getFileName().toString();
        return fileName.substring(0, fileName.length() - SUFFIX.length());
    }

    private static List<String> namesIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length()))
                    .filter(n -> !n.equals(DEFAULTS) && DocumentReader.PROFILE_NAME.matcher(n).matches())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new PolicyException(new Problem(dir.toString(), 0, 0, "cannot list profiles: " + e.getMessage()));
        }
    }
}
