// The board, drawn as SVG by this module (12x12 and 13x13): kanji pieces, gote's turned round, promoted
// pieces in red, the last move (with a Lion's first step) highlighted, coordinates as lishogi draws them
// (files 12…1 across the top, ranks down the right), flip; and moves made by clicking, from the server's
// legal-move list: a piece's destinations are marked; a Lion/Falcon/Eagle move that captures on its first
// step waits for the second click (igui back on the origin, "stop here" on the first square); a pass is the
// origin clicked after an adjacent empty square; promotion is asked when it is optional; 13x13 exits and
// tries are buttons under the board.
import { parseUsi, squareName, isSente } from './sfen.js';
import { boardName, englishName, kanjiRank } from './notation.js';
import { t } from './i18n.js';

const CELL = 40, TOP = 22, RIGHT = 26, LEFT = 4, BOTTOM = 4;
const NS = 'http://www.w3.org/2000/svg';

const esc = s => String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

export class BoardView {
  /**
   * opts.onMove(usi): a legal move was made; opts.onSquare(idx): a square was clicked (editor boards);
   * opts.choose(title, options): Promise of the chosen option's value (promotion, exchange), null to cancel.
   */
  constructor(container, opts = {}) {
    this.opts = opts;
    this.el = document.createElement('div');
    this.el.className = 'board-wrap';
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.setAttribute('class', 'board');
    this.svg.setAttribute('role', 'img');
    this.extras = document.createElement('div');
    this.extras.className = 'board-extras';
    this.el.append(this.svg, this.extras);
    container.append(this.el);
    this.state = null;
    this.selected = -1;
    this.mid = -1;
    this.svg.addEventListener('click', e => {
      const target = e.target.closest('[data-square]');
      if (target) this.click(Number(target.dataset.idx));
    });
  }

  /** s: {rules, pos, last (USI or null), legal (USI list or null: not playable), flipped, chars, ranks, marks} */
  draw(s) {
    const keepSelection = this.state && s.pos === this.state.pos && s.legal === this.state.legal;
    this.state = s;
    if (!keepSelection) { this.selected = -1; this.mid = -1; }
    this.render();
  }

  /** Board index -> [x, y] of the square's top left corner on the drawing. */
  xy(idx) {
    const n = this.state.pos.n, f = this.state.flipped;
    const row = Math.floor(idx / n), col = idx % n;
    return [LEFT + (f ? n - 1 - col : col) * CELL, TOP + (f ? n - 1 - row : row) * CELL];
  }

  render() {
    const { rules, pos, last, flipped, ranks, chars, marks } = this.state;
    const n = pos.n;
    // The grid and coordinates change only with the board size, flip and rank labels: drawn once for them;
    // a step redraws the pieces and marks and sets the squares' classes.
    const key = `${n}|${!!flipped}|${ranks}|${rules.promotionZone}`;
    if (key !== this.staticKey) {
      this.staticKey = key;
      this.svg.innerHTML = `<g class="grid">${this.grid()}</g><g class="layer"></g>`;
      this.rects = [...this.svg.querySelectorAll('rect.sq')];
      this.layer = this.svg.lastChild;
      this.decorated = new Set();
    }
    this.svg.dataset.size = n;
    this.svg.dataset.flipped = flipped ? 'true' : 'false';
    const cls = new Map();
    const add = (idx, c) => cls.set(idx, (cls.get(idx) || 'sq') + ' ' + c);
    const m = last ? parseUsi(last, n) : null;
    if (m) {
      add(m.from, 'last-from');
      if (m.mid >= 0 && m.mid !== m.to) add(m.mid, 'last-mid');
      if (m.to >= 0) add(m.to, 'last-to');   // igui: the origin is the destination too
    }
    if (this.selected >= 0) add(this.selected, 'selected');
    if (this.mid >= 0) add(this.mid, 'mid-step');
    for (const idx of this.decorated) if (!cls.has(idx)) this.rects[idx].setAttribute('class', 'sq');
    for (const [idx, c] of cls) this.rects[idx].setAttribute('class', c);
    this.decorated = new Set(cls.keys());

    const out = [];
    if (m && m.mid >= 0 && m.to >= 0) {
      const pts = [m.from, m.mid, m.to].map(i => { const [x, y] = this.xy(i); return `${x + CELL / 2},${y + CELL / 2}`; });
      out.push(`<polyline class="lion-path" points="${pts.join(' ')}"/>`);
      const [mx, my] = this.xy(m.mid);
      out.push(`<text class="step-no" x="${mx + 5}" y="${my + 12}">1</text>`);
    }
    for (let idx = 0; idx < n * n; idx++) {
      const p = pos.board[idx];
      if (p) out.push(this.piece(rules, p, idx, chars, marks && marks.get(idx)));
      else if (marks && marks.get(idx)) out.push(this.mark(idx, marks.get(idx)));
    }
    for (const [idx, kind] of this.targets()) {
      const [x, y] = this.xy(idx);
      const r = kind === 'capture' || kind === 'igui' ? 17 : 6;
      out.push(`<circle class="dest ${kind}" data-dest="${squareName(n, idx)}" cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="${r}"/>`);
    }
    this.layer.innerHTML = out.join('');
    this.renderExtras();
  }

