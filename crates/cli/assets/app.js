// The fireteam battle map. It draws only what the server's JSON says: the board view (grid,
// terrain with drawing hints, marks, units), the legal actions with what each points at, and
// the log of narration and events. It knows no rule system, so every system the engine plays
// appears here unchanged.
"use strict";

const S = 24; // hex radius, px
const H = Math.sqrt(3) * S;
const SIDE_COLOURS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"];
// Drawing hints (TerrainView.look, Mark.kind) to colours; unknown words draw as open ground.
const LOOKS = {
  open: "#e9e4d4", wall: "#5b5750", "low-wall": "#a39e8e", water: "#9cc9e8", "deep-water": "#4b8fc4",
  brush: "#a7c58a", rough: "#cfc2a0", pit: "#6b5a45", dark: "#7d7f91", smoke: "#c4c4c4",
  fire: "#f59e42", ice: "#e0f2fe", building: "#8d7b68",
};
const MARKS = { smoke: "#9ca3af", gas: "#a3e635", fire: "#f97316", item: "#facc15", grenade: "#111827", escape: "#22c55e" };

const $ = (id) => document.getElementById(id);
const svgNS = "http://www.w3.org/2000/svg";
const el = (tag, attrs = {}, parent) => {
  const e = tag.startsWith("svg:") ? document.createElementNS(svgNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
};

const app = {
  game: null, view: null, log: [], selected: null, kind: null, cell: null, focus: null,
  pending: null, source: null, busy: false,
};

async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) throw data;
  return data;
}

function showError(e) {
  const box = $("error");
  if (!e) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = (e.error || String(e)) + (e.help ? `\nhelp: ${e.help}` : "");
}

// ---- geometry: cell centres and outlines for each grid shape
function centre(board, c) {
  const [col, row] = c;
  switch (board.shape.kind) {
    case "square": return [S + col * 2 * S, S + row * 2 * S];
    case "table": { const k = 2 * S / board.shape.units_per_inch; return [col * k + S, row * k + S]; }
    default: return [S + col * 1.5 * S, H / 2 + row * H + (col & 1 ? H / 2 : 0)];
  }
}
function outline(board, c) {
  const [x, y] = centre(board, c);
  if (board.shape.kind !== "hex") return `${x - S},${y - S} ${x + S},${y - S} ${x + S},${y + S} ${x - S},${y + S}`;
  const pts = [];
  for (let i = 0; i < 6; i++) { const a = Math.PI / 3 * i; pts.push(`${(x + S * Math.cos(a)).toFixed(1)},${(y + S * Math.sin(a)).toFixed(1)}`); }
  return pts.join(" ");
}
function boardSize(board) {
  if (board.shape.kind === "square") return [board.width * 2 * S, board.height * 2 * S];
  if (board.shape.kind === "table") { const k = 2 * S / board.shape.units_per_inch; return [board.width * k + 2 * S, board.height * k + 2 * S]; }
  return [S * 1.5 * board.width + S / 2, H * board.height + H / 2];
}
const key = (c) => `${c[0]},${c[1]}`;

