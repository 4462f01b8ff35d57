// The explorer beside the board: next moves from the position with their games and results (click one to
// play it), the top games, and every game that reaches the position by any move order. Like the games list it
// counts played games unless asked for composed problems or both; beside a problem it starts with problems.
import { api, query } from './api.js';
import { applyMove } from './sfen.js';
import { japanese, destination } from './notation.js';
import { h, clear, resultBar, problemText, kindSelect, kindParam } from './ui.js';
import { t, reasonLabel, resultLabel } from './i18n.js';

export function explorerPanel(study) {
  const body = h('div', { class: 'explorer', id: 'explorer' });
  const gamesBox = h('div', { class: 'position-games', id: 'position-games' });
  const kind = kindSelect('explorer-kind', study.game && study.game.kind === 'problem' ? 'problem' : 'game', () => update());
  const el = h('section', { class: 'panel' }, h('h2', {}, t('explorer')), h('label', { class: 'kind-choice' }, t('kind'), ' ', kind), body,
    h('h3', {}, t('gamesWithPosition'), h('small', {}, ' — ' + t('transpositions'))), gamesBox);
  let seq = 0;
  let page = 0;

  const gameLink = hit => h('a', { href: `#/game/${hit.gameId}?ply=${hit.ply}`, class: 'game-link', dataset: { game: hit.gameId, ply: hit.ply } },
    `#${hit.gameId}`, ' ', `${hit.sente || '?'} – ${hit.gote || '?'}`, ' ',
    h('span', { class: 'res' }, `${resultLabel(hit.result)}${hit.reason ? ' (' + reasonLabel(hit.reason) + ')' : ''}`), ' ',
    h('small', {}, `${t('atPly')} ${hit.ply} / ${hit.plies}`));

  async function loadGames(sfen, my) {
    const r = await api('/api/positions/games' + query({ rules: study.rules.id, sfen, kind: kindParam(kind.value), page, size: 10 }));
    if (my !== seq) return;
    clear(gamesBox);
    gamesBox.dataset.sfen = sfen;   // which position (and kind) the list is of (a test waits for it)
    gamesBox.dataset.kind = kind.value;
    if (!r.total) { gamesBox.append(h('p', { class: 'muted' }, t('noGames'))); return; }
    gamesBox.append(h('p', { class: 'muted', id: 'position-games-total' }, `${r.total} ${t('games')}`),
      h('ul', {}, r.hits.map(hit => h('li', {}, gameLink(hit), hit.move ? h('code', {}, ' → ' + hit.move) : null))));
    const pages = Math.ceil(r.total / r.size);
    if (pages > 1) {
      gamesBox.append(h('div', { class: 'pager' },
        h('button', { disabled: page === 0, onclick: () => { page--; loadGames(sfen, seq); } }, t('previousPage')),
        ` ${page + 1} ${t('of')} ${pages} `,
        h('button', { disabled: page + 1 >= pages, onclick: () => { page++; loadGames(sfen, seq); } }, t('nextPage'))));
    }
  }

  async function update() {
    const my = ++seq;
    page = 0;
    const sfen = study.currentSfen();
    const pos = study.positions[study.ply];
    body.classList.add('loading');
    try {
      const [ex] = await Promise.all([
        api('/api/explorer' + query({ rules: study.rules.id, sfen, kind: kindParam(kind.value), size: 5 })),
        loadGames(sfen, my),
      ]);
      if (my !== seq) return;
      clear(body);
      body.dataset.sfen = sfen;
      body.dataset.kind = kind.value;
      body.append(h('div', { class: 'totals' }, `${ex.games} ${t('games')}`, resultBar(ex.sente, ex.draws + (ex.ongoing || 0), ex.gote, ex.games)));
      if (ex.moves.length) {
        const prevTo = study.ply > 0 ? destination(study.moves[study.ply - 1], pos.n) : -1;
        body.append(h('table', { class: 'explorer-moves' },
          h('tr', {}, h('th', {}, t('moves')), h('th', {}, t('games')), h('th', {}, `▲ / ${t('draws')} / △`), h('th', {}, t('plies'))),
          ex.moves.map(m => h('tr', { class: 'explorer-move', dataset: { move: m.usi }, onclick: () => study.play(m.usi) },
            h('td', {}, h('code', {}, m.usi), ' ', h('span', { class: 'ja' }, safeJapanese(study, pos, m.usi, prevTo))),
            h('td', { class: 'num' }, m.games),
            h('td', {}, resultBar(m.sente, m.draws + (m.ongoing || 0), m.gote, m.games)),
            h('td', { class: 'num' }, m.averagePlies)))));
      }
      if (ex.topGames && ex.topGames.length) {
        body.append(h('h3', {}, t('topGames')), h('ul', { class: 'top-games' }, ex.topGames.map(g => h('li', {}, gameLink(g)))));
      }
    } catch (err) {
      if (my === seq) { clear(body); body.append(h('p', { class: 'error' }, problemText(err))); }
    } finally {
      body.classList.remove('loading');
    }
  }
  return { el, update };
}

function safeJapanese(study, pos, usi, prevTo) {
  try { return japanese(study.rules, pos, usi, prevTo); } catch (e) { return ''; }
}

/** A line of moves from a position in Japanese notation (PVs), with the positions along it. */
export function lineNotation(rules, pos, moves, prevTo = -1) {
  const out = [];
  let p = pos;
  for (const u of moves) {
    try {
      out.push(japanese(rules, p, u, prevTo));
      p = applyMove(p, u, rules);
    } catch (e) { out.push(u); }
    prevTo = destination(u, pos.n);
  }
  return out;
}
