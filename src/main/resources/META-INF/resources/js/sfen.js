// Positions in SFEN and moves in USI (lishogi's spelling: 7g7f, 7g7f+, two-step 7g6f5e, 13x13 <from>off and
// <from>try, shodoshu's normal capture suffix !). The board is an array indexed row * n + col, row 0 = rank a
// (gote's back rank), col 0 = file n (sente's left), as SFEN lists it.
//
// applyMove replays a move locally so that stepping through a game draws at once; the server stays the
// authority: the page asks GET /api/rules/{id}/moves for each position it stops on and draws the server's
// SFEN if it differs.

export function squareName(n, idx) {
  const row = Math.floor(idx / n), col = idx % n;
  return String(n - col) + String.fromCharCode(97 + row);
}

export function squareIndex(n, name) {
  const m = /^(\d{1,2})([a-o])$/.exec(name);
  if (!m) return -1;
  const file = Number(m[1]), row = m[2].charCodeAt(0) - 97;
  if (file < 1 || file > n || row >= n) return -1;
  return row * n + (n - file);
}

export function parseSfen(sfen, n) {
  const f = sfen.trim().split(/\s+/);
  const rows = f[0].split('/');
  if (rows.length !== n) throw new Error(`SFEN has ${rows.length} ranks, the board ${n}`);
  const board = new Array(n * n).fill(null);
  rows.forEach((row, r) => {
    let c = 0;
    for (let i = 0; i < row.length;) {
      const ch = row[i];
      if (ch >= '0' && ch <= '9') {
        let j = i;
        while (j < row.length && row[j] >= '0' && row[j] <= '9') j++;
        c += Number(row.slice(i, j));
        i = j;
      } else if (ch === '+') {
        board[r * n + c++] = '+' + row[i + 1];
        i += 2;
      } else {
        board[r * n + c++] = ch;
        i++;
      }
    }
  });
  return { n, board, side: f[1] || 'b', field3: f[2] || '-', moveNumber: Number(f[3] || 1) };
}

export function boardField(pos) {
  const { n, board } = pos;
  const rows = [];
  for (let r = 0; r < n; r++) {
    let s = '', empty = 0;
    for (let c = 0; c < n; c++) {
      const p = board[r * n + c];
      if (!p) { empty++; continue; }
      if (empty) { s += empty; empty = 0; }
      s += p;
    }
    if (empty) s += empty;
    rows.push(s);
  }
  return rows.join('/');
}

export function toSfen(pos) {
  return `${boardField(pos)} ${pos.side} ${pos.field3} ${pos.moveNumber}`;
}

export const isSente = p => p && p.replace('+', '') === p.replace('+', '').toUpperCase();
export const pieceToken = p => p.toLowerCase();   // '+P' -> '+p', the key of the rule set's piece list

const USI = /^(\d{1,2}[a-o])(\d{1,2}[a-o])?(\d{1,2}[a-o]|off|try)(\+)?(!)?$/;

/** {from, mid, to, promote, normal, off, isTry} with squares as board indices (mid/to -1 when absent), or null. */
export function parseUsi(usi, n) {
  const m = USI.exec(usi);
  if (!m) return null;
  const off = m[3] === 'off', isTry = m[3] === 'try';
  return {
    from: squareIndex(n, m[1]),
    mid: m[2] ? squareIndex(n, m[2]) : -1,
    to: off || isTry ? -1 : squareIndex(n, m[3]),
    promote: !!m[4], normal: !!m[5], off, isTry,
  };
}

function turnToSide(p, sente) {
  const base = p.replace('+', '');
  const promoted = p.startsWith('+') ? '+' : '';
  return promoted + (sente ? base.toUpperCase() : base.toLowerCase());
}

/**
 * The position after a move (not checked: the moves come from the server's lists). rules: the rule set from
 * GET /api/rules (for the drunk-elephant exchange, Lions and SFEN field 3).
 */
export function applyMove(pos, usi, rules) {
  const { n } = pos;
  const m = parseUsi(usi, n);
  if (!m) throw new Error('not a USI move: ' + usi);
  const b = pos.board.slice();
  let piece = b[m.from];
  if (!piece) throw new Error('no piece on the origin of ' + usi);
  const sente = pos.side === 'b';
  const exchangeRule = rules.elephantExchange || 'NONE';
  const isLion = p => { const d = rules.piecesByToken.get(pieceToken(p)); return !!(d && d.lion); };
  // An unpromoted enemy drunk elephant is exchanged, not captured (shodoshu2017*), unless the move says '!'.
  const exchanges = sq => exchangeRule !== 'NONE' && !m.normal && b[sq] && isSente(b[sq]) !== sente && b[sq].toLowerCase() === 'e';
  const moverIsLion = isLion(piece);
  let lionCaptureSquare = -1, captured = false;
  /** Takes what stands on sq: 'exchange', 'capture' or null (empty or own). */
  const take = sq => {
    if (!b[sq] || isSente(b[sq]) === sente) return null;
    if (exchanges(sq)) { b[sq] = turnToSide(b[sq], sente); return 'exchange'; }
    if (isLion(b[sq]) && !moverIsLion) lionCaptureSquare = sq;
    b[sq] = null;
    captured = true;
    return 'capture';
  };
  b[m.from] = null;
  let alive = !(m.off || m.isTry);
  // Final form: an exchange on the first step ends the move, the mover gone; previous form: it goes on.
  if (alive && m.mid >= 0 && m.mid !== m.from && take(m.mid) === 'exchange' && exchangeRule === 'FINAL') alive = false;
  if (alive && m.to >= 0) {
    if (m.to !== m.from && take(m.to) === 'exchange') alive = false;
    if (alive) {
      if (m.promote) piece = '+' + piece;
      b[m.to] = piece;
    }
  }
  let field3 = '-';
  if (rules.sfenField3 === 'COUNTER_STRIKE' && lionCaptureSquare >= 0) field3 = squareName(n, lionCaptureSquare);
  if (rules.sfenField3 === 'CAPTURING_ELEPHANT' && alive && captured && piece.toLowerCase() === 'e' && m.to >= 0) field3 = squareName(n, m.to);
  return { n, board: b, side: sente ? 'w' : 'b', field3, moveNumber: pos.moveNumber + 1 };
}

/** Squares a move touches, for the last-move highlight: from, the Lion's first step (mid) and to. */
export function moveSquares(usi, n) {
  const m = parseUsi(usi, n);
  if (!m) return null;
  return { from: m.from, mid: m.mid >= 0 && m.mid !== m.to ? m.mid : -1, to: m.to, off: m.off || m.isTry };
}
