package io.kifudb.api;

import io.kifudb.analysis.AnalysisJob;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the OpenAPI document shares between operations: the name of the security scheme, the names of the
 * error responses declared once in {@code package-info.java} (operations refer to them with
 * {@code @APIResponse(responseCode = ..., ref = ...)}), and the examples.
 *
 * <p>Every example is an answer the service gave (or a request it accepted) on the shipped corpus, copied
 * from a running instance; long lists are cut where the example says so. Nothing here is read at run time.
 */
final class ApiDocs {
    private ApiDocs() {}

    // ---------------------------------------------------------------- security

    /** The security scheme: {@code Authorization: Bearer <key>} with a key from {@code kifudb.api-keys}. */
    static final String BEARER = "bearer";

    static final String BEARER_DESCRIPTION = "Writes (imports, analysis jobs of whole games, experiments, cancelling jobs) need "
            + "`Authorization: Bearer <key>` with a key from `kifudb.api-keys` (without one configured, the service generates "
            + "a key on its first start, keeps it in `<data-dir>/api-key` and logs it once). Reads need no key. Two POSTs are "
            + "public: pattern search, and position analysis, which without a key runs under a small anonymous quota. "
            + "A missing key is answered 401, a wrong one 403.";

    /** Written into descriptions of the operations that need a key. */
    static final String KEY_NEEDED = " Needs `Authorization: Bearer <key>` (401 without, 403 with a wrong key).";

    // ---------------------------------------------------------------- component responses (package-info.java)

    static final String UNAUTHORIZED = "Unauthorized";
    static final String FORBIDDEN = "Forbidden";
    static final String INVALID_PARAMETER = "InvalidParameter";
    static final String NOT_ACCEPTABLE = "NotAcceptable";
    static final String INDEX_UNAVAILABLE = "IndexUnavailable";
    static final String BAD_POSITION = "BadPosition";
    static final String BAD_POSITION_LISTING = "BadPositionListing";
    static final String UNKNOWN_RULE_SET = "UnknownRuleSet";
    static final String BAD_RECORD = "BadRecord";
    static final String ILLEGAL_MOVE_IN_RECORD = "IllegalMoveInRecord";
    static final String BAD_GAME_FORMAT = "BadGameFormat";
    static final String UNWRITABLE_RECORD = "UnwritableRecord";
    static final String GAME_NOT_FOUND = "GameNotFound";
    static final String BAD_GAME_SEARCH = "BadGameSearch";
    static final String BAD_IMPORT = "BadImport";
    static final String BAD_IMPORT_LISTING = "BadImportListing";
    static final String IMPORT_QUEUE_FULL = "ImportQueueFull";
    static final String IMPORT_JOB_NOT_FOUND = "ImportJobNotFound";
    static final String BAD_PATTERN = "BadPattern";
    static final String BAD_ANALYSIS_REQUEST = "BadAnalysisRequest";
    /** POST /api/analysis's 429: a full queue, the key's job quota, or the anonymous quota. */
    static final String ANALYSIS_TOO_MANY = "AnalysisTooMany";
    static final String GAME_OVER = "GameOver";
    static final String ANALYSIS_QUEUE_FULL = "AnalysisQueueFull";
    static final String ANALYSIS_JOB_NOT_FOUND = "AnalysisJobNotFound";
    static final String PUZZLE_SCAN_NOT_FOUND = "PuzzleScanNotFound";
    static final String BAD_EVAL_QUERY = "BadEvalQuery";
    static final String NO_CACHED_EVALUATION = "NoCachedEvaluation";
    static final String BAD_EVAL_BATCH = "BadEvalBatch";
    static final String BAD_GAME_ANALYSIS = "BadGameAnalysis";
    static final String GAME_NOT_ANALYSED = "GameNotAnalysed";
    static final String BAD_EXPERIMENT = "BadExperiment";
    static final String EXPERIMENT_QUEUE_FULL = "ExperimentQueueFull";
    static final String EXPERIMENT_NOT_FOUND = "ExperimentNotFound";
    static final String BODY_TOO_LARGE = "BodyTooLarge";
    static final String NOT_MODIFIED = "NotModified";
    /** Appended to the description of the reads ConditionalGets tags. */
    static final String TAGGED_FOR_A_DAY = " The answer depends on the request alone: it carries an `ETag` (a hash of the answer) and "
            + "`Cache-Control: public, max-age=86400`; `If-None-Match` with the tag is answered 304 without a body.";
    static final String TAGGED_FOR_A_MINUTE = " The answer carries an `ETag` (a hash of it: it changes when a deeper search is cached) and "
            + "`Cache-Control: public, max-age=60`; `If-None-Match` with the tag is answered 304 without a body.";

    // ---------------------------------------------------------------- shared wording

    static final String RETRY_AFTER = "seconds to wait before trying again";
    static final String LOCATION = "where the job (or game) can be read";
    static final String PAGE = "page number, from 0";
    static final String KIND = "game (played games) or problem (composed problems); default: both";
    static final String RULES = "rule set id, as listed by GET /api/rules (`chu`, `chu-sdin`, `chu-lishogi`, `dai13-kumazawa`, "
            + "`shodoshu2017`, `shodoshu2017-prev`)";
    static final String SFEN = "the position in SFEN (board, side to move, counter-strike/elephant marker, move number); "
            + "default: the rule set's start position";
    static final String PLAY = "USI moves to play from the SFEN first, comma- (or space-) separated; any spelling of a move is "
            + "accepted, the answer echoes the canonical one";
    static final String JOB_ID = "the job id, from the answer that started it (and its Location header)";
    static final String LENIENT = "store the legal prefix of a record that breaks the rules, marking the ply where and why it stops "
            + "(default: refuse the record)";

    // ---------------------------------------------------------------- parameter examples

    static final String CHU_START = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    static final String ANALYSIS_JOB_ID = "f40e7d82-8c24-4123-a363-b86cd027b95e";
    static final String EXPERIMENT_ID = "54397ef5-9fc2-413e-afbe-dac6606fd190";

    // ---------------------------------------------------------------- problem examples

