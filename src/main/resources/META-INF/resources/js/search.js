// Pattern search (POST /api/positions/search): pieces placed on a board, "absent" pieces and "empty" squares,
// material ranges, side to move, plies and the games' metadata; each hit opens the game at the matching ply.
// Played games only unless asked for composed problems or both, as in the games list.
import { api, ruleSets } from './api.js';
import { squareName } from './sfen.js';
import { boardName } from './notation.js';
import { BoardView } from './board.js';
import { h, clear, settings, problemText, kindSelect, kindParam } from './ui.js';
import { t, reasonLabel, resultLabel } from './i18n.js';

export async function searchPage(root, params) {
  const all = await ruleSets();
  let rules = all.get(params.get('rules')) || all.get('chu');
  const cells = new Map();          // idx -> {kind: 'piece'|'absent', piece} | {kind: 'empty'}
  let tool = { kind: 'piece', piece: 'N' };
  let page = 0;

  const rulesSelect = h('select', { id: 'ps-rules', onchange: () => { rules = all.get(rulesSelect.value); cells.clear(); buildPalette(); draw(); } },
    [...all.values()].map(r => h('option', { value: r.id, selected: r.id === rules.id }, r.id)));
  const palette = h('div', { class: 'palette', id: 'palette' });
  const boardBox = h('div', { class: 'board-box small-board' });
  const materialRows = h('div', { class: 'material-rows', id: 'material-rows' });
  const field = (id, label, type = 'text', attrs = {}) => h('label', {}, label, h('input', { id, type, ...attrs }));
  const sideToMove = h('select', { id: 'ps-side' }, h('option', { value: '' }, t('any')), h('option', { value: 'sente' }, t('sente')), h('option', { value: 'gote' }, t('gote')));
  const result = h('select', { id: 'ps-result' }, h('option', { value: '' }, t('any')), ['sente', 'gote', 'draw', 'ongoing'].map(r => h('option', { value: r }, resultLabel(r))));
  const kind = kindSelect('ps-kind', 'game');
  const results = h('div', { id: 'ps-results' });

  const board = new BoardView(boardBox, { onSquare: idx => {
    const c = cells.get(idx);
    const same = c && c.kind === tool.kind && (tool.kind === 'empty' || c.piece === tool.piece);
    if (tool.kind === 'erase' || same) cells.delete(idx); else cells.set(idx, { ...tool });
    draw();
  } });

  function pieceButton(p) {
    return h('button', { type: 'button', class: 'pal-piece' + (p === p.toUpperCase() ? ' sente' : ' gote'), dataset: { piece: p }, title: p,
      onclick: () => { tool = { kind: tool.kind === 'absent' ? 'absent' : 'piece', piece: p }; markTool(); } }, boardName(rules, p, 2));
  }
  function buildPalette() {
    clear(palette);
    const tokens = rules.pieces.map(p => p.sfen);
    const modes = h('div', { class: 'modes' },
      h('button', { type: 'button', id: 'mode-piece', onclick: () => { tool = { kind: 'piece', piece: tool.piece || 'N' }; markTool(); } }, t('pieces')),
      h('button', { type: 'button', id: 'mode-absent', onclick: () => { tool = { kind: 'absent', piece: tool.piece || 'N' }; markTool(); } }, t('absent')),
      h('button', { type: 'button', id: 'mode-empty', onclick: () => { tool = { kind: 'empty' }; markTool(); } }, t('empty')),
      h('button', { type: 'button', id: 'mode-erase', onclick: () => { tool = { kind: 'erase' }; markTool(); } }, t('erase')));
    palette.append(modes,
      h('div', { class: 'pal-row' }, '▲ ', tokens.map(tk => pieceButton(tk.toUpperCase()))),
      h('div', { class: 'pal-row' }, '△ ', tokens.map(tk => pieceButton(tk))));
    clear(materialRows);
    markTool();
  }
  function markTool() {
    palette.querySelectorAll('button').forEach(b => b.classList.remove('active'));
    const m = palette.querySelector('#mode-' + tool.kind);
    if (m) m.classList.add('active');
    if (tool.piece && tool.kind !== 'empty' && tool.kind !== 'erase') {
      const b = palette.querySelector(`.pal-piece[data-piece="${CSS.escape(tool.piece)}"]`);
      if (b) b.classList.add('active');
    }
  }
  function draw() {
    const n = rules.boardSize;
    const pos = { n, board: new Array(n * n).fill(null), side: 'b', field3: '-', moveNumber: 1 };
    const marks = new Map();
    for (const [idx, c] of cells) {
      if (c.kind === 'empty') marks.set(idx, 'empty');
      else { pos.board[idx] = c.piece; if (c.kind === 'absent') marks.set(idx, 'absent'); }
    }
    board.draw({ rules, pos, last: null, legal: null, flipped: false, chars: settings.chars, ranks: settings.ranks, marks });
  }

  function addMaterialRow() {
    const piece = h('select', { class: 'mat-piece' }, rules.pieces.flatMap(p => [p.sfen.toUpperCase(), p.sfen]).map(tk =>
      h('option', { value: tk }, `${tk === tk.toUpperCase() ? '▲' : '△'}${boardName(rules, tk, 2)} (${tk})`)));
    const min = h('input', { type: 'number', class: 'mat-min small', min: 0 });
    const max = h('input', { type: 'number', class: 'mat-max small', min: 0 });
    const row = h('div', { class: 'material-row' }, piece, ` ${t('min')} `, min, ` ${t('max')} `, max,
      h('button', { type: 'button', class: 'secondary', onclick: () => row.remove() }, '×'));
    materialRows.append(row);
  }

  function request() {
    const n = rules.boardSize;
    const body = { rules: rules.id, pieces: [], absent: [], empty: [] };
    for (const [idx, c] of cells) {
      const sq = squareName(n, idx);
      if (c.kind === 'piece') body.pieces.push({ piece: c.piece, squares: [sq] });
      else if (c.kind === 'absent') body.absent.push({ piece: c.piece, squares: [sq] });
      else body.empty.push(sq);
    }
    const material = [...materialRows.querySelectorAll('.material-row')].map(r => {
      const m = { piece: r.querySelector('.mat-piece').value };
      const lo = r.querySelector('.mat-min').value, hi = r.querySelector('.mat-max').value;
      if (lo !== '') m.min = Number(lo);
      if (hi !== '') m.max = Number(hi);
      return m;
    }).filter(m => m.min !== undefined || m.max !== undefined);
    if (material.length) body.material = material;
    for (const k of ['pieces', 'absent', 'empty']) if (!body[k].length) delete body[k];
    const val = id => root.querySelector('#' + id).value.trim();
    if (sideToMove.value) body.sideToMove = sideToMove.value;
    if (result.value) body.result = result.value;
    if (kindParam(kind.value)) body.kind = kindParam(kind.value);
    if (val('ps-plyfrom') !== '') body.plyFrom = Number(val('ps-plyfrom'));
    if (val('ps-plyto') !== '') body.plyTo = Number(val('ps-plyto'));
    for (const [k, id] of [['player', 'ps-player'], ['sente', 'ps-sente'], ['gote', 'ps-gote'], ['event', 'ps-event'], ['from', 'ps-from'], ['to', 'ps-to']]) {
      if (val(id)) body[k] = val(id);
    }
    body.page = page;
    body.size = 20;
    return body;
  }

  async function search() {
    clear(results).append(t('loading'));
    try {
      const r = await api('/api/positions/search', { method: 'POST', json: request() });
      clear(results);
      const pages = Math.max(1, Math.ceil(r.total / r.size));
      results.append(h('p', { id: 'ps-total' }, `${r.total} ${t('hits')}`),
        h('table', { class: 'games-table' },
          h('tr', {}, ['#', t('ply'), t('moves'), '▲' + t('sente'), '△' + t('gote'), t('result')].map(x => h('th', {}, x))),
          r.hits.map(hit => h('tr', { class: 'hit-row' },
            h('td', {}, h('a', { class: 'hit-link', href: `#/game/${hit.gameId}?ply=${hit.ply}`, dataset: { game: hit.gameId, ply: hit.ply } }, `#${hit.gameId}`)),
            h('td', { class: 'num' }, hit.ply), h('td', {}, h('code', {}, hit.move || '')),
            h('td', {}, hit.sente || ''), h('td', {}, hit.gote || ''),
            h('td', {}, `${resultLabel(hit.result)}${hit.reason ? ' (' + reasonLabel(hit.reason) + ')' : ''}`)))),
        h('div', { class: 'pager' },
          h('button', { type: 'button', disabled: page === 0, onclick: () => { page--; search(); } }, t('previousPage')),
          ` ${t('page')} ${page + 1} ${t('of')} ${pages} `,
          h('button', { type: 'button', disabled: page + 1 >= pages, onclick: () => { page++; search(); } }, t('nextPage'))));
    } catch (err) {
      clear(results).append(h('p', { class: 'error', id: 'ps-error' }, problemText(err)));
    }
  }

  const form = h('form', { class: 'filters', id: 'ps-form', onsubmit: e => { e.preventDefault(); page = 0; search(); } },
    h('label', {}, t('kind'), kind), h('label', {}, t('sideToMove'), sideToMove), field('ps-plyfrom', t('plyFrom'), 'number', { min: 0 }), field('ps-plyto', t('plyTo'), 'number', { min: 0 }),
    field('ps-player', t('player')), field('ps-sente', '▲' + t('sente')), field('ps-gote', '△' + t('gote')), field('ps-event', t('event')),
    h('label', {}, t('result'), result), field('ps-from', t('from'), 'date'), field('ps-to', t('to'), 'date'),
    h('div', { class: 'row' }, h('button', { type: 'submit', id: 'ps-search' }, t('find')),
      h('button', { type: 'button', class: 'secondary', onclick: () => { cells.clear(); draw(); } }, t('reset'))));
  clear(root).append(h('div', { class: 'page search-page' }, h('h1', {}, t('search')),
    h('div', { class: 'study' },
      h('div', { class: 'left' }, h('label', {}, t('rules'), ' ', rulesSelect), h('p', { class: 'muted' }, t('patternHelp')), palette, boardBox),
      h('div', { class: 'side' },
        h('section', { class: 'panel' }, h('h2', {}, t('material')), materialRows,
          h('button', { type: 'button', id: 'add-material', onclick: addMaterialRow }, t('addMaterial'))),
        h('section', { class: 'panel' }, h('h2', {}, t('filters')), form),
        h('section', { class: 'panel' }, results)))));
  buildPalette();
  draw();
}
