// The board page and the game viewer: a line of moves (a stored game, or moves made on a free board) from a
// start position, stepped through with the keyboard or the move list, with the explorer, the games that
// reach the position, engine analysis and (for a game) its whole-game analysis beside the board.
import { api, query, ruleSets } from './api.js';
import { parseSfen, applyMove, boardField, toSfen } from './sfen.js';
import { japanese, destination } from './notation.js';
import { BoardView } from './board.js';
import { h, clear, choose, settings, problemText } from './ui.js';
import { t, reasonLabel, resultLabel } from './i18n.js';
import { explorerPanel } from './explorer.js';
import { analysisPanel, gameAnalysisPanel } from './analysis.js';

// GET /api/rules/{id}/moves takes the moves in the URL; a few hundred keep it well under the server's limit.
const PLAY_CHUNK = 200;

/**
 * Opens a line in root. spec: {rules (id), initialSfen, moves, ply, game (GameDto or null), link(ply, moves)
 * the address of a ply of the line}.
 */
export async function openStudy(root, spec) {
  const rulesById = await ruleSets();
  const rules = rulesById.get(spec.rules);
  if (!rules) throw new Error('unknown rule set ' + spec.rules);
  const study = new Study(root, rules, spec);
  await study.start();
  return study;
}

class Study {
  constructor(root, rules, spec) {
    this.root = root;
    this.rules = rules;
    this.spec = spec;
    this.game = spec.game || null;
    this.moves = spec.moves.slice();
    this.flipped = localStorage.getItem('kifudb.flipped') === 'true';
    this.server = new Map();   // ply -> {sfen, moves, status, sideToMove}
    this.positions = [];
    this.notation = [];
    this.replay(0, parseSfen(spec.initialSfen || rules.startSfen, rules.boardSize));
    this.ply = Math.max(0, Math.min(spec.ply ?? this.moves.length, this.moves.length));
    this.fetchTimer = null;
    this.panelTimer = null;
  }

  /** Positions and Japanese notation from ply `from` on (positions[from] given). */
  replay(from, pos) {
    this.positions.length = from;
    this.notation.length = from;
    this.positions[from] = pos;
    for (let i = from; i < this.moves.length; i++) {
      const before = this.positions[i];
      const prevTo = i > 0 ? destination(this.moves[i - 1], before.n) : -1;
      this.notation[i] = japanese(this.rules, before, this.moves[i], prevTo);
      try {
        this.positions[i + 1] = applyMove(before, this.moves[i], this.rules);
      } catch (e) {
        this.moves.length = i;   // a move the local replay cannot place: the server's answer decides
        break;
      }
    }
  }

  async start() {
    const r = this.root;
    clear(r);
    this.boardBox = h('div', { class: 'board-box' });
    this.statusLine = h('div', { class: 'status-line', id: 'status-line' });
    this.commentBox = h('div', { class: 'comment-box', id: 'comment' });
    this.controls = this.makeControls();
    this.sfenBox = this.makeSfenBox();
    this.side = h('div', { class: 'side' });
    r.append(h('div', { class: 'study' },
      h('div', { class: 'left' }, this.boardBox, this.statusLine, this.controls, this.commentBox, this.sfenBox),
      this.side));
    this.board = new BoardView(this.boardBox, {
      onMove: usi => this.play(usi),
      choose: (title, options) => choose(title, options),
    });
    if (this.game) this.side.append(this.gameInfo());
    this.moveList = h('div', { class: 'move-list', id: 'move-list', tabindex: '0' });
    this.side.append(h('section', { class: 'panel' }, h('h2', {}, t('moves')), this.moveList));
    this.renderMoveList();
    if (this.game) {
      this.gameAnalysis = gameAnalysisPanel(this);
      this.side.append(this.gameAnalysis.el);
    }
    this.analysis = analysisPanel(this);
    this.explorer = explorerPanel(this);
    this.side.append(this.analysis.el, this.explorer.el);
    this.keys = e => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    this.goto(this.ply, { immediate: true });
    if (this.gameAnalysis) this.gameAnalysis.load();
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
    clearTimeout(this.fetchTimer);
    clearTimeout(this.panelTimer);
    this.analysis && this.analysis.stop();
    this.gameAnalysis && this.gameAnalysis.stop();
  }

  onKey(e) {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    const k = e.key;
    if (k === 'ArrowLeft') this.goto(this.ply - 1);
    else if (k === 'ArrowRight') this.goto(this.ply + 1);
    else if (k === 'Home' || k === 'ArrowUp') this.goto(0);
    else if (k === 'End' || k === 'ArrowDown') this.goto(this.moves.length);
    else if (k === 'f') this.flip();
    else return;
    e.preventDefault();
  }

