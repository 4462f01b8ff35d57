// Small DOM helpers, the dialogs (a choice, the API key) and the settings every board shares.
import { t } from './i18n.js';

/** h('div', {class: 'x', onclick: f}, child, 'text', …): an element. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value') el.value = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

/**
 * The record kinds the games list, the explorer and pattern search offer: played games, composed problems, or
 * both ('all', which the API spells by leaving kind out).
 */
const KINDS = ['game', 'problem', 'all'];
const KIND_LABELS = { game: 'kindGames', problem: 'kindProblems', all: 'allKinds' };

export function kindSelect(id, selected, onchange) {
  return h('select', { name: 'kind', id, onchange },
    KINDS.map(k => h('option', { value: k, selected: selected === k }, t(KIND_LABELS[k]))));
}

/** The API's kind for a choice of kindSelect: null (left out) for both. */
export function kindParam(choice) { return choice === 'all' ? null : choice; }

function modal(content) {
  const back = h('div', { class: 'modal-back' });
  const box = h('div', { class: 'modal', role: 'dialog' }, content);
  back.append(box);
  document.body.append(back);
  return { back, box, close: () => back.remove() };
}

/** A choice among options [{value, label}]: Promise of the value, null when cancelled. */
export function choose(title, options) {
  return new Promise(resolve => {
    const buttons = options.map(o => h('button', { class: 'choice', dataset: { value: o.value }, onclick: () => { m.close(); resolve(o.value); } }, o.label));
    const m = modal([h('h3', {}, title), h('div', { class: 'choices' }, buttons),
      h('button', { class: 'secondary', onclick: () => { m.close(); resolve(null); } }, t('cancel'))]);
  });
}

/** Asks for the API key: Promise of the key, or null. */
export function askApiKey(status) {
  return new Promise(resolve => {
    const input = h('input', { type: 'password', id: 'api-key-input', autocomplete: 'off', size: 40 });
    const done = v => { m.close(); resolve(v); };
    const form = h('form', { onsubmit: e => { e.preventDefault(); done(input.value.trim() || null); } },
      h('h3', {}, t('apiKey')), h('p', {}, status === 403 ? t('apiKeyWrong') : t('apiKeyAsk')), input,
      h('div', { class: 'row' }, h('button', { type: 'submit', id: 'api-key-save' }, t('save')),
        h('button', { type: 'button', class: 'secondary', onclick: () => done(null) }, t('cancel'))));
    const m = modal(form);
    input.focus();
  });
}

export function openDialog(title, body) {
  const m = modal([h('h3', {}, title), body, h('button', { class: 'secondary', onclick: () => m.close() }, t('close'))]);
  return m;
}

// Board settings, kept in the browser.
export const settings = {
  get chars() { return Number(localStorage.getItem('kifudb.chars') || 2); },
  set chars(v) { localStorage.setItem('kifudb.chars', String(v)); },
  get ranks() { return localStorage.getItem('kifudb.ranks') || 'kanji'; },
  set ranks(v) { localStorage.setItem('kifudb.ranks', v); },
};

/** A score {cp} or {mate} from the side to move, shown from sente's side (▲+1.25, ▲#3). */
export function scoreText(score, sideToMove) {
  if (!score) return '';
  const sign = sideToMove === 'w' ? -1 : 1;
  if (score.mate !== undefined && score.mate !== null) {
    const m = score.mate * sign;
    return (m >= 0 ? '▲' : '△') + '#' + Math.abs(m);
  }
  const cp = (score.cp || 0) * sign;
  return (cp >= 0 ? '+' : '−') + (Math.abs(cp) / 100).toFixed(2);
}

/** Result bar: sente, draws (and others), gote as shares of a width. */
export function resultBar(s, d, g, total) {
  const all = total || s + d + g || 1;
  const pct = x => (100 * x / all);
  const seg = (cls, x) => x ? h('span', { class: cls, style: `width:${pct(x).toFixed(1)}%`, title: `${x}` }, pct(x) >= 12 ? `${Math.round(pct(x))}%` : '') : null;
  return h('div', { class: 'result-bar' }, seg('s', s), seg('d', d), seg('g', g));
}

export function problemText(err) {
  if (!err) return '';
  const p = err.problem || {};
  return [p.title || err.message, p.detail && p.detail !== p.title ? p.detail : null].filter(Boolean).join(': ');
}
