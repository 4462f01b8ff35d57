// Engine analysis beside the board: the current position (depth / time / lines, progress streamed from the
// job's server-sent events, a click on a PV move plays the line up to it; a cached evaluation is shown as
// soon as the position is), and for a stored game its whole-game analysis as a graph of the evaluation with
// the inaccuracies, mistakes and blunders marked (a click jumps to the ply).
import { api, query, events, apiKey } from './api.js';
import { parseSfen } from './sfen.js';
import { destination } from './notation.js';
import { lineNotation } from './explorer.js';
import { h, clear, scoreText, problemText } from './ui.js';
import { t } from './i18n.js';

export function analysisPanel(study) {
  const depth = h('input', { type: 'number', id: 'an-depth', min: 1, max: 40, placeholder: '—', class: 'small' });
  const movetime = h('input', { type: 'number', id: 'an-movetime', min: 100, max: 60000, step: 100, value: 2000, class: 'small' });
  const multiPv = h('input', { type: 'number', id: 'an-multipv', min: 1, max: 10, value: 2, class: 'small' });
  const info = h('div', { class: 'an-info', id: 'analysis-info' });
  const lines = h('div', { class: 'an-lines', id: 'analysis-lines' });
  const goButton = h('button', { id: 'analyse', onclick: () => start() }, t('analyse'));
  const stopButton = h('button', { id: 'analysis-stop', class: 'secondary', onclick: () => cancel(), hidden: true }, t('stop'));
  const el = h('section', { class: 'panel', id: 'analysis' }, h('h2', {}, t('analysis')),
    h('form', { class: 'an-form', onsubmit: e => { e.preventDefault(); start(); } },
      h('label', {}, t('depth'), ' ', depth), h('label', {}, t('time'), ' ', movetime), h('label', {}, t('lines'), ' ', multiPv),
      goButton, stopButton),
    info, lines);
  let close = null, job = null, seq = 0;

  function show(result, cached) {
    const pos = parseSfen(result.sfen, study.rules.boardSize);
    const prevTo = study.ply > 0 ? destination(study.moves[study.ply - 1], pos.n) : -1;
    clear(info);
    info.append(`${t('depth')} ${result.depth}`, result.seldepth ? `/${result.seldepth}` : '',
      ` · ${(result.nodes || 0).toLocaleString()} ${t('nodes')}`, result.nps ? ` · ${result.nps.toLocaleString()} ${t('nps')}` : '',
      result.status ? ` · ${result.status}` : '', cached ? h('span', { class: 'badge', id: 'cached-badge' }, ' ' + t('cached')) : '');
    clear(lines);
    for (const pv of result.pvs || []) {
      const names = lineNotation(study.rules, pos, pv.moves, prevTo);
      lines.append(h('div', { class: 'pv', dataset: { multipv: pv.multipv } },
        h('span', { class: 'score' }, scoreText(pv.score, pos.side)),
        h('span', { class: 'pv-depth' }, `d${pv.depth}`),
        h('span', { class: 'pv-moves' }, pv.moves.map((u, i) => h('span', {
          class: 'pv-move', dataset: { move: u, index: i }, title: u,
          onclick: () => study.playLine(pv.moves.slice(0, i + 1)),
        }, names[i] || u)))));
    }
  }

  function stop() {
    if (close) { close(); close = null; }
    stopButton.hidden = true;
  }

  async function cancel() {
    const running = job;
    stop();
    if (running && apiKey()) {
      try { show(await api(`/api/analysis/${running.id}`, { method: 'DELETE', write: true }), false); } catch (e) { /* already over */ }
    }
    job = null;
  }

  async function start() {
    await cancel();
    const my = ++seq;
    const sfen = study.currentSfen();
    const body = { rules: study.rules.id, sfen, multiPv: Number(multiPv.value) || 1 };
    if (depth.value) body.depth = Number(depth.value);
    if (movetime.value) body.movetime = Number(movetime.value);
    clear(lines);
    info.textContent = t('loading');
    try {
      job = await api('/api/analysis', { method: 'POST', json: body, write: true });
    } catch (err) {
      info.textContent = problemText(err);
      return;
    }
    if (my !== seq) return;
    show(job, job.cached);
    if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') { job = null; return; }
    stopButton.hidden = false;
    close = events(`/api/analysis/${job.id}/events`, data => {
      if (my !== seq) return;
      show(data, false);
      if (data.status !== 'queued' && data.status !== 'running') { stop(); job = null; }
    }, () => { stopButton.hidden = true; });
  }

  /** A new position: the running analysis stops, a cached evaluation is shown at once. */
  async function update() {
    const my = ++seq;
    await cancel();
    seq = my;
    clear(lines);
    clear(info);
    try {
      const cached = await api('/api/evals' + query({ rules: study.rules.id, sfen: study.currentSfen(), multiPv: Number(multiPv.value) || null }));
      if (my === seq) show(cached, true);
    } catch (e) { /* 404: no cached evaluation */ }
  }
  return { el, update, stop: () => { stop(); } };
}

