// A frontend's use of the API through a client generated from openapi/openapi.yaml (openapi-typescript types,
// openapi-fetch calls). tools/openapi-check type-checks it: if the document stops describing the answers as
// they are (a field that can be null declared as always set, an operation or parameter renamed), this file
// no longer compiles. The @ts-expect-error lines are mistakes the generated types must refuse.
import createClient from "openapi-fetch";
import type { components, operations, paths } from "kifudb-api";

type AnalysisJob = components["schemas"]["AnalysisJob"];
type Problem = components["schemas"]["Problem"];

const api = createClient<paths>({ baseUrl: "http://localhost:8080" });

/** The legal moves after two plies, and how the game stands. */
export async function movesAfter(play: string[]): Promise<string[]> {
  const { data, error } = await api.GET("/api/rules/{id}/moves", {
    params: { path: { id: "chu" }, query: { play: play.join(",") } },
  });
  if (error) throw new Error(problemText(error));
  const reason: string | null = data.status.reason; // null while the game goes on
  return reason === null ? data.moves : [];
}

/** The explorer's next moves, most played first, with sente's share of wins. */
export async function nextMoves(play: string): Promise<Array<[string, number]>> {
  const { data, error } = await api.GET("/api/explorer", {
    params: { query: { rules: "chu", play, sort: "-date", size: 5 } },
  });
  if (error) throw new Error(problemText(error));
  return data.moves.map((m) => [m.usi, m.games === 0 ? 0 : m.sente / m.games]);
}

/** Games that reach a position: who played them and when (either may be unknown). */
export async function whoPlayed(sfen: string): Promise<string[]> {
  const { data } = await api.GET("/api/positions/games", { params: { query: { rules: "chu", sfen } } });
  return (data?.hits ?? []).map((h) => `${h.sente ?? "?"} - ${h.gote ?? "?"} ${h.date ?? "undated"} (${h.result})`);
}

/** Starts an analysis and reads it back; the best move is there only once a depth is done. */
export async function analyse(key: string): Promise<string> {
  const started = await api.POST("/api/analysis", {
    headers: { Authorization: `Bearer ${key}` },
    body: { rules: "chu", moves: ["7i7h", "6d6e"], depth: 6 },
  });
  if (started.error) throw new Error(problemText(started.error));
  const job: AnalysisJob = started.data;
  const { data } = await api.GET("/api/analysis/{id}", { params: { path: { id: job.id } } });
  if (!data) return "gone";
  const score = data.pvs[0]?.score;
  const value = score === undefined ? "" : score.mate !== undefined ? `mate ${score.mate}` : `${score.cp} cp`;
  return `${data.status}: ${data.bestMove ?? "(no move yet)"} ${value} ${data.finishedAt ?? "running"}`;
}

/** A player's latest game and its whole-game analysis, when there is one. */
export async function review(player: string): Promise<string> {
  const page = await api.GET("/api/games", { params: { query: { player, result: "gote", size: 1 } } });
  const game = page.data?.games[0];
  if (!game) return "no game";
  const analysis = await api.GET("/api/games/{id}/analysis", { params: { path: { id: game.id } } });
  if (analysis.error) return `${analysis.error.status}: ${analysis.error.title}`;
  const blunders = analysis.data.plies.filter((p) => p.judgement === "blunder").map((p) => p.ply);
  return `${game.sente ?? "?"} - ${game.gote ?? "?"} (${game.event ?? "no event"}): blunders at ${blunders.join(", ")}`;
}

/** A stored game in KIF, to save as a file. */
export async function kif(id: number): Promise<string> {
  const { data } = await api.GET("/api/games/{id}", { params: { path: { id }, query: { format: "kif" } }, parseAs: "text" });
  return data ?? "";
}

/** A bulk import's refused records, with the ply and reason of each. */
export async function refused(id: number): Promise<string[]> {
  const { data } = await api.GET("/api/imports/{id}", { params: { path: { id }, query: { outcome: "failed" } } });
  return (data?.outcomes ?? []).map((o) => `${o.source}:${o.line} ply ${o.ply ?? 0}: ${o.reason ?? ""}`);
}

/** Pattern search: sente's Lion in gote's camp. */
export async function lionInCamp(): Promise<number> {
  const { data } = await api.POST("/api/positions/search", {
    body: { rules: "chu", pieces: [{ piece: "N", region: "1a-12d" }], sideToMove: "gote", size: 1 },
  });
  return data?.total ?? 0;
}

function problemText(p: Problem): string {
  return `${p.status} ${p.title}${p.detail ? ": " + p.detail : ""}${p.field ? " (" + p.field + ")" : ""}`;
}

// ---- what the generated types must refuse

export function mistakes(job: AnalysisJob, lines: components["schemas"]["OutcomeDto"]) {
  // @ts-expect-error a position's job has no game: gameId may be null
  const game: number = job.gameId;
  // @ts-expect-error bestMove is null until the first depth is done
  const best: string = job.bestMove;
  // @ts-expect-error a failed record has no stored game
  const stored: number = lines.gameId;
  // @ts-expect-error status is one of the job states, not any string
  const odd: AnalysisJob["status"] = "finished";
  return [game, best, stored, odd];
}

export async function wrongParameters() {
  // @ts-expect-error the explorer's moves are `play`, not `moves` (the service answers 400 unknown-parameter)
  const query: operations["explore"]["parameters"]["query"] = { rules: "chu", moves: "7i7h" };
  // @ts-expect-error the explorer needs `rules`
  const noRules: operations["explore"]["parameters"]["query"] = { play: "7i7h" };
  // @ts-expect-error result is sente, gote, draw or ongoing
  await api.GET("/api/games", { params: { query: { result: "win" } } });
  // @ts-expect-error an analysis body has `moves`, not `play` (400 unknown-field)
  const body: components["schemas"]["AnalysisRequest"] = { rules: "chu", play: ["7i7h"] };
  // @ts-expect-error a pattern's pieces are a list (`pieces`), not one `piece`
  const pattern: components["schemas"]["PatternRequest"] = { rules: "chu", piece: "N" };
  return [query, noRules, body, pattern];
}
