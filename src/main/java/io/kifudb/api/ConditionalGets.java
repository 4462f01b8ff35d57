package io.kifudb.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * ETag and Cache-Control on the reads whose answer depends only on the request (rule sets, a position's legal
 * moves, board diagrams) or changes rarely (cached evaluations, which only get deeper), so browsers and
 * proxies can keep them and revalidate with {@code If-None-Match} (304, no body). The tag is a hash of the
 * answer itself, so it changes exactly when the answer does, also across versions of the service. Stored
 * games set their own (their content hash).
 */
@Provider
public class ConditionalGets implements ContainerResponseFilter {
    /** How long a client may use an answer without asking again. */
    static final int PURE_MAX_AGE = 86_400, EVAL_MAX_AGE = 60;

    @Inject
    ObjectMapper json;

    @Override
    public void filter(ContainerRequestContext req, ContainerResponseContext res) {
        String method = req.getMethod();
        if (!(method.equals("GET") || method.equals("HEAD")) || res.getStatus() != 200 || !res.hasEntity()) return;
        int maxAge = maxAge(req.getUriInfo().getPath());
        if (maxAge < 0 || res.getHeaders().containsKey(HttpHeaders.ETAG)) return;
        EntityTag tag = new EntityTag(hash(res.getEntity()));
        res.getHeaders().putSingle(HttpHeaders.ETAG, tag);
        res.getHeaders().putSingle(HttpHeaders.CACHE_CONTROL, "public, max-age=" + maxAge);
        String given = req.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        if (given != null && matches(given, tag)) {
            res.setEntity(null);
            res.setStatus(304);
        }
    }

    /** The max-age for a path, or -1 for paths this filter leaves alone. */
    static int maxAge(String path) {
        String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        if (p.equals("/api/rules") || p.startsWith("/api/rules/") || p.equals("/api/positions/diagram.svg")) return PURE_MAX_AGE;
        if (p.equals("/api/evals")) return EVAL_MAX_AGE;
        return -1;
    }

    private static boolean matches(String ifNoneMatch, EntityTag tag) {
        for (String t : ifNoneMatch.split(",")) {
            String v = t.strip();
            if (v.startsWith("W/")) v = v.substring(2);
            if (v.equals("*") || v.equals("\"" + tag.getValue() + "\"")) return true;
        }
        return false;
    }

    private String hash(Object entity) {
        try {
            byte[] bytes = entity instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : json.writeValueAsBytes(entity);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 16);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot tag the answer", e);
        }
    }
}
