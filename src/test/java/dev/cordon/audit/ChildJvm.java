package dev.cordon.audit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a main class of the test class path in a separate JVM: real OS processes for real locks. */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** The command line that runs {@code main} with {@code args} in a fresh, small, quick-starting JVM. */
    public static List<String> command(Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java,
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:-UsePerfData",
                "-Xshare:auto", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
