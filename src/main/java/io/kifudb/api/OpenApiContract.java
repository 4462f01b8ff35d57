package io.kifudb.api;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the OpenAPI document says of every operation and every answer, applied once to the document SmallRye
 * writes from the code ({@code mp.openapi.filter}), so a generated client gets it right without each
 * resource repeating it:
 * <ul>
 *   <li>an operation that declares no security requirement is public and says so ({@code security: []}):
 *       only writes need the key ({@link WriteAuthFilter}), and each declares it;</li>
 *   <li>every operation documents the 400 for a query parameter it does not take ({@link QueryParameterCheck});</li>
 *   <li>every property of an answer's schema is required: the service writes every member of its answers,
 *       {@code null} included, so a client may rely on each being there (the nullable ones are declared so
 *       on the member). Request schemas keep their members optional, and {@link #MEMBERS_LEFT_OUT_WHEN_NULL}
 *       lists the answers whose null members are left out instead;</li>
 *   <li>a nullable member with a fixed list of values lists {@code null} among them, and one of a component type
 *       is that type or null, nothing more;</li>
 *   <li>the NDJSON example of a bulk import is the text of two lines, as sent.</li>
 * </ul>
 */
public class OpenApiContract implements OASFilter {
    /** Answers written without their null members (Jackson's NON_NULL): problems and scores. */
    static final Set<String> MEMBERS_LEFT_OUT_WHEN_NULL = Set.of("Problem", "Eval");

    @Override
    public void filterOpenAPI(OpenAPI api) {
        Map<String, Schema> schemas = api.getComponents() == null ? null : api.getComponents().getSchemas();
        Set<String> requestSchemas = new HashSet<>();
        Set<String> badRequests = new HashSet<>();
        if (api.getPaths() != null) {
            for (PathItem path : api.getPaths().getPathItems().values()) {
                for (Operation op : path.getOperations().values()) {
                    if (op.getSecurity() == null) op.setSecurity(new ArrayList<>());
                    textExamples(op);
                    badParameters(api, op, badRequests);
                    if (op.getRequestBody() != null && op.getRequestBody().getContent() != null)
                        for (MediaType media : op.getRequestBody().getContent().getMediaTypes().values())
                            collect(media.getSchema(), schemas, requestSchemas);
                }
            }
        }
        if (schemas == null) return;
        for (Map.Entry<String, Schema> e : schemas.entrySet()) {
            Schema s = e.getValue();
            if (s.getProperties() != null) for (Schema p : s.getProperties().values()) {
                nullInEnum(p);
                nullableReference(p);
            }
            if (requestSchemas.contains(e.getKey()) || MEMBERS_LEFT_OUT_WHEN_NULL.contains(e.getKey())) continue;
            if (s.getProperties() == null || s.getProperties().isEmpty()) continue;
            if (s.getRequired() == null || s.getRequired().isEmpty()) s.setRequired(new ArrayList<>(s.getProperties().keySet()));
        }
    }

    /**
     * Every operation refuses a query parameter it does not take ({@link QueryParameterCheck}): one that
     * documents no 400 gets the shared one, and each 400 an operation refers to shows that problem too.
     */
    private static void badParameters(OpenAPI api, Operation op, Set<String> done) {
        if (op.getResponses() == null) return;
        APIResponse bad = op.getResponses().getAPIResponse("400");
        if (bad == null) {
            op.getResponses().addAPIResponse("400", OASFactory.createAPIResponse().ref(ApiDocs.INVALID_PARAMETER));
            return;
        }
        String ref = bad.getRef();
        if (ref == null || ref.endsWith("/" + ApiDocs.INVALID_PARAMETER)) return;
        String name = ref.substring(ref.lastIndexOf('/') + 1);
        if (!done.add(name) || api.getComponents() == null || api.getComponents().getResponses() == null) return;
        APIResponse shared = api.getComponents().getResponses().get(name);
        if (shared == null || shared.getContent() == null) return;
        MediaType problem = shared.getContent().getMediaType(Problem.MEDIA_TYPE);
        if (problem == null) return;
        shared.setDescription(shared.getDescription() + " Also, as on every operation: a query parameter the operation does not "
                + "take (`unknown-parameter`, naming the closest one it does), or one given twice.");
        problem.addExample("unknown-parameter", OASFactory.createExample().value(json(ApiDocs.P_UNKNOWN_PARAMETER)));
    }

    private static Object json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readValue(text, Map.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("an example is JSON", e);
        }
    }

    /**
     * SmallRye reads an example that starts like JSON as JSON, and keeps only the first value: an NDJSON body of
     * several lines is text, and its example is put back as the text it is.
     */
    private static void textExamples(Operation op) {
        if (op.getRequestBody() == null || op.getRequestBody().getContent() == null) return;
        MediaType ndjson = op.getRequestBody().getContent().getMediaType(GamesResource.NDJSON);
        if (ndjson == null || ndjson.getSchema() == null || ndjson.getExamples() == null) return;
        if (ndjson.getSchema().getType() == null || !ndjson.getSchema().getType().contains(Schema.SchemaType.STRING)) return;
        var example = ndjson.getExamples().get(ImportsResource.NDJSON_EXAMPLE);
        if (example != null) example.setValue(ApiDocs.LISHOGI_EXPORT);
    }

    /** A nullable member with a list of values takes null too (JSON Schema checks enum apart from type). */
    private static void nullInEnum(Schema s) {
        if (s.getEnumeration() != null && s.getType() != null && s.getType().contains(Schema.SchemaType.NULL)
                && !s.getEnumeration().contains(null)) {
            List<Object> values = new ArrayList<>(s.getEnumeration());
            values.add(null);
            s.setEnumeration(values);
        }
    }

    /**
     * SmallRye writes a nullable member of a component type as that type or null ({@code anyOf}) and repeats a
     * type list beside it; the list says nothing more (and is wrong for an object), so it goes.
     */
    private static void nullableReference(Schema s) {
        List<Schema> anyOf = s.getAnyOf();
        if (anyOf == null || anyOf.size() != 2 || s.getType() == null) return;
        boolean reference = anyOf.stream().anyMatch(x -> x.getRef() != null);
        boolean orNull = anyOf.stream().anyMatch(x -> x.getType() != null && x.getType().equals(List.of(Schema.SchemaType.NULL)));
        if (reference && orNull) s.setType(null);
    }

    /** The component schemas a schema refers to, directly or through others. */
    private static void collect(Schema s, Map<String, Schema> schemas, Set<String> found) {
        if (s == null) return;
        if (s.getRef() != null) {
            String name = s.getRef().substring(s.getRef().lastIndexOf('/') + 1);
            if (found.add(name) && schemas != null) collect(schemas.get(name), schemas, found);
        }
        if (s.getProperties() != null) for (Schema p : s.getProperties().values()) collect(p, schemas, found);
        collect(s.getItems(), schemas, found);
        collect(s.getAdditionalPropertiesSchema(), schemas, found);
        for (List<Schema> list : new ArrayList<List<Schema>>(java.util.Arrays.asList(s.getAllOf(), s.getAnyOf(), s.getOneOf())))
            if (list != null) for (Schema x : list) collect(x, schemas, found);
    }
}
