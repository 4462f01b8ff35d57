#!/usr/bin/env node
// Differential-test fixture generator for the Chu Shogi rules engine.
//
// Oracle: lishogi's `shogiops` npm package (pinned to 0.18.0 in package.json). This script is
// self-contained: it replicates the canonical ("--unique") move generation of
// /work/shared/oracles/shogiops/perft.mjs (genMoves + genUniqueMoves) against the shogiops API.
//
// Usage (see README.md):
//   npm install
//   node gen-fixtures.mjs [--out-dir DIR] [--check]
//     --out-dir DIR  where to write chu-lishogi-positions.tsv.gz and chu-lishogi-games.txt
//                    (default: ../../src/test/resources/oracle relative to this script)
//     --check        also assert every generated move passes shogiops' Position.isLegal() and that
//                    the canonical list equals a dedupe-by-resulting-position (slow)
//   A summary of the category counts is printed to stderr.
//
// Everything is deterministic: the only randomness is mulberry32 seeded from fixed seeds.

import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { parseSfen, makeSfen, initialSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi } from 'shogiops/util';
import { pieceCanPromote } from 'shogiops/variant/util';
import { writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES = 'chushogi';
const LION_POWER = new Set(['lion', 'lionpromoted', 'eagle', 'falcon']);
const LIONS = new Set(['lion', 'lionpromoted']);
const ROYALS = new Set(['king', 'prince']);
const canPromote = pieceCanPromote(RULES);
const START_SFEN = initialSfen(RULES);

// ---------------------------------------------------------------------------------------------
// Oracle move generation: exact replica of perft.mjs genMoves / genUniqueMoves.

function genMoves(pos, check = false) {
  const moves = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) moves.push({ from, to, promotion: true });
      moves.push({ from, to }); // chushogi never forces promotion
    }
    if (LION_POWER.has(piece.role)) {
      for (const mid of dests) {
        for (const to of secondLionStepDests(pos, from, mid)) moves.push({ from, to, midStep: mid });
      }
    }
  }
  if (check) {
    for (const m of moves) if (!pos.isLegal(m)) throw new Error(`generated move rejected by isLegal: ${makeUsi(m)}`);
  }
  return moves;
}

// One move per distinct resulting position: drop double moves through an empty mid square that end
// elsewhere than the origin (they duplicate a direct move), keep a single pass (smallest USI string).
function genUniqueMoves(pos, check = false) {
  const out = [];
  let pass;
  for (const m of genMoves(pos, check)) {
    if (m.midStep === undefined || pos.board.get(m.midStep)) { out.push(m); continue; }
    if (m.to !== m.from) continue;
    if (!pass || makeUsi(m) < makeUsi(pass)) pass = m;
  }
  if (pass) out.push(pass);
  return out;
}

function positionKey(pos) {
  return makeSfen(pos).split(' ').slice(0, 3).join(' ');
}

function play(pos, m) {
  const c = pos.clone();
  c.play(m);
  return c;
}

function loadPos(sfen, moves) {
  const res = parseSfen(RULES, sfen ?? START_SFEN, false);
  if (res.isErr) throw new Error(`bad SFEN: ${sfen} (${res.error?.message})`);
  const pos = res.value;
  for (const usi of (moves ?? '').split(/\s+/).filter(Boolean)) {
    const m = parseUsi(usi);
    if (!m || !pos.isLegal(m)) throw new Error(`illegal move ${usi} in ${makeSfen(pos)}`);
    pos.play(m);
  }
  return pos;
}

function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

const file = sq => sq & 15;
const rank = sq => sq >>> 4; // 0 = rank a (gote's back rank), 11 = rank l
const dist = (a, b) => Math.max(Math.abs(file(a) - file(b)), Math.abs(rank(a) - rank(b)));
const opp = c => (c === 'sente' ? 'gote' : 'sente');

function outcomeStr(pos) {
  const o = pos.outcome();
  if (!o) return '-';
  return `${o.result}:${o.winner ?? '-'}`;
}

function piecesOf(pos) {
  const list = [];
  for (const [sq, p] of pos.board) list.push({ sq, role: p.role, color: p.color });
  return list;
}