  /** Board, squares (the click targets), the promotion zone's dots and the coordinates. */
  grid() {
    const { rules, pos, flipped, ranks } = this.state;
    const n = pos.n, size = n * CELL, w = LEFT + size + RIGHT, h = TOP + size + BOTTOM;
    this.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    const out = [`<rect x="${LEFT}" y="${TOP}" width="${size}" height="${size}" class="board-bg"/>`];
    for (let idx = 0; idx < n * n; idx++) {
      const [x, y] = this.xy(idx);
      out.push(`<rect class="sq" data-square="${squareName(n, idx)}" data-idx="${idx}" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`);
    }
    const zone = rules.promotionZone || 0;
    if (zone) for (const r of [zone, n - zone]) for (const c of [zone, n - zone]) {
      out.push(`<circle class="star" cx="${LEFT + c * CELL}" cy="${TOP + r * CELL}" r="2.5"/>`);
    }
    // files n…1 across the top, ranks down the right (reversed when flipped)
    for (let c = 0; c < n; c++) {
      out.push(`<text class="coord file" x="${LEFT + c * CELL + CELL / 2}" y="${TOP - 7}">${flipped ? c + 1 : n - c}</text>`);
    }
    for (let r = 0; r < n; r++) {
      const row = flipped ? n - 1 - r : r;
      const label = ranks === 'letters' ? String.fromCharCode(97 + row) : kanjiRank(row);
      out.push(`<text class="coord rank${label.length > 1 ? ' long' : ''}" x="${LEFT + size + RIGHT / 2}" y="${TOP + r * CELL + CELL / 2 + 5}">${label}</text>`);
    }
    return out.join('');
  }

  piece(rules, p, idx, chars, mark) {
    const [x, y] = this.xy(idx);
    const sente = isSente(p);
    const upright = sente !== !!this.state.flipped;
    const name = boardName(rules, p, chars);
    const cx = x + CELL / 2, cy = y + CELL / 2;
    const rot = upright ? '' : ` transform="rotate(180 ${cx} ${cy})"`;
    const cls = `piece ${sente ? 'sente' : 'gote'}${p.startsWith('+') ? ' promoted' : ''}${mark === 'absent' ? ' absent' : ''}`;
    let text;
    if (name.length === 1) text = `<text x="${cx}" y="${cy + 8}" class="k1">${esc(name)}</text>`;
    else text = `<text x="${cx}" y="${cy - 1}" class="k2">${esc(name[0])}</text><text x="${cx}" y="${cy + 14}" class="k2">${esc(name[1])}</text>`;
    const shape = `<polygon points="${cx},${y + 3} ${x + 32},${y + 8} ${x + 36},${y + 37} ${x + 4},${y + 37} ${x + 8},${y + 8}"/>`;
    const cross = mark === 'absent' ? `<line class="cross" x1="${x + 6}" y1="${y + 6}" x2="${x + 34}" y2="${y + 34}"/><line class="cross" x1="${x + 34}" y1="${y + 6}" x2="${x + 6}" y2="${y + 34}"/>` : '';
    return `<g class="${cls}" data-square="${squareName(this.state.pos.n, idx)}" data-idx="${idx}" data-piece="${esc(p)}"${rot}><title>${esc(englishName(rules, p))}</title>${shape}${text}</g>${cross}`;
  }

