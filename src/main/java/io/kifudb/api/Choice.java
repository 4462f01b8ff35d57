package io.kifudb.api;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A query parameter or body field that takes one of a fixed list of values ({@code result}, {@code format},
 * {@code outcome}, {@code sideToMove}, ...). Every one is checked the same way: a value not on the list is a
 * 400 naming the field and listing what it accepts, never an empty answer or a silent default. (The sort
 * keys are checked by {@link PositionArgs#order}, with the same problem.) A family of values (the puzzle
 * theme {@code mate-in-N}) is accepted by its pattern and listed by its spelling.
 */
record Choice(String name, List<String> accepted, List<Family> families) {
    /** Values matching the pattern, spelled {@code spelling} in the list a refusal gives. */
    record Family(String spelling, Pattern pattern) {}

    static Choice of(String name, String... accepted) {
        return new Choice(name, List.of(accepted), List.of());
    }

    /** This choice, also accepting every value the pattern matches whole. */
    Choice orFamily(String spelling, Pattern pattern) {
        List<Family> more = new ArrayList<>(families);
        more.add(new Family(spelling, pattern));
        return new Choice(name, accepted, List.copyOf(more));
    }

    /** The value itself, or null for null (the parameter was not given). */
    String check(String value) {
        return check(value, name);
    }

    /** @param field where the value is in this request, e.g. {@code pieces[0].side} */
    String check(String value, String field) {
        if (value == null || accepted.contains(value)) return value;
        for (Family f : families) if (f.pattern().matcher(value).matches()) return value;
        List<String> listed = new ArrayList<>(accepted);
        for (Family f : families) listed.add(f.spelling());
        throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad " + name,
                "unknown " + name + " '" + value + "'" + ClosestName.didYouMean(value, listed) + "; accepted: " + String.join(", ", listed))
                .withField(field);
    }
}