function lionsOf(pos, color) {
  const out = [];
  for (const [sq, p] of pos.board) if (p.color === color && LIONS.has(p.role)) out.push(sq);
  return out;
}

function isCapture(pos, m) {
  const t = pos.board.get(m.to);
  if (t && t.color !== pos.turn) return true;
  if (m.midStep !== undefined) {
    const mid = pos.board.get(m.midStep);
    if (mid && mid.color !== pos.turn) return true;
  }
  return false;
}

function capturedRoles(pos, m) {
  const roles = [];
  const t = pos.board.get(m.to);
  if (t && t.color !== pos.turn) roles.push(t.role);
  if (m.midStep !== undefined) {
    const mid = pos.board.get(m.midStep);
    if (mid && mid.color !== pos.turn) roles.push(mid.role);
  }
  return roles;
}

// moves that do not capture a king/prince (all moves if every move does)
function nonRoyalCaptureAvoiding(pos, moves) {
  const safe = moves.filter(m => !capturedRoles(pos, m).some(r => ROYALS.has(r)));
  return safe.length ? safe : moves;
}

// number of (from, to) destinations `color` would have in `pos`
function mobility(pos, color) {
  let n = 0;
  for (const [, d] of pos.allMoveDests(pos.ctx(color))) n += d.size();
  return n;
}

function pick(rnd, arr) {
  return arr[Math.floor(rnd() * arr.length)];
}

// ---------------------------------------------------------------------------------------------
// Move policies. Each gets (pos, moves, rnd) and returns one move from `moves`.

const POLICIES = {
  // uniform over canonical moves
  uniform: (pos, moves, rnd) => pick(rnd, moves),

  // 70% a random capture if there is one
  capture70: (pos, moves, rnd) => {
    const caps = moves.filter(m => isCapture(pos, m));
    if (caps.length && rnd() < 0.7) return pick(rnd, caps);
    return pick(rnd, moves);
  },

  // 90% a capture; royal captures always taken -> reaches endings fast
  hunter: (pos, moves, rnd) => {
    const caps = moves.filter(m => isCapture(pos, m));
    const royal = caps.filter(m => capturedRoles(pos, m).some(r => ROYALS.has(r)));
    if (royal.length) return pick(rnd, royal);
    if (caps.length && rnd() < 0.9) return pick(rnd, caps);
    return pick(rnd, moves);
  },

  // lion-seeking: capture enemy lions (esp. with non-lions, to exercise the counter-strike rule),
  // move own lions towards enemy lions, and otherwise prefer moves ending near enemy lions.
  lion: (pos, moves, rnd) => {
    const enemyLions = lionsOf(pos, opp(pos.turn));
    const lionCaps = moves.filter(m => capturedRoles(pos, m).some(r => LIONS.has(r)));
    if (lionCaps.length && rnd() < 0.6) return pick(rnd, lionCaps);
    const r = rnd();
    if (r < 0.45 && enemyLions.length) {
      const near = moves.filter(m => enemyLions.some(l => dist(l, m.to) <= 2));
      if (near.length) return pick(rnd, near);
    }
    if (r < 0.75) {
      const lionMoves = moves.filter(m => LIONS.has(pos.board.get(m.from).role));
      if (lionMoves.length) {
        if (enemyLions.length && rnd() < 0.7) {
          // greedy approach: minimise distance to the nearest enemy lion
          const d = m => Math.min(...enemyLions.map(l => dist(l, m.to)));
          const best = Math.min(...lionMoves.map(d));
          return pick(rnd, lionMoves.filter(m => d(m) === best));
        }
        return pick(rnd, lionMoves);
      }
    }
    const caps = moves.filter(m => isCapture(pos, m));
    if (caps.length && rnd() < 0.5) return pick(rnd, caps);
    return pick(rnd, moves);
  },

  // attrition: capture non-royal pieces (85%), never capture a royal unless nothing else is
  // legal -> material drains until bare king / two bare royals (draw)
  attrition: (pos, moves, rnd) => {
    const safe = nonRoyalCaptureAvoiding(pos, moves);
    const caps = safe.filter(m => isCapture(pos, m));
    if (caps.length && rnd() < 0.85) return pick(rnd, caps);
    return pick(rnd, safe);
  },

  // promotion-seeking: prefer promoting moves and pawn/lance/go-between advances, some captures
  promoter: (pos, moves, rnd) => {
    const r = rnd();
    if (r < 0.35) {
      const promos = moves.filter(m => m.promotion);
      if (promos.length) return pick(rnd, promos);
    }
    if (r < 0.65) {
      const adv = moves.filter(m => ['pawn', 'lance', 'gobetween'].includes(pos.board.get(m.from).role));
      if (adv.length) return pick(rnd, adv);
    }
    const caps = moves.filter(m => isCapture(pos, m));
    if (caps.length && rnd() < 0.6) return pick(rnd, caps);
    return pick(rnd, moves);
  },
};

