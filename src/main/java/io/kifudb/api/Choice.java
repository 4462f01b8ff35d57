package io.kifudb.api;

import java.util.List;

/**
 * A query parameter or body field that takes one of a fixed list of values ({@code result}, {@code format},
 * {@code outcome}, {@code sideToMove}, ...). Every one is checked the same way: a value not on the list is a
 * 400 naming the field and listing what it accepts, never an empty answer or a silent default. (The sort
 * keys are checked by {@link PositionArgs#order}, with the same problem.)
 */
record Choice(String name, List<String> accepted) {
    static Choice of(String name, String... accepted) {
        return new Choice(name, List.of(accepted));
    }

    /** The value itself, or null for null (the parameter was not given). */
    String check(String value) {
        return check(value, name);
    }

    /** @param field where the value is in this request, e.g. {@code pieces[0].side} */
    String check(String value, String field) {
        if (value == null || accepted.contains(value)) return value;
        throw ProblemException.badRequest(Problem.BAD_REQUEST, "Bad " + name,
                "unknown " + name + " '" + value + "'" + ClosestName.didYouMean(value, accepted) + "; accepted: " + String.join(", ", accepted))
                .withField(field);
    }
}
