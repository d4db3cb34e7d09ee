package dev.cordon.executor.wsl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A stand-in for {@code wsl.exe}: it keeps a list of registered distributions that {@code
 * --import} and {@code --unregister} change, answers {@code --list --verbose} from it, records
 * every call, and answers everything else with what {@code others} says.
 */
final class FakeWsl implements WslRunner {

    final List<List<String>> calls = new ArrayList<>();
    final List<String> registered = new ArrayList<>();
    int version = 2;
    Function<List<String>, Reply> others = argv -> new Reply(0, "", "");

    @Override
    public Reply run(List<String> argv, Duration limit) {
        calls.add(argv);
        List<String> args = argv.subList(1, argv.size());
        if (args.equals(List.of("--list", "--verbose"))) {
            if (registered.isEmpty()) {
                return new Reply(-1, "Windows Subsystem for Linux has no installed distributions.\n", "");
            }
            StringBuilder listing = new StringBuilder("  NAME      STATE     VERSION\n");
            registered.forEach(name -> listing.append("  ").append(name).append("  Stopped  ").append(version).append('\n'));
            return new Reply(0, listing.toString(), "");
        }
        if (args.get(0).equals("--import")) {
            registered.add(args.get(1));
        } else if (args.get(0).equals("--unregister")) {
            registered.remove(args.get(1));
        }
        return others.apply(argv);
    }

    /** The calls without the wsl.exe path, each as one line. */
    List<String> lines() {
        return calls.stream().map(WslLifecycle::describe).toList();
    }
}