// ---------------------------------------------------------------------------------------------
// Categories (measured for the summary).

function categories(pos, sfen, ply) {
  const pcs = piecesOf(pos);
  const n = pcs.length;
  const cats = new Set();
  // (a) phase by total piece count (start: 92)
  if (n >= 80) cats.add('a:early');
  else if (n >= 40) cats.add('a:middle');
  else cats.add('a:late');
  // ply from the start position (branch children: parent's + 1; constructed positions: none)
  if (ply === undefined) cats.add('a:ply-unknown(constructed)');
  else if (ply < 40) cats.add('a:ply<40');
  else if (ply < 200) cats.add('a:ply40-199');
  else cats.add('a:ply>=200');
  // (b) lions of both sides within 2 squares
  const sl = pcs.filter(p => p.color === 'sente' && LIONS.has(p.role));
  const gl = pcs.filter(p => p.color === 'gote' && LIONS.has(p.role));
  if (sl.some(a => gl.some(b => dist(a.sq, b.sq) <= 2))) cats.add('b:lions<=2');
  if (sl.some(a => gl.some(b => dist(a.sq, b.sq) === 1))) cats.add('b:lions-adjacent');
  if (sl.length && gl.length) cats.add('b:both-sides-have-lion');
  if (pcs.some(p => p.role === 'lionpromoted')) cats.add('b:promoted-kirin-lion');
  // (c) last lion capture square set
  if (sfen.split(' ')[2] !== '-') cats.add('c:lion-capture-square');
  // (d) promotions / promotion zone
  if (sfen.split(' ')[0].includes('+')) cats.add('d:promoted-piece');
  const inZone = p => (p.color === 'sente' ? rank(p.sq) <= 3 : rank(p.sq) >= 8);
  const nearLast = p => (p.color === 'sente' ? rank(p.sq) <= 1 : rank(p.sq) >= 10);
  const onLast = p => (p.color === 'sente' ? rank(p.sq) === 0 : rank(p.sq) === 11);
  if (pcs.some(p => ['pawn', 'lance', 'gobetween'].includes(p.role) && nearLast(p))) cats.add('d:pawn/lance/gb-near-last-rank');
  if (pcs.some(p => ['pawn', 'lance'].includes(p.role) && onLast(p))) cats.add('d:unpromoted-pawn/lance-on-last-rank');
  const unpromotedInZone = pcs.some(p => inZone(p) && pos.board.get(p.sq) && canPromote({ role: p.role, color: p.color }, p.sq, p.sq, { role: 'pawn', color: opp(p.color) }));
  if (unpromotedInZone) cats.add('d:unpromoted-piece-in-zone');
  // (e) endings
  if (n <= 30) cats.add('e:<=30-pieces');
  if (n <= 12) cats.add('e:<=12-pieces');
  const sc = pcs.filter(p => p.color === 'sente').length, gc = n - sc;
  if (Math.min(sc, gc) <= 3) cats.add('e:a-side-has<=3-pieces');
  if (Math.min(sc, gc) === 1) cats.add('e:a-side-has-1-piece');
  const counted = color => pcs.filter(p => p.color === color && !(['pawn', 'lance'].includes(p.role) && onLast(p))).length;
  const out = pos.outcome();
  if (!out && (counted('sente') === 1 || counted('gote') === 1)) cats.add('e:bare-king-game-not-over');
  if (out) {
    cats.add('e:ended');
    cats.add(`e:ended:${out.result}`);
  }
  return cats;
}

