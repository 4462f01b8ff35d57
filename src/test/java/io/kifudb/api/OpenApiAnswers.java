package io.kifudb.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import io.restassured.filter.Filter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Real answers checked against the committed OpenAPI document ({@code openapi/openapi.json}, what frontends
 * generate their clients from), with a JSON Schema validator (networknt, OpenAPI 3.1 dialect): the answer's
 * status must be documented for its operation, its media type too, and a JSON body (each event's data on an
 * event stream) must validate against the documented schema.
 *
 * <p>{@link #FILTER} does it for every answer RestAssured receives in the suite (TestApiKey installs it), so
 * an answer that a generated client would reject fails the test that received it. Requests outside the
 * document (test-only resources, paths that do not exist, methods an operation does not have) are left
 * alone: nothing is promised for them.
 */
public final class OpenApiAnswers {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path DOCUMENT = Path.of("openapi", "openapi.json");
    /** The document's base IRI: references ({@code #/components/...}) resolve against it. */
    private static final String IRI = "https://kifudb.io/openapi.json";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private static volatile OpenApiAnswers loaded;

    private final JsonNode doc;
    private final SchemaRegistry registry;
    private final List<Template> templates = new ArrayList<>();
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();
    /** Every operation and status checked, as "GET /api/games 200", for coverage. */
    private final Set<String> checked = ConcurrentHashMap.newKeySet();

    private record Template(String path, Pattern pattern, int literals) {}

    /** Outcome of one check: which documented answer it was (null when outside the document) and what was wrong. */
    public record Check(String answer, List<String> problems) {}

    private OpenApiAnswers(String text) throws IOException {
        doc = JSON.readTree(text);
        registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31(), b -> b.schemas(Map.of(IRI, text)));
        for (Iterator<String> it = doc.path("paths").fieldNames(); it.hasNext(); ) {
            String p = it.next();
            String regex = Pattern.quote(p).replaceAll("\\{[^}/]+}", "\\\\E[^/]+\\\\Q");
            templates.add(new Template(p, Pattern.compile(regex), p.replaceAll("\\{[^}/]+}", "").length()));
        }
        // literal paths win over templates (/api/positions/games over /api/positions/{x})
        templates.sort((a, b) -> b.literals() - a.literals());
    }

    public static OpenApiAnswers get() {
        OpenApiAnswers a = loaded;
        if (a == null) {
            synchronized (OpenApiAnswers.class) {
                if (loaded == null) {
                    try {
                        loaded = new OpenApiAnswers(Files.readString(DOCUMENT));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + DOCUMENT, e);
                    }
                }
                a = loaded;
            }
        }
        return a;
    }

    /** Checks every answer the suite receives; a mismatch fails the request's test. */
    public static final Filter FILTER = (req, res, ctx) -> {
        io.restassured.response.Response r = ctx.next(req, res);
        String path = java.net.URI.create(req.getURI()).getPath();
        Check c = get().check(req.getMethod(), path, r.statusCode(), r.contentType(), r.asString());
        if (!c.problems().isEmpty())
            throw new AssertionError("the answer to " + req.getMethod() + " " + req.getURI() + " is not as openapi/openapi.json says ("
                    + c.answer() + "):\n  " + String.join("\n  ", c.problems()) + "\nbody: " + abbreviate(r.asString()));
        return r;
    };

    /** The operations and statuses checked so far ("GET /api/games 200"). */
    public Set<String> checked() {
        return Set.copyOf(checked);
    }

    /** Every documented operation, as "GET /api/games". */
    public List<String> operations() {
        List<String> out = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(p -> p.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) out.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey());
        }));
        return out;
    }

    public Check check(String method, String path, int status, String contentType, String body) {
        String template = null;
        for (Template t : templates) {
            if (t.pattern().matcher(path).matches()) {
                template = t.path();
                break;
            }
        }
        if (template == null) return new Check(null, List.of());
        JsonNode op = doc.path("paths").path(template).path(method.toLowerCase(Locale.ROOT));
        if (op.isMissingNode()) return new Check(null, List.of());
        String answer = method.toUpperCase(Locale.ROOT) + " " + template + " " + status;
        String pointer = "/paths/" + escape(template) + "/" + method.toLowerCase(Locale.ROOT) + "/responses/" + status;
        JsonNode response = op.path("responses").path(String.valueOf(status));
        if (response.isMissingNode()) return new Check(answer, List.of("status " + status + " is not documented for this operation"));
        checked.add(answer);
        if (response.has("$ref")) {
            pointer = response.get("$ref").asText().substring(1);
            response = at(pointer);
        }
        JsonNode content = response.path("content");
        if (content.isMissingNode() || content.isEmpty()) {
            return new Check(answer, body == null || body.isEmpty() ? List.of() : List.of("no body is documented, but one came"));
        }
        String media = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        if (!content.has(media))
            return new Check(answer, List.of("media type '" + media + "' is not documented (documented: " + names(content) + ")"));
        if (!content.get(media).has("schema")) return new Check(answer, List.of());
        String schemaPointer = pointer + "/content/" + escape(media) + "/schema";
        List<String> problems = new ArrayList<>();
        if (media.equals("text/event-stream")) {
            int events = 0;
            for (String line : body.split("\n")) {
                if (!line.startsWith("data:")) continue;
                events++;
                problems.addAll(validate(schemaPointer, line.substring(5).strip(), "event " + events));
            }
            if (events == 0) problems.add("an event stream without a data: event");
        } else if (media.contains("json")) {
            problems.addAll(validate(schemaPointer, body, "body"));
        }
        return new Check(answer, problems);
    }

    private List<String> validate(String schemaPointer, String json, String what) {
        JsonNode value;
        try {
            value = JSON.readTree(json);
        } catch (IOException e) {
            return List.of(what + " is not JSON: " + e.getMessage());
        }
        Schema schema = schemas.computeIfAbsent(schemaPointer, p -> registry.getSchema(SchemaLocation.of(IRI + "#" + p)));
        List<String> out = new ArrayList<>();
        for (Error e : schema.validate(value)) out.add(what + ": " + e.getInstanceLocation() + ": " + e.getMessage());
        return out;
    }

    private JsonNode at(String pointer) {
        return doc.at(pointer);
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static String names(JsonNode content) {
        List<String> out = new ArrayList<>();
        content.fieldNames().forEachRemaining(out::add);
        return String.join(", ", out);
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() <= 600 ? s : s.substring(0, 600) + "...";
    }
}