// ---- the board
function drawBoard() {
  const v = app.view, b = setupBoard(v.board), svg = $("board");
  svg.innerHTML = "";
  const [w, h] = boardSize(b);
  svg.setAttribute("width", w + 4); svg.setAttribute("height", h + 4);
  svg.setAttribute("viewBox", `-2 -2 ${w + 4} ${h + 4}`);
  const legal = legalForKind();
  const legalCells = new Set(legal.filter((a) => a.view.cell).map((a) => key(a.view.cell)));
  const targets = new Set(legal.filter((a) => a.view.target !== null && a.view.target !== undefined).map((a) => a.view.target));
  const threat = new Set((app.focus?.threat || []).map(key));
  const sight = app.focus ? new Set(app.focus.sight.map(key)) : null;
  const sel = b.units.find((u) => u.id === app.selected);
  const cellsLayer = el("svg:g", {}, svg);
  if (b.shape.kind !== "table") {
    for (let row = 0; row < b.height; row++) for (let col = 0; col < b.width; col++) {
      const t = b.terrain[b.cells[row * b.width + col]] || { look: "open", name: "?" };
      const k = key([col, row]);
      let cls = "cell";
      if (legalCells.has(k)) cls += " legal";
      if (threat.has(k)) cls += " threat";
      if (app.cell && key(app.cell) === k) cls += " chosen";
      const p = el("svg:polygon", { points: outline(b, [col, row]), fill: LOOKS[t.look] || LOOKS.open, class: cls, "data-col": col, "data-row": row }, cellsLayer);
      el("svg:title", { text: `${col},${row} ${t.name}${t.note ? " — " + t.note : ""}` }, p);
      p.addEventListener("click", () => clickCell([col, row]));
      if (sight && sel && sel.at && !sight.has(k) && k !== key(sel.at)) el("svg:polygon", { points: outline(b, [col, row]), class: "unseen" }, cellsLayer);
    }
    // Column numbers along the top, row numbers in the first column: a cell is written col,row.
    for (let col = 0; col < b.width; col += 1) {
      const [x] = centre(b, [col, 0]);
      el("svg:text", { x, y: 9, "font-size": 9, "text-anchor": "middle", fill: "#6b6552", text: col }, svg);
    }
    for (let row = 0; row < b.height; row += 1) {
      const [x, y] = centre(b, [0, row]);
      el("svg:text", { x: x - S * 0.75, y: y + 3, "font-size": 9, fill: "#6b6552", text: row }, svg);
    }
  }
  for (const m of b.marks) {
    const p = el("svg:polygon", { points: outline(b, m.at), fill: MARKS[m.kind] || "#888", opacity: 0.45, class: `mark mark-${m.kind}` }, svg);
    el("svg:title", { text: m.label }, p);
  }
  for (const u of b.units) if (u.at) drawUnit(svg, b, u, targets.has(u.id));
  drawLegend(b);
}