  makeControls() {
    const b = (id, label, fn, text) => h('button', { id, title: label, onclick: fn }, text);
    return h('div', { class: 'controls' },
      b('first', t('first'), () => this.goto(0), '|◀'),
      b('prev', t('prev'), () => this.goto(this.ply - 1), '◀'),
      h('span', { class: 'ply-no', id: 'ply-no' }),
      b('next', t('next'), () => this.goto(this.ply + 1), '▶'),
      b('last', t('last'), () => this.goto(this.moves.length), '▶|'),
      b('flip', t('flip'), () => this.flip(), t('flip')),
      h('a', { id: 'position-link', class: 'link', title: t('linkPosition') }, t('linkPosition')));
  }

  makeSfenBox() {
    this.sfenInput = h('input', { id: 'sfen-input', class: 'sfen', spellcheck: 'false' });
    this.rulesSelect = h('select', { id: 'rules-select' });
    ruleSets().then(all => {
      for (const r of all.values()) this.rulesSelect.append(h('option', { value: r.id, selected: r.id === this.rules.id }, `${r.id} — ${r.name}`));
    });
    const setUp = () => {
      const id = this.rulesSelect.value;
      const sfen = this.sfenInput.value.trim();
      location.hash = '#/board' + query({ rules: id, sfen: sfen || null });
    };
    return h('form', { class: 'sfen-box', onsubmit: e => { e.preventDefault(); setUp(); } },
      h('label', {}, t('rules'), ' ', this.rulesSelect),
      h('label', { class: 'grow' }, t('sfen'), ' ', this.sfenInput),
      h('button', { type: 'submit', id: 'sfen-set' }, t('setPosition')),
      h('button', { type: 'button', onclick: () => { location.hash = '#/board' + query({ rules: this.rulesSelect.value }); } }, t('startPosition')));
  }

  flip() {
    this.flipped = !this.flipped;
    localStorage.setItem('kifudb.flipped', String(this.flipped));
    this.draw();
  }

  /** Moves to a ply: drawn at once from the local replay, then checked against the server. */
  goto(ply, opts = {}) {
    if (ply < 0 || ply > this.moves.length) return;
    this.ply = ply;
    this.draw();
    this.markMoveList();
    clearTimeout(this.fetchTimer);
    clearTimeout(this.panelTimer);
    const run = () => this.fetchServer(ply).then(() => {
      if (this.ply !== ply) return;
      this.draw();
      this.panelTimer = setTimeout(() => this.updatePanels(), opts.immediate ? 0 : 150);
    }).catch(err => { this.statusLine.textContent = problemText(err); });
    if (opts.immediate || this.server.has(ply)) run(); else this.fetchTimer = setTimeout(run, 60);
  }

  /** The server's position at a ply (SFEN, legal moves, status), asked from the nearest known position. */
  async fetchServer(ply) {
    if (this.server.has(ply)) return this.server.get(ply);
    let anchor = ply;
    while (anchor > 0 && !this.server.has(anchor) && ply - anchor < PLAY_CHUNK) anchor--;
    if (anchor > 0 && !this.server.has(anchor)) await this.fetchServer(anchor);
    const sfen = anchor === 0 ? toSfen(this.positions[0]) : this.server.get(anchor).sfen;
    const res = await api(`/api/rules/${this.rules.id}/moves` + query({ sfen, play: this.moves.slice(anchor, ply) }));
    this.server.set(ply, res);
    const local = this.positions[ply];
    if (!local || boardField(local) !== res.sfen.split(' ')[0]) {
      // the local replay and the server disagree: the server's position stands, the rest is replayed from it
      this.replay(ply, parseSfen(res.sfen, this.rules.boardSize));
      this.renderMoveList();
    }
    return res;
  }

  current() { return this.server.get(this.ply) || null; }
  currentSfen() { const s = this.current(); return s ? s.sfen : toSfen(this.positions[this.ply]); }

  draw() {
    const pos = this.positions[this.ply];
    const s = this.current();
    this.board.draw({
      rules: this.rules, pos, last: this.ply > 0 ? this.moves[this.ply - 1] : null,
      legal: s ? s.moves : null, flipped: this.flipped, chars: settings.chars, ranks: settings.ranks,
    });
    this.board.svg.dataset.ply = String(this.ply);
    this.board.svg.dataset.verified = s ? 'true' : 'false';
    this.board.svg.dataset.sfen = s ? s.sfen : '';
    document.getElementById('ply-no').textContent = `${this.ply} / ${this.moves.length}`;
    const link = this.spec.link(this.ply, this.moves);
    document.getElementById('position-link').href = link;
    this.sfenInput.value = this.currentSfen();
    // status: side to move, or how the game ended
    let status = '';
    if (s && s.status && s.status.result !== 'ongoing') {
      status = `${t('gameOver')}: ${resultLabel(s.status.result)} (${reasonLabel(s.status.reason)})`;
    } else {
      status = `${pos.side === 'b' ? '▲' + t('sente') : '△' + t('gote')} ${t('toMove')}`;
    }
    if (this.game && this.ply === this.moves.length && this.game.result) {
      status += ` — ${t('result')}: ${resultLabel(this.game.result)}${this.game.reason ? ' (' + reasonLabel(this.game.reason) + ')' : ''}`;
    }
    this.statusLine.textContent = status;
    const comments = this.game && this.game.comments;
    const c = comments ? comments[String(this.ply)] : null;
    this.commentBox.textContent = c || '';
    this.commentBox.hidden = !c;
  }

