package dev.cordon.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the core jar's manifest. */
public final class Version implements IVersionProvider {

    public static String current() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version == null ? "development build" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"cordon " + current(), "java " + Runtime.version()};
    }
}
