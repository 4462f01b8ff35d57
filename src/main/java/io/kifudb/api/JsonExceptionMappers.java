package io.kifudb.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request body that is not valid JSON, or JSON of the wrong shape -> 400 {@code invalid-json}, with
 * the offending JSON path as {@code field} and the position as {@code line} where Jackson knows them. A
 * field the request type does not have ({@link RequestJson} refuses them) is 400 {@code unknown-field},
 * naming its path and the known field the client probably meant.
 *
 * <p>{@link MismatchedInputException} needs its own mapper: Quarkus ships a built-in one for exactly
 * that type, and the most specific type wins.
 */
public final class JsonExceptionMappers {

    static final String UNKNOWN_FIELD = "unknown-field";

    private JsonExceptionMappers() {
    }

    static Response toProblem(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) return Problems.response(unknownField(unknown));
        String detail = readable(e);
        Problem problem = Problem.of(400, Problem.INVALID_JSON, "Invalid JSON body", detail);
        if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            problem = problem.withLine(e.getLocation().getLineNr());
        }
        if (e instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            problem = problem.withField(path(jme));
        } else {
            String parsed = parsedField(e);
            if (parsed != null) problem = problem.withField(parsed);
        }
        return Problems.response(problem);
    }

    /**
     * Jackson's refusal to convert a value of one JSON type to a field of another ({@code "8"} to a number,
     * {@code 5.5} to a whole number, {@code 7} to a string): the value as written, and the field's Java type.
     */
    private static final Pattern COERCE = Pattern.compile("^Cannot coerce .*?\\((.*)\\) to `([^`]+)` value");
    /** An array, object or scalar where the field (or the body) is of another kind: the field's Java type and what came. */
    private static final Pattern WRONG_KIND = Pattern.compile("^Cannot deserialize value of type `([^`]+)` from (\\w+) value");
    /** A string or number where the body must be an object: the value as written. */
    private static final Pattern NOT_AN_OBJECT = Pattern.compile("^Cannot construct instance of `[^`]+`.*deserialize from (?:String|Number) value \\((.*)\\)$");

    /** Jackson's message, without the names of its own settings and of our classes where it mentions them. */
    private static String readable(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) return null;
        if (m.startsWith("Trailing token")) return "the body holds more after its JSON value";
        Matcher coerce = COERCE.matcher(m);
        if (coerce.find()) return expected(coerce.group(2)) + " is expected, got " + coerce.group(1);
        Matcher kind = WRONG_KIND.matcher(m);
        if (kind.find()) {
            String got = switch (kind.group(2)) {
                case "Array" -> "an array";
                case "Object" -> "an object";
                default -> "a " + kind.group(2).toLowerCase(Locale.ROOT);
            };
            return expected(kind.group(1)) + " is expected, got " + got;
        }
        Matcher object = NOT_AN_OBJECT.matcher(m);
        if (object.find()) return "an object is expected, got " + object.group(1);
        return m;
    }

    /** What a field of the Java type takes, in JSON's words: our request types are records, so objects. */
    private static String expected(String javaType) {
        return switch (javaType) {
            case "int", "long", "short", "java.lang.Integer", "java.lang.Long", "java.lang.Short" -> "a whole number";
            case "double", "float", "java.lang.Double", "java.lang.Float" -> "a number";
            case "boolean", "java.lang.Boolean" -> "true or false";
            case "java.lang.String" -> "a string";
            default -> javaType.startsWith("java.util.") && !javaType.contains("Map") ? "an array" : "an object";
        };
    }

    /**
     * The field a parse error is at, from the parser's own position ({@code /rules}, {@code /positions/1/sfen}):
     * a key given twice is found while parsing, before any mapping path exists. Null at the top level.
     */
    private static String parsedField(JsonProcessingException e) {
        if (!(e.getProcessor() instanceof JsonParser parser) || parser.getParsingContext() == null) return null;
        StringBuilder sb = new StringBuilder();
        for (String segment : parser.getParsingContext().pathAsPointer().toString().split("/")) {
            if (segment.isEmpty()) continue;
            if (segment.chars().allMatch(Character::isDigit)) sb.append('[').append(segment).append(']');
            else sb.append(sb.length() > 0 ? "." : "").append(segment.replace("~1", "/").replace("~0", "~"));
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    /** A field the request type does not have: its path, and the field the client probably meant. */
    private static Problem unknownField(UnrecognizedPropertyException e) {
        List<String> known = new ArrayList<>();
        if (e.getKnownPropertyIds() != null) for (Object id : e.getKnownPropertyIds()) known.add(String.valueOf(id));
        known.sort(null);
        String field = e.getPath().isEmpty() ? e.getPropertyName() : path(e);
        String detail = "unknown field '" + field + "'" + ClosestName.didYouMean(e.getPropertyName(), known)
                + (known.isEmpty() ? "" : "; known fields: " + String.join(", ", known));
        Problem p = Problem.of(400, UNKNOWN_FIELD, "Unknown field", detail).withField(field);
        if (e.getLocation() != null && e.getLocation().getLineNr() > 0) p = p.withLine(e.getLocation().getLineNr());
        return p;
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    @Provider
    public static class Processing implements ExceptionMapper<JsonProcessingException> {
        @Override
        public Response toResponse(JsonProcessingException e) {
            return toProblem(e);
        }
    }

    @Provider
    public static class MismatchedInput implements ExceptionMapper<MismatchedInputException> {
        @Override
        public Response toResponse(MismatchedInputException e) {
            return toProblem(e);
        }
    }
}