// ---------------------------------------------------------------------------------------------
// Game generation

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
const outDirIdx = args.indexOf('--out-dir');
const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = outDirIdx >= 0 ? resolve(args[outDirIdx + 1]) : resolve(SCRIPT_DIR, '../../src/test/resources/oracle');

// [policy, first seed, number of games, max plies, record probability for ordinary positions]
const PLAN = [
  ['uniform', 1001, 15, 1000, 0.05],
  ['capture70', 2001, 40, 1000, 0.12],
  ['hunter', 3001, 60, 1000, 0.12],
  ['lion', 4001, 50, 1000, 0.12],
  ['promoter', 5001, 30, 1000, 0.10],
  ['attrition', 6001, 40, 1000, 0.06],
];

const t0 = performance.now();
const records = new Map(); // positionKey -> { sfen, outcome, usis: string[], cats, source, ply }
const games = [];

function canonicalUsis(pos) {
  const moves = genUniqueMoves(pos, CHECK);
  return moves.map(makeUsi).sort();
}

function record(pos, ply, source) {
  const key = positionKey(pos);
  if (records.has(key)) return false;
  const sfen = makeSfen(pos);
  const usis = canonicalUsis(pos);
  records.set(key, { sfen, outcome: outcomeStr(pos), usis, cats: categories(pos, sfen, ply), source, ply });
  return true;
}

function isSpecial(pos, sfen) {
  if (sfen.split(' ')[2] !== '-') return 'lioncap';
  const sl = lionsOf(pos, 'sente'), gl = lionsOf(pos, 'gote');
  if (sl.some(a => gl.some(b => dist(a, b) <= 2))) return 'lionsnear';
  return undefined;
}

for (const [policyName, seed0, nGames, maxPlies, pRecord] of PLAN) {
  const policy = POLICIES[policyName];
  for (let g = 0; g < nGames; g++) {
    const seed = seed0 + g;
    const rnd = mulberry32(seed);
    const rec = mulberry32(seed ^ 0x5eed); // separate stream for sampling decisions
    let pos = loadPos(START_SFEN);
    const seen = new Map([[positionKey(pos), 1]]);
    const usis = [];
    let result = 'maxplies';
    for (let ply = 0; ; ply++) {
      const sfen = makeSfen(pos);
      const out = pos.outcome();
      const special = isSpecial(pos, sfen);
      const pieces = pos.board.occupied.size();
      // sampling: always the specials (lion capture square; lions close, at a higher rate),
      // endings at a higher rate, the ordinary positions at pRecord
      let p = pRecord;
      if (special === 'lioncap') p = 1;
      else if (special === 'lionsnear') p = Math.max(p, 0.35);
      if (pieces <= 30) p = Math.max(p, 0.15);
      if (pieces <= 12) p = Math.max(p, 0.2);
      if (ply < 12) p = Math.max(p, 0.25);
      if (out || ply >= maxPlies) p = 1; // the final position of every game
      if (rec() < p) record(pos, ply, `${policyName}:${seed}`);
      if (out) { result = `${out.result}:${out.winner ?? '-'}`; break; }
      if (ply >= maxPlies) break;
      const moves = genUniqueMoves(pos, CHECK);
      const m = policy(pos, moves, rnd);
      usis.push(makeUsi(m));
      pos = play(pos, m);
      const k = positionKey(pos);
      const c = (seen.get(k) ?? 0) + 1;
      seen.set(k, c);
      if (c >= 4) {
        result = 'repetition';
        record(pos, ply + 1, `${policyName}:${seed}`);
        break;
      }
    }
    games.push({ seed, policy: policyName, result, usis, finalSfen: makeSfen(pos) });
  }
}
const tGames = performance.now();

// ---------------------------------------------------------------------------------------------
// Branches. Random games pass through each position once; to get more of the rare situations we
// also record selected children of the sampled positions. Sources are processed in SFEN order with
// a PRNG seeded per source, so the result is deterministic.

