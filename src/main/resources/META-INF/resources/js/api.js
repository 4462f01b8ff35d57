// The one place that talks to the REST API (same origin). Reads are public; writes send the API key,
// which the user gives once and the browser keeps in localStorage (never in a URL).
const KEY_STORAGE = 'kifudb.apiKey';

export class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

export function apiKey() { return localStorage.getItem(KEY_STORAGE) || ''; }
export function setApiKey(key) {
  if (key) localStorage.setItem(KEY_STORAGE, key.trim()); else localStorage.removeItem(KEY_STORAGE);
}

/** Builds a query string from the defined, non-empty values only (the API refuses unknown parameters). */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? '?' + s : '';
}

let askKey = null;
/** The page registers how to ask the user for a key (a dialog); a write refused for want of one asks once and retries. */
export function onKeyNeeded(fn) { askKey = fn; }

/**
 * fetch + JSON + problem+json errors. opts: method, json (a body to send as JSON), body (FormData, Blob,
 * string), headers, write (send the key), text (answer as text).
 */
export async function api(path, opts = {}) {
  const headers = { Accept: opts.text ? 'text/plain, */*' : 'application/json', ...(opts.headers || {}) };
  let body = opts.body;
  if (opts.json !== undefined) { body = JSON.stringify(opts.json); headers['Content-Type'] = 'application/json'; }
  const send = () => {
    const h = { ...headers };
    const key = apiKey();
    if (opts.write && key) h.Authorization = 'Bearer ' + key;
    return fetch(path, { method: opts.method || 'GET', headers: h, body });
  };
  let res = await send();
  if (opts.write && (res.status === 401 || res.status === 403) && askKey) {
    const given = await askKey(res.status);
    if (given) { setApiKey(given); res = await send(); }
  }
  if (!res.ok) {
    let problem = null;
    try { problem = await res.json(); } catch (e) { /* not JSON */ }
    throw new ApiError(res.status, problem);
  }
  if (opts.text) return res.text();
  if (res.status === 204) return null;
  return res.json();
}

let rulesCache = null;
/** GET /api/rules once per page load: id -> rule set (with pieces by SFEN token). */
export async function ruleSets() {
  if (!rulesCache) {
    rulesCache = api('/api/rules').then(list => {
      const byId = new Map();
      for (const r of list) {
        r.piecesByToken = new Map(r.pieces.map(p => [p.sfen, p]));
        byId.set(r.id, r);
      }
      return byId;
    });
  }
  return rulesCache;
}

/**
 * A server-sent event stream of JSON objects (GET .../events are public, so EventSource needs no header).
 * Calls onData for each event; the returned function closes the stream.
 */
export function events(path, onData, onEnd) {
  const es = new EventSource(path);
  es.onmessage = e => {
    let data;
    try { data = JSON.parse(e.data); } catch (err) { return; }
    onData(data);
  };
  es.onerror = () => { es.close(); if (onEnd) onEnd(); };
  return () => es.close();
}
