// Piece names on the board (one or two kanji) and Japanese move notation in the KIF style the server
// writes (GET /api/games/{id}?format=kif): ▲7八歩兵（←7九）, 仝 for the previous move's square, 成, a Lion's two
// steps as 7七・6六, （居食い）, じっと, 盤外 and （トライ） for the 13x13 exits.
import { parseUsi, squareName, isSente, pieceToken } from './sfen.js';

// One-kanji names: Chu as lishogi draws them; the 13x13 games' own (a name with no one-kanji form that
// would be unambiguous within its game, such as 飛龍 beside 飛車 and 龍王, keeps two).
const ONE_CHU = {
  k: '玉', n: '獅', q: '奔', d: '龍', h: '馬', r: '飛', b: '角', v: '竪', m: '横', a: '反', l: '香', o: '麒', x: '鳳',
  e: '象', t: '虎', g: '金', s: '銀', c: '銅', f: '豹', p: '歩', i: '仲', '+d': '鷲', '+h': '鷹', '+v': '牛', '+m': '猪',
  '+a': '鯨', '+l': '駒', '+e': '太', '+t': '鹿', '+p': 'と', '+o': '獅', '+x': '奔', '+r': '龍', '+b': '馬', '+g': '飛',
  '+f': '角', '+s': '竪', '+c': '横', '+i': '象',
};
const ONE_KUMAZAWA = {
  k: '玉', g: '金', s: '銀', n: '桂', u: '銅', j: '鉄', l: '香', w: '悪', z: '虎', y: '飛龍', a: '反', q: '奔', d: '龍',
  h: '馬', b: '角', v: '竪', m: '横', r: '飛', p: '歩', i: '仲',
};
const ONE_SHODOSHU = {
  k: '玉', g: '金', s: '銀', c: '銅', j: '鉄', n: '桂', l: '香', a: '反', e: '象', o: '麒', x: '鳳', z: '虎', w: '牛',
  u: '猪', y: '飛龍', q: '奔', d: '龍', h: '馬', b: '角', v: '竪', m: '横', r: '飛', p: '歩', i: '仲', '+e': '太',
  '+o': '獅', '+x': '奔', '+p': '金',
};

function oneCharTable(rules) {
  if (rules.boardSize === 12) return ONE_CHU;
  return rules.id.startsWith('dai13') ? ONE_KUMAZAWA : ONE_SHODOSHU;
}

/** The name drawn on a piece: chars 1 or 2 (a setting). */
export function boardName(rules, piece, chars) {
  const token = pieceToken(piece);
  const dto = rules.piecesByToken.get(token);
  const two = dto ? dto.kanji.slice(0, 2) : token;
  if (chars === 2) return two;
  return oneCharTable(rules)[token] || two.charAt(0);
}

/** Full name written in move notation (the rule set's kanji, as the server's KIF writes it). */
export function fullName(rules, piece) {
  const dto = rules.piecesByToken.get(pieceToken(piece));
  return dto ? dto.kanji : piece;
}

/** English name of a piece (tooltips). */
export function englishName(rules, piece) {
  const dto = rules.piecesByToken.get(pieceToken(piece));
  return dto ? dto.name : piece;
}

const KANJI_RANKS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];
export function kanjiRank(row) { return KANJI_RANKS[row]; }

/** KIF square: half-width file number + kanji rank (7十, 10五). */
export function kifSquare(n, idx) {
  return String(n - (idx % n)) + KANJI_RANKS[Math.floor(idx / n)];
}

/**
 * The Japanese notation of a move made in pos (the position before it). prevTo: the board index of the
 * previous move's destination (for 仝), or -1.
 */
export function japanese(rules, pos, usi, prevTo) {
  const n = pos.n;
  const m = parseUsi(usi, n);
  if (!m || !pos.board[m.from]) return usi;
  const piece = pos.board[m.from];
  const mark = isSente(piece) ? '▲' : '△';
  const name = fullName(rules, piece);
  const origin = `（←${kifSquare(n, m.from)}）`;
  const prom = (m.promote ? '成' : '') + (m.normal ? '（取り捨て）' : '');
  const sq = idx => idx === prevTo ? '仝' : kifSquare(n, idx);
  if (m.off || m.isTry) return `${mark}盤外${name}${m.isTry ? '（トライ）' : ''}${origin}`;
  if (m.mid < 0) return `${mark}${sq(m.to)}${name}${prom}${origin}`;
  if (m.to === m.from) {
    if (!pos.board[m.mid]) return `${mark}じっと${name}${origin}`;
    return `${mark}${sq(m.mid)}${name}（居食い）${origin}`;
  }
  return `${mark}${sq(m.mid)}・${kifSquare(n, m.to)}${name}${prom}${origin}`;
}

/** The destination index of a move (for the next move's 仝, as the server's KIF counts it), -1 for an exit. */
export function destination(usi, n) {
  const m = parseUsi(usi, n);
  return m ? m.to : -1;
}

export { squareName };