function lionsNear(pos) {
  const sl = lionsOf(pos, 'sente'), gl = lionsOf(pos, 'gote');
  return sl.some(a => gl.some(b => dist(a, b) <= 2));
}

const sourceRows = () => [...records.values()].sort((a, b) => (a.sfen < b.sfen ? -1 : a.sfen > b.sfen ? 1 : 0));
const branchAdded = { lion: 0, lioncap: 0, ending: 0, smallEnding: 0, stalemate: 0, constructed: 0 };

// (1) Lion branches: children in which a non-lion just captured a lion (lion-capture square set),
// and children that keep lions of both sides within 2 squares.
{
  let i = 0;
  for (const r of sourceRows()) {
    i++;
    if (r.outcome !== '-') continue;
    const pos = loadPos(r.sfen);
    const enemyLions = lionsOf(pos, opp(pos.turn));
    if (!enemyLions.length) continue;
    const rnd = mulberry32(0x11045 + i);
    const capKids = [], nearKids = [];
    for (const m of genUniqueMoves(pos)) {
      const mover = pos.board.get(m.from).role;
      const capsLion = capturedRoles(pos, m).some(x => LIONS.has(x));
      const relevant = capsLion || LIONS.has(mover) || enemyLions.some(l => dist(l, m.to) <= 2);
      if (!relevant) continue;
      const c = play(pos, m);
      if (c.lastLionCapture !== undefined) capKids.push(c);
      else if (lionsNear(c)) nearKids.push(c);
    }
    for (const c of capKids.slice(0, 3)) if (record(c, r.ply + 1, 'lion-branch')) branchAdded.lioncap++;
    for (let k = 0; k < 3 && nearKids.length; k++) {
      const c = nearKids.splice(Math.floor(rnd() * nearKids.length), 1)[0];
      if (record(c, r.ply + 1, 'lion-branch')) branchAdded.lion++;
    }
  }
}

// (2) Ending branches: children that end the game (king/prince capture, baring the enemy king,
// leaving two bare royals). Only captures can end a game this way. Rarer outcome kinds first.
{
  let i = 0;
  const rankOf = c => ({ stalemate: 0, draw: 1, bareking: 2, kingslost: 3 }[c.outcome().result]);
  for (const r of sourceRows()) {
    i++;
    if (r.outcome !== '-') continue;
    const pos = loadPos(r.sfen);
    const rnd = mulberry32(0xe4d + i);
    const enders = [];
    for (const m of genUniqueMoves(pos)) {
      if (!isCapture(pos, m)) continue;
      const c = play(pos, m);
      if (c.outcome()) enders.push(c);
    }
    enders.sort((a, b) => rankOf(a) - rankOf(b) || (positionKey(a) < positionKey(b) ? -1 : 1));
    let k = 0;
    for (const c of enders) {
      // kings are captured all the time (moving into check is legal): keep few of those
      if (rankOf(c) === 3 && (k >= 1 || rnd() >= 0.25)) break;
      if (k >= 4) break;
      if (record(c, r.ply + 1, 'ending-branch')) { k++; branchAdded.ending++; }
    }
  }
}

// (3) Small endings, two plies deep: from positions with at most 6 pieces, find move pairs that
// end in a draw (two bare royals), stalemate or bare king, and record the intermediate position
// (whose move list holds the ending move) and the ended one. Rarer kinds first, 2 pairs a source.
{
  const RARE = { stalemate: 0, draw: 1, bareking: 2 };
  for (const r of sourceRows()) {
    if (r.outcome !== '-') continue;
    const pos = loadPos(r.sfen);
    if (pos.board.occupied.size() > 6) continue;
    const found = [];
    for (const m of genUniqueMoves(pos)) {
      const c = play(pos, m);
      const o = c.outcome();
      if (o) continue;
      for (const m2 of genUniqueMoves(c)) {
        if (!isCapture(c, m2)) continue;
        const g = play(c, m2);
        const o2 = g.outcome();
        if (o2 && o2.result in RARE) found.push({ c, g, rank: RARE[o2.result], key: positionKey(g) });
      }
    }
    found.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let k = 0;
    for (const f of found) {
      if (k >= 2) break;
      if (records.has(f.key)) continue;
      record(f.c, r.ply + 1, 'small-ending');
      record(f.g, r.ply + 2, 'small-ending');
      k++;
      branchAdded.smallEnding++;
    }
  }
}

