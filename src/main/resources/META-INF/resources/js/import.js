// Import: files or a zip dropped or chosen, sent as one bulk import job (POST /api/imports, multipart, with the
// API key); a progress bar from the job's event stream; then the failed records with ply and reason and a
// link to each imported game.
import { api, query, events, ruleSets } from './api.js';
import { h, clear, problemText } from './ui.js';
import { t } from './i18n.js';

export async function importPage(root) {
  const all = await ruleSets();
  const fileInput = h('input', { type: 'file', id: 'import-files', multiple: true, onchange: () => send([...fileInput.files]) });
  const rules = h('select', { id: 'import-rules' }, h('option', { value: '' }, t('rulesAuto')), [...all.values()].map(r => h('option', { value: r.id }, r.id)));
  const lenient = h('input', { type: 'checkbox', id: 'import-lenient' });
  const drop = h('div', { class: 'drop-zone', id: 'drop-zone', onclick: () => fileInput.click() }, t('dropHere'));
  const progress = h('progress', { id: 'import-progress', max: 1, value: 0 });
  const counters = h('div', { id: 'import-counters', class: 'counters' });
  const outcome = h('div', { id: 'import-outcome' });
  const jobBox = h('section', { class: 'panel', id: 'import-job', hidden: true }, progress, counters, outcome);
  const recent = h('div', { id: 'recent-imports' });
  drop.addEventListener('dragover', e => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', e => { e.preventDefault(); drop.classList.remove('over'); send([...e.dataTransfer.files]); });
  clear(root).append(h('div', { class: 'page import-page' }, h('h1', {}, t('importTitle')),
    h('div', { class: 'row' }, h('label', {}, t('rules'), ' ', rules), h('label', {}, lenient, ' ', t('lenient'))),
    drop, h('label', { class: 'row' }, t('files'), ' ', fileInput), jobBox, h('section', { class: 'panel' }, h('h2', {}, t('recentJobs')), recent)));
  loadRecent();

  async function loadRecent() {
    try {
      const jobs = await api('/api/imports' + query({ size: 10 }));
      clear(recent).append(h('ul', {}, jobs.map(j => h('li', {}, h('a', { href: '#', onclick: e => { e.preventDefault(); follow(j); } }, `#${j.id}`),
        ` ${j.status} · ${j.processed}/${j.total} · ${j.imported} ${t('imported')} · ${j.duplicates} ${t('duplicates')} · ${j.failed} ${t('failed')}`))));
    } catch (err) { clear(recent).append(problemText(err)); }
  }

  async function send(files) {
    if (!files.length) return;
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    jobBox.hidden = false;
    clear(outcome);
    counters.textContent = `${files.length} ${t('files')}…`;
    try {
      const job = await api('/api/imports' + query({ rules: rules.value, lenient: lenient.checked ? 'true' : null }), { method: 'POST', body: form, write: true });
      follow(job);
    } catch (err) {
      counters.textContent = '';
      outcome.append(h('p', { class: 'error', id: 'import-error' }, problemText(err)));
    }
  }

  function show(p) {
    progress.max = Math.max(1, p.total || 0);
    progress.value = p.processed || 0;
    counters.textContent = `#${p.id} ${p.status} · ${p.processed}/${p.total} ${t('processed')} · ${p.imported} ${t('imported')} · ` +
      `${p.duplicates} ${t('duplicates')} · ${p.failed} ${t('failed')}${p.error ? ' · ' + p.error : ''}`;
    jobBox.dataset.status = p.status;
  }

  function follow(job) {
    jobBox.hidden = false;
    clear(outcome);
    show(job);
    const close = events(`/api/imports/${job.id}/events`, p => {
      show(p);
      if (p.status === 'done' || p.status === 'failed') { close(); finished(job.id); }
    });
  }

  async function finished(id) {
    const [failed, imported] = await Promise.all([
      api(`/api/imports/${id}` + query({ outcome: 'failed', size: 100 })),
      api(`/api/imports/${id}` + query({ outcome: 'imported', size: 100 })),
    ]);
    show(imported);
    clear(outcome);
    if (failed.outcomes.length) {
      outcome.append(h('h3', {}, t('failedRecords')), h('table', { class: 'games-table', id: 'failed-records' },
        h('tr', {}, [t('source'), t('line'), t('ply'), t('moves'), t('reason')].map(x => h('th', {}, x))),
        failed.outcomes.map(o => h('tr', { class: 'failed-record' }, h('td', {}, o.source || ''), h('td', { class: 'num' }, o.line ?? ''),
          h('td', { class: 'num' }, o.ply ?? ''), h('td', {}, h('code', {}, o.move || '')), h('td', {}, o.reason || '')))));
    }
    if (imported.outcomes.length) {
      outcome.append(h('h3', {}, t('importedGames')), h('ul', { id: 'imported-games' },
        imported.outcomes.map(o => h('li', {}, h('a', { href: `#/game/${o.gameId}`, class: 'imported-game', dataset: { game: o.gameId } }, `#${o.gameId}`),
          ` ${o.source || ''}${o.line ? ' (' + t('line') + ' ' + o.line + ')' : ''}`))));
    }
    loadRecent();
  }
}
