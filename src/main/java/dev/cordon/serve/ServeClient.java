package dev.cordon.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The command line's side of the warm path: with {@code CORDON_SERVER=auto} (or a URL), a command
 * line is sent to a running {@code cordon serve} and answered from its compiled rules. When no
 * server answers, the caller runs the command line itself: the same policy, only slower.
 *
 * <p>This runs in a cold JVM before anything else, so it stays small on purpose: one loopback
 * socket and Jackson's streaming parser and generator, not an HTTP client and a data binder,
 * whose class loading alone would cost more than the answer.
 */
public final class ServeClient {

    private static final int CONNECT_MILLIS = 500;

    private ServeClient() {
    }

    /**
     * Sends the command line when the environment asks for it and a server answers.
     *
     * @return the exit code, or empty when the command line must run in this process
     */
    public static OptionalInt forward(String[] args, Path cwd, Map<String, String> env, PrintStream out,
            PrintStream err, boolean terminal) {
        String server = env.get("CORDON_SERVER");
        if (server == null || server.isBlank() || server.equals("off") || !forwardable(args, terminal)) {
            return OptionalInt.empty();
        }
        try {
            ServerFile file = ServerFile.read(ServerFile.location(env));
            int port = server.equals("auto") ? file.port() : URI.create(server).getPort();
            Answer answer = send(port, file.token(), body(args, cwd, env));
            if (answer == null) {
                return OptionalInt.empty();
            }
            out.write(answer.stdout.getBytes(StandardCharsets.UTF_8));
            err.write(answer.stderr.getBytes(StandardCharsets.UTF_8));
            out.flush();
            err.flush();
            return OptionalInt.of(answer.exitCode);
        } catch (IOException | IllegalArgumentException e) {
            return OptionalInt.empty();
        }
    }

    /** Serving itself stays local; so does a run that a human at this terminal may need to approve. */
    private static boolean forwardable(String[] args, boolean terminal) {
        if (args.length == 0 || args[0].equals("serve")) {
            return false;
        }
        return !args[0].equals("run") || !terminal;
    }

    private static byte[] body(String[] args, Path cwd, Map<String, String> env) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator json = Json.FACTORY.createGenerator(bytes)) {
            json.writeStartObject();
            json.writeStringField("cwd", cwd.toString());
            json.writeObjectFieldStart("env");
            for (Map.Entry<String, String> e : env.entrySet()) {
                json.writeStringField(e.getKey(), e.getValue());
            }
            json.writeEndObject();
            json.writeArrayFieldStart("args");
            for (String arg : args) {
                json.writeString(arg);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        return bytes.toByteArray();
    }

    private record Answer(int exitCode, String stdout, String stderr) {
    }

    /** One HTTP/1.1 request over a loopback socket; null when the server does not answer 200. */
    private static Answer send(int port, String token, byte[] body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_MILLIS);
            OutputStream out = socket.getOutputStream();
            String head = "POST /v1/cli HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            String status = line(in);
            if (!status.startsWith("HTTP/1.1 200")) {
                return null;
            }
            long length = -1;
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(header.substring(header.indexOf(':') + 1).trim());
                }
            }
            byte[] payload = length >= 0 ? in.readNBytes((int) length) : in.readAllBytes();
            return parse(payload);
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static Answer parse(byte[] payload) throws IOException {
        int exitCode = 1;
        String stdout = "";
        String stderr = "";
        try (JsonParser json = Json.FACTORY.createParser(payload)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("the server's answer is not a JSON object");
            }
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                json.nextToken();
                switch (field) {
                    case "exit_code" -> exitCode = json.getIntValue();
                    case "stdout" -> stdout = json.getText();
                    case "stderr" -> stderr = json.getText();
                    default -> json.skipChildren();
                }
            }
        }
        return new Answer(exitCode, stdout, stderr);
    }

    /** Made on first use: most command lines are not forwarded and need no JSON at all. */
    private static final class Json {
        static final JsonFactory FACTORY = new JsonFactory();
    }
}
