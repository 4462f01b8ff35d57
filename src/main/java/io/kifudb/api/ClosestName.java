package io.kifudb.api;

import io.kifudb.text.Spelling;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The known name a client most likely meant by a name it sent that nobody here knows: the same name in
 * other letter case ({@code multipv}: {@code multiPv}), the name this API uses for the same thing in
 * another place ({@code moves} in a query is {@code play}, {@code play} in a body is {@code moves}), a
 * known name a slip of one or two letters away ({@code piece}: {@code pieces}), or one written out or cut
 * short ({@code minimum}: {@code min}).
 */
final class ClosestName {
    private ClosestName() {}

    /**
     * Names clients bring from elsewhere, and what each could mean here (the first one the request knows
     * wins): this API's own other spelling, and the usual words of other explorers and search APIs.
     */
    private static final Map<String, String[]> SAME_THING = Map.ofEntries(
            Map.entry("moves", new String[] {"play"}),
            Map.entry("play", new String[] {"moves"}),
            Map.entry("usi", new String[] {"play", "moves"}),
            Map.entry("fen", new String[] {"sfen"}),
            Map.entry("position", new String[] {"sfen"}),
            Map.entry("variant", new String[] {"rules"}),
            Map.entry("ruleset", new String[] {"rules"}),
            Map.entry("limit", new String[] {"size"}),
            Map.entry("skip", new String[] {"page"}),
            Map.entry("offset", new String[] {"page"}),
            Map.entry("order", new String[] {"sort"}),
            Map.entry("lines", new String[] {"multiPv"}),
            Map.entry("text", new String[] {"q"}),
            Map.entry("query", new String[] {"q"}));

    static Optional<String> to(String given, Collection<String> known) {
        if (given == null || given.isEmpty() || known.isEmpty()) return Optional.empty();
        if (known.stream().anyMatch(k -> k.equalsIgnoreCase(given))) return Spelling.slipFor(given, known);
        String lower = given.toLowerCase(Locale.ROOT);
        for (String alias : SAME_THING.getOrDefault(lower, new String[0]))
            if (known.contains(alias)) return Optional.of(alias);
        Optional<String> slip = Spelling.slipFor(given, known);
        if (slip.isPresent()) return slip;
        // a known name written out (minimum: min) or cut short (multi: multiPv)
        for (String k : known) {
            String kl = k.toLowerCase(Locale.ROOT);
            if (Math.min(kl.length(), lower.length()) >= 3 && (lower.startsWith(kl) || kl.startsWith(lower))) return Optional.of(k);
        }
        return Optional.empty();
    }

    /** " (did you mean 'play'?)" or nothing. */
    static String didYouMean(String given, Collection<String> known) {
        return to(given, known).map(k -> " (did you mean '" + k + "'?)").orElse("");
    }
}
