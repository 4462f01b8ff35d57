package io.kifudb.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import jakarta.inject.Inject;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * The JSON mapper of the REST API: Quarkus's own, made strict for request bodies. A field the request type
 * does not have ({@code "play"} in an analysis request, {@code "piece"} in a pattern) is refused, never
 * ignored; so are a key given twice, a number with a fraction where a whole number is expected, a value of
 * another JSON type than the field's ({@code "depth": "8"}, {@code "moves": [7]}, {@code "cache": "yes"}: Jackson
 * would convert them, a guess at what was meant) and anything after the JSON value. {@link JsonExceptionMappers}
 * names the field.
 *
 * <p>Only the JSON that resources bind to request types goes through it. Record files (POST /api/games,
 * POST /api/imports) are read as bytes by the record readers, which take the formats as they are (a
 * lishogi export line carries many fields nobody here needs); jobs and stored data keep Quarkus's mapper.
 */
@Provider
public class RequestJson implements ContextResolver<ObjectMapper> {
    private final ObjectMapper strict;

    @Inject
    public RequestJson(ObjectMapper quarkus) {
        strict = quarkus.copy()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        for (LogicalType number : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean})
            strict.coercionConfigFor(number)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        strict.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return strict;
    }
}