function drawUnit(svg, b, u, isTarget) {
  const [x, y] = centre(b, u.at);
  const colour = SIDE_COLOURS[u.side % SIDE_COLOURS.length];
  let cls = "unit";
  if (u.out) cls += " out";
  if (u.id === app.selected) cls += " selected";
  if (isTarget) cls += " target";
  const g = el("svg:g", { class: cls, "data-unit": u.id, "data-name": u.name }, svg);
  const down = u.posture === "prone" || u.posture === "fallen";
  const r = u.posture === "kneeling" ? S * 0.5 : S * 0.6;
  if (u.facing !== null && u.facing !== undefined && b.facings.length) {
    const a = (2 * Math.PI / b.facings.length) * u.facing;
    const dx = Math.sin(a), dy = -Math.cos(a);
    const tip = [x + dx * S * 0.95, y + dy * S * 0.95];
    const l = [x + dx * r * 0.8 - dy * r * 0.5, y + dy * r * 0.8 + dx * r * 0.5];
    const rr = [x + dx * r * 0.8 + dy * r * 0.5, y + dy * r * 0.8 - dx * r * 0.5];
    el("svg:polygon", { points: `${tip} ${l} ${rr}`, fill: colour }, g);
  }
  if (down) el("svg:ellipse", { cx: x, cy: y, rx: r, ry: r * 0.55, fill: colour, stroke: "#111", class: "body" }, g);
  else el("svg:circle", { cx: x, cy: y, r, fill: colour, stroke: "#111", class: "body" }, g);
  el("svg:text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700, text: u.name.slice(0, 2) }, g);
  if (u.damage_max) {
    const f = Math.max(0, Math.min(1, u.damage / u.damage_max));
    el("svg:rect", { x: x - S * 0.6, y: y + r + 1, width: S * 1.2, height: 3, fill: "#d1d5db" }, g);
    el("svg:rect", { x: x - S * 0.6, y: y + r + 1, width: S * 1.2 * f, height: 3, fill: "#b91c1c" }, g);
  }
  if (u.status.length) el("svg:circle", { cx: x + r * 0.8, cy: y - r * 0.8, r: 4, fill: u.out ? "#111" : "#f59e0b" }, g);
  if (u.out) el("svg:text", { x, y: y + 5, "text-anchor": "middle", "font-size": 20, fill: "#111", text: "✕" }, g);
  el("svg:title", { text: unitText(b, u) }, g);
  g.addEventListener("click", (ev) => { ev.stopPropagation(); clickUnit(u); });
}

function unitText(b, u) {
  const facing = u.facing !== null && u.facing !== undefined && b.facings.length ? ` facing ${b.facings[u.facing]}` : "";
  const dmg = u.damage_max ? `${u.damage}/${u.damage_max} damage` : `${u.damage} damage`;
  return `${u.name} (${b.sides[u.side]?.name}) at ${u.at ? key(u.at) : "off the board"}${facing}, ${u.posture}, ${dmg}` +
    (u.weapon ? `\nin hand: ${u.weapon}` : "") + (u.gear.length ? `\ncarries: ${u.gear.join(", ")}` : "") +
    (u.status.length ? `\n${u.status.join(", ")}` : "");
}

function drawLegend(b) {
  const box = $("legend"); box.innerHTML = "";
  const used = new Set(b.cells);
  b.terrain.forEach((t, i) => {
    if (!used.has(i)) return;
    const s = el("span", {}, box);
    el("i", { style: `background:${LOOKS[t.look] || LOOKS.open}` }, s);
    s.append(t.name);
  });
  b.sides.forEach((side, i) => {
    const s = el("span", {}, box);
    el("i", { style: `background:${SIDE_COLOURS[i % SIDE_COLOURS.length]};border-radius:6px` }, s);
    s.append(side.name);
  });
}

// ---- choosing an action
const legalOf = (unit) => app.view.legal.filter((a) => a.view.unit === unit);
function legalForKind() {
  if (!app.view || app.kind === null) return [];
  return legalOf(app.selected).filter((a) => a.view.kind === app.kind);
}

function clickUnit(u) {
  if (app.setup) { setupSelect(u.name); return; }
  if (app.kind !== null) {
    // A unit stands for itself as a target, and for its cell (a grenade thrown at it).
    const aimed = legalForKind().filter((a) => a.view.target === u.id);
    if (aimed.length) { offer(aimed); return; }
    if (u.at && legalForKind().some((a) => a.view.cell && key(a.view.cell) === key(u.at))) { clickCell(u.at); return; }
  }
  select(u.id);
}

async function select(id) {
  app.selected = id; app.kind = null; app.cell = null; app.pending = null; app.focusAt = app.view?.step;
  $("odds").hidden = true;
  app.focus = id === null ? null : await api(`/api/games/${app.game}/focus/${id}`).catch(() => null);
  render();
}

function clickCell(c) {
  if (app.setup) { setupMove(c); return; }
  if (app.kind === null) {
    const u = app.view.board.units.find((x) => x.at && key(x.at) === key(c) && !x.out) || app.view.board.units.find((x) => x.at && key(x.at) === key(c));
    if (u) select(u.id);
    return;
  }
  const here = legalForKind().filter((a) => a.view.cell && key(a.view.cell) === key(c));
  if (!here.length) return;
  app.cell = c;
  offer(here);
}

// Several actions share a cell or a target (facings, guards, fire modes): list them; one that
// is not an attack is played at once; an attack shows its odds first.
function offer(actions) {
  const box = $("candidates"); box.innerHTML = "";
  if (actions.length === 1 && !actions[0].view.attack) { commit(actions[0].text); return; }
  if (actions.length === 1) { showOdds(actions[0].text); return; }
  el("div", { class: "hint", text: `${actions.length} ways:` }, box);
  for (const a of actions) {
    const btn = el("button", { class: "candidate", "data-attack": a.view.attack, text: a.text }, box);
    btn.addEventListener("click", () => (a.view.attack ? showOdds(a.text) : commit(a.text)));
  }
  drawBoard();
}

async function showOdds(text) {
  app.pending = text;
  const box = $("odds");
  box.hidden = false;
  $("odds-action").textContent = text;
  $("odds-roll").textContent = "working out the odds…";
  $("odds-outcomes").innerHTML = ""; $("odds-kind").textContent = "";
  $("commit").hidden = false;
  try {
    const o = await api(`/api/games/${app.game}/odds`, { text, defend: Number($("defend").value) || 0 });
    if (app.pending !== text) return;
    fillOdds(o);
  } catch (e) { $("odds-roll").textContent = e.error || String(e); }
}

// The odds as `odds --action --json` gives them: the roll's make-up, then each outcome.
function fillOdds(o) {
  $("odds-roll").textContent = o.roll ? `roll: ${o.roll}` : "";
  $("odds-kind").textContent = o.exact ? `exact, over ${o.paths} paths through the dice` : `ESTIMATE, not exact: ${o.samples} samples; ${o.why}`;
  const t = $("odds-outcomes");
  for (const r of o.outcomes) {
    const tr = el("tr", { class: "outcome", "data-outcome": r.outcome, "data-p": r.p }, t);
    el("td", { text: r.outcome }, tr);
    el("td", { text: o.exact ? r.p : `${(r.p * 100).toFixed(2)}% [${(r.ci95[0] * 100).toFixed(2)}, ${(r.ci95[1] * 100).toFixed(2)}]` }, tr);
    el("td", { text: o.exact ? `${(r.pf * 100).toFixed(2)}%` : "" }, tr);
  }
  $("odds").dataset.ready = "true";
}

async function commit(text) {
  if (app.busy) return;
  app.busy = true;
  try {
    app.view = await api(`/api/games/${app.game}/act`, { text });
    app.kind = null; app.cell = null; app.pending = null;
    $("odds").hidden = true; $("odds").dataset.ready = "";
    showError(null);
    await refreshLog();
    render();
  } catch (e) { showError(e); } finally { app.busy = false; }
}

function renderChoices() {
  const v = app.view, panel = $("choose");
  const kinds = $("kinds"), others = $("others"), cands = $("candidates"), hint = $("hint"), info = $("unit-info");
  kinds.innerHTML = ""; others.innerHTML = ""; hint.textContent = "";
  if (!app.kind) cands.innerHTML = "";
  panel.hidden = !v.legal.length && app.selected === null;
  const sel = v.board.units.find((u) => u.id === app.selected);
  info.textContent = sel ? unitText(v.board, sel) : "";
  // Actions that belong to no unit (start a turn, choose an order).
  for (const a of v.legal.filter((x) => x.view.unit === null || x.view.unit === undefined)) {
    const btn = el("button", { class: "action-btn", text: a.text }, others);
    btn.addEventListener("click", () => commit(a.text));
  }
  const mine = legalOf(app.selected);
  if (v.legal.length && !mine.length && !others.children.length) {
    const who = v.decision?.unit_name;
    hint.textContent = who ? `Click ${who} to choose an action.` : "Click one of your units.";
  }
  const byKind = new Map();
  for (const a of mine) { if (!byKind.has(a.view.kind)) byKind.set(a.view.kind, []); byKind.get(a.view.kind).push(a); }
  for (const [k, list] of byKind) {
    const attack = list.some((a) => a.view.attack);
    const btn = el("button", { class: "kind" + (attack ? " attack" : ""), "data-kind": k, "data-attack": attack, "aria-pressed": app.kind === k, text: `${k.replaceAll("_", " ")} (${list.length})` }, kinds);
    btn.addEventListener("click", () => chooseKind(k));
  }
}

function chooseKind(k) {
  app.kind = k; app.cell = null;
  const list = legalForKind();
  const placed = list.filter((a) => a.view.cell || (a.view.target !== null && a.view.target !== undefined));
  const box = $("candidates"); box.innerHTML = "";
  if (!placed.length) { offer(list); render(); return; }
  $("hint").textContent = "Click a highlighted hex or target.";
  render();
}

// ---- the decision, the AI, the dice, replays, seats
function renderDecision() {
  const v = app.view;
  $("title").textContent = `${v.title} — ${v.system} (${v.scenario})`;
  $("turn").textContent = `Turn ${v.board.turn} · ${v.board.phase} · step ${v.step} of ${v.steps}`;
  const over = $("over");
  if (v.over) {
    over.hidden = false;
    over.textContent = v.over.winner ? `The battle is over: ${v.over.winner} wins.` : "The battle is over: a draw.";
    $("decision").textContent = "";
  } else {
    over.hidden = true;
    const d = v.decision;
    $("decision").textContent = d ? `${d.side_name} decides${d.unit_name ? ` for ${d.unit_name}` : ""} (${d.seat})` : "";
  }
  const aiTurn = v.decision && v.decision.seat && v.decision.seat.startsWith("ai") && v.step === v.steps;
  $("ai-controls").hidden = !aiTurn;
  const nd = $("need-dice");
  nd.hidden = !v.need_dice;
  if (v.need_dice) $("need-what").textContent = `Roll ${v.need_dice.dice} for ${v.need_dice.purpose} (${v.need_dice.action}); ${v.need_dice.needed} more face(s).`;
  $("dice-mode").value = v.dice;
  const replaying = v.step !== v.steps || app.replay;
  $("replay-bar").hidden = !replaying && v.steps === 0 ? true : !replaying;
  $("step-no").textContent = `${v.step} / ${v.steps}`;
  const slider = $("slider"); slider.max = v.steps; slider.value = v.step;
  $("save-info").textContent = v.save ? `saved after every action to ${v.save}` : "a replay of a log: not saved";
  if (v.save_error) showError({ error: v.save_error });
  const seats = $("seats"); seats.innerHTML = "";
  v.sides.forEach((s, i) => {
    const l = el("label", { class: "seat" }, seats);
    l.append(`${s.name}: `);
    const sel = el("select", { "data-side": i }, l);
    for (const o of ["human", "ai:greedy", "ai:search", "ai:random", "ai:first"]) el("option", { value: o, text: o }, sel);
    if (![...sel.options].some((o) => o.value === s.seat)) el("option", { value: s.seat, text: s.seat }, sel);
    sel.value = s.seat;
    sel.addEventListener("change", async () => { try { app.view = await api(`/api/games/${app.game}/seat`, { side: i, seat: sel.value }); render(); } catch (e) { showError(e); } });
  });
}

function render() {
  if (!app.view) return;
  // The unit whose decision it is is selected for the player.
  // The unit whose decision it is is selected for the player (or the one unit that has actions).
  const d = app.view.decision;
  if (app.view.legal.length && app.kind === null && !legalOf(app.selected).length) {
    const units = [...new Set(app.view.legal.map((a) => a.view.unit).filter((u) => u !== null && u !== undefined))];
    const pick = d && units.includes(d.unit) ? d.unit : units.length === 1 ? units[0] : null;
    if (pick !== null && pick !== app.selected) {
      app.selected = pick;
      api(`/api/games/${app.game}/focus/${pick}`).then((f) => { app.focus = f; drawBoard(); }).catch(() => {});
    }
  }
  // What the selected unit threatens and sees changes with every action.
  if (app.selected !== null && app.focusAt !== app.view.step) {
    app.focusAt = app.view.step;
    const id = app.selected;
    api(`/api/games/${app.game}/focus/${id}`).then((f) => { if (app.selected === id) { app.focus = f; drawBoard(); } }).catch(() => {});
  }
  renderDecision();
  renderChoices();
  drawBoard();
  markLog();
  if ($("auto").checked) autoStep();
}

let autoTimer = null;
function autoStep() {
  clearTimeout(autoTimer);
  const v = app.view;
  if (!v.decision || !v.decision.seat?.startsWith("ai") || v.step !== v.steps || v.need_dice) return;
  autoTimer = setTimeout(stepAi, 250);
}

async function stepAi() {
  if (app.busy) return;
  app.busy = true;
  try { app.view = await api(`/api/games/${app.game}/step`, {}); showError(null); await refreshLog(); } catch (e) { showError(e); } finally { app.busy = false; }
  render();
}

// ---- the log: each action's narration; each roll opens to its faces, modifiers and rule IDs
async function refreshLog() {
  const more = await api(`/api/games/${app.game}/log?from=${app.log.length}`);
  if (app.view && app.log.length > app.view.steps) { app.log = []; $("log").innerHTML = ""; return refreshLog(); }
  for (const entry of more) { app.log.push(entry); drawEntry(entry); }
  const box = $("log"); box.scrollTop = box.scrollHeight;
}

function drawEntry(entry) {
  const div = el("div", { class: "entry", "data-step": entry.step }, $("log"));
  const head = el("div", {}, div);
  el("span", { class: "who", text: `#${entry.step} ${entry.side ?? ""}: ` }, head);
  const a = el("a", { href: "#", text: entry.action }, head);
  a.addEventListener("click", (ev) => { ev.preventDefault(); goto(entry.step + 1); });
  for (const line of entry.lines) el("div", { text: line }, div);
  for (const ev of entry.events) if (isRoll(ev)) drawRoll(div, ev);
}

const isRoll = (ev) => ev && typeof ev === "object" && ("faces" in ev || "modifiers" in ev);

function drawRoll(parent, ev) {
  const d = el("details", { class: "roll" }, parent);
  const tag = ev.event || ev.type || ev.kind || "roll";
  const faces = ev.faces ? ` [${ev.faces.flat ? ev.faces.flat(3).join(", ") : ev.faces}]` : "";
  el("summary", { text: `${tag}${faces}${ev.total !== undefined ? ` = ${ev.total}` : ""}` }, d);
  const t = el("table", {}, d);
  for (const [k, v] of Object.entries(ev)) {
    if (k === "modifiers") continue;
    const tr = el("tr", {}, t);
    el("th", { text: k }, tr);
    el("td", { text: typeof v === "object" ? JSON.stringify(v) : String(v) }, tr);
  }
  if (Array.isArray(ev.modifiers) && ev.modifiers.length) {
    const mt = el("table", { class: "modifiers" }, d);
    const h = el("tr", {}, mt);
    for (const c of ["modifier", "value", "rule"]) el("th", { text: c }, h);
    for (const m of ev.modifiers) {
      const tr = el("tr", { class: m.applied === false ? "not-applied" : "" }, mt);
      el("td", { text: m.label + (m.reason ? ` (${m.reason})` : "") }, tr);
      el("td", { text: m.value > 0 ? `+${m.value}` : String(m.value) }, tr);
      el("td", { class: "rule", text: m.rule }, tr);
    }
  }
}

function markLog() {
  for (const e of document.querySelectorAll(".entry")) e.classList.toggle("current", Number(e.dataset.step) === app.view.step - 1);
}

async function goto(step) {
  try { app.view = await api(`/api/games/${app.game}/goto`, { step }); app.replay = true; render(); } catch (e) { showError(e); }
}

// ---- the setup editor: units moved, turned, equipped and posed; options; odds; play or save
function setupBoard(board) {
  if (!app.setup) return board;
  const b = JSON.parse(JSON.stringify(board));
  for (const u of b.units) {
    const e = app.setup.units[u.name];
    if (!e) continue;
    if (e.at) u.at = e.at;
    if (e.facing !== null && e.facing !== undefined) u.facing = e.facing;
    if (e.stance) u.posture = e.stance;
    u.out = false; u.damage = 0;
  }
  return b;
}

async function setupStart() {
  try {
    const s = await api(`/api/games/${app.game}/setup`);
    app.setup = { units: {}, options: s.options, changed: {}, sel: null };
    for (const u of s.units) app.setup.units[u.name] = { at: u.at, facing: u.facing, stance: u.stance, equipment: u.equipment };
    $("setup-body").hidden = false; $("setup-done").hidden = false; $("setup-edit").hidden = true;
    drawOptions(); render();
  } catch (e) { showError(e); }
}

function setupStop() {
  app.setup = null;
  $("setup-body").hidden = true; $("setup-done").hidden = true; $("setup-edit").hidden = false;
  render();
}

function touched(name) { app.setup.changed[name] = true; }

function setupSelect(name) {
  app.setup.sel = name;
  const e = app.setup.units[name];
  $("setup-unit").textContent = `${name}: at ${e.at ? e.at.join(",") : "?"}, facing ${e.facing ?? "?"}. Click a hex to move ${name} there.`;
  $("setup-controls").hidden = false;
  $("setup-stance").value = e.stance || "";
  $("setup-equipment").value = (e.equipment || []).join(", ");
}

function setupMove(c) {
  const name = app.setup.sel;
  if (!name) return;
  app.setup.units[name].at = c; touched(name);
  setupSelect(name); drawBoard();
}

function setupTurn(by) {
  const name = app.setup.sel;
  if (!name) return;
  const n = app.view.board.facings.length || 6;
  const e = app.setup.units[name];
  e.facing = (((e.facing ?? 0) + by) % n + n) % n; touched(name);
  setupSelect(name); drawBoard();
}

function drawOptions() {
  const box = $("setup-options"); box.innerHTML = "";
  for (const [k, v] of Object.entries(app.setup.options)) {
    const l = el("label", { class: "seat" }, box);
    l.append(`${k} = `);
    const i = el("input", { value: v, size: 12, "data-option": k }, l);
    i.addEventListener("change", () => { app.setup.options[k] = i.value; app.setup.optionsChanged = true; });
  }
}

function setupBody(what) {
  const units = Object.keys(app.setup.changed).map((name) => {
    const e = app.setup.units[name];
    const u = { name, at: e.at, facing: e.facing };
    if (e.stance) u.stance = e.stance;
    if (e.equipment) u.equipment = e.equipment;
    return u;
  });
  return { do: what, units, options: app.setup.options, action: $("setup-action").value, after: $("setup-after").value || null, defend: Number($("defend").value) || 0, name: $("setup-name").value };
}

async function setupDo(what) {
  $("setup-status").textContent = what === "odds" ? "working out the odds…" : "";
  try {
    const r = await api(`/api/games/${app.game}/setup`, setupBody(what));
    showError(null);
    if (what === "odds") {
      app.pending = null;
      $("odds").hidden = false; $("commit").hidden = true;
      $("odds-action").textContent = `${r.action} (in the setup${r.after && r.after.length ? `, after ${r.after.join("; ")}` : ""})`;
      $("odds-outcomes").innerHTML = "";
      fillOdds(r);
      $("setup-status").textContent = "";
    } else if (what === "play") {
      setupStop();
      await openGame(r.id);
    } else {
      $("setup-status").textContent = `saved to ${r.saved}; fireteam check accepts it`;
    }
  } catch (e) { $("setup-status").textContent = ""; showError(e); }
}

// ---- simulation: win rates with their 95% intervals, as a chart
async function simulate() {
  const runs = Number($("sim-runs").value);
  $("sim-status").textContent = `running ${runs} battles…`;
  try {
    const r = await api(`/api/games/${app.game}/sim`, { runs });
    $("sim-status").textContent = `${r.runs} battles (seed ${r.seed}): ${r.draws} draws; policies ${r.policies.join(" vs ")}`;
    drawChart(r);
  } catch (e) { $("sim-status").textContent = e.error || String(e); }
}

function drawChart(r) {
  const svg = $("sim-chart"); svg.innerHTML = "";
  const rows = r.sides.map((s, i) => ({ name: s.name, p: s.win_rate, ci: s.ci95, colour: SIDE_COLOURS[i % SIDE_COLOURS.length] }));
  rows.push({ name: "draw", p: r.draws / r.runs, ci: null, colour: "#9ca3af" });
  const W = 320, left = 90, barW = W - left - 50, rowH = 22;
  svg.setAttribute("height", rows.length * rowH + 20);
  rows.forEach((row, i) => {
    const y = 4 + i * rowH;
    el("svg:text", { x: 2, y: y + 13, "font-size": 12, text: row.name }, svg);
    el("svg:rect", { x: left, y, width: barW, height: 16, fill: "#eee" }, svg);
    el("svg:rect", { class: "bar", "data-side": row.name, "data-p": row.p, x: left, y, width: barW * row.p, height: 16, fill: row.colour }, svg);
    if (row.ci) {
      const [lo, hi] = row.ci;
      el("svg:line", { class: "ci", x1: left + barW * lo, x2: left + barW * hi, y1: y + 8, y2: y + 8, stroke: "#111", "stroke-width": 2 }, svg);
      for (const q of [lo, hi]) el("svg:line", { x1: left + barW * q, x2: left + barW * q, y1: y + 3, y2: y + 13, stroke: "#111", "stroke-width": 2 }, svg);
    }
    el("svg:text", { x: left + barW + 4, y: y + 13, "font-size": 12, text: `${(row.p * 100).toFixed(1)}%` }, svg);
  });
}

// ---- opening battles and watching them live
async function openGame(id) {
  app.game = id; app.log = []; app.selected = null; app.kind = null; app.focus = null; app.replay = false;
  $("log").innerHTML = "";
  history.replaceState(null, "", `/?game=${id}`);
  if (app.source) app.source.close();
  app.view = await api(`/api/games/${id}`);
  app.replay = app.view.step !== app.view.steps;
  await refreshLog();
  render();
  // A second browser on the same battle follows every change.
  app.source = new EventSource(`/api/games/${id}/watch`);
  app.source.addEventListener("changed", async () => {
    if (app.busy) return;
    try { app.view = await api(`/api/games/${app.game}`); await refreshLog(); render(); } catch (e) { /* the next change retries */ }
  });
  await listGames(id);
}

async function listGames(current) {
  const games = await api("/api/games");
  const sel = $("games"); sel.innerHTML = "";
  for (const g of games) el("option", { value: g.id, text: `#${g.id} ${g.title}` }, sel);
  if (current !== undefined) sel.value = current;
}

async function init() {
  try {
    const listing = await api("/api/files");
    const sel = $("open-path");
    for (const folder of listing) {
      const group = el("optgroup", { label: folder.folder }, sel);
      for (const f of folder.files) el("option", { value: `${folder.folder}/${f}`, text: f }, group);
    }
  } catch (e) { showError(e); }
  $("open-btn").addEventListener("click", async () => {
    const path = $("open-path").value;
    if (!path) return;
    try { const r = await api("/api/open", { path, replay: $("open-replay").checked }); showError(null); await openGame(r.id); } catch (e) { showError(e); }
  });
  $("games").addEventListener("change", () => openGame(Number($("games").value)));
  $("step-ai").addEventListener("click", stepAi);
  $("auto").addEventListener("change", () => autoStep());
  $("commit").addEventListener("click", () => app.pending && commit(app.pending));
  $("cancel").addEventListener("click", () => { app.pending = null; $("odds").hidden = true; });
  $("faces-btn").addEventListener("click", async () => {
    const faces = $("faces").value.split(/[\s,]+/).filter(Boolean).map(Number);
    if (faces.some((f) => !Number.isInteger(f) || f < 1)) { showError({ error: "faces are whole numbers from 1 up", help: "e.g. 4 2 6" }); return; }
    try { app.view = await api(`/api/games/${app.game}/dice`, { faces }); $("faces").value = ""; showError(null); await refreshLog(); render(); } catch (e) { showError(e); }
  });
  $("dice-mode").addEventListener("change", async () => { try { app.view = await api(`/api/games/${app.game}/mode`, { dice: $("dice-mode").value }); await refreshLog(); render(); } catch (e) { showError(e); } });
  $("first").addEventListener("click", () => goto(0));
  $("prev").addEventListener("click", () => goto(Math.max(0, app.view.step - 1)));
  $("next").addEventListener("click", () => goto(Math.min(app.view.steps, app.view.step + 1)));
  $("last").addEventListener("click", () => goto(app.view.steps));
  $("slider").addEventListener("change", () => goto(Number($("slider").value)));
  $("play-here").addEventListener("click", async () => {
    try { app.view = await api(`/api/games/${app.game}/play-from-here`, {}); app.replay = false; app.log = []; $("log").innerHTML = ""; await refreshLog(); render(); } catch (e) { showError(e); }
  });
  $("sim-btn").addEventListener("click", simulate);
  $("setup-edit").addEventListener("click", setupStart);
  $("setup-done").addEventListener("click", setupStop);
  $("turn-left").addEventListener("click", () => setupTurn(-1));
  $("turn-right").addEventListener("click", () => setupTurn(1));
  $("setup-stance").addEventListener("change", () => { const n = app.setup.sel; if (!n) return; app.setup.units[n].stance = $("setup-stance").value || null; touched(n); drawBoard(); });
  $("setup-equipment").addEventListener("change", () => { const n = app.setup.sel; if (!n) return; app.setup.units[n].equipment = $("setup-equipment").value.split(",").map((x) => x.trim()).filter(Boolean); touched(n); });
  $("setup-option-add").addEventListener("click", () => { const k = $("setup-option-key").value.trim(); if (!k) return; app.setup.options[k] = $("setup-option-value").value.trim() || "true"; drawOptions(); });
  $("setup-odds").addEventListener("click", () => setupDo("odds"));
  $("setup-play").addEventListener("click", () => setupDo("play"));
  $("setup-save").addEventListener("click", () => setupDo("save"));
  const games = await api("/api/games").catch(() => []);
  const asked = new URLSearchParams(location.search).get("game");
  if (asked !== null && games.some((g) => String(g.id) === asked)) await openGame(Number(asked));
  else if (games.length) await openGame(games[games.length - 1].id);
  else await listGames();
  document.body.dataset.ready = "true";
}

init();