  mark(idx, kind) {
    const [x, y] = this.xy(idx);
    if (kind === 'empty') return `<g class="mark empty" data-mark="empty" data-square="${squareName(this.state.pos.n, idx)}" data-idx="${idx}"><line x1="${x + 10}" y1="${y + 10}" x2="${x + 30}" y2="${y + 30}"/><line x1="${x + 30}" y1="${y + 10}" x2="${x + 10}" y2="${y + 30}"/></g>`;
    return '';
  }

  // ---------------------------------------------------------------- moves by clicking

  legalFrom(from) {
    const { legal, pos } = this.state;
    if (!legal) return [];
    return legal.map(u => ({ usi: u, m: parseUsi(u, pos.n) })).filter(x => x.m && x.m.from === from);
  }

  /** The canonical pass of the position (all passes are one move), if there is one. */
  passMove() {
    const { legal, pos } = this.state;
    if (!legal) return null;
    for (const u of legal) {
      const m = parseUsi(u, pos.n);
      if (m && m.mid >= 0 && m.to === m.from && !pos.board[m.mid]) return u;
    }
    return null;
  }

  /** A piece with a second step (Lion power): it may pass through an adjacent empty square. */
  canPass(from, sq) {
    const { rules, pos } = this.state;
    const dto = rules.piecesByToken.get(pos.board[from].toLowerCase());
    if (!dto || !/lion|dance/.test(dto.movement)) return false;
    const n = pos.n;
    const dr = Math.abs(Math.floor(from / n) - Math.floor(sq / n)), dc = Math.abs((from % n) - (sq % n));
    return dr <= 1 && dc <= 1 && !pos.board[sq] && this.passMove() !== null;
  }

  /**
   * The second steps of a two-step piece through the empty square mid: a Lion's any square next to mid, a
   * Falcon's or Eagle's (or a 13x13 two-step piece's) the square beyond mid in the same line. Such a move is
   * the same move as the direct one to that square (rule-sets.md §1), so the direct move is what is played.
   */
  viaEmpty(from, mid) {
    const { rules, pos } = this.state;
    if (pos.board[mid]) return [];
    const n = pos.n, row = i => Math.floor(i / n), col = i => i % n;
    const dto = rules.piecesByToken.get(pos.board[from].toLowerCase());
    if (!dto || !/lion|dance/.test(dto.movement)) return [];
    return this.legalFrom(from).filter(({ m }) => {
      if (m.mid >= 0 || m.to < 0 || m.to === mid) return false;
      const dr = row(m.to) - row(mid), dc = col(m.to) - col(mid);
      if (dto.lion) return Math.abs(dr) <= 1 && Math.abs(dc) <= 1;
      return dr === row(mid) - row(from) && dc === col(mid) - col(from);
    });
  }

