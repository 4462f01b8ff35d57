// The app's shell: header, settings, and the routes (in the address's #fragment, so every page and position
// can be linked to and the service serves only static files):
//   #/games?…filters   #/game/ID?ply=N   #/board?rules=R&sfen=S&play=m1,m2&ply=N   #/search   #/import
import { api, onKeyNeeded, setApiKey, apiKey, ruleSets, query } from './api.js';
import { h, clear, askApiKey, openDialog, settings, problemText } from './ui.js';
import { t, language, setLanguage } from './i18n.js';
import { openStudy } from './study.js';
import { gamesPage } from './games.js';
import { searchPage } from './search.js';
import { importPage } from './import.js';

onKeyNeeded(askApiKey);
const main = document.getElementById('main');
let current = null;

function header() {
  const nav = document.getElementById('nav');
  clear(nav);
  const link = (href, label, id) => h('a', { href, id }, label);
  nav.append(
    link('#/board', t('board'), 'nav-board'), link('#/games', t('games'), 'nav-games'),
    link('#/search', t('search'), 'nav-search'), link('#/import', t('import'), 'nav-import'),
    h('span', { class: 'spacer' }),
    h('button', { id: 'lang', class: 'secondary', onclick: () => { setLanguage(language() === 'ja' ? 'en' : 'ja'); header(); route(); } },
      language() === 'ja' ? 'English' : '日本語'),
    h('button', { id: 'settings', class: 'secondary', onclick: settingsDialog }, t('settings')),
    h('button', { id: 'key', class: 'secondary', onclick: keyDialog }, t('apiKey')));
}

function settingsDialog() {
  const radio = (name, value, label, checked) => h('label', {}, h('input', { type: 'radio', name, value, checked, id: `set-${name}-${value}`,
    onchange: () => { if (name === 'chars') settings.chars = Number(value); else settings.ranks = value; route(); } }), ' ', label);
  openDialog(t('settings'), h('div', { class: 'settings' },
    h('fieldset', {}, h('legend', {}, t('pieceNames')), radio('chars', '1', t('oneChar'), settings.chars === 1), radio('chars', '2', t('twoChar'), settings.chars === 2)),
    h('fieldset', {}, h('legend', {}, t('rankLabels')), radio('ranks', 'kanji', t('kanjiRanks'), settings.ranks === 'kanji'), radio('ranks', 'letters', t('letterRanks'), settings.ranks === 'letters'))));
}

async function keyDialog() {
  const key = await askApiKey(0);
  if (key) setApiKey(key);
  else if (apiKey() && confirm(t('forget') + '?')) setApiKey('');
}

async function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  const hash = location.hash || '#/games';
  const [path, qs] = hash.slice(1).split('?');
  const params = new URLSearchParams(qs || '');
  document.querySelectorAll('#nav a').forEach(a => a.classList.toggle('active', hash.startsWith(a.getAttribute('href'))));
  clear(main).append(h('p', { class: 'muted' }, t('loading')));
  try {
    let m;
    if ((m = /^\/game\/(\d+)$/.exec(path))) {
      const game = await api(`/api/games/${m[1]}`);
      const ply = params.has('ply') ? Number(params.get('ply')) : 0;
      current = await openStudy(main, { rules: game.rules, initialSfen: game.initialSfen, moves: game.moves, ply, game,
        link: p => `#/game/${game.id}?ply=${p}` });
      document.title = `kifudb #${game.id} ${game.sente || ''} – ${game.gote || ''}`;
    } else if (path === '/board') {
      const rules = await ruleSets();
      const id = rules.has(params.get('rules')) ? params.get('rules') : 'chu';
      const sfen = params.get('sfen') || rules.get(id).startSfen;
      const moves = (params.get('play') || '').split(',').filter(Boolean);
      const from = params.get('from');
      current = await openStudy(main, { rules: id, initialSfen: sfen, moves, ply: params.has('ply') ? Number(params.get('ply')) : moves.length, game: null,
        link: (p, line) => '#/board' + query({ rules: id, sfen: params.get('sfen'), play: line, ply: p === line.length ? null : p, from }) });
      if (from) main.querySelector('.controls').append(h('a', { href: `#/game/${from}?ply=${moves.length ? moves.length - 1 : 0}`, class: 'link', id: 'back-to-game' }, '↩ ' + t('backToGame')));
      document.title = `kifudb ${t('board')} (${id})`;
    } else if (path === '/search') {
      await searchPage(main, params);
      document.title = `kifudb ${t('search')}`;
    } else if (path === '/import') {
      await importPage(main);
      document.title = `kifudb ${t('import')}`;
    } else {
      await gamesPage(main, params);
      document.title = `kifudb ${t('games')}`;
    }
  } catch (err) {
    clear(main).append(h('p', { class: 'error', id: 'page-error' }, problemText(err)));
  }
  main.dataset.ready = 'true';
  if (!performance.getEntriesByName('kifudb-first-page').length) performance.mark('kifudb-first-page');
}

// ?lang=ja or ?lang=en in the address chooses the language (and keeps it), e.g. for a shared link.
const langParam = new URLSearchParams(location.search).get('lang');
if (langParam === 'ja' || langParam === 'en') setLanguage(langParam);
document.documentElement.lang = language();
header();
window.addEventListener('hashchange', () => { main.dataset.ready = 'false'; route(); });
route();
