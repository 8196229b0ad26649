// The public website's two assets: its style sheet and its one small script (the search; the chart is inline SVG and
// needs none). No framework, no font or file from another origin. The script folds a query exactly as the office's
// registry folds names (registry/names.ts: its tables are written into the script), so "muller" finds Müller.
import { CYRILLIC, SPECIAL } from '../registry/names'
import { NUMERIC_COLUMNS } from './html'

/** The numeric columns of each kind of table, right-aligned (html.ts's NUMERIC_COLUMNS). */
const numericColumns = Object.entries(NUMERIC_COLUMNS)
  .map(([kind, cols]) => `${cols.map((c) => `.${kind} td:nth-child(${c + 1}),.${kind} th:nth-child(${c + 1})`).join(',')}{text-align:right;font-variant-numeric:tabular-nums}`)
  .join('\n')

export const SITE_CSS = `:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--accent:#0b5cad;--bg:#fff;--soft:#f3f5f7}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,[tabindex]:focus-visible{outline:3px solid #e8a317;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5em}
.skip:focus{left:.5em}
header.top{display:flex;flex-wrap:wrap;gap:.5em 1.5em;align-items:center;padding:.75em 1.25em;border-bottom:1px solid var(--line);background:var(--soft)}
.brand{margin:0;font-weight:700}
.brand a{color:var(--fg);text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;gap:1em;flex-wrap:wrap}
form.search{display:flex;gap:.4em;align-items:center;margin-left:auto;flex-wrap:wrap}
form.search label{font-size:.85em;color:var(--muted)}
form.search input{font:inherit;padding:.25em .5em;border:1px solid #8c959f;border-radius:4px;min-width:14em}
form.search button{font:inherit;padding:.25em .8em;border:1px solid var(--accent);background:var(--accent);color:#fff;border-radius:4px;cursor:pointer}
main{padding:1em 1.25em 2em;max-width:72em}
footer{padding:1em 1.25em;border-top:1px solid var(--line);color:var(--muted);font-size:.9em}
h1{font-size:1.6em;margin:.3em 0 .5em}
h2{font-size:1.3em;margin:1.4em 0 .5em}
h3{font-size:1.1em;margin:1.2em 0 .4em}
h4{font-size:1em;margin:1em 0 .3em}
.muted{color:var(--muted)}
.notice{background:#fff8c5;border:1px solid #d4a72c;padding:.5em .75em;border-radius:4px}
.rule{color:#3d4a57;font-style:italic}
.legend{font-size:.85em;color:var(--muted)}
table{border-collapse:collapse;margin:.5em 0 1em;font-size:.92em}
caption{text-align:left;font-weight:600;padding:.25em 0}
th,td{border-bottom:1px solid var(--line);padding:.25em .6em;text-align:left;vertical-align:top}
th{background:var(--soft)}
.n{text-align:right;font-variant-numeric:tabular-nums}
${numericColumns}
.scroll{overflow-x:auto;max-width:100%}
table.cross td,table.cross th{white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0}
ul.inline{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1em}
ul.langs{font-size:1.2em}
figure.chart{margin:.5em 0;max-width:40em}
figure.chart svg{width:100%;height:auto;font-size:11px;fill:var(--muted)}
figure.chart .grid{stroke:var(--line)}
figure.chart .line{fill:none;stroke:var(--accent);stroke-width:2}
figure.chart circle{fill:var(--accent)}
.games small{color:var(--muted);font-size:inherit}
.sheet{border-top:2px solid var(--line);margin-top:1.5em}
.sheet:target{border-top-color:var(--accent);background:var(--soft);padding:0 .5em .5em}
#results ol{padding-left:1.5em}
`

export const SITE_JS = `// Search of the rating website: the query folded as the office folds names, the index's shards it needs fetched
// from this site (search/), every word matched against the start of a word of the name, or digits against FIDE IDs.
(function () {
  'use strict';
  var SPECIAL = ${JSON.stringify(SPECIAL)};
  var CYRILLIC = ${JSON.stringify(CYRILLIC)};
  var SPECIAL_RE = new RegExp('[' + Object.keys(SPECIAL).join('') + ']', 'g');
  function fold(s) {
    var out = s.normalize('NFC').toLowerCase().replace(/[\\u0400-\\u04ff]/g, function (c) { return CYRILLIC[c] || ''; });
    out = out.replace(SPECIAL_RE, function (c) { return SPECIAL[c] || c; }).normalize('NFKD').replace(/\\p{M}+/gu, '');
    return out.replace(/['\\u2019\\u2018\`\\u00b4\\u02bc]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
  }
  function shardFile(kind, prefix) {
    return kind + '-' + Array.from(prefix).map(function (c) { return /[a-z0-9]/.test(c) ? c : '_' + c.codePointAt(0).toString(16); }).join('') + '.json';
  }
  function shardsFor(prefixes, word, cap) {
    var best = null, under = [];
    prefixes.forEach(function (p) {
      if (word.indexOf(p) === 0) { if (best === null || p.length > best.length) best = p; }
      else if (p.indexOf(word) === 0 && p.length > word.length) under.push(p);
    });
    var all = (best !== null ? [best] : []).concat(under);
    return all.length > cap ? null : all;
  }
  window.ratingSiteFold = fold;
  var box = document.getElementById('results');
  if (!box) return;
  var root = box.getAttribute('data-root');
  var locale = box.getAttribute('data-locale');
  var q = new URLSearchParams(location.search).get('q') || '';
  var input = document.getElementById('q');
  if (input) input.value = q;
  var text = fold(q);
  function say(msg) { box.textContent = ''; var p = document.createElement('p'); p.textContent = msg; box.appendChild(p); }
  if (text.length < 2) return;
  var digits = /^\\d+$/.test(text);
  var words = digits ? [text] : text.split(' ');
  var key = words.slice().sort(function (a, b) { return b.length - a.length; })[0];
  fetch(root + 'search/index.json').then(function (r) { return r.json(); }).then(function (index) {
    var files = shardsFor(digits ? index.ids : index.names, key, 6);
    if (files === null) { say(box.getAttribute('data-more')); return null; }
    return Promise.all(files.map(function (p) { return fetch(root + 'search/' + shardFile(digits ? 'i' : 'n', p)).then(function (r) { return r.json(); }); }));
  }).then(function (parts) {
    if (!parts) return;
    var seen = {}, found = [];
    parts.forEach(function (entries) {
      entries.forEach(function (e) {
        if (seen[e[4]]) return;
        var ok = digits ? String(e[2] || '').indexOf(text) === 0 : words.every(function (w) { return (' ' + e[0]).indexOf(' ' + w) >= 0; });
        if (ok) { seen[e[4]] = true; found.push(e); }
      });
    });
    found.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
    if (!found.length) { say(box.getAttribute('data-none')); return; }
    box.textContent = '';
    var count = document.createElement('p');
    count.textContent = found.length === 1 ? box.getAttribute('data-count-one') : box.getAttribute('data-count-many').replace('{n}', String(found.length));
    box.appendChild(count);
    var ol = document.createElement('ol');
    found.slice(0, 200).forEach(function (e) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = root + locale + '/' + e[4];
      a.textContent = e[1];
      a.setAttribute('data-testid', 'search-hit');
      li.appendChild(a);
      var extra = [e[2], e[3]].filter(function (x) { return x !== null && x !== ''; }).join(' · ');
      if (extra) { var s = document.createElement('span'); s.className = 'muted'; s.textContent = ' ' + extra; li.appendChild(s); }
      ol.appendChild(li);
    });
    box.appendChild(ol);
  }).catch(function () { say(box.getAttribute('data-none')); });
})();
`
