// The cangrid dashboard: reads the node's JSON API (/api/...) and nothing else, polling it.
(function () {
  'use strict';

  const POLL_MILLIS = 2000;
  const HISTORY_MILLIS = 5000;
  const PLOT = 480;            // the zone plot's side, in SVG units
  const STATUS_PER_POLL = 10;  // job statuses asked per poll, newest rows first
  const SVG = 'http://www.w3.org/2000/svg';

  // A token in the page's URL also goes in a header, so the API answers even where cookies are refused;
  // it is then dropped from the address bar (the node set a cookie for later visits).
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token) {
    history.replaceState(null, '', location.pathname);
  }

  const $ = (id) => document.getElementById(id);
  const state = { nodes: null, axes: null, chosenAxes: false, statuses: new Map(), selected: null, chart: null };

  async function api(name) {
    const headers = token ? { Authorization: 'Bearer ' + token } : {};
    const r = await fetch('/api/' + name, { headers, cache: 'no-store' });
    const body = await r.json();
    if (!r.ok) {
      throw new Error(r.status + ': ' + (body.error || r.statusText));
    }
    return body;
  }

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) {
      e.textContent = String(text);
    }
    if (cls) {
      e.className = cls;
    }
    return e;
  }

  function row(cells) {
    const tr = el('tr');
    cells.forEach((c) => tr.appendChild(c instanceof Node ? c : el('td', c === null || c === undefined ? '-' : c)));
    return tr;
  }

  function fixed(x, digits) {
    return typeof x === 'number' ? x.toFixed(digits) : '-';
  }

  // ---- the grid: zones projected onto two axes ----

  // The axes the zones are cut along most often show the most; the viewer's choice wins once made.
  function defaultAxes(doc) {
    const dims = doc.dimensions.length;
    const cuts = new Array(dims).fill(0).map(() => new Set());
    doc.nodes.forEach((n) => (n.zones || []).forEach((z) => {
      for (let d = 0; d < dims; d++) {
        cuts[d].add(z.lower[d]);
        cuts[d].add(z.upper[d]);
      }
    }));
    const order = [...Array(dims).keys()].sort((a, b) => cuts[b].size - cuts[a].size || a - b);
    return [order[0], order[1]].sort((a, b) => a - b);
  }

  function fillAxisSelects(doc) {
    ['axis-x', 'axis-y'].forEach((id, i) => {
      const s = $(id);
      if (s.options.length !== doc.dimensions.length) {
        s.replaceChildren(...doc.dimensions.map((name, d) => {
          const o = el('option', name);
          o.value = String(d);
          return o;
        }));
      }
      s.value = String(state.axes[i]);
    });
  }

  function loadOf(n) {
    const q = n.queueLength || 0;
    return $('colour-by').value === 'perCpu' ? q / Math.max(n.capabilities.cpu, 0.01) : q;
  }

  // Green for an idle node, red for the busiest; four jobs at least make red, so a light load stays green.
  function colourOf(n, top) {
    const t = Math.min(loadOf(n) / top, 1);
    return 'hsl(' + Math.round(120 * (1 - t)) + ', 65%, ' + Math.round(72 - 22 * t) + '%)';
  }

  function drawZones() {
    const doc = state.nodes;
    const svg = $('zones');
    const pad = 28;
    const side = PLOT;
    svg.setAttribute('viewBox', '0 0 ' + (side + pad + 8) + ' ' + (side + pad + 8));
    svg.replaceChildren();
    if (!doc || doc.overlay !== 'CAN') {
      $('legend').textContent = doc ? 'a ' + doc.overlay + ' grid has links, not zones: see the nodes below' : '';
      return;
    }
    const [ax, ay] = state.axes;
    svg.dataset.plotWidth = String(side);
    svg.dataset.plotHeight = String(side);
    svg.dataset.axisX = doc.dimensions[ax];
    svg.dataset.axisY = doc.dimensions[ay];
    const plot = document.createElementNS(SVG, 'g');
    plot.setAttribute('transform', 'translate(' + pad + ',4)');
    let count = 0;
    let area = 0;
    const top = Math.max(4, ...doc.nodes.map(loadOf));
    doc.nodes.forEach((n) => (n.zones || []).forEach((z) => {
      const x0 = z.lower[ax], x1 = z.upper[ax], y0 = z.lower[ay], y1 = z.upper[ay];
      const r = document.createElementNS(SVG, 'rect');
      r.setAttribute('class', 'zone');
      r.setAttribute('x', String(x0 * side));
      r.setAttribute('y', String((1 - y1) * side));
      r.setAttribute('width', String((x1 - x0) * side));
      r.setAttribute('height', String((y1 - y0) * side));
      r.setAttribute('fill', colourOf(n, top));
      r.dataset.node = n.id;
      r.dataset.queue = String(n.queueLength);
      r.dataset.x0 = String(x0);
      r.dataset.x1 = String(x1);
      r.dataset.y0 = String(y0);
      r.dataset.y1 = String(y1);
      r.addEventListener('mousemove', (e) => showTip(e, n, z));
      r.addEventListener('mouseleave', () => { $('zone-tip').hidden = true; });
      plot.appendChild(r);
      if ((x1 - x0) * side > 30 && (y1 - y0) * side > 14) {
        const t = document.createElementNS(SVG, 'text');
        t.setAttribute('x', String((x0 + x1) / 2 * side));
        t.setAttribute('y', String((1 - (y0 + y1) / 2) * side + 4));
        t.setAttribute('text-anchor', 'middle');
        t.textContent = n.id.slice(1, 7) + ' q' + n.queueLength;
        plot.appendChild(t);
      }
      count++;
      area += (x1 - x0) * (y1 - y0);
    }));
    svg.dataset.zones = String(count);
    svg.appendChild(plot);
    axisLabel(svg, doc.dimensions[ax], pad + side / 2, side + pad + 2, 0);
    axisLabel(svg, doc.dimensions[ay], 12, side / 2, -90);
    // Zones that differ only along hidden axes overlap in the projection: the covered share says so.
    $('legend').textContent = count + ' zone(s) of ' + doc.count + ' node(s); projected area ' + area.toFixed(3)
        + ' of the plot (1.000 when the zones differ only along these two axes); colour: green idle, red '
        + (top > 4 ? 'the busiest, ' : '') + fixed(top, 1) + ($('colour-by').value === 'perCpu' ? ' jobs per cpu' : ' jobs');
  }

  function axisLabel(svg, text, x, y, rotate) {
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(x));
    t.setAttribute('y', String(y));
    t.setAttribute('text-anchor', 'middle');
    if (rotate) {
      t.setAttribute('transform', 'rotate(' + rotate + ' ' + x + ' ' + y + ')');
    }
    t.textContent = text + ' (0..1)';
    svg.appendChild(t);
  }

  function showTip(e, n, z) {
    const tip = $('zone-tip');
    const c = n.capabilities;
    const dims = state.nodes.dimensions;
    tip.replaceChildren(
      el('b', n.id), el('div', n.address + ' · ' + n.phase),
      el('div', 'cpu ' + c.cpu + ' · memory ' + c.memoryMiB + ' MiB · disk ' + c.diskGiB + ' GiB'
        + (c.cores === undefined ? '' : ' · ' + c.cores + ' cores')),
      el('div', 'queue ' + n.queueLength + ' (running and waiting)'),
      el('div', 'attributes ' + (n.attributes || 'none published')),
      el('div', 'zone ' + dims.map((d, i) => d + ' ' + fixed(z.lower[i], 3) + '..' + fixed(z.upper[i], 3)).join(', ')),
      el('div', 'neighbours: ' + (n.neighbours.map((m) => m.id).join(', ') || 'none')));
    const wrap = $('plot-wrap').getBoundingClientRect();
    tip.style.left = (e.clientX - wrap.left + 14) + 'px';
    tip.style.top = (e.clientY - wrap.top + 14) + 'px';
    tip.hidden = false;
  }

  // ---- nodes ----

  function drawNodes() {
    const doc = state.nodes;
    const checks = $('checks');
    checks.replaceChildren();
    const verdict = (label, ok, good, bad) => {
      checks.appendChild(el('span', label + ' '));
      checks.appendChild(el('span', ok ? good : bad, ok ? 'ok' : 'bad'));
      checks.appendChild(el('span', '  '));
    };
    checks.appendChild(el('span', doc.count + ' nodes · '));
    if (doc.overlay === 'CAN') {
      checks.appendChild(el('span', 'volume sum ' + fixed(doc.volumeSum, 9) + ' · '));
      verdict('tiling', doc.tilingOk, 'ok', 'BROKEN');
      verdict('neighbour tables', doc.neighbourTablesOk, 'ok', 'WRONG');
    } else {
      verdict('degree limits', doc.degreeLimitsOk, 'ok', 'BROKEN');
      verdict('links', doc.linksSymmetric, 'symmetric', 'ONE-SIDED');
    }
    if (doc.unreachable.length) {
      checks.appendChild(el('span', 'unreachable: ' + doc.unreachable.join(', '), 'bad'));
    }
    (doc.problems || []).forEach((p) => checks.appendChild(el('div', p, 'bad')));
    $('nodes').tBodies[0].replaceChildren(...doc.nodes.map((n) => {
      const tr = row([n.id, n.address, n.phase, fixed(n.capabilities.cpu, 2), Math.round(n.capabilities.memoryMiB),
        Math.round(n.capabilities.diskGiB), n.capabilities.cores === undefined ? '-' : n.capabilities.cores,
        n.zones ? n.zones.length : '-', n.neighbours.length, n.queueLength,
        n.volume === undefined ? '-' : fixed(n.volume, 6), n.attributes || '-']);
      tr.dataset.node = n.id;
      return tr;
    }));
  }

  async function refreshNodes() {
    const [doc, self] = await Promise.all([api('nodes'), api('node')]);
    state.nodes = doc;
    // A live CAN node matches jobs with CAN-PX; a HYGRA node with HYGRA's search.
    const locator = self.overlay === 'CAN' ? 'CAN-PX' : self.overlay;
    $('self').textContent = 'node ' + self.id + ' at ' + self.address + ' (' + locator + ', ' + self.phase + ')';
    if (doc.overlay === 'CAN' && (!state.axes || !state.chosenAxes)) {
      state.axes = defaultAxes(doc);
    }
    if (doc.overlay === 'CAN') {
      fillAxisSelects(doc);
    }
    drawZones();
    drawNodes();
  }

  // ---- jobs ----

  /** What the wait column says before the run node has reported one. */
  function waitingWord(state) {
    return state === 'MATCHING' || state === 'QUEUED' || state === 'SUBMITTED' ? 'waiting'
      : state === 'RUNNING' ? 'started' : 'never started';
  }

  function terminal(s) {
    return s === 'COMPLETED' || s === 'FAILED' || s === 'NO_MATCH' || s === 'CANCELLED';
  }

  async function refreshJobs() {
    const jobs = await api('jobs');
    // The owner's word is fresher than the list's (which is up to a heartbeat old): ask for the newest rows
    // whose end is not known yet.
    const ask = jobs.filter((j) => !terminal((state.statuses.get(j.job) || {}).state)).slice(0, STATUS_PER_POLL);
    await Promise.all(ask.map(async (j) => {
      try {
        state.statuses.set(j.job, await api('job?id=' + encodeURIComponent(j.job)));
      } catch (e) {
        // Its owner is being replaced: the list's state stands until the next poll.
      }
    }));
    $('jobs').tBodies[0].replaceChildren(...jobs.map((j) => {
      const s = state.statuses.get(j.job) || {};
      const shown = s.state && s.state !== 'UNKNOWN' ? s.state : j.state;
      const exit = s.exitCode !== undefined && s.exitCode !== null ? s.exitCode : j.exitCode;
      const tr = row([j.job, j.name, el('td', shown, 'state-' + shown), exit, j.submitted, s.owner, s.runNode,
        s.waitMillis === undefined || s.waitMillis === null ? waitingWord(shown) : s.waitMillis + ' ms']);
      tr.dataset.job = j.job;
      tr.dataset.state = shown;
      tr.addEventListener('click', () => select(j.job));
      return tr;
    }));
    if (state.selected) {
      await refreshDetail();
    }
  }

  function select(id) {
    state.selected = id;
    $('job-id').value = id;
    refreshDetail().catch(report);
  }

  async function refreshDetail() {
    const id = state.selected;
    const q = encodeURIComponent(id);
    const [status, explained] = await Promise.all([api('job?id=' + q), api('explain?id=' + q)]);
    if (id !== state.selected) {
      return;
    }
    $('job-detail').hidden = false;
    $('job-detail').dataset.state = status.state;
    $('job-title').textContent = 'job ' + status.job;
    const s = $('job-status');
    s.replaceChildren(el('span', status.state, 'state-' + status.state),
      el('span', (status.exitCode !== null ? ' exit ' + status.exitCode : '')
        + ' · owner ' + (status.owner || '-') + ' · run node ' + (status.runNode || '-')
        + ' · wait ' + (status.waitMillis === null ? '-' : status.waitMillis + ' ms')
        + (status.reason ? ' · ' + status.reason : '')));
    $('steps').tBodies[0].replaceChildren(...explained.steps.map((st) => {
      const tr = row([new Date(st.at).toISOString().slice(11, 23), st.node, st.kind, st.detail, st.next]);
      tr.children[3].className = 'detail';
      tr.dataset.kind = st.kind;
      return tr;
    }));
    $('incomplete').textContent = explained.incomplete.length ? 'no steps from: ' + explained.incomplete.join('; ') : '';
  }

  // ---- the chart (uPlot) ----

  async function refreshHistory() {
    const h = await api('history');
    const data = [h.at, h.waiting, h.running];
    if (!state.chart) {
      const width = Math.max(320, $('chart').clientWidth - 10);
      state.chart = new uPlot({
        width, height: 260,
        series: [{}, { label: 'waiting', stroke: '#d9822b', width: 2 }, { label: 'running', stroke: '#1f5fbf', width: 2 }],
        // Time labels need room: one every 90 px at least, so that they never run into each other.
        axes: [{ space: 90 }, { label: 'jobs' }],
        // At least five minutes wide, so that the first samples of a fresh node do not fill the chart.
        scales: { x: { time: true, range: (u, min, max) => [Math.min(min, max - 300), max] },
          y: { range: (u, min, max) => [0, Math.max(4, max)] } },
      }, data, $('chart'));
    } else {
      state.chart.setData(data);
    }
    $('chart').dataset.samples = String(h.at.length);
  }

  // ---- polling ----

  function report(e) {
    $('problem').textContent = e ? String(e.message || e) : '';
  }

  async function poll() {
    try {
      await Promise.all([refreshNodes(), refreshJobs()]);
      report(null);
      $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
    } catch (e) {
      report(e);
    }
    setTimeout(poll, POLL_MILLIS);
  }

  async function pollHistory() {
    try {
      await refreshHistory();
    } catch (e) {
      report(e);
    }
    setTimeout(pollHistory, HISTORY_MILLIS);
  }

  ['axis-x', 'axis-y'].forEach((id, i) => $(id).addEventListener('change', () => {
    state.axes[i] = Number($(id).value);
    state.chosenAxes = true;
    drawZones();
  }));
  $('colour-by').addEventListener('change', drawZones);
  $('lookup').addEventListener('submit', (e) => {
    e.preventDefault();
    const id = $('job-id').value.trim();
    if (id) {
      select(id);
    }
  });

  poll();
  pollHistory();
}());
