package io.kifudb.api;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The keys accepted as {@code Authorization: Bearer <key>} on writes: {@code kifudb.api-keys}
 * (comma-separated), or else one generated on the first start, kept in {@code <data-dir>/api-key} and
 * logged once, when it is made; every later start logs where it is kept.
 */
@ApplicationScoped
public class ApiKeys {
    private static final Logger LOG = Logger.getLogger(ApiKeys.class);
    static final String KEY_FILE = "api-key";

    @ConfigProperty(name = "kifudb.api-keys")
    Optional<String> configured;

    @ConfigProperty(name = "kifudb.data-dir")
    Path dataDir;

    /** False for the command-line database commands (import, reindex): they take no requests. */
    @ConfigProperty(name = "quarkus.http.host-enabled", defaultValue = "true")
    boolean serving;

    private volatile List<byte[]> keys = List.of();

    /** A {@code worker} process answers no API requests: it needs no key (and generates none). */
    @ConfigProperty(name = "kifudb.role", defaultValue = "serve")
    String role;

    void onStart(@Observes StartupEvent event) {
        if (!"worker".equals(role)) keys = load();
    }

    private List<byte[]> load() {
        if (configured.isPresent() && !configured.get().isBlank()) {
            List<byte[]> given = Arrays.stream(configured.get().split(",")).map(String::strip).filter(k -> !k.isEmpty())
                    .map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
            if (serving) LOG.infof("Writes need 'Authorization: Bearer <key>' with one of the %d keys set in kifudb.api-keys.", given.size());
            return given;
        }
        Path file = dataDir.resolve(KEY_FILE).toAbsolutePath().normalize();
        try {
            if (Files.isRegularFile(file)) {
                // Every start says where the key is (never the key itself: logs travel further than the data directory).
                if (serving) LOG.infof("Writes (imports, analysis beyond the anonymous quota, ...) need 'Authorization: Bearer <key>' "
                        + "with the key kept in %s; set kifudb.api-keys to choose your own.", file);
                return List.of(Files.readString(file).strip().getBytes(StandardCharsets.UTF_8));
            }
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            String key = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            Files.createDirectories(dataDir);
            Files.writeString(file, key + "\n");
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the directory's own protection applies
            }
            LOG.infof("Writes (imports, analysis beyond the anonymous quota, ...) need 'Authorization: Bearer %s'. "
                    + "The key is kept in %s; set kifudb.api-keys to choose your own.", key, file);
            return List.of(key.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the API key file " + file.toAbsolutePath(), e);
        }
    }

    /**
     * What an Authorization header amounts to: a valid key, no key, a key in another scheme than Bearer
     * (a bare key, {@code Basic ...}), or a Bearer key that is not one of ours.
     */
    public enum Verdict { VALID, MISSING, NOT_BEARER, WRONG }

    /**
     * Who a valid Authorization header belongs to, for quotas and logs: {@code key-1}, {@code key-2}, … in the
     * order of {@code kifudb.api-keys} (never the key itself); null for a missing or wrong key.
     */
    public String owner(String authorization) {
        if (check(authorization) != Verdict.VALID) return null;
        byte[] given = authorization.strip().substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
        List<byte[]> all = keys;
        for (int i = 0; i < all.size(); i++) if (MessageDigest.isEqual(all.get(i), given)) return "key-" + (i + 1);
        return null;
    }

    public Verdict check(String authorization) {
        if (authorization == null || authorization.isBlank()) return Verdict.MISSING;
        String header = authorization.strip();
        if (header.equalsIgnoreCase("Bearer")) return Verdict.MISSING;
        String prefix = "Bearer ";
        if (!header.regionMatches(true, 0, prefix, 0, prefix.length())) return Verdict.NOT_BEARER;
        String key = header.substring(prefix.length()).strip();
        if (key.isEmpty()) return Verdict.MISSING;
        byte[] given = key.getBytes(StandardCharsets.UTF_8);
        boolean ok = false;
        // constant time per key, and every key compared: the answer's timing says nothing about the keys
        for (byte[] k : keys) ok |= MessageDigest.isEqual(k, given);
        return ok ? Verdict.VALID : Verdict.WRONG;
    }
}