  /** Marked squares: Map idx -> 'move' | 'capture' | 'second' | 'igui' | 'stop'. */
  targets() {
    const out = new Map();
    if (this.selected < 0 || !this.state.legal) return out;
    const { pos } = this.state;
    const moves = this.legalFrom(this.selected);
    if (this.mid < 0) {
      for (const { m } of moves) {
        const sq = m.mid >= 0 ? m.mid : m.to;
        if (sq < 0) continue;
        out.set(sq, pos.board[sq] ? 'capture' : 'move');
      }
    } else {
      for (const { m } of moves) {
        if (m.mid !== this.mid) continue;
        out.set(m.to, m.to === this.selected ? 'igui' : pos.board[m.to] ? 'capture' : 'second');
      }
      for (const { m } of this.viaEmpty(this.selected, this.mid)) out.set(m.to, pos.board[m.to] ? 'capture' : 'second');
      if (moves.some(({ m }) => m.mid < 0 && m.to === this.mid)) out.set(this.mid, 'stop');
      if (this.canPass(this.selected, this.mid)) out.set(this.selected, 'igui');
    }
    return out;
  }

  async click(idx) {
    if (this.opts.onSquare) { this.opts.onSquare(idx); return; }
    const { pos, legal } = this.state;
    if (!legal) return;
    const own = p => p && (isSente(p) === (pos.side === 'b'));
    if (this.selected < 0) {
      if (own(pos.board[idx]) && this.legalFrom(idx).length) this.select(idx);
      return;
    }
    const from = this.selected, moves = this.legalFrom(from);
    if (this.mid < 0) {
      if (idx === from) { this.select(-1); return; }
      const twoStep = moves.filter(({ m }) => m.mid === idx);
      const single = moves.filter(({ m }) => m.mid < 0 && m.to === idx);
      if (twoStep.length || (single.length && this.canPass(from, idx))) {
        this.mid = idx;
        this.render();
        return;
      }
      if (single.length) { await this.finish(single.map(x => x.usi)); return; }
      if (own(pos.board[idx]) && this.legalFrom(idx).length) { this.select(idx); return; }
      this.select(-1);
      return;
    }
    // second step
    const mid = this.mid;
    if (idx === mid) {
      const single = moves.filter(({ m }) => m.mid < 0 && m.to === mid);
      if (single.length) { await this.finish(single.map(x => x.usi)); return; }
    }
    const second = moves.filter(({ m }) => m.mid === mid && m.to === idx);
    if (second.length) { await this.finish(second.map(x => x.usi)); return; }
    const direct = this.viaEmpty(from, mid).filter(({ m }) => m.to === idx);
    if (direct.length) { await this.finish(direct.map(x => x.usi)); return; }
    if (idx === from && this.canPass(from, mid)) { await this.finish([this.passMove()]); return; }
    this.select(-1);
  }

  select(idx) {
    this.selected = idx;
    this.mid = -1;
    this.render();
  }

  /** Plays one of the spellings of the chosen move: asks when promotion (or the exchange choice) is optional. */
  async finish(options) {
    let usi = options[0];
    if (options.length > 1 && this.opts.choose) {
      const labels = options.map(u => ({ value: u, label: this.optionLabel(u, options) }));
      usi = await this.opts.choose(options.some(u => u.includes('+')) ? t('promote') : t('choose'), labels);
      if (!usi) { this.select(-1); return; }
    }
    this.selected = -1;
    this.mid = -1;
    if (this.opts.onMove) this.opts.onMove(usi);
  }

  optionLabel(u, all) {
    const parts = [];
    if (all.some(o => o.includes('+'))) parts.push(u.includes('+') ? t('promoteYes') : t('promoteNo'));
    if (all.some(o => o.endsWith('!'))) parts.push(u.endsWith('!') ? t('normalCapture') : t('exchange'));
    return `${parts.join(' · ')} (${u})`;
  }

  renderExtras() {
    this.extras.innerHTML = '';
    if (this.selected < 0) return;
    for (const { usi, m } of this.legalFrom(this.selected)) {
      if (!m.off && !m.isTry) continue;
      const b = document.createElement('button');
      b.className = m.isTry ? 'try-move' : 'off-move';
      b.dataset.move = usi;
      b.textContent = `${m.isTry ? t('tryMove') : t('offBoard')} (${usi})`;
      b.onclick = () => { this.selected = -1; this.render(); this.opts.onMove && this.opts.onMove(usi); };
      this.extras.append(b);
    }
  }
}
