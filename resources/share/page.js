// The players' page: follows the GM's fight through Server-Sent Events, reconnects by itself
// after sleep or a network blip, and says plainly when it has lost the GM. Everything is
// written as text (never as markup): the GM's names cannot become part of the page.
"use strict";

const BAND_GLYPHS = { "unhurt": "●●●", "hurt": "●●○", "badly hurt": "●○○", "down": "○○○" };
const STATUS_MARKS = { current: "▶", done: "✓", delayed: "⏸" };
const RETRY_MS = 2000;
const SILENCE_MS = 25000;  // the GM's server says it is alive every 10 s

let source = null;
let heard = 0;
let currentLabel = null;

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function show(id, text) {
  document.getElementById(id).textContent = text;
}

function renderRow(row) {
  const item = element("div", ["row", row.side, row.status].join(" "));
  if (row.down) item.classList.add("down");
  if (row.set_apart) item.classList.add("set-apart");
  item.appendChild(element("span", "mark", STATUS_MARKS[row.status] || ""));
  item.appendChild(element("span", "name", row.label));
  const value = element("span", "value");
  const parts = [];
  if (row.pips || row.spent_pips) parts.push("●".repeat(row.pips) + "○".repeat(row.spent_pips));
  if (row.value) parts.push(row.value);
  value.textContent = parts.join(" ");
  item.appendChild(value);
  const more = [];
  if (row.kind) more.push(row.kind);
  if (row.band) more.push(BAND_GLYPHS[row.band] + " " + row.band);
  if (row.down && row.band !== "down") more.push("down");
  more.push(...row.conditions);
  if (more.length) item.appendChild(element("span", "more", more.join(" · ")));
  return item;
}

function renderColumns(data, board) {
  const columns = element("div", "columns");
  let column = null;
  let heading = null;
  for (const row of data.rows) {
    if (column === null || row.column !== heading) {
      heading = row.column;
      column = element("section", "column");
      if (heading === data.under_way) column.classList.add("under-way");
      column.appendChild(element("h3", "", heading));
      columns.appendChild(column);
    }
    column.appendChild(renderRow(row));
  }
  board.appendChild(columns);
}

function renderDice(dice) {
  const list = document.getElementById("dice");
  list.replaceChildren();
  for (const die of dice) {
    const item = element("li", "die", die.label);
    if (die.success === true) item.classList.add("success");
    if (die.success === false) item.classList.add("failed");
    if (die.kept === false) item.classList.add("dropped");
    item.title = die.words;
    item.setAttribute("aria-label", die.words);
    list.appendChild(item);
  }
}

function render(data) {
  show("round", data.round);
  show("now", data.now);
  document.getElementById("now-line").hidden = !data.now;
  show("next", data.next);
  document.getElementById("next-line").hidden = !data.next;
  show("axis", data.axis_title);
  show("roll", data.roll);
  renderDice(data.dice);
  const board = document.getElementById("board");
  board.replaceChildren();
  if (!data.rows.length) {
    board.appendChild(element("p", "empty", "Nobody in the fight yet"));
  } else if (data.drawn === "columns") {
    renderColumns(data, board);
  } else {
    for (const row of data.rows) board.appendChild(renderRow(row));
  }
  const current = board.querySelector(".row.current");
  const label = current ? current.querySelector(".name").textContent : null;
  if (current && label !== currentLabel) current.scrollIntoView({ block: "nearest" });
  currentLabel = label;
  document.body.dataset.received = String(Number(document.body.dataset.received || 0) + 1);
}

function lost() {
  document.getElementById("lost").hidden = false;
}

function heardFromTheGm() {
  heard = Date.now();
  document.getElementById("lost").hidden = true;
}

function connect() {
  if (source) source.close();
  source = new EventSource("events");
  source.onopen = heardFromTheGm;
  source.addEventListener("alive", heardFromTheGm);
  source.onmessage = (event) => {
    heardFromTheGm();
    render(JSON.parse(event.data));
  };
  source.onerror = () => {
    lost();
    // The browser retries a dropped stream by itself, but not one refused (a new key, a
    // server that came back on another address): try again, until the GM is back.
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, RETRY_MS);
  };
}

// After sleep, or when the stream has gone silent, start again at once.
setInterval(() => {
  if (Date.now() - heard > SILENCE_MS) {
    lost();
    connect();
  }
}, RETRY_MS);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && Date.now() - heard > SILENCE_MS) connect();
});

heard = Date.now();
connect();