export function gameAnalysisPanel(study) {
  const g = study.game;
  const summary = h('div', { class: 'ga-summary', id: 'game-analysis-summary' }, t('loading'));
  const graph = h('div', { class: 'ga-graph', id: 'game-analysis-graph' });
  const movetime = h('input', { type: 'number', id: 'ga-movetime', min: 10, max: 5000, value: 200, class: 'small' });
  const progress = h('progress', { id: 'ga-progress', max: 1, value: 0, hidden: true });
  const el = h('section', { class: 'panel', id: 'game-analysis' }, h('h2', {}, t('gameAnalysis')), summary, graph,
    h('form', { class: 'an-form', onsubmit: e => { e.preventDefault(); start(); } },
      h('label', {}, t('movetime'), ' ', movetime), h('button', { id: 'analyse-game' }, t('analyseGame')), progress));
  let close = null;

  async function load() {
    try {
      render(await api(`/api/games/${g.id}/analysis`));
    } catch (err) {
      summary.textContent = err.status === 404 ? t('noAnalysis') : problemText(err);
    }
  }

  async function start() {
    try {
      const job = await api(`/api/games/${g.id}/analysis` + query({ movetime: Number(movetime.value) || null }), { method: 'POST', write: true });
      progress.hidden = false;
      close = events(`/api/analysis/${job.id}/events`, data => {
        progress.max = data.positions || 1;
        progress.value = data.positionsDone || 0;
        summary.textContent = `${data.status}: ${data.positionsDone || 0} / ${data.positions || '?'}`;
        if (data.status !== 'queued' && data.status !== 'running') { if (close) close(); progress.hidden = true; load(); }
      });
    } catch (err) {
      summary.textContent = problemText(err);
    }
  }

  function render(a) {
    clear(summary);
    summary.append(`${a.settings} · `, h('span', { class: 'inaccuracy' }, `${a.inaccuracies} ${t('inaccuracies')}`), ' · ',
      h('span', { class: 'mistake' }, `${a.mistakes} ${t('mistakes')}`), ' · ', h('span', { class: 'blunder' }, `${a.blunders} ${t('blunders')}`));
    const judgements = {};
    const W = 600, H = 120, plies = a.plies, n = Math.max(1, study.moves.length);
    const value = p => {
      if (!p.score) return 0;
      const s = p.score.mate !== undefined && p.score.mate !== null ? Math.sign(p.score.mate) * 1000 : Math.max(-1000, Math.min(1000, p.score.cp || 0));
      const before = study.positions[p.ply - 1];
      return before && before.side === 'w' ? -s : s;   // from sente's side
    };
    const x = ply => (W * (ply - 1) / Math.max(1, n - 1)).toFixed(1);
    const y = v => (H / 2 - (v / 1000) * (H / 2 - 4)).toFixed(1);
    const pts = plies.map(p => `${x(p.ply)},${y(value(p))}`);
    let svg = `<svg viewBox="0 0 ${W} ${H}" class="eval-graph" preserveAspectRatio="none">`;
    svg += `<line class="axis" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>`;
    if (pts.length) svg += `<polygon class="area" points="0,${H / 2} ${pts.join(' ')} ${x(plies[plies.length - 1].ply)},${H / 2}"/><polyline class="line" points="${pts.join(' ')}"/>`;
    for (const p of plies) {
      if (!p.judgement) continue;
      judgements[p.ply] = p.judgement;
      svg += `<circle class="mark ${p.judgement}" data-ply="${p.ply}" cx="${x(p.ply)}" cy="${y(value(p))}" r="4"><title>${p.ply}: ${p.move} (${p.judgement}, ${t('best')} ${p.best})</title></circle>`;
    }
    svg += '</svg>';
    graph.innerHTML = svg;
    graph.querySelector('svg').addEventListener('click', e => {
      const mark = e.target.closest('[data-ply]');
      if (mark) { study.goto(Number(mark.dataset.ply)); return; }
      const r = e.currentTarget.getBoundingClientRect();
      study.goto(Math.max(0, Math.min(study.moves.length, Math.round(1 + (e.clientX - r.left) / r.width * (n - 1)))));
    });
    study.setJudgements(judgements);
  }
  return { el, load, stop: () => { if (close) close(); } };
}