// (4) Stalemate search: where the opponent has very few move destinations, try every move of the
// side to move and keep children in which the opponent has no legal move at all.
{
  for (const r of sourceRows()) {
    if (r.outcome !== '-') continue;
    const pos = loadPos(r.sfen);
    if (mobility(pos, opp(pos.turn)) > 8) continue;
    for (const m of genUniqueMoves(pos)) {
      const c = play(pos, m);
      const o = c.outcome();
      if (o && o.result === 'stalemate' && record(c, r.ply + 1, 'stalemate-search')) branchAdded.stalemate++;
    }
  }
}

// (5) Constructed edge cases. Random play did not reach a stalemate (it needs a royal boxed in by
// its own immobile pieces), so a few hand-made positions cover stalemate, the draw with two bare
// royals, the bare-king exception and the lion-capture rules. Each is recorded with all its children.
const CONSTRUCTED = [
  // sente king boxed in the far corner by its own stuck/blocked pawns: stalemate, gote wins
  '10PK/10PP/12/12/12/12/12/12/12/5g6/12/5k6 b - 40',
  // the same with gote to move: almost every gote move stalemates sente
  '10PK/10PP/12/12/12/12/12/12/12/5g6/12/5k6 w - 40',
  // one blocker missing: the king can step to 2b, no stalemate
  '10PK/10P1/12/12/12/12/12/12/12/5g6/12/5k6 b - 40',
  // counter-strike stalemate: sente's only move would be 5f x lion 5e, banned because gote's gold
  // just captured a lion on 9c; without the field-3 square the capture is legal
  '9LPK/10PP/3g8/12/7n4/7P4/12/12/12/12/12/5k6 b 9c 40',
  '9LPK/10PP/3g8/12/7n4/7P4/12/12/12/12/12/5k6 b - 40',
  // ... and the move before: gote gold 9b x sente lion 9c sets field 3 and stalemates sente
  '9LPK/3g6PP/3N8/12/7n4/7P4/12/12/12/12/12/5k6 w - 39',
  // gote king boxed in its corner by its own pawns: stalemate, sente wins; and the move before
  '7K4/12/12/12/12/12/12/12/6G5/12/pp10/kp10 w - 40',
  '7K4/12/12/12/12/12/12/12/6G5/12/pp10/kp10 b - 40',
  // two bare royals (stuck pawns on the last rank do not count): draw; and the move before
  'P2P8/12/12/12/12/6K5/12/12/12/12/12/2k9 w - 40',
  '3P8/P11/12/12/12/6K5/12/12/12/12/12/2k9 b - 40',
  // bare king next to the enemy's only other piece: not over (it can take it -> draw);
  // the same piece two squares away: bare king, gote wins
  '12/12/12/12/12/6K5/5g6/12/12/12/12/2k9 b - 40',
  '12/12/12/12/12/6K5/12/5g6/12/12/12/2k9 b - 40',
  // king vs king + pawn: pawns do not count for baring; the pawn may end unpromoted on the last rank
  '12/12/12/12/12/6K5/12/12/12/12/5p6/2k9 w - 40',
  '12/12/12/12/12/6K5/12/5p6/12/12/12/2k9 b - 40',
  // king + prince: losing one royal does not end the game
  'k11/12/12/12/5r6/12/12/12/12/12/12/5K1+E4 w - 40',
  'k11/12/12/12/5r6/12/12/12/12/12/G11/5K1+E4 w - 40',
  // lion vs lion two squares away, protected by a pawn: only via capturing the gold first
  '6k5/12/12/5p6/5n6/4pg6/5N6/12/12/12/12/6K5 b - 40',
];
for (const sfen of CONSTRUCTED) {
  const pos = loadPos(sfen);
  if (makeSfen(pos) !== sfen) throw new Error(`constructed SFEN does not round-trip: ${sfen}`);
  if (record(pos, undefined, 'constructed')) branchAdded.constructed++;
  for (const m of genUniqueMoves(pos)) if (record(play(pos, m), undefined, 'constructed-child')) branchAdded.constructed++;
}

