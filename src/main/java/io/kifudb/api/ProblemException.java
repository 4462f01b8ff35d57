package io.kifudb.api;

/**
 * Thrown by resources and services to answer with a {@link Problem}; {@link ProblemExceptionMapper}
 * turns it into an {@code application/problem+json} response with the problem's status.
 *
 * <pre>{@code
 * throw ProblemException.badRequest(Problem.INVALID_SFEN, "Invalid SFEN", "rank 3 has 13 files").withField("sfen");
 * throw ProblemException.unprocessable(Problem.ILLEGAL_MOVE, "Illegal move", "7g7e is not legal").withPly(12).withMove("7g7e");
 * }</pre>
 */
public class ProblemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Problem problem;
    /** Seconds for a Retry-After header (429, 503), or 0 for none. */
    private int retryAfterSeconds;

    public ProblemException(Problem problem) {
        this(problem, null);
    }

    public ProblemException(Problem problem, Throwable cause) {
        super(problem.title() + (problem.detail() == null ? "" : ": " + problem.detail()), cause);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    public int status() {
        return problem.status();
    }

    public static ProblemException of(int status, String typeSlug, String title, String detail) {
        return new ProblemException(Problem.of(status, typeSlug, title, detail));
    }

    /** 400: the request itself is malformed (bad parameter, invalid SFEN, unknown rule set...). */
    public static ProblemException badRequest(String typeSlug, String title, String detail) {
        return of(400, typeSlug, title, detail);
    }

    /** 404. */
    public static ProblemException notFound(String title, String detail) {
        return of(404, Problem.NOT_FOUND, title, detail);
    }

    /** 409: conflicts with the current state (e.g. a job that already finished). */
    public static ProblemException conflict(String typeSlug, String title, String detail) {
        return of(409, typeSlug, title, detail);
    }

    /** 422: well-formed but cannot be processed (e.g. a record with an illegal move). */
    public static ProblemException unprocessable(String typeSlug, String title, String detail) {
        return of(422, typeSlug, title, detail);
    }

    /** 400 {@code unknown-rule-set}: an unknown rule set is an error, never a silent default. */
    public static ProblemException unknownRuleSet(String id) {
        java.util.List<String> ids = io.kifudb.rules.RuleSet.all().stream().map(r -> r.id).toList();
        return badRequest(Problem.UNKNOWN_RULE_SET, "Unknown rule set", "no rule set with id '" + id + "'"
                + ClosestName.didYouMean(id, ids) + "; accepted: " + String.join(", ", ids))
                .withField("rules");
    }

    /** 429: too many requests or jobs; the client may retry after the given seconds. */
    public static ProblemException tooManyRequests(String typeSlug, String title, String detail, int retryAfterSeconds) {
        ProblemException e = of(429, typeSlug, title, detail);
        e.retryAfterSeconds = retryAfterSeconds;
        return e;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public ProblemException withPly(Integer ply) {
        return copy(problem.withPly(ply));
    }

    public ProblemException withLine(Integer line) {
        return copy(problem.withLine(line));
    }

    public ProblemException withMove(String move) {
        return copy(problem.withMove(move));
    }

    public ProblemException withField(String field) {
        return copy(problem.withField(field));
    }

    private ProblemException copy(Problem p) {
        ProblemException e = new ProblemException(p, getCause());
        e.setStackTrace(getStackTrace());
        e.retryAfterSeconds = retryAfterSeconds;
        return e;
    }
}
