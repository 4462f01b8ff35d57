import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the README's examples against a fresh start of the packaged service and checks every answer the
 * README shows. Run it through {@code tools/walkthrough} (which says how); the conventions it reads are:
 *
 * <ul>
 *   <li>Every {@code ```bash} block is run, in order, in one shell, except a block whose nearest non-blank
 *       line before it is {@code <!-- walkthrough: not run ... -->} (building, PostgreSQL, benchmarks).</li>
 *   <li>A command is one or more lines (a trailing {@code \} or an open quote continues it). The {@code #}
 *       lines right after it are its answer; a blank line ends an answer, so a remark about the next command
 *       comes after a blank line. A command without an answer must succeed (exit 0 and, for curl, a status
 *       below 400).</li>
 *   <li>An answer may start with the HTTP status ({@code # 201 {...}}) and end with response headers
 *       ({@code (+ Retry-After: 10)}). A JSON answer may be wrapped: its continuation lines start with
 *       {@code #} and two spaces. Any other answer is the output's lines, one {@code # } line each.</li>
 *   <li>{@code …} stands for elided text: a JSON value, the rest of an object's members or of an array's
 *       elements, part of a string or of a line, or (alone on a line) any number of lines. Unstable fields
 *       (times, random ids) are always elided; JSON members are compared in the order the service writes them.</li>
 * </ul>
 *
 * <p>Everything runs in {@code walkthrough/} (git-ignored, wiped first): a fresh {@code data/}, a copy of
 * {@code kifu-corpus/}, {@code target} linked to the build, and the files the examples write. The README's
 * {@code localhost:8080} becomes the port chosen here. The service log must show no warning and no error.
 */
public class Walkthrough {
    static final String ELLIPSIS = "…";
    static final int WIDTH = 110;

    public static void main(String[] args) throws Exception {
        boolean refresh = false;
        int port = -1;
        Path root = Path.of("").toAbsolutePath();
        Path readme = root.resolve("README.md");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--refresh" -> refresh = true;
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--readme" -> readme = Path.of(args[++i]).toAbsolutePath();
                case "-h", "--help" -> {
                    System.out.println("usage: tools/walkthrough [--refresh] [--port N] [--readme FILE]");
                    return;
                }
                default -> fail("unknown option " + args[i] + " (see tools/walkthrough --help)");
            }
        }
        Path jar = root.resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar))
            fail("no packaged service at target/quarkus-app/quarkus-run.jar: build it first (./mvnw -B -ntp package -DskipTests)");
        if (port < 0) port = freePort(18080);
        else if (!portFree(port)) fail("port " + port + " is in use; choose another with --port");

        List<String> lines = Files.readAllLines(readme, StandardCharsets.UTF_8);
        List<Example> examples = Readme.parse(lines);
        Path scratch = root.resolve("walkthrough");
        prepare(root, scratch);
        System.out.printf("walkthrough: %d examples from %s, service on port %d, in %s%n",
                examples.size(), root.relativize(readme), port, root.relativize(scratch));

        Service service = new Service(scratch, port);
        List<String> failures = new ArrayList<>(), slow = new ArrayList<>();
        Map<Example, List<String>> refreshed = new HashMap<>();
        long started = System.nanoTime();
        try (Shell shell = new Shell(scratch)) {
            service.start();
            System.out.printf("  service ready after %.0f s (first start: it imports kifu-corpus/)%n", service.startSeconds);
            int n = 0;
            for (Example ex : examples) {
                n++;
                String command = ex.command.replace("localhost:8080", "localhost:" + port);
                long t0 = System.nanoTime();
                Shell.Result r = shell.run(command, 900);
                double seconds = (System.nanoTime() - t0) / 1e9;
                Files.writeString(scratch.resolve("answers").resolve(n + ".out"), r.stdout);
                Verdict v = Answers.check(ex, r);
                String where = readme.getFileName() + ":" + (ex.commandLine + 1);
                System.out.printf("  %-4s %-16s %-78s %6.1f s%n", v.ok ? "ok" : "FAIL", where, abbreviate(ex.command), seconds);
                if (seconds > 10 && !ex.command.matches("(?s).*#.*\\babout\\b.*"))
                    slow.add(where + " took " + Math.round(seconds) + " s: say so on its line (# about N s)");
                if (!v.ok) {
                    failures.add(where);
                    System.out.println(indent(v.message, "       "));
                    if (!r.stderr.isBlank()) System.out.println(indent("stderr:\n" + tail(r.stderr, 15), "       "));
                    System.out.println("       whole answer: walkthrough/answers/" + n + ".out");
                    if (v.replacement != null) refreshed.put(ex, v.replacement);
                }
            }
        } finally {
            service.stop();
        }
        List<String> warnings = service.warnings();
        for (String w : warnings) System.out.println("  service log: " + w);
        System.out.printf("walkthrough: %d examples in %.0f s; %d answers differ%s%n", examples.size(),
                (System.nanoTime() - started) / 1e9, failures.size(),
                warnings.isEmpty() ? "" : "; " + warnings.size() + " warnings or errors in walkthrough/service.log");
        for (String s : slow) System.out.println("  note: " + s);
        if (refresh && !refreshed.isEmpty()) {
            Readme.rewrite(lines, refreshed);
            Files.write(readme, lines, StandardCharsets.UTF_8);
            System.out.printf("walkthrough: rewrote %d answers in %s with the real ones; review them (git diff %s)%n",
                    refreshed.size(), root.relativize(readme), root.relativize(readme));
        }
        int unfixable = failures.size() - (refresh ? refreshed.size() : 0);
        if (unfixable > 0 || !warnings.isEmpty()) {
            if (!refresh && !refreshed.isEmpty())
                System.out.println("walkthrough: to take the real answers into the README: tools/walkthrough --refresh");
            System.exit(1);
        }
    }

    // ------------------------------------------------------------------------------------------ scratch

    static void prepare(Path root, Path scratch) throws IOException {
        if (Files.exists(scratch, LinkOption.NOFOLLOW_LINKS)) deleteTree(scratch);
        Files.createDirectories(scratch.resolve("answers"));
        copyTree(root.resolve("kifu-corpus"), scratch.resolve("kifu-corpus"));
        Files.createSymbolicLink(scratch.resolve("target"), root.resolve("target"));
    }

    /** Deletes a folder without following links (the scratch folder's {@code target} is one). */
    static void deleteTree(Path dir) throws IOException {
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    static int freePort(int from) {
        for (int p = from; p < from + 100; p++) if (portFree(p)) return p;
        fail("no free port from " + from);
        return -1;
    }

    static boolean portFree(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------------------------------ service

    /** The packaged service on a fresh data directory, as a user starts it (from the scratch folder). */
    static final class Service {
        final Path dir;
        final int port;
        Process process;
        double startSeconds;

        Service(Path dir, int port) {
            this.dir = dir;
            this.port = port;
        }

        void start() throws Exception {
            ProcessBuilder pb = new ProcessBuilder("java", "-Dquarkus.http.port=" + port, "-jar", "target/quarkus-app/quarkus-run.jar")
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("service.log").toFile());
            cleanEnvironment(pb.environment());
            long t0 = System.nanoTime();
            process = pb.start();
            // also on a failure or Ctrl-C: the service never outlives the run
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    stop();
                } catch (InterruptedException ignored) {
                    process.destroyForcibly();
                }
            }));
            while (true) {
                if (!process.isAlive()) fail("the service stopped during its start:\n" + tail(Files.readString(dir.resolve("service.log")), 30));
                if ((System.nanoTime() - t0) / 1e9 > 600) fail("the service was not ready after 10 minutes (walkthrough/service.log)");
                if (ready()) break;
                Thread.sleep(500);
            }
            startSeconds = (System.nanoTime() - t0) / 1e9;
        }

        boolean ready() {
            try {
                HttpURLConnection c = (HttpURLConnection) URI.create("http://localhost:" + port + "/q/health/ready").toURL().openConnection();
                c.setConnectTimeout(1000);
                c.setReadTimeout(5000);
                int code = c.getResponseCode();
                c.disconnect();
                return code == 200;
            } catch (IOException e) {
                return false;
            }
        }

        synchronized void stop() throws InterruptedException {
            if (process == null || !process.isAlive()) return;
            process.destroy(); // SIGTERM: the service's own graceful stop
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                System.out.println("  the service did not stop within 60 s of SIGTERM; killed");
                process.destroyForcibly().waitFor();
            }
        }

        /** The log's WARN and ERROR lines (plain-text log format: {@code date time LEVEL [logger] ...}). */
        List<String> warnings() throws IOException {
            Path log = dir.resolve("service.log");
            if (!Files.exists(log)) return List.of();
            return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.matches("^\\S+ \\S+ (WARN|ERROR) .*")).toList();
        }
    }

    /** A fresh start: no kifudb or Quarkus setting of the caller's environment leaks into the run. */
    static void cleanEnvironment(Map<String, String> env) {
        env.keySet().removeIf(k -> k.startsWith("KIFUDB_") || k.startsWith("QUARKUS_"));
    }

    // ------------------------------------------------------------------------------------------ shell

    /** One bash for all examples, so variables set by one example are there for the next. */
    static final class Shell implements AutoCloseable {
        record Result(String stdout, String stderr, int exitCode, Integer httpStatus, Map<String, String> headers) {}

        final Path dir;
        final Path work;
        final Process bash;
        final Writer in;
        final BufferedReader out;
        int count;

        Shell(Path dir) throws IOException {
            this.dir = dir;
            this.work = dir.resolve(".shell");
            Files.createDirectories(work);
            ProcessBuilder pb = new ProcessBuilder("bash", "--noprofile", "--norc").directory(dir.toFile())
                    .redirectErrorStream(true);
            cleanEnvironment(pb.environment());
            bash = pb.start();
            // a command still running when the run ends (a failure, Ctrl-C) ends with it
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                bash.descendants().forEach(ProcessHandle::destroy);
                bash.destroy();
            }));
            in = new OutputStreamWriter(bash.getOutputStream(), StandardCharsets.UTF_8);
            out = new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8));
            // curl records the status and headers of each answer beside the body it prints as usual.
            send("shopt -s expand_aliases\n"
                    + "WT=" + quote(work.toString()) + "\n"
                    + "curl() { command curl -D \"$WT/headers\" -o \"$WT/body\" -w '%{http_code}' \"$@\" > \"$WT/status\"; "
                    + "local rc=$?; cat \"$WT/body\" 2>/dev/null; return $rc; }\n");
        }

        Result run(String command, int timeoutSeconds) throws Exception {
            count++;
            Files.deleteIfExists(work.resolve("status"));
            Files.deleteIfExists(work.resolve("headers"));
            Files.deleteIfExists(work.resolve("body"));
            String marker = "@@walkthrough-done-" + count + "@@";
            send("{\n" + command + "\n} > \"$WT/out\" 2> \"$WT/err\" < /dev/null; echo $? > \"$WT/rc\"; echo " + marker + "\n");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
            String line;
            StringBuilder noise = new StringBuilder();
            while (true) {
                if (System.nanoTime() > deadline) fail("the example did not finish within " + timeoutSeconds + " s:\n" + command);
                if (!out.ready()) {
                    if (!bash.isAlive()) fail("the shell ended while running:\n" + command + "\n" + noise);
                    Thread.sleep(50);
                    continue;
                }
                line = out.readLine();
                if (line == null) fail("the shell ended while running:\n" + command);
                if (line.equals(marker)) break;
                noise.append(line).append('\n');
            }
            String stdout = Files.readString(work.resolve("out"), StandardCharsets.UTF_8);
            String stderr = Files.readString(work.resolve("err"), StandardCharsets.UTF_8);
            int rc = Integer.parseInt(Files.readString(work.resolve("rc")).strip());
            Integer status = null;
            Path statusFile = work.resolve("status");
            if (Files.exists(statusFile)) {
                String s = Files.readString(statusFile).strip();
                if (s.matches("\\d{3}") && !s.equals("000")) status = Integer.parseInt(s);
            }
            Map<String, String> headers = new HashMap<>();
            Path headerFile = work.resolve("headers");
            if (Files.exists(headerFile)) {
                // the last block: after a 100 Continue, curl writes two
                for (String h : Files.readAllLines(headerFile, StandardCharsets.ISO_8859_1)) {
                    if (h.startsWith("HTTP/")) headers.clear();
                    int colon = h.indexOf(':');
                    if (colon > 0) headers.put(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
                }
            }
            return new Result(stdout, stderr, rc, status, headers);
        }

        private void send(String s) throws IOException {
            in.write(s);
            in.flush();
        }

        @Override
        public void close() throws Exception {
            try {
                send("exit\n");
            } catch (IOException ignored) {
                // already gone
            }
            if (!bash.waitFor(10, TimeUnit.SECONDS)) bash.destroyForcibly();
        }

        static String quote(String s) {
            return "'" + s.replace("'", "'\\''") + "'";
        }
    }

    // ------------------------------------------------------------------------------------------ README

    /** One command of the README and the answer it shows (line numbers are 0-based indexes into the README). */
    static final class Example {
        String command;
        int commandLine;
        /** The answer's lines, as written ({@code # ...}); answerEnd is exclusive. */
        final List<String> answer = new ArrayList<>();
        int answerStart = -1, answerEnd = -1;
    }

    static final class Readme {
        static final Pattern NOT_RUN = Pattern.compile("^\\s*<!--\\s*walkthrough:\\s*not run\\b.*");

        static List<Example> parse(List<String> lines) {
            List<Example> all = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).strip().equals("```bash")) continue;
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).strip().equals("```")) end++;
                if (end == lines.size()) fail("README.md:" + (i + 1) + ": the bash block is not closed");
                if (!notRun(lines, i)) parseBlock(lines, i + 1, end, all);
                i = end;
            }
            return all;
        }

        static boolean notRun(List<String> lines, int fence) {
            for (int j = fence - 1; j >= 0; j--) {
                if (lines.get(j).isBlank()) continue;
                return NOT_RUN.matcher(lines.get(j)).matches();
            }
            return false;
        }

        static void parseBlock(List<String> lines, int from, int to, List<Example> all) {
            Example current = null;
            StringBuilder pending = null;
            int pendingLine = -1;
            boolean inAnswer = false;
            for (int i = from; i < to; i++) {
                String line = lines.get(i);
                if (pending != null) {
                    pending.append('\n').append(line);
                    if (complete(pending.toString())) {
                        current = example(pending.toString(), pendingLine);
                        all.add(current);
                        pending = null;
                        inAnswer = true;
                    }
                    continue;
                }
                if (line.isBlank()) {
                    inAnswer = false;
                    continue;
                }
                if (line.startsWith("#")) {
                    if (inAnswer && current != null) {
                        if (current.answerStart < 0) current.answerStart = i;
                        current.answer.add(line);
                        current.answerEnd = i + 1;
                    }
                    continue; // a remark
                }
                if (complete(line)) {
                    current = example(line, i);
                    all.add(current);
                    inAnswer = true;
                } else {
                    pending = new StringBuilder(line);
                    pendingLine = i;
                }
            }
            if (pending != null) fail("README.md:" + (pendingLine + 1) + ": the command does not end before its block does");
        }

        static Example example(String command, int line) {
            Example e = new Example();
            e.command = command;
            e.commandLine = line;
            return e;
        }

        /** Whether a command's text is complete: no open quote, no trailing backslash (comments ignored). */
        static boolean complete(String s) {
            boolean single = false, dbl = false, lastBackslash = false;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                lastBackslash = false;
                if (single) {
                    if (c == '\'') single = false;
                } else if (c == '\\') {
                    if (i + 1 < s.length()) i++; // the escaped character (a newline: the command goes on)
                    else lastBackslash = true;
                } else if (dbl) {
                    if (c == '"') dbl = false;
                } else if (c == '\'') {
                    single = true;
                } else if (c == '"') {
                    dbl = true;
                } else if (c == '#' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))) {
                    int nl = s.indexOf('\n', i);
                    if (nl < 0) break;
                    i = nl;
                }
            }
            return !single && !dbl && !lastBackslash;
        }

        /** Replaces the answers of the given examples, from the bottom up so earlier line numbers stay right. */
        static void rewrite(List<String> lines, Map<Example, List<String>> answers) {
            List<Example> order = new ArrayList<>(answers.keySet());
            order.sort((a, b) -> Integer.compare(b.commandLine, a.commandLine));
            for (Example e : order) {
                int start = e.answerStart >= 0 ? e.answerStart : e.commandLine + e.command.split("\n", -1).length;
                int end = e.answerStart >= 0 ? e.answerEnd : start;
                lines.subList(start, end).clear();
                lines.addAll(start, answers.get(e));
            }
        }
    }

    // ------------------------------------------------------------------------------------------ answers

    record Verdict(boolean ok, String message, List<String> replacement) {}

    static final Pattern STATUS = Pattern.compile("^([1-5]\\d\\d)(?: |$)");
    static final Pattern HEADER = Pattern.compile("\\s+\\(\\+ ([A-Za-z0-9-]+): ([^()]*)\\)$");

    /** What an answer shows: the status, the body pattern (JSON or lines) and response headers. */
    static final class Shown {
        Integer status;
        Json.Value json;
        List<String> lines;
        final List<String[]> headers = new ArrayList<>();
    }

    static final class Answers {
        static Verdict check(Example ex, Shell.Result r) {
            String actual = r.stdout.replace("\r\n", "\n");
            while (actual.endsWith("\n")) actual = actual.substring(0, actual.length() - 1);
            if (ex.answer.isEmpty()) {
                if (r.exitCode != 0) return new Verdict(false, "the command failed (exit " + r.exitCode + ")", null);
                if (r.httpStatus != null && r.httpStatus >= 400) {
                    // refresh shows this error answer in full (a problem document is short)
                    Shown none = new Shown();
                    none.status = r.httpStatus;
                    List<String> replacement;
                    try {
                        replacement = render(none, r, actual, Json.parse(actual, false));
                    } catch (IllegalArgumentException e) {
                        replacement = render(none, r, actual, null);
                    }
                    return new Verdict(false, "the answer is HTTP " + r.httpStatus + " (no answer is shown, so it must succeed):\n"
                            + abbreviateBody(actual), replacement);
                }
                return new Verdict(true, "", null);
            }
            Shown shown;
            try {
                shown = read(ex.answer);
            } catch (IllegalArgumentException e) {
                return new Verdict(false, "the README's answer cannot be read: " + e.getMessage(), null);
            }
            Json.Value actualJson = null;
            if (shown.json != null) {
                try {
                    actualJson = Json.parse(actual, false);
                } catch (IllegalArgumentException e) {
                    // not JSON: a mismatch, shown as lines
                }
            }
            boolean ok = (shown.status == null ? r.httpStatus == null || r.httpStatus < 400 : shown.status.equals(r.httpStatus));
            for (String[] h : shown.headers) ok &= r.headers.containsKey(h[0].toLowerCase(Locale.ROOT)) && glob(h[1], r.headers.get(h[0].toLowerCase(Locale.ROOT)));
            if (shown.json != null) ok &= actualJson != null && Json.matches(shown.json, actualJson);
            else ok &= Lines.matches(shown.lines, List.of(actual.split("\n", -1)));
            if (ok) return new Verdict(true, "", null);
            List<String> replacement = render(shown, r, actual, actualJson);
            StringBuilder msg = new StringBuilder("the README shows:\n");
            for (String l : ex.answer) msg.append("- ").append(l).append('\n');
            msg.append("the real answer (as the README would show it):\n");
            for (String l : replacement) msg.append("+ ").append(l).append('\n');
            if (r.exitCode != 0) msg.append("(exit code ").append(r.exitCode).append(")\n");
            return new Verdict(false, msg.toString().stripTrailing(), replacement);
        }

        static Shown read(List<String> answer) {
            Shown s = new Shown();
            String first = strip(answer.get(0), 2);
            Matcher m = STATUS.matcher(first);
            if (m.find()) {
                s.status = Integer.parseInt(m.group(1));
                first = first.substring(m.end());
            }
            if (first.startsWith("{") || first.startsWith("[")) {
                StringBuilder text = new StringBuilder(first);
                for (String l : answer.subList(1, answer.size())) {
                    if (!l.startsWith("#  ")) throw new IllegalArgumentException("a JSON answer continues on lines starting '#  ' (two spaces): " + l);
                    text.append(l.substring(1).strip());
                }
                String body = takeHeaders(text.toString(), s);
                s.json = Json.parse(body, true);
            } else {
                List<String> lines = new ArrayList<>();
                if (!first.isEmpty() || s.status == null) lines.add(first);
                for (String l : answer.subList(1, answer.size())) lines.add(strip(l, 2));
                String last = takeHeaders(lines.get(lines.size() - 1), s);
                lines.set(lines.size() - 1, last);
                s.lines = lines;
            }
            return s;
        }

        static String strip(String commentLine, int n) {
            if (commentLine.equals("#")) return "";
            if (!commentLine.startsWith("# ")) throw new IllegalArgumentException("an answer line starts with '# ': " + commentLine);
            return commentLine.substring(n);
        }

        static String takeHeaders(String text, Shown s) {
            while (true) {
                Matcher h = HEADER.matcher(text);
                if (!h.find()) return text;
                s.headers.add(0, new String[] {h.group(1), h.group(2)});
                text = text.substring(0, h.start());
            }
        }

        /** The real answer written the way the README writes this one (same elisions where they still fit). */
        static List<String> render(Shown shown, Shell.Result r, String actual, Json.Value actualJson) {
            String status = shown.status != null || (r.httpStatus != null && r.httpStatus >= 300) ? r.httpStatus + " " : "";
            StringBuilder headers = new StringBuilder();
            for (String[] h : shown.headers) {
                String v = r.headers.get(h[0].toLowerCase(Locale.ROOT));
                if (v != null) headers.append("  (+ ").append(h[0]).append(": ").append(glob(h[1], v) ? h[1] : v).append(')');
            }
            if (actualJson != null && (shown.json != null || shown.lines == null)) {
                List<String> lines = wrap(status + Json.write(shown.json == null ? actualJson : Json.refresh(shown.json, actualJson)));
                lines.set(lines.size() - 1, lines.get(lines.size() - 1) + headers);
                return lines;
            }
            List<String> out = new ArrayList<>();
            List<String> actualLines = List.of(actual.split("\n", -1));
            List<String> lines = shown.lines != null ? Lines.refresh(shown.lines, actualLines) : actualLines;
            if (!status.isEmpty()) out.add("# " + status.strip());
            for (String l : lines) out.add(l.isEmpty() ? "#" : "# " + l);
            out.set(out.size() - 1, out.get(out.size() - 1) + headers);
            return out;
        }

        /** Breaks a long JSON answer after commas outside strings; continuation lines start with '#  '. */
        static List<String> wrap(String text) {
            List<String> out = new ArrayList<>();
            int lineStart = 0, lastBreak = -1;
            boolean inString = false;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (inString) {
                    if (c == '\\') i++;
                    else if (c == '"') inString = false;
                } else if (c == '"') {
                    inString = true;
                } else if (c == ',') {
                    lastBreak = i + 1;
                }
                int limit = out.isEmpty() ? WIDTH : WIDTH - 1;
                if (i - lineStart >= limit && lastBreak > lineStart) {
                    out.add(text.substring(lineStart, lastBreak));
                    lineStart = lastBreak;
                }
            }
            out.add(text.substring(lineStart));
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) lines.add((i == 0 ? "# " : "#  ") + out.get(i));
            return lines;
        }
    }

    static final class Lines {
        static boolean matches(List<String> pattern, List<String> actual) {
            return new Object() {
                final Boolean[][] memo = new Boolean[pattern.size() + 1][actual.size() + 1];

                boolean at(int i, int j) {
                    if (memo[i][j] != null) return memo[i][j];
                    boolean r;
                    if (i == pattern.size()) r = j == actual.size();
                    else if (pattern.get(i).equals(ELLIPSIS)) {
                        r = false;
                        for (int k = j; k <= actual.size() && !r; k++) r = at(i + 1, k);
                    } else r = j < actual.size() && line(pattern.get(i), actual.get(j)) && at(i + 1, j + 1);
                    return memo[i][j] = r;
                }
            }.at(0, 0);
        }

        /** A line: glob, or a JSON value after the same prefix ({@code data:{...}} of an event stream). */
        static boolean line(String p, String a) {
            if (glob(p, a)) return true;
            int pj = p.indexOf('{'), aj = a.indexOf('{');
            if (pj < 0 || aj < 0 || !p.substring(0, pj).equals(a.substring(0, aj))) return false;
            try {
                return Json.matches(Json.parse(p.substring(pj), true), Json.parse(a.substring(aj), false));
            } catch (IllegalArgumentException e) {
                return false;
            }
        }

        static List<String> refresh(List<String> pattern, List<String> actual) {
            if (matches(pattern, actual)) return pattern;
            int first = pattern.indexOf(ELLIPSIS), last = pattern.lastIndexOf(ELLIPSIS);
            List<String> out = new ArrayList<>();
            if (first < 0) {
                for (int i = 0; i < actual.size(); i++) out.add(i < pattern.size() ? refreshLine(pattern.get(i), actual.get(i)) : actual.get(i));
                return out;
            }
            int head = first, tail = pattern.size() - 1 - last;
            if (actual.size() <= head + tail) {
                for (int i = 0; i < actual.size(); i++) out.add(i < head ? refreshLine(pattern.get(i), actual.get(i)) : actual.get(i));
                return out;
            }
            for (int i = 0; i < head; i++) out.add(refreshLine(pattern.get(i), actual.get(i)));
            out.add(ELLIPSIS);
            for (int i = 0; i < tail; i++)
                out.add(refreshLine(pattern.get(last + 1 + i), actual.get(actual.size() - tail + i)));
            return out;
        }

        static String refreshLine(String p, String a) {
            if (line(p, a)) return p;
            int pj = p.indexOf('{'), aj = a.indexOf('{');
            if (pj >= 0 && aj >= 0 && p.substring(0, pj).equals(a.substring(0, aj))) {
                try {
                    Json.Value pv = Json.parse(p.substring(pj), true), av = Json.parse(a.substring(aj), false);
                    return a.substring(0, aj) + Json.write(Json.refresh(pv, av));
                } catch (IllegalArgumentException e) {
                    // not JSON after all
                }
            }
            return refreshString(p, a);
        }
    }

    /** Glob where {@code …} stands for any text. */
    static boolean glob(String pattern, String actual) {
        String[] parts = pattern.split(ELLIPSIS, -1);
        if (parts.length == 1) return pattern.equals(actual);
        if (!actual.startsWith(parts[0])) return false;
        int pos = parts[0].length();
        for (int i = 1; i < parts.length - 1; i++) {
            int at = actual.indexOf(parts[i], pos);
            if (at < 0) return false;
            pos = at + parts[i].length();
        }
        String end = parts[parts.length - 1];
        return actual.length() - end.length() >= pos && actual.endsWith(end);
    }

    /**
     * A string that no longer matches its elided form: elided again between the same words. The elision is
     * anchored on the word the README showed just before it and the word just after it, not on character
     * counts, so that a value changing length ({@code nodes 10408} becoming {@code nodes 9268}) neither
     * pulls a digit of a timing into the shown text nor cuts a word of it.
     */
    static String refreshString(String p, String a) {
        if (!p.contains(ELLIPSIS)) return a;
        String[] parts = p.split(ELLIPSIS, -1);
        String head = parts[0], tail = parts[parts.length - 1];
        int start = elisionStart(head, a);
        int end = start < 0 ? -1 : elisionEnd(tail, a, start);
        if (start < 0 || end < 0 || end - start < 2) {
            // no anchor found: as much of the start and end as the README showed
            if (a.length() <= head.length() + tail.length() + 1) return a;
            return a.substring(0, head.length()) + ELLIPSIS + a.substring(a.length() - tail.length());
        }
        return a.substring(0, start) + ELLIPSIS + a.substring(end);
    }

    /** Where the elision begins in {@code a}: after the shown head, or after the head's last word; -1 if neither. */
    static int elisionStart(String head, String a) {
        if (a.startsWith(head)) return head.length();
        int cut = head.stripTrailing().lastIndexOf(' ');
        String lastWord = head.substring(cut + 1);
        if (lastWord.isBlank()) return -1;
        int at = a.indexOf(lastWord);
        return at < 0 ? -1 : at + lastWord.length();
    }

    /** Where the elision ends in {@code a}: before the shown tail, or before the tail's first word; -1 if neither. */
    static int elisionEnd(String tail, String a, int start) {
        if (a.endsWith(tail) && a.length() - tail.length() >= start) return a.length() - tail.length();
        int lead = tail.length() - tail.stripLeading().length();
        int space = tail.indexOf(' ', lead);
        String firstWord = tail.substring(0, space < 0 ? tail.length() : space + 1);
        if (firstWord.isBlank()) return -1;
        return a.indexOf(firstWord, start);
    }

    // ------------------------------------------------------------------------------------------ JSON

    /** Just enough JSON for answers: values keep their text; a pattern may hold {@code …}. */
    static final class Json {
        sealed interface Value permits Obj, Arr, Str, Raw, Elided {}

        record Member(String key, Value value) {
            boolean elided() {
                return key == null;
            }
        }

        record Obj(List<Member> members) implements Value {}

        record Arr(List<Value> items) implements Value {}

        /** A string; in a pattern, {@code …} inside it stands for any text. */
        record Str(String text) implements Value {}

        /** A number, true, false or null, as written. */
        record Raw(String text) implements Value {}

        record Elided() implements Value {}

        static final Elided ELIDED = new Elided();

        static Value parse(String s, boolean pattern) {
            Parser p = new Parser(s, pattern);
            p.space();
            Value v = p.value();
            p.space();
            if (p.i != s.length()) throw new IllegalArgumentException("unexpected text after the JSON value at " + p.i + ": " + abbreviate(s.substring(p.i)));
            return v;
        }

        static final class Parser {
            final String s;
            final boolean pattern;
            int i;

            Parser(String s, boolean pattern) {
                this.s = s;
                this.pattern = pattern;
            }

            void space() {
                while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
            }

            boolean elision() {
                if (pattern && s.startsWith(ELLIPSIS, i)) {
                    i += ELLIPSIS.length();
                    return true;
                }
                return false;
            }

            Value value() {
                if (elision()) return ELIDED;
                if (i >= s.length()) throw new IllegalArgumentException("the JSON value ends too early");
                char c = s.charAt(i);
                if (c == '{') return object();
                if (c == '[') return array();
                if (c == '"') return new Str(string());
                int start = i;
                while (i < s.length() && "{}[],: \n\t\r".indexOf(s.charAt(i)) < 0) i++;
                String raw = s.substring(start, i);
                if (!raw.matches("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?|true|false|null"))
                    throw new IllegalArgumentException("not a JSON value at " + start + ": " + abbreviate(s.substring(start)));
                return new Raw(raw);
            }

            Obj object() {
                List<Member> members = new ArrayList<>();
                i++;
                space();
                if (peek('}')) return new Obj(members);
                while (true) {
                    space();
                    if (elision()) {
                        members.add(new Member(null, ELIDED));
                    } else {
                        if (!peekIs('"')) throw new IllegalArgumentException("expected a member name at " + i + ": " + abbreviate(s.substring(i)));
                        String key = string();
                        space();
                        expect(':');
                        space();
                        members.add(new Member(key, value()));
                    }
                    space();
                    if (peek('}')) return new Obj(members);
                    expect(',');
                }
            }

            Arr array() {
                List<Value> items = new ArrayList<>();
                i++;
                space();
                if (peek(']')) return new Arr(items);
                while (true) {
                    space();
                    items.add(value());
                    space();
                    if (peek(']')) return new Arr(items);
                    expect(',');
                }
            }

            String string() {
                StringBuilder b = new StringBuilder();
                i++;
                while (true) {
                    if (i >= s.length()) throw new IllegalArgumentException("a string is not closed");
                    char c = s.charAt(i++);
                    if (c == '"') return b.toString();
                    if (c != '\\') {
                        b.append(c);
                        continue;
                    }
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                }
            }

            boolean peekIs(char c) {
                return i < s.length() && s.charAt(i) == c;
            }

            boolean peek(char c) {
                if (peekIs(c)) {
                    i++;
                    return true;
                }
                return false;
            }

            void expect(char c) {
                if (!peek(c)) throw new IllegalArgumentException("expected '" + c + "' at " + i + ": " + abbreviate(s.substring(Math.min(i, s.length()))));
            }
        }

        static boolean matches(Value p, Value a) {
            if (p instanceof Elided) return true;
            if (p instanceof Str ps) return a instanceof Str as && glob(ps.text(), as.text());
            if (p instanceof Raw pr) return a instanceof Raw ar && pr.text().equals(ar.text());
            if (p instanceof Arr pa) {
                if (!(a instanceof Arr aa)) return false;
                return sequence(pa.items(), aa.items(), v -> v instanceof Elided, Json::matches);
            }
            Obj po = (Obj) p;
            if (!(a instanceof Obj ao)) return false;
            return sequence(po.members(), ao.members(), Member::elided,
                    (pm, am) -> pm.key().equals(am.key()) && matches(pm.value(), am.value()));
        }

        interface Test<T> {
            boolean test(T t);
        }

        interface Pair<T> {
            boolean test(T p, T a);
        }

        static <T> boolean sequence(List<T> p, List<T> a, Test<T> elided, Pair<T> item) {
            Boolean[][] memo = new Boolean[p.size() + 1][a.size() + 1];
            return new Object() {
                boolean at(int i, int j) {
                    if (memo[i][j] != null) return memo[i][j];
                    boolean r;
                    if (i == p.size()) r = j == a.size();
                    else if (elided.test(p.get(i))) {
                        r = false;
                        for (int k = j; k <= a.size() && !r; k++) r = at(i + 1, k);
                    } else r = j < a.size() && item.test(p.get(i), a.get(j)) && at(i + 1, j + 1);
                    return memo[i][j] = r;
                }
            }.at(0, 0);
        }

        /**
         * The real value shown the way the pattern shows its old one: the same members and leading (and
         * trailing) array elements, elided where the pattern elides, new members hidden when the pattern
         * elides some, and shown when it shows them all.
         */
        static Value refresh(Value p, Value a) {
            if (p instanceof Elided || matches(p, a)) return p;
            if (p instanceof Obj po && a instanceof Obj ao) {
                boolean elides = po.members().stream().anyMatch(Member::elided);
                Map<String, Value> shown = new HashMap<>();
                for (Member m : po.members()) if (!m.elided()) shown.put(m.key(), m.value());
                List<Member> out = new ArrayList<>();
                for (Member m : ao.members()) {
                    if (shown.containsKey(m.key())) out.add(new Member(m.key(), refresh(shown.get(m.key()), m.value())));
                    else if (!elides) out.add(m);
                    else if (out.isEmpty() || !out.get(out.size() - 1).elided()) out.add(new Member(null, ELIDED));
                }
                return new Obj(out);
            }
            if (p instanceof Arr pa && a instanceof Arr aa) {
                List<Value> pi = pa.items(), ai = aa.items();
                int first = pi.indexOf(ELIDED), last = pi.lastIndexOf(ELIDED);
                List<Value> out = new ArrayList<>();
                if (first < 0) {
                    for (int i = 0; i < ai.size(); i++) out.add(pi.isEmpty() ? ai.get(i) : refresh(pi.get(Math.min(i, pi.size() - 1)), ai.get(i)));
                    return new Arr(out);
                }
                int head = first, tail = pi.size() - 1 - last;
                if (ai.size() <= head + tail) {
                    for (int i = 0; i < ai.size(); i++) out.add(i < head ? refresh(pi.get(i), ai.get(i)) : ai.get(i));
                    return new Arr(out);
                }
                for (int i = 0; i < head; i++) out.add(refresh(pi.get(i), ai.get(i)));
                out.add(ELIDED);
                for (int i = 0; i < tail; i++) out.add(refresh(pi.get(last + 1 + i), ai.get(ai.size() - tail + i)));
                return new Arr(out);
            }
            if (p instanceof Str ps && a instanceof Str as) return new Str(refreshString(ps.text(), as.text()));
            return a;
        }

        static String write(Value v) {
            StringBuilder b = new StringBuilder();
            write(v, b);
            return b.toString();
        }

        static void write(Value v, StringBuilder b) {
            if (v instanceof Elided) b.append(ELLIPSIS);
            else if (v instanceof Raw r) b.append(r.text());
            else if (v instanceof Str s) writeString(s.text(), b);
            else if (v instanceof Arr a) {
                b.append('[');
                for (int i = 0; i < a.items().size(); i++) {
                    if (i > 0) b.append(',');
                    write(a.items().get(i), b);
                }
                b.append(']');
            } else {
                Obj o = (Obj) v;
                b.append('{');
                for (int i = 0; i < o.members().size(); i++) {
                    if (i > 0) b.append(',');
                    Member m = o.members().get(i);
                    if (m.elided()) {
                        b.append(ELLIPSIS);
                        continue;
                    }
                    writeString(m.key(), b);
                    b.append(':');
                    write(m.value(), b);
                }
                b.append('}');
            }
        }

        static void writeString(String s, StringBuilder b) {
            b.append('"');
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    case '\n' -> b.append("\\n");
                    case '\t' -> b.append("\\t");
                    case '\r' -> b.append("\\r");
                    default -> {
                        if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                        else b.append(c);
                    }
                }
            }
            b.append('"');
        }
    }

    // ------------------------------------------------------------------------------------------ text

    static String abbreviate(String s) {
        String one = s.replaceAll("\\s*\\\\?\\n\\s*", " ").strip();
        return one.length() <= 78 ? one : one.substring(0, 75) + "...";
    }

    static String abbreviateBody(String s) {
        return s.length() <= 600 ? s : s.substring(0, 600) + "...";
    }

    static String indent(String s, String prefix) {
        return prefix + s.replace("\n", "\n" + prefix);
    }

    static String tail(String s, int lines) {
        String[] all = s.split("\n");
        return String.join("\n", java.util.Arrays.copyOfRange(all, Math.max(0, all.length - lines), all.length));
    }

    static void fail(String message) {
        System.err.println("walkthrough: " + message);
        System.exit(2);
    }
}