const tEnd = performance.now();

// ---------------------------------------------------------------------------------------------
// Output

// Stable order: sort by SFEN (the map order is already deterministic, but sorting makes diffs sane).
const rows = [...records.values()].sort((a, b) => (a.sfen < b.sfen ? -1 : a.sfen > b.sfen ? 1 : 0));
const tsv = rows.map(r => `${r.sfen}\t${r.outcome}\t${r.usis.length}\t${r.usis.join(' ')}`).join('\n') + '\n';
mkdirSync(OUT_DIR, { recursive: true });
// gzip header has no timestamp when using zlib directly (mtime 0) -> byte-identical reruns
const gz = gzipSync(Buffer.from(tsv, 'utf8'), { level: 9 });
writeFileSync(resolve(OUT_DIR, 'chu-lishogi-positions.tsv.gz'), gz);

// Games file: 40 games, all outcome kinds represented if found.
function chooseGames() {
  const byKind = new Map();
  for (const g of games) {
    const kind = g.result.split(':')[0];
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind).push(g);
  }
  const chosen = [];
  const take = (g) => { if (!chosen.includes(g) && chosen.length < 40) chosen.push(g); };
  // first: up to 3 of every non-kingslost outcome kind, then a round robin over policies
  for (const kind of ['stalemate', 'bareking', 'draw', 'repetition', 'maxplies']) for (const g of (byKind.get(kind) ?? []).slice(0, 3)) take(g);
  const byPolicy = Object.keys(POLICIES).map(p => games.filter(g => g.policy === p));
  for (let i = 0; chosen.length < 40 && byPolicy.some(l => i < l.length); i++) for (const l of byPolicy) if (i < l.length) take(l[i]);
  return chosen.sort((a, b) => a.seed - b.seed);
}
const chosenGames = chooseGames();
// re-verify each chosen game by replaying it from the start position
for (const g of chosenGames) {
  const pos = loadPos(START_SFEN, g.usis.join(' '));
  if (makeSfen(pos) !== g.finalSfen) throw new Error(`replay mismatch for game ${g.seed}`);
}
const gamesTxt = chosenGames.map(g => `${g.seed} ${g.policy}\t${g.result}\t${g.usis.join(' ')}`).join('\n') + '\n';
writeFileSync(resolve(OUT_DIR, 'chu-lishogi-games.txt'), gamesTxt);

// ---------------------------------------------------------------------------------------------
// Summary (stderr)

const catCounts = new Map();
for (const r of rows) for (const c of r.cats) catCounts.set(c, (catCounts.get(c) ?? 0) + 1);
const gameResults = new Map();
for (const g of games) {
  const k = `${g.policy} ${g.result.split(':')[0]}`;
  gameResults.set(k, (gameResults.get(k) ?? 0) + 1);
}
const totalMoves = rows.reduce((s, r) => s + r.usis.length, 0);
const err = s => process.stderr.write(s + '\n');
err(`positions: ${rows.length} (branch children: ${JSON.stringify(branchAdded)}), moves listed: ${totalMoves}`);
err(`games: ${games.length}; games file: ${chosenGames.length} games`);
err(`positions.tsv.gz: ${gz.length} bytes (raw ${Buffer.byteLength(tsv)} bytes)`);
err('category counts:');
for (const [c, n] of [...catCounts].sort()) err(`  ${c}\t${n}`);
err('game results (policy result: count):');
for (const [k, n] of [...gameResults].sort()) err(`  ${k}\t${n}`);
err('games file outcomes: ' + [...chosenGames.reduce((m, g) => m.set(g.result, (m.get(g.result) ?? 0) + 1), new Map())].map(([k, n]) => `${k}=${n}`).join(' '));
err(`time: games ${((tGames - t0) / 1000).toFixed(1)} s, total ${((tEnd - t0) / 1000).toFixed(1)} s`);
