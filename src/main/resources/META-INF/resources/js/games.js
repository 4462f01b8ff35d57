// The games list: every filter of GET /api/games (player, sente, gote, event, rules, result, date range,
// kind) and free text, paged. The filters live in the address, so a search can be linked to. The list shows
// played games unless the address asks for problems (kind=problem) or both (kind=all): a person browsing
// sees real games first, not the composed problems shipped with the service.
import { api, query, ruleSets } from './api.js';
import { h, clear, problemText, kindSelect, kindParam } from './ui.js';
import { t, reasonLabel, resultLabel } from './i18n.js';

const FIELDS = ['q', 'player', 'sente', 'gote', 'event', 'rules', 'result', 'from', 'to'];

export async function gamesPage(root, params) {
  const rules = await ruleSets();
  const inputs = {};
  const text = (name, label, type = 'text') => {
    inputs[name] = h('input', { type, name, id: 'f-' + name, value: params.get(name) || '' });
    return h('label', {}, label, inputs[name]);
  };
  inputs.rules = h('select', { name: 'rules', id: 'f-rules' }, h('option', { value: '' }, t('any')),
    [...rules.values()].map(r => h('option', { value: r.id, selected: params.get('rules') === r.id }, r.id)));
  inputs.result = h('select', { name: 'result', id: 'f-result' }, h('option', { value: '' }, t('any')),
    ['sente', 'gote', 'draw', 'ongoing'].map(r => h('option', { value: r, selected: params.get('result') === r }, resultLabel(r))));
  const kind = params.get('kind') || 'game';
  inputs.kind = kindSelect('f-kind', kind);
  const page = Number(params.get('page') || 0), size = Number(params.get('size') || 20);
  const submit = (p = 0) => {
    const q = {};
    for (const f of FIELDS) q[f] = inputs[f].value.trim();
    q.kind = inputs.kind.value === 'game' ? null : inputs.kind.value;   // games: the default, kept out of the address
    q.page = p || null;
    q.size = params.get('size');
    location.hash = '#/games' + query(q);
  };
  const form = h('form', { class: 'filters', id: 'games-filters', onsubmit: e => { e.preventDefault(); submit(0); } },
    h('label', {}, t('kind'), inputs.kind), text('q', t('text')), text('player', t('player')), text('sente', '▲' + t('sente')), text('gote', '△' + t('gote')),
    text('event', t('event')), h('label', {}, t('rules'), inputs.rules), h('label', {}, t('result'), inputs.result),
    text('from', t('from'), 'date'), text('to', t('to'), 'date'),
    h('div', { class: 'row' }, h('button', { type: 'submit', id: 'games-search' }, t('find')),
      h('button', { type: 'button', class: 'secondary', onclick: () => { location.hash = '#/games'; } }, t('reset'))));
  const results = h('div', { id: 'games-results' }, t('loading'));
  clear(root).append(h('div', { class: 'page games-page' }, h('h1', {}, t('games')), form, results));

  const q = { page, size };
  for (const f of FIELDS) q[f] = params.get(f);
  q.kind = kindParam(kind);   // any other value goes to the service, which names the ones it accepts
  try {
    const r = await api('/api/games' + query(q));
    clear(results);
    const pages = Math.max(1, Math.ceil(r.total / r.size));
    results.append(h('p', { class: 'muted', id: 'games-total' }, `${r.total} ${t('total')}`),
      h('table', { class: 'games-table' },
        h('tr', {}, ['#', t('kind'), t('rules'), '▲' + t('sente'), '△' + t('gote'), t('result'), t('plies'), t('date'), t('event')].map(x => h('th', {}, x))),
        r.games.map(g => h('tr', { class: 'game-row', dataset: { game: g.id }, onclick: () => { location.hash = `#/game/${g.id}`; } },
          h('td', {}, h('a', { href: `#/game/${g.id}` }, g.id)),
          h('td', { class: 'kind' }, t(g.kind === 'problem' ? 'problem' : 'game')), h('td', {}, g.rules), h('td', {}, g.sente || ''), h('td', {}, g.gote || ''),
          h('td', {}, `${resultLabel(g.result)}${g.reason ? ' (' + reasonLabel(g.reason) + ')' : ''}`), h('td', { class: 'num' }, g.plies),
          h('td', {}, g.date || ''), h('td', {}, g.event || '')))),
      h('div', { class: 'pager' },
        h('button', { id: 'games-prev', disabled: page === 0, onclick: () => submit(page - 1) }, t('previousPage')),
        h('span', { id: 'games-page' }, ` ${t('page')} ${page + 1} ${t('of')} ${pages} `),
        h('button', { id: 'games-next', disabled: page + 1 >= pages, onclick: () => submit(page + 1) }, t('nextPage'))));
  } catch (err) {
    clear(results).append(h('p', { class: 'error' }, problemText(err)));
  }
}
