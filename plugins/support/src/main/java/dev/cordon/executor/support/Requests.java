package dev.cordon.executor.support;

import dev.cordon.spi.ExecRequest;
import java.util.Map;

/** Turns an {@link ExecRequest} into a {@link ProcessBuilder} and {@link RunSettings}. */
public final class Requests {

    private Requests() {
    }

    /**
     * A builder for the request's argv and cwd whose environment is exactly the request's: the
     * JVM's own environment is cleared first, so nothing of the parent leaks into the child.
     */
    public static ProcessBuilder processBuilder(ExecRequest request) {
        ProcessBuilder builder = new ProcessBuilder(request.argv());
        builder.directory(request.cwd().toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.putAll(request.env());
        return builder;
    }

    /**
     * {@code cannot start `prog`: no such file or directory} from the exception a failed start
     * threw, without the JDK's wording around the cause.
     */
    public static String startFailure(ExecRequest request, java.io.IOException failure) {
        String message = String.valueOf(failure.getMessage());
        int errno = message.indexOf("error=");
        int comma = errno < 0 ? -1 : message.indexOf(", ", errno);
        String reason = comma >= 0 ? message.substring(comma + 2) : message;
        return "cannot start `" + request.argv().get(0) + "`: " + reason.toLowerCase(java.util.Locale.ROOT);
    }

    /** Settings for the request's run id, timeout and output limit. */
    public static RunSettings settings(ExecRequest request, Launcher launcher, ProcessTree tree) {
        return new RunSettings(request.runId(), request.timeout(), request.outputLimitBytes(), launcher, tree);
    }
}