  updatePanels() {
    this.explorer.update();
    this.analysis.update();
  }

  /** A move made on the board (or from the explorer or a PV): the game's own next move steps on. */
  play(usi) {
    if (this.ply < this.moves.length && this.moves[this.ply] === usi) { this.goto(this.ply + 1); return; }
    this.playLine([usi]);
  }

  /** Plays moves from the current position: on a game, the new line opens on the analysis board. */
  playLine(list) {
    const line = this.moves.slice(0, this.ply).concat(list);
    if (this.game) {
      location.hash = '#/board' + query({ rules: this.rules.id, sfen: this.spec.initialSfen, play: line, ply: line.length, from: this.game.id });
      return;
    }
    const ply = this.ply;
    this.moves = line;
    for (const k of [...this.server.keys()]) if (k > ply) this.server.delete(k);
    this.replay(ply, this.positions[ply]);
    this.renderMoveList();
    history.replaceState(null, '', this.spec.link(line.length, line));
    this.goto(line.length);
  }

  renderMoveList() {
    clear(this.moveList);
    const judgements = this.judgements || {};
    const rows = this.moves.map((u, i) => {
      const j = judgements[i + 1];
      return h('div', { class: 'mv' + (j ? ' ' + j : ''), dataset: { ply: i + 1 }, onclick: () => this.goto(i + 1) },
        h('span', { class: 'no' }, i + 1),
        h('span', { class: 'usi' }, u),
        h('span', { class: 'ja' }, this.notation[i] || ''),
        j ? h('span', { class: 'judgement', title: t(j) }, j === 'blunder' ? '??' : j === 'mistake' ? '?' : '?!') : null,
        this.game && this.game.comments && this.game.comments[String(i + 1)] ? h('span', { class: 'has-comment' }, '*') : null);
    });
    this.moveList.append(h('div', { class: 'mv start', dataset: { ply: 0 }, onclick: () => this.goto(0) }, h('span', { class: 'no' }, 0), h('span', { class: 'usi' }, t('startPosition'))), ...rows);
    this.markMoveList();
  }

  markMoveList() {
    const old = this.moveList.querySelector('.mv.current');
    if (old) old.classList.remove('current');
    const cur = this.moveList.querySelector(`.mv[data-ply="${this.ply}"]`);
    if (cur) {
      cur.classList.add('current');
      const box = this.moveList;
      if (cur.offsetTop < box.scrollTop || cur.offsetTop + cur.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = cur.offsetTop - box.clientHeight / 2;
      }
    }
  }

  gameInfo() {
    const g = this.game;
    const row = (label, value) => value ? h('tr', {}, h('th', {}, label), h('td', {}, value)) : null;
    const dl = fmt => h('a', { href: `/api/games/${g.id}?format=${fmt}`, download: `game-${g.id}.${fmt === 'usi' ? 'usi.txt' : fmt}`, class: 'download', id: 'download-' + fmt }, fmt.toUpperCase());
    return h('section', { class: 'panel game-info', id: 'game-info' },
      h('h2', {}, `#${g.id} ${g.sente || '?'} – ${g.gote || '?'}`),
      h('table', { class: 'meta' },
        row(t('rules'), g.rules),
        row('▲' + t('sente'), g.sente), row('△' + t('gote'), g.gote),
        row(t('result'), `${resultLabel(g.result)}${g.reason ? ' (' + reasonLabel(g.reason) + ')' : ''}`),
        row(t('plies'), String(g.plies)), row(t('event'), g.event), row(t('date'), g.date), row(t('site'), g.site),
        row(t('source'), g.source)),
      g.comments && g.comments['0'] ? h('p', { class: 'comment0' }, g.comments['0']) : null,
      g.stoppedPly ? h('p', { class: 'warn' }, `lenient: ${g.stoppedPly} ${g.stoppedReason || ''}`) : null,
      h('div', { class: 'downloads' }, t('download') + ': ', dl('kif'), ' ', dl('csg'), ' ', dl('usi'), ' ', dl('json')));
  }

  setJudgements(map) {
    this.judgements = map;
    this.renderMoveList();
  }
}
