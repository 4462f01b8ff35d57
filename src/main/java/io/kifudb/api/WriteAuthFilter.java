package io.kifudb.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

import java.util.Set;

/**
 * Reads are public; writes ({@code POST}, {@code PUT}, {@code PATCH}, {@code DELETE} under {@code /api})
 * need a key ({@link ApiKeys}): missing, or not in the Bearer scheme, 401; wrong, 403; all as problem+json
 * with a Bearer challenge. Two POSTs are not writes
 * and stay public: pattern search (a read with a body) and analysis, which has an anonymous quota of its
 * own (see {@link AnalysisResource}).
 */
@Provider
public class WriteAuthFilter implements ContainerRequestFilter {
    private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final Set<String> PUBLIC_POSTS = Set.of("api/positions/search", "api/analysis");

    @Inject
    ApiKeys keys;

    @Override
    public void filter(ContainerRequestContext ctx) {
        if (!WRITES.contains(ctx.getMethod())) return;
        String path = ctx.getUriInfo().getPath();
        if (path.startsWith("/")) path = path.substring(1);
        if (path.endsWith("/")) path = path.substring(0, path.length() - 1);
        if (!path.startsWith("api/")) return;
        if (ctx.getMethod().equals("POST") && PUBLIC_POSTS.contains(path)) return;
        ApiKeys.Verdict v = keys.check(ctx.getHeaderString(HttpHeaders.AUTHORIZATION));
        if (v == ApiKeys.Verdict.VALID) return;
        ctx.abortWith(unauthorized(v));
    }

    static Response unauthorized(ApiKeys.Verdict v) {
        Problem p = switch (v) {
            case MISSING -> Problem.of(401, "unauthorized", "API key required", "writes need 'Authorization: Bearer <key>' (kifudb.api-keys)");
            case NOT_BEARER -> Problem.of(401, "unauthorized", "Bearer scheme required",
                    "the Authorization header must be 'Bearer <key>': the scheme is Bearer, and the header does not start with it");
            case WRONG -> Problem.of(403, "forbidden", "Wrong API key", "the key given in the Authorization header is not accepted");
            case VALID -> throw new IllegalArgumentException("a valid key is not refused");
        };
        Response r = Problems.response(p);
        r.getHeaders().putSingle(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"kifudb\"");
        return r;
    }
}