    static final String P_UNAUTHORIZED = """
            {"type":"https://kifudb.io/problems/unauthorized","title":"API key required","status":401,
             "detail":"writes need 'Authorization: Bearer <key>' (kifudb.api-keys)"}""";
    static final String P_FORBIDDEN = """
            {"type":"https://kifudb.io/problems/forbidden","title":"Wrong API key","status":403,
             "detail":"the key given in the Authorization header is not accepted"}""";
    static final String P_UNKNOWN_PARAMETER = """
            {"type":"https://kifudb.io/problems/unknown-parameter","title":"Unknown parameter","status":400,
             "detail":"unknown query parameter 'moves' (did you mean 'play'?); this operation takes: page, play, rules, sfen, size, sort","field":"moves"}""";
    static final String P_REPEATED_PARAMETER = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Repeated parameter","status":400,
             "detail":"the query parameter 'rules' is given 2 times; give it once","field":"rules"}""";
    static final String P_UNKNOWN_FIELD = """
            {"type":"https://kifudb.io/problems/unknown-field","title":"Unknown field","status":400,
             "detail":"unknown field 'play' (did you mean 'moves'?); known fields: cache, depth, moves, movetime, multiPv, nodes, rules, sfen",
             "line":1,"field":"play"}""";
    static final String P_UNKNOWN_PATTERN_FIELD = """
            {"type":"https://kifudb.io/problems/unknown-field","title":"Unknown field","status":400,
             "detail":"unknown field 'pieces[0].square' (did you mean 'squares'?); known fields: piece, region, squares",
             "line":1,"field":"pieces[0].square"}""";
    static final String P_UNKNOWN_EXPERIMENT_FIELD = """
            {"type":"https://kifudb.io/problems/unknown-field","title":"Unknown field","status":400,
             "detail":"unknown field 'game' (did you mean 'games'?); known fields: depth, games, maxPlies, nodes, openingPlies, rules, seed",
             "line":1,"field":"game"}""";
    static final String P_NOT_BEARER = """
            {"type":"https://kifudb.io/problems/unauthorized","title":"Bearer scheme required","status":401,
             "detail":"the Authorization header must be 'Bearer <key>': the scheme is Bearer, and the header does not start with it"}""";
    static final String P_INVALID_PARAMETER = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Invalid parameter","status":400,
             "detail":"the query parameter 'page' must be a whole number, not 'abc'","field":"page"}""";
    static final String P_NOT_ACCEPTABLE = """
            {"type":"https://kifudb.io/problems/not-acceptable","title":"Not acceptable","status":406,
             "detail":"The accept header value did not match the value in @Produces"}""";
    static final String P_INDEX_UNAVAILABLE = """
            {"type":"https://kifudb.io/problems/index-unavailable","title":"Index unavailable","status":503,
             "detail":"the position index is being built from the database: 51000 of 100000 games so far; try again later"}""";
    static final String P_MISSING_RULES = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Missing rule set","status":400,
             "detail":"the query parameter 'rules' is required","field":"rules"}""";
    static final String P_UNKNOWN_RULE_SET = """
            {"type":"https://kifudb.io/problems/unknown-rule-set","title":"Unknown rule set","status":400,
             "detail":"no rule set with id 'chess'; accepted: chu, chu-sdin, chu-lishogi, dai13-kumazawa, shodoshu2017, shodoshu2017-prev","field":"rules"}""";
    static final String P_INVALID_SFEN = """
            {"type":"https://kifudb.io/problems/invalid-sfen","title":"Invalid SFEN","status":400,
             "detail":"SFEN needs 2 to 4 space-separated fields (board, side, marker, move number), got 1","field":"sfen"}""";
    static final String P_ILLEGAL_MOVE_IN_PLAY = """
            {"type":"https://kifudb.io/problems/illegal-move","title":"Illegal move","status":400,
             "detail":"ply 2: illegal move 7h7g: the piece on 7h is not gote's","ply":2,"move":"7h7g","field":"play"}""";
    static final String P_ILLEGAL_MOVE_IN_MOVES = """
            {"type":"https://kifudb.io/problems/illegal-move","title":"Illegal move","status":400,
             "detail":"ply 2: illegal move 7h7g: the piece on 7h is not gote's","ply":2,"move":"7h7g","field":"moves"}""";
    static final String P_MISSING_RULES_FIELD = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Missing rule set","status":400,
             "detail":"the body field 'rules' is required","field":"rules"}""";
    static final String P_BAD_SORT = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad sort","status":400,
             "detail":"unknown sort 'elo'; accepted: date, sente, gote, ply, plies, id (prefix '-' for descending)","field":"sort"}""";
    static final String P_PAGE_TOO_DEEP = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Page too deep","status":400,
             "detail":"page and size reach beyond hit 100000; narrow the position or sort the other way","field":"page"}""";
    static final String P_BAD_SIZE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad size","status":400,
             "detail":"size must be 1 to 200","field":"size"}""";
    static final String P_BAD_KIND = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad kind","status":400,
             "detail":"unknown kind 'games' (did you mean 'game'?); accepted: game, problem","field":"kind"}""";
    static final String P_BAD_DATE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad date","status":400,
             "detail":"from must be an ISO date (yyyy-MM-dd), got '2020-13-01'","field":"from"}""";
    static final String P_EMPTY_RECORD = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Empty record","status":400,
             "detail":"the request body holds no record"}""";
    static final String P_UNREADABLE_RECORD = """
            {"type":"https://kifudb.io/problems/invalid-record","title":"Unreadable record","status":400,
             "detail":"line 1: not valid JSON: Unexpected end-of-input within/between Object entries","line":1}""";
    static final String P_ONE_RECORD_EXPECTED = """
            {"type":"https://kifudb.io/problems/invalid-record","title":"One record expected","status":400,
             "detail":"the body holds 2 records; use POST /api/imports for several"}""";
    static final String P_ILLEGAL_MOVE_IN_RECORD = """
            {"type":"https://kifudb.io/problems/illegal-move","title":"Illegal move","status":422,
             "detail":"ply 3 (line 1): illegal move 7h6g: the Pawn on 7h cannot move to 6g","ply":3,"line":1,"move":"7h6g"}""";
    static final String P_RECORD_WITHOUT_MOVES = """
            {"type":"https://kifudb.io/problems/record-without-moves","title":"Record without moves","status":422,
             "detail":"the record has no moves and starts from the chu start position, so there is no game to store; a record without moves must name the position it records (initialSfen)","line":1}""";
    static final String P_UNKNOWN_FORMAT = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Unknown format","status":400,
             "detail":"unknown format 'pgn'; accepted: json, usi, kif, csg, lishogi","field":"format"}""";
    static final String P_UNWRITABLE_RECORD = """
            {"type":"https://kifudb.io/problems/unwritable-record","title":"Not expressible in csg","status":422,
             "detail":"game 317 cannot be written as csg: the .csg format is for Chu Shogi, not the shodoshu2017 variant","field":"format"}""";
    static final String P_GAME_NOT_FOUND = """
            {"type":"https://kifudb.io/problems/not-found","title":"No such game","status":404,
             "detail":"no game with id 99999"}""";
    static final String P_NO_FILE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"No file","status":400,
             "detail":"the multipart request holds no file part"}""";
    static final String P_EMPTY_IMPORT_BODY = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Empty body","status":400,
             "detail":"the request body holds no record"}""";
    static final String P_BAD_OUTCOME_FILTER = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad outcome","status":400,
             "detail":"unknown outcome 'refused'; accepted: imported, duplicate, failed","field":"outcome"}""";
    static final String P_BAD_IMPORT_SIZE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad size","status":400,
             "detail":"size must be 1 to 1000","field":"size"}""";
    static final String P_JOB_QUOTA = """
            {"type":"https://kifudb.io/problems/job-quota","title":"Too many jobs for this API key","status":429,
             "detail":"this key has 4 jobs queued or running (at most 4, kifudb.jobs.per-key); wait for one to finish or cancel one"}""";
    static final String P_BODY_TOO_LARGE = """
            {"type":"https://kifudb.io/problems/body-too-large","title":"Request body too large","status":413,
             "detail":"the body is larger than 67108864 bytes (quarkus.http.limits.max-body-size); split a bulk import into several requests"}""";
    static final String P_RECORD_TOO_LONG = """
            {"type":"https://kifudb.io/problems/record-too-long","title":"Record too long","status":422,
             "detail":"the record has 10001 plies; at most 10000 are accepted (kifudb.import.max-plies)","line":1}""";
    static final String P_IMPORT_QUEUE_FULL = """
            {"type":"https://kifudb.io/problems/queue-full","title":"Import queue full","status":429,
             "detail":"the import queue is full (16 jobs waiting); try again later"}""";
    static final String P_IMPORT_JOB_NOT_FOUND = """
            {"type":"https://kifudb.io/problems/not-found","title":"No such import job","status":404,
             "detail":"no import job with id 999"}""";
    static final String P_BAD_PATTERN_PIECE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad pattern","status":400,
             "detail":"'Z' is not a piece of chu (SFEN letters: upper case sente, lower case gote, + promoted)","field":"pieces[0].piece"}""";
    static final String P_BAD_PATTERN_SQUARE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad pattern","status":400,
             "detail":"'13a' is not a square of a 12x12 board (e.g. 7g, 10e)","field":"empty[0]"}""";
    static final String P_INVALID_JSON = """
            {"type":"https://kifudb.io/problems/invalid-json","title":"Invalid JSON body","status":400,
             "detail":"a whole number is expected, got \\"x\\"",
             "line":1,"field":"plyFrom"}""";
    static final String P_EMPTY_ANALYSIS_BODY = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Empty body","status":400,
             "detail":"the request body holds no analysis request"}""";
    static final String P_BAD_ANALYSIS_LIMIT = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad analysis request","status":400,
             "detail":"depth is capped at 40 (kifudb.analysis.max-depth)","field":"depth"}""";
    static final String P_BAD_ANALYSIS_MULTIPV = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad analysis request","status":400,
             "detail":"multiPv must be 1 to 10 (kifudb.analysis.max-multipv)","field":"multiPv"}""";
    static final String P_ANONYMOUS_QUOTA = """
            {"type":"https://kifudb.io/problems/anonymous-quota","title":"Anonymous quota used up","status":429,
             "detail":"2 analyses without an API key are running or queued (the anonymous quota is 2); send 'Authorization: Bearer <key>' or try again later"}""";
    static final String P_GAME_OVER = """
            {"type":"https://kifudb.io/problems/game-over","title":"Game over","status":422,
             "detail":"the game is over in this position (draw bare-king)"}""";
    static final String P_ANALYSIS_QUEUE_FULL = """
            {"type":"https://kifudb.io/problems/queue-full","title":"Analysis queue full","status":429,
             "detail":"the analysis queue is full (8 jobs waiting); try again later"}""";
    static final String P_ANALYSIS_JOB_NOT_FOUND = """
            {"type":"https://kifudb.io/problems/not-found","title":"No such analysis job","status":404,
             "detail":"no analysis job with id 0c3e42b5-9a0e-4a8c-b7a1-3f1d8e2b6c4d"}""";
    static final String P_BAD_EVAL_MULTIPV = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad multiPv","status":400,
             "detail":"multiPv must be 1 to 10 (kifudb.analysis.max-multipv)","field":"multiPv"}""";
    static final String P_BAD_BATCH_MOVE = """
            {"type":"https://kifudb.io/problems/illegal-move","title":"Illegal move","status":400,
             "detail":"positions[1]: ply 2: illegal move 7h7g: the piece on 7h is not gote's","ply":2,"move":"7h7g","field":"positions[1].moves"}""";
    static final String P_BAD_BATCH_SIZE = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad batch","status":400,
             "detail":"positions must hold 1 to 100 positions (kifudb.analysis.max-eval-batch); it holds 101","field":"positions"}""";
    static final String P_UNKNOWN_BATCH_FIELD = """
            {"type":"https://kifudb.io/problems/unknown-field","title":"Unknown field","status":400,
             "detail":"unknown field 'positions[0].play' (did you mean 'moves'?); known fields: moves, sfen",
             "line":1,"field":"positions[0].play"}""";
    static final String P_NO_CACHED_EVALUATION = """
            {"type":"https://kifudb.io/problems/not-found","title":"No cached evaluation","status":404,
             "detail":"no evaluation of this position with 3 line(s) is cached"}""";
    static final String P_BAD_GAME_ANALYSIS = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad analysis request","status":400,
             "detail":"movetime per position must be 1 to 5000 ms (kifudb.analysis.max-game-movetime-ms)","field":"movetime"}""";
    static final String P_GAME_NOT_ANALYSED = """
            {"type":"https://kifudb.io/problems/not-found","title":"No analysis","status":404,
             "detail":"game 1 has not been analysed (POST to this path starts it)"}""";
    static final String P_NO_RULE_SETS = """
            {"type":"https://kifudb.io/problems/bad-request","title":"No rule sets","status":400,
             "detail":"give two rule sets or more in 'rules'","field":"rules"}""";
    static final String P_BAD_EXPERIMENT = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad experiment","status":400,
             "detail":"shodoshu2017 is not played on the same board with the same pieces as chu","field":"rules"}""";
    static final String P_BAD_EXPERIMENT_GAMES = """
            {"type":"https://kifudb.io/problems/bad-request","title":"Bad experiment","status":400,
             "detail":"games per rule set must be 1 to 500 (kifudb.experiments.max-games)","field":"games"}""";
    static final String P_EXPERIMENT_QUEUE_FULL = """
            {"type":"https://kifudb.io/problems/queue-full","title":"Experiments queued","status":429,
             "detail":"2 experiments are waiting; try again later"}""";
    static final String P_EXPERIMENT_NOT_FOUND = """
            {"type":"https://kifudb.io/problems/not-found","title":"No such experiment","status":404,
             "detail":"no experiment with id 0c3e42b5-9a0e-4a8c-b7a1-3f1d8e2b6c4d"}""";

    // ---------------------------------------------------------------- games

    /** lishogi game gZ0HcfLK (kifu-corpus/chu/lishogi), 18 plies, with a Lion's double move (8f9e8f). */
    static final String USI_MOVES = "7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f";

    static final String LISHOGI_LINE = """
            {"id": "gZ0HcfLK", "initial_sfen": "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1", \
            "moves": "7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f", "status": "resign", "winner": "gote"}""";

    /** Two lines of a lishogi NDJSON export: the game above and the first of kifu-corpus/chu/lishogi. */
    static final String LISHOGI_EXPORT = LISHOGI_LINE + "\n"
            + "{\"id\": \"SNjoPiHz\", \"initial_sfen\": \"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1\", \"moves\": \"7i7h 5d5e 6i6h 3d3e 5i5h 6d6e 7h7g 7d7e 6h6g 8c7d 7g7f 7e7f 8i8h 8d8e 7j7i6h 6c6d7e 6h7f 7e6f5f 8h8g 7d7f 7k9k 7f7l+\", \"status\": \"royalsLost\", \"winner\": \"gote\"}\n";

    static final String GAME_JSON_RECORD = """
            {"rules":"chu-lishogi","id":"gZ0HcfLK",
             "moves":["7j7h","2d2e","8i8h","11d11e","5i5h","1d1e","6k8i","5d5e","10i10h","6c6e","7h8f","1e1f","8f9e8f","4e4f","7i7h","11e11f","6i6h","6e8f"],
             "status":"resign","winner":"gote"}""";

    static final String GAME_IMPORTED = """
            {"id":1,"rules":"chu-lishogi","kind":"game",
             "initialSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "moves":["7j7h","2d2e","8i8h","11d11e","5i5h","1d1e","6k8i","5d5e","10i10h","6c6e","7h8f","1e1f","8f9e8f","4e4f","7i7h","11e11f","6i6h","6e8f"],
             "plies":18,"result":"gote","reason":"resign","sente":null,"gote":null,"event":null,"date":null,"site":null,
             "source":"request","sourceId":"gZ0HcfLK","comments":{},"stoppedPly":null,"stoppedReason":null,"duplicate":false}""";

    static final String GAME_DUPLICATE = """
            {"id":1,"rules":"chu-lishogi","kind":"game",
             "initialSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "moves":["7j7h","2d2e","8i8h","11d11e","5i5h","1d1e","6k8i","5d5e","10i10h","6c6e","7h8f","1e1f","8f9e8f","4e4f","7i7h","11e11f","6i6h","6e8f"],
             "plies":18,"result":"gote","reason":"resign","sente":null,"gote":null,"event":null,"date":null,"site":null,
             "source":"request","sourceId":"gZ0HcfLK","comments":{},"stoppedPly":null,"stoppedReason":null,"duplicate":true}""";

    /** POST /api/games?rules=chu&lenient=true with the body {@code 7i7h 6d6e 7h6g}. */
    static final String GAME_LENIENT = """
            {"id":2,"rules":"chu","kind":"game",
             "initialSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "moves":["7i7h","6d6e"],"plies":2,"result":"ongoing","reason":null,"sente":null,"gote":null,"event":null,"date":null,"site":null,
             "source":"request","sourceId":null,"comments":{},"stoppedPly":3,
             "stoppedReason":"illegal move 7h6g: the Pawn on 7h cannot move to 6g","duplicate":false}""";

    static final String GAME = """
            {"id":16,"rules":"chu-lishogi","kind":"game",
             "initialSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "moves":["7j7h","2d2e","8i8h","11d11e","5i5h","1d1e","6k8i","5d5e","10i10h","6c6e","7h8f","1e1f","8f9e8f","4e4f","7i7h","11e11f","6i6h","6e8f"],
             "plies":18,"result":"gote","reason":"resign","sente":null,"gote":null,"event":null,"date":null,"site":null,
             "source":"chu/lishogi/lishogi-top-players-10.ndjson","sourceId":"gZ0HcfLK","comments":{},"stoppedPly":null,"stoppedReason":null,
             "duplicate":false}""";

    static final String GAME_PAGE = """
            {"page":0,"size":1,"total":4,"games":[
             {"id":16,"rules":"chu-lishogi","kind":"game",
              "initialSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
              "moves":["7j7h","2d2e","8i8h","11d11e","5i5h","1d1e","6k8i","5d5e","10i10h","6c6e","7h8f","1e1f","8f9e8f","4e4f","7i7h","11e11f","6i6h","6e8f"],
              "plies":18,"result":"gote","reason":"resign","sente":null,"gote":null,"event":null,"date":null,"site":null,
              "source":"chu/lishogi/lishogi-top-players-10.ndjson","sourceId":"gZ0HcfLK","comments":{},"stoppedPly":null,"stoppedReason":null,
              "duplicate":false}]}""";

    /** GET /api/games/16?format=kif. */
    static final String GAME_POSITIONS = """
            {"gameId":16,"rules":"chu-lishogi","positions":[
             {"ply":0,"move":null,"sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"},
             {"ply":1,"move":"7j7h","sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1N2I3/PPPPPPPPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2"}]}""";
    static final String GAME_KIF = """
            先手：
            後手：
            手数----指手---------消費時間--
            1手目 ▲7八獅子 （←7十）
            2手目 △2五歩兵 （←2四）
            3手目 ▲8八歩兵 （←8九）
            4手目 △11五歩兵 （←11四）
            5手目 ▲5八歩兵 （←5九）
            6手目 △1五歩兵 （←1四）
            7手目 ▲8九鳳凰 （←6十一）
            8手目 △5五歩兵 （←5四）
            9手目 ▲10八歩兵 （←10九）
            10手目 △6五獅子 （←6三）
            11手目 ▲8六獅子 （←7八）
            12手目 △1六歩兵 （←1五）
            13手目一歩目 ▲9五獅子 （←8六）
            13手目二歩目 ▲8六獅子（居食い） （←9五）
            14手目 △4六仲人 （←4五）
            15手目 ▲7八歩兵 （←7九）
            16手目 △11六歩兵 （←11五）
            17手目 ▲6八歩兵 （←6九）
            18手目 △8六獅子 （←6五）
            19手目 投了
            まで18手で後手の勝ち
            """;

    /** GET /api/games/16?format=lishogi. */
    static final String GAME_LISHOGI = """
            {"id":"gZ0HcfLK","variant":"chushogi",\
            "initial_sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",\
            "moves":"7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f","status":"resign","winner":"gote"}
            """;

    // ---------------------------------------------------------------- imports

    /** Three USI move lists: lishogi game gZ0HcfLK (stored already), lishogi game UUnYczs0, and a record broken at ply 3. */
    static final String IMPORT_BODY = """
            7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f
            7j7h 5d5e 7h8f 8d8e 8f9e9f 6c7e 9h9g 7e7f 5i5h 8c9b 9f8e9f 9c7e 10i10h 9d9e 9f10g 7e8e 10g8h 10c8c 9j10i 7f6f 10i4c+ 3b4c 8h7h 6d6e 8i8h 7d7e 4j6h
            7i7h 6d6e 7h6g
            """;

    static final String IMPORT_MULTIPART = """
            {"file": "7j7h 2d2e 8i8h 11d11e 5i5h 1d1e 6k8i 5d5e 10i10h 6c6e 7h8f 1e1f 8f9e8f 4e4f 7i7h 11e11f 6i6h 6e8f"}""";

    static final String IMPORT_QUEUED = """
            {"id":2,"status":"queued","rules":"chu-lishogi","lenient":false,"files":1,"total":0,"processed":0,"imported":0,"duplicates":0,
             "failed":0,"error":null,"createdAt":"2026-11-30T15:14:19.506605Z","startedAt":null,"finishedAt":null,
             "outcomes":null,"page":null,"size":null,"outcomesTotal":null}""";

    static final String IMPORT_DONE = """
            {"id":2,"status":"done","rules":"chu-lishogi","lenient":false,"files":1,"total":3,"processed":3,"imported":1,"duplicates":1,
             "failed":1,"error":null,"createdAt":"2026-11-30T15:14:19.506605Z","startedAt":"2026-11-30T15:14:19.509654Z",
             "finishedAt":"2026-11-30T15:14:19.549355Z",
             "outcomes":[
              {"seq":1,"source":"club-games.txt","line":1,"record":1,"outcome":"duplicate","gameId":1,"ply":null,"move":null,"reason":null},
              {"seq":2,"source":"club-games.txt","line":2,"record":2,"outcome":"imported","gameId":5,"ply":null,"move":null,"reason":null},
              {"seq":3,"source":"club-games.txt","line":3,"record":3,"outcome":"failed","gameId":null,"ply":3,"move":"7h6g",
               "reason":"illegal move 7h6g: the Pawn on 7h cannot move to 6g"}],
             "page":0,"size":100,"outcomesTotal":3}""";

    static final String IMPORT_LIST = """
            [{"id":2,"status":"done","rules":"chu-lishogi","lenient":false,"files":1,"total":3,"processed":3,"imported":1,"duplicates":1,
              "failed":1,"error":null,"createdAt":"2026-11-30T15:14:19.506605Z","startedAt":"2026-11-30T15:14:19.509654Z",
              "finishedAt":"2026-11-30T15:14:19.549355Z","outcomes":null,"page":null,"size":null,"outcomesTotal":null},
             {"id":1,"status":"done","rules":null,"lenient":false,"files":1,"total":3,"processed":3,"imported":2,"duplicates":0,
              "failed":1,"error":null,"createdAt":"2026-11-30T15:14:10.729733Z","startedAt":"2026-11-30T15:14:10.738489Z",
              "finishedAt":"2026-11-30T15:14:10.783074Z","outcomes":null,"page":null,"size":null,"outcomesTotal":null}]""";

    /** The data of the one event of GET /api/imports/{id}/events for a finished job. */
    static final String IMPORT_EVENT_DONE = """
            {"id":2,"status":"done","files":1,"total":3,"processed":3,"imported":1,"duplicates":1,"failed":1,"error":null}""";


    // ---------------------------------------------------------------- positions and explorer

    static final String POSITION_GAMES = """
            {"rules":"chu-lishogi",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppppp1pppp/3i3pi3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "played":["7i7h","5d5e"],"sort":"-date","page":0,"size":3,"total":2,"hits":[
              {"gameId":11,"ply":2,"move":"2i2h","visits":1,"sente":null,"gote":null,"date":null,"result":"gote","reason":"bare-king","plies":328},
              {"gameId":8,"ply":2,"move":"6i6h","visits":1,"sente":null,"gote":null,"date":null,"result":"gote","reason":"royal-captured","plies":22}]}""";

    static final String PATTERN_SIMPLE = """
            {"rules":"chu-lishogi","pieces":[{"piece":"N","squares":["8f"]}],"sideToMove":"gote","size":2}""";

    static final String PATTERN_COMBINED = """
            {"rules":"chu","pieces":[{"piece":"N","region":"1a-12f"}],"absent":[{"piece":"q"}],"player":"Kuri","size":2}""";

    static final String PATTERN_RESULT_SIMPLE = """
            {"rules":"chu-lishogi","sort":"-date","page":0,"size":2,"total":7,"hits":[
             {"gameId":17,"ply":251,"move":"11e11f","visits":1,"sente":null,"gote":null,"date":null,"result":"sente","reason":"resign","plies":555},
             {"gameId":16,"ply":11,"move":"1e1f","visits":1,"sente":null,"gote":null,"date":null,"result":"gote","reason":"resign","plies":18}]}""";

    static final String PATTERN_RESULT_COMBINED = """
            {"rules":"chu","sort":"-date","page":0,"size":2,"total":186,"hits":[
             {"gameId":4,"ply":48,"move":"4c4b","visits":1,"sente":"Sawada","gote":"Kuri","date":null,"result":"ongoing","reason":null,"plies":233},
             {"gameId":4,"ply":49,"move":"2f1e2f","visits":1,"sente":"Sawada","gote":"Kuri","date":null,"result":"ongoing","reason":null,"plies":233}]}""";

    static final String EXPLORER = """
            {"rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "played":[],"games":3,"sente":1,"draws":0,"gote":0,"ongoing":2,"ended":0,"averagePlies":205,
             "outcomes":{"checkmate":1,"unfinished":2},
             "moves":[
              {"usi":"7i7h","games":1,"sente":1,"draws":0,"gote":0,"ongoing":0,"averagePlies":129},
              {"usi":"7j6h","games":1,"sente":0,"draws":0,"gote":0,"ongoing":1,"averagePlies":160},
              {"usi":"8i8h","games":1,"sente":0,"draws":0,"gote":0,"ongoing":1,"averagePlies":327}],
             "topGames":[
              {"gameId":7,"ply":0,"move":"7i7h","visits":1,"sente":null,"gote":null,"date":null,"result":"sente","reason":"checkmate","plies":129},
              {"gameId":2,"ply":0,"move":"7j6h","visits":1,"sente":"Kondo","gote":"Konishi","date":null,"result":"ongoing","reason":null,"plies":160}],
             "sort":"-date","page":0,"size":2}""";

    /** GET /api/positions/diagram.svg?rules=chu&play=7i7h, with most of the grid, labels and pieces cut. */
    static final String DIAGRAM = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 528 528" width="528" height="528" font-family="serif">
            <rect x="0" y="0" width="528" height="528" fill="#f4e1b5"/>
            <rect class="last-move" data-square="7i" x="224" y="344" width="40" height="40" fill="#9bc2e6"/>
            <rect class="last-move" data-square="7h" x="224" y="304" width="40" height="40" fill="#9bc2e6"/>
            <line x1="24" y1="24" x2="504" y2="24" stroke="#333" stroke-width="1"/>
            <line x1="24" y1="24" x2="24" y2="504" stroke="#333" stroke-width="1"/>
            <!-- 24 more grid lines, the file numbers 1-12 and the rank letters a-l -->
            <g class="piece gote" data-square="12a" data-piece="l" transform="rotate(180 44 44)" fill="#000"><text x="44" y="41" font-size="15" text-anchor="middle">香</text><text x="44" y="58" font-size="15" text-anchor="middle">車</text></g>
            <!-- 90 more pieces -->
            <g class="piece sente" data-square="7h" data-piece="P" fill="#000"><text x="244" y="321" font-size="15" text-anchor="middle">歩</text><text x="244" y="338" font-size="15" text-anchor="middle">兵</text></g>
            </svg>
            """;

    // ---------------------------------------------------------------- rules

    /** GET /api/rules/chu with 3 of its 39 pieces. */
    static final String RULE_SET = """
            {"id":"chu","name":"Chu Shogi (JCSA / Okazaki rules)","boardSize":12,"promotionZone":4,
             "startSfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "lionCapture":"JCSA","promotion":"JCSA","bareKing":"JCSA","repetition":"STARTER_LOSES","checkmate":true,"plyLimit":0,
             "pieces":[
              {"sfen":"k","kanji":"玉将","name":"King","role":"king","movement":"step(all)","promotesTo":null,"royal":true,"lion":false},
              {"sfen":"n","kanji":"獅子","name":"Lion","role":"lion","movement":"lion","promotesTo":null,"royal":false,"lion":true},
              {"sfen":"q","kanji":"奔王","name":"Free King","role":"queen","movement":"slide(all)","promotesTo":null,"royal":false,"lion":false}],
             "offBoard":"NONE","tryRule":"NONE","elephantExchange":"NONE","sfenField3":"COUNTER_STRIKE"}""";

    /** GET /api/rules with the first of its six rule sets (and 3 of its 39 pieces). */
    static final String RULE_SETS = "[" + RULE_SET + "]";

    static final String MOVES = """
            {"rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "sideToMove":"sente","played":["7i7h","6d6e"],
             "moves":["10i10h","10l11k","10l9k","11i11h","11j11k","11l11k","12i12h","1i1h","2i2h","2j2k","2l2k","3i3h","3l2k","3l4k","4h4g",
                      "4j4k","4l4k","5i5h","5j4k","5k4k","5l4k","6i6h","6j10f","6j11e","6j12d","6j7i","6j8h","6j9g","7h7g","7j5h","7j6h",
                      "7j7i","7j7i7j","7j8h","7j9k","7k7i","7k9k","8i8h","8j7i","8j9k","8k9k","8l9k","9h9g","9j9k","9l9k"],
             "status":{"result":"ongoing","reason":null}}""";

    // ---------------------------------------------------------------- analysis

    static final String ANALYSIS_REQUEST = """
            {"rules":"chu","moves":["7i7h","6d6e"],"depth":6}""";

    static final String ANALYSIS_REQUEST_MULTIPV = """
            {"rules":"chu","moves":["7i7h","6d6e"],"movetime":30000,"multiPv":2}""";

    static final String ANALYSIS_REQUEST_SFEN = """
            {"rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2",
             "movetime":1500}""";

    /** Problem MD1 of the Middle Shogi Manual (kifu-corpus/problems, chushogilite-MD1): a mate in 10. */
    static final String ANALYSIS_REQUEST_MATE = """
            {"rules":"chu","sfen":"2k3g5/vtn9/3i8/2p1s7/pO4X5/1+L+S9/12/2+v9/12/12/12/12 b - 1","mode":"mate","movetime":10000}""";

    static final String ANALYSIS_MATE_DONE = """
            {"id":"0c1f8a42-3d55-4b7e-9a61-2f7e0d9b6c13","status":"done","kind":"mate","rules":"chu",
             "sfen":"2k3g5/vtn9/3i8/2p1s7/pO4X5/1+L+S9/12/2+v9/12/12/12/12 b - 1",
             "gameId":null,"multiPv":1,"depth":19,"seldepth":19,"nodes":19332,"nps":316918,"timeMs":61,"bestMove":"6e8c",
             "pvs":[{"multipv":1,"depth":19,"score":{"mate":10},"moves":["6e8c","10a11a","8c6a+","11b10a","11e10d","10b11b","11f11b","12b11b",
                    "6a10a","11a12b","10d12d","12b12c","10a12a","12c11d","10f10d","10h10d","12a12c","11d12c","12d10d+"]}],"cached":false,
             "positions":1,"positionsDone":1,"mate":{"outcome":"mate","plies":19,"shortest":true,"noMateWithin":18},"error":null,
             "createdAt":"2026-12-01T13:05:12.418806213Z","finishedAt":"2026-12-01T13:05:12.497310525Z","engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    static final String ANALYSIS_QUEUED = """
            {"id":"f40e7d82-8c24-4123-a363-b86cd027b95e","status":"queued","kind":"position","rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "gameId":null,"multiPv":1,"depth":0,"seldepth":0,"nodes":0,"nps":0,"timeMs":0,"bestMove":null,"pvs":[],"cached":false,
             "positions":1,"positionsDone":0,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:31.928206091Z","finishedAt":null,"engine":null,"version":null}""";

    static final String ANALYSIS_DONE = """
            {"id":"f40e7d82-8c24-4123-a363-b86cd027b95e","status":"done","kind":"position","rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "gameId":null,"multiPv":1,"depth":6,"seldepth":9,"nodes":31654,"nps":113050,"timeMs":280,"bestMove":"7k7i",
             "pvs":[{"multipv":1,"depth":6,"score":{"cp":10},"moves":["7k7i","6b6d","7i7g","6d6f","11l11k","2a2b"]}],"cached":false,
             "positions":1,"positionsDone":1,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:31.928206091Z","finishedAt":"2026-11-30T15:10:32.273095473Z","engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    static final String ANALYSIS_CACHED = """
            {"id":"a5814855-7f0a-417b-a68c-f560225e6f18","status":"done","kind":"position","rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "gameId":null,"multiPv":1,"depth":6,"seldepth":0,"nodes":31654,"nps":112647,"timeMs":281,"bestMove":"7k7i",
             "pvs":[{"multipv":1,"depth":6,"score":{"cp":10},"moves":["7k7i","6b6d","7i7g","6d6f","11l11k","2a2b"]}],"cached":true,
             "positions":1,"positionsDone":1,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:38.154067947Z","finishedAt":"2026-11-30T15:10:38.158172275Z","engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    static final String ANALYSIS_RUNNING_MULTIPV = """
            {"id":"25a70ce7-a211-4cd4-96f6-c22107e3067a","status":"running","kind":"position","rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "gameId":null,"multiPv":2,"depth":10,"seldepth":14,"nodes":1480078,"nps":933803,"timeMs":1585,"bestMove":"11l11k",
             "pvs":[{"multipv":1,"depth":10,"score":{"cp":10},"moves":["11l11k","11a11b","7k7i","6b6d","7i7g","6d6f","5i5h","8d8e","2l2k","2a2b"]},
                    {"multipv":2,"depth":10,"score":{"cp":10},"moves":["2l2k","11a11b","5i5h","6b6d","7k7i","6d6f","7i7g","8d8e","11l11k","2a2b"]}],
             "cached":false,"positions":1,"positionsDone":0,"mate":null,"error":null,"createdAt":"2026-11-30T15:14:30.931009658Z","finishedAt":null,"engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    static final String ANALYSIS_CANCELLED = """
            {"id":"25a70ce7-a211-4cd4-96f6-c22107e3067a","status":"cancelled","kind":"position","rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "gameId":null,"multiPv":2,"depth":10,"seldepth":14,"nodes":1480078,"nps":933803,"timeMs":1585,"bestMove":"11l11k",
             "pvs":[{"multipv":1,"depth":10,"score":{"cp":10},"moves":["11l11k","11a11b","7k7i","6b6d","7i7g","6d6f","5i5h","8d8e","2l2k","2a2b"]},
                    {"multipv":2,"depth":10,"score":{"cp":10},"moves":["2l2k","11a11b","5i5h","6b6d","7k7i","6d6f","7i7g","8d8e","11l11k","2a2b"]}],
             "cached":false,"positions":1,"positionsDone":1,"mate":null,"error":null,"createdAt":"2026-11-30T15:14:30.931009658Z",
             "finishedAt":"2026-11-30T15:14:34.161097281Z","engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    /** The data of two events of GET /api/analysis/{id}/events (the SFEN example). */
    static final String ANALYSIS_EVENT_RUNNING = """
            {"id":"b5d4da55-7721-447f-9406-f5e6aab05244","status":"running","kind":"position","rules":"chu","sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2","gameId":null,"multiPv":1,"depth":7,"seldepth":15,"nodes":65490,"nps":239014,"timeMs":274,"bestMove":"8d8e","pvs":[{"multipv":1,"depth":7,"score":{"cp":19},"moves":["8d8e","5i5h","9c6f","4j7g","5d5e","3k6h","4c8g"]}],"cached":false,"positions":1,"positionsDone":0,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:45.213507045Z","finishedAt":null,"engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";

    static final String ANALYSIS_EVENT_DONE = """
            {"id":"b5d4da55-7721-447f-9406-f5e6aab05244","status":"done","kind":"position","rules":"chu","sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2","gameId":null,"multiPv":1,"depth":8,"seldepth":14,"nodes":553190,"nps":427173,"timeMs":1295,"bestMove":"11a11b","pvs":[{"multipv":1,"depth":8,"score":{"cp":-14},"moves":["11a11b","5i5h","5d5e","4j7g","4c7f","6j8h","5e5f","3k6h"]}],"cached":false,"positions":1,"positionsDone":1,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:45.213507045Z","finishedAt":"2026-11-30T15:10:46.516956608Z","engine":"kifudb","version":"0.15.0-SNAPSHOT"}""";


    static final String EVAL = """
            {"rules":"chu",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
             "multiPv":1,"depth":6,"nodes":31654,"timeMs":281,"engine":"kifudb","version":"0.15.0-SNAPSHOT","bestMove":"7k7i",
             "pvs":[{"multipv":1,"depth":6,"score":{"cp":10},"moves":["7k7i","6b6d","7i7g","6d6f","11l11k","2a2b"]}],
             "createdAt":"2026-11-30T15:10:32.288414Z"}""";

    static final String EVAL_BATCH_REQUEST = """
            {"rules":"chu","positions":[{},{"moves":["7i7h"]},{"moves":["7i7h","6d6e"]}]}""";

    static final String EVAL_BATCH = """
            {"rules":"chu","multiPv":1,"evals":[
             {"index":0,"sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
              "eval":null},
             {"index":1,"sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2",
              "eval":null},
             {"index":2,"sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
              "eval":{"rules":"chu",
               "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppp1ppppp/3i2p1i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3",
               "multiPv":1,"depth":6,"nodes":31654,"timeMs":281,"engine":"kifudb","version":"0.15.0-SNAPSHOT","bestMove":"7k7i",
               "pvs":[{"multipv":1,"depth":6,"score":{"cp":10},"moves":["7k7i","6b6d","7i7g","6d6f","11l11k","2a2b"]}],
               "createdAt":"2026-11-30T15:10:32.288414Z"}}]}""";

    static final String GAME_ANALYSIS_QUEUED = """
            {"id":"2bc27ef3-9075-4ad1-add8-d9361f80d6c5","status":"queued","kind":"game","rules":"chu-lishogi",
             "sfen":"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
             "gameId":16,"multiPv":1,"depth":0,"seldepth":0,"nodes":0,"nps":0,"timeMs":0,"bestMove":null,"pvs":[],"cached":false,
             "positions":19,"positionsDone":0,"mate":null,"error":null,"createdAt":"2026-11-30T15:10:41.137024778Z","finishedAt":null,"engine":null,"version":null}""";

    static final String GAME_ANALYSIS = """
            {"gameId":16,"settings":"movetime=100","blunders":1,"mistakes":9,"inaccuracies":4,"plies":[
             {"ply":1,"move":"7j7h","best":"7j6h","score":{"cp":10},"loss":38,"judgement":null},
             {"ply":2,"move":"2d2e","best":"6c7e","score":{"cp":28},"loss":146,"judgement":"mistake"},
             {"ply":3,"move":"8i8h","best":"7h5f","score":{"cp":118},"loss":94,"judgement":"inaccuracy"},
             {"ply":4,"move":"11d11e","best":"6c6e","score":{"cp":-24},"loss":142,"judgement":"mistake"},
             {"ply":5,"move":"5i5h","best":"7h8f","score":{"cp":166},"loss":113,"judgement":"mistake"},
             {"ply":6,"move":"1d1e","best":"6c8e","score":{"cp":-53},"loss":111,"judgement":"mistake"},
             {"ply":7,"move":"6k8i","best":"7h8f","score":{"cp":164},"loss":121,"judgement":"mistake"},
             {"ply":8,"move":"5d5e","best":"6c7e","score":{"cp":-43},"loss":101,"judgement":"mistake"},
             {"ply":9,"move":"10i10h","best":"7h8f","score":{"cp":144},"loss":109,"judgement":"mistake"},
             {"ply":10,"move":"6c6e","best":"6c7e","score":{"cp":-35},"loss":100,"judgement":"mistake"},
             {"ply":11,"move":"7h8f","best":"7h8f","score":{"cp":135},"loss":0,"judgement":null},
             {"ply":12,"move":"1e1f","best":"10d10e","score":{"cp":-235},"loss":43,"judgement":null},
             {"ply":13,"move":"8f9e8f","best":"8f9e10f","score":{"cp":278},"loss":65,"judgement":"inaccuracy"},
             {"ply":14,"move":"4e4f","best":"7b5d","score":{"cp":-213},"loss":88,"judgement":"inaccuracy"},
             {"ply":15,"move":"7i7h","best":"8f9f","score":{"cp":301},"loss":106,"judgement":"mistake"},
             {"ply":16,"move":"11e11f","best":"11a11b","score":{"cp":-195},"loss":86,"judgement":"inaccuracy"},
             {"ply":17,"move":"6i6h","best":"8f10f","score":{"cp":281},"loss":1281,"judgement":"blunder"},
             {"ply":18,"move":"6e8f","best":"6e8f","score":{"cp":1539},"loss":0,"judgement":null}],
             "createdAt":"2026-11-30T15:10:42.766606Z"}""";

    /** One entry of {@code GameAnalysisDto.plies}, for the document only (the service stores and serves them as JSON). */
    @Schema(name = "AnalysedPly", description = "The engine's verdict on one move of the game.")
    record AnalysedPly(
            @Schema(description = "the ply of the move, from 1") int ply,
            @Schema(description = "the move played, canonical USI", examples = "8f9e8f") String move,
            @Schema(description = "the engine's best move in the position before it", examples = "8f9e10f") String best,
            @Schema(description = "the evaluation of the position before the move, from the mover's side") AnalysisJob.Eval score,
            @Schema(description = "centipawns the move gave away against the best move (scores clamped to +-1000 first)") Integer loss,
            @Schema(nullable = true, description = "inaccuracy (loss >= 50), mistake (>= 100), blunder (>= 300), or null for a good move",
                    enumeration = {"inaccuracy", "mistake", "blunder"}, examples = "mistake") String judgement) {}

    // ---------------------------------------------------------------- experiments

    static final String EXPERIMENT_REQUEST = """
            {"rules":["chu","chu-lishogi"],"games":6,"nodes":5000}""";

    static final String EXPERIMENT_REQUEST_13 = """
            {"rules":["shodoshu2017","shodoshu2017-prev"],"games":200}""";

    static final String EXPERIMENT_QUEUED = """
            {"id":"54397ef5-9fc2-413e-afbe-dac6606fd190","status":"queued","rules":["chu","chu-lishogi"],"games":6,"total":12,"done":0,
             "report":null,"error":null,"createdAt":"2026-11-30T15:11:43.773519397Z","finishedAt":null}""";

    static final String EXPERIMENT_RUNNING = """
            {"id":"4058db2d-e2fa-453a-951d-be6e6a09bae5","status":"running","rules":["shodoshu2017","shodoshu2017-prev"],"games":200,
             "total":400,"done":0,"report":null,"error":null,"createdAt":"2026-11-30T15:14:38.768938508Z","finishedAt":null}""";

    static final String EXPERIMENT_DONE = """
            {"id":"54397ef5-9fc2-413e-afbe-dac6606fd190","status":"done","rules":["chu","chu-lishogi"],"games":6,"total":12,"done":12,
             "report":{"settings":"kifudb engine, 5000 nodes per move; 4 random opening plies; cut at 500 plies","seed":1,"gamesPerRuleSet":6,
              "ruleSets":[
               {"rules":"chu","games":6,
                "senteWins":{"count":4,"of":6,"rate":0.6667,"low":0.3,"high":0.9032},
                "goteWins":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                "draws":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                "endings":{"bare-king":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                           "checkmate":{"count":4,"of":6,"rate":0.6667,"low":0.3,"high":0.9032},
                           "move-limit":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635}},
                "plies":{"mean":302.3333,"low":209.5145,"high":395.1522},
                "comparedWith":"chu-lishogi",
                "gamesWhereFired":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                "firedPerGame":{"mean":0.1667,"low":-0.16,"high":0.4933}},
               {"rules":"chu-lishogi","games":6,
                "senteWins":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                "goteWins":{"count":4,"of":6,"rate":0.6667,"low":0.3,"high":0.9032},
                "draws":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                "endings":{"bare-king":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                           "move-limit":{"count":1,"of":6,"rate":0.1667,"low":0.0301,"high":0.5635},
                           "royal-captured":{"count":4,"of":6,"rate":0.6667,"low":0.3,"high":0.9032}},
                "plies":{"mean":402.5,"low":361.3066,"high":443.6934},
                "comparedWith":"chu",
                "gamesWhereFired":{"count":3,"of":6,"rate":0.5,"low":0.1876,"high":0.8124},
                "firedPerGame":{"mean":0.5,"low":0.0617,"high":0.9383}}],
              "complete":true},
             "error":null,"createdAt":"2026-11-30T15:11:43.773519397Z","finishedAt":"2026-11-30T15:12:07.117989027Z"}""";
}
