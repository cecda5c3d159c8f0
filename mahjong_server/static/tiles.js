// Tiles drawn as SVG, by this project's own code (no third-party tile set): suits by their pips, honours by
// their character.  Every tile carries a text alternative (role="img", aria-label and <title>) with the tile's
// English name as the server sends it, so a screen reader reads "5 dots", not a picture.
(function () {
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
// Pip positions on a 40x56 face for 1..9 (dots and bamboo share them).
const PIPS = {
  1: [[20, 28]], 2: [[20, 16], [20, 40]], 3: [[11, 14], [20, 28], [29, 42]],
  4: [[12, 16], [28, 16], [12, 40], [28, 40]], 5: [[12, 14], [28, 14], [20, 28], [12, 42], [28, 42]],
  6: [[12, 12], [28, 12], [12, 28], [28, 28], [12, 44], [28, 44]],
  7: [[10, 11], [20, 15], [30, 19], [12, 32], [28, 32], [12, 45], [28, 45]],
  8: [[12, 10], [28, 10], [12, 22], [28, 22], [12, 34], [28, 34], [12, 46], [28, 46]],
  9: [[10, 12], [20, 12], [30, 12], [10, 28], [20, 28], [30, 28], [10, 44], [20, 44], [30, 44]],
};
const HONOURS = {
  "1z": ["東", "#1d3557", "E"], "2z": ["南", "#1d3557", "S"], "3z": ["西", "#1d3557", "W"],
  "4z": ["北", "#1d3557", "N"], "5z": ["", "#1d3557", ""], "6z": ["發", "#2d6a4f", ""], "7z": ["中", "#c1121f", ""],
};

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, size, fill, content, weight) {
  const t = el("text", { x, y, "font-size": size, fill, "text-anchor": "middle", "dominant-baseline": "central",
                         "font-family": "'Noto Sans CJK SC', 'Noto Sans', sans-serif", "font-weight": weight || "600" },
               parent);
  t.textContent = content;
  return t;
}

function face(svg, tile) {
  const rank = parseInt(tile[0], 10);
  const suit = tile.slice(1);
  if (suit === "m") {
    text(svg, 20, 18, 17, "#1d3557", NUMERALS[rank - 1]);
    text(svg, 20, 40, 17, "#c1121f", "萬");
  } else if (suit === "p") {
    const r = rank === 1 ? 11 : rank <= 4 ? 7 : rank <= 6 ? 6 : 5;
    PIPS[rank].forEach(([x, y], i) => {
      const colour = rank === 1 ? "#c1121f" : (i % 3 === 1 ? "#c1121f" : i % 2 ? "#2d6a4f" : "#1d3557");
      el("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 2 }, svg);
      el("circle", { cx: x, cy: y, r: r / 2.5, fill: colour }, svg);
    });
  } else if (suit === "s") {
    if (rank === 1) {
      el("ellipse", { cx: 20, cy: 24, rx: 9, ry: 12, fill: "#2d6a4f" }, svg);
      el("circle", { cx: 17, cy: 19, r: 2, fill: "#fff" }, svg);
      el("path", { d: "M14 36 L20 48 L26 36 Z", fill: "#c1121f" }, svg);
    } else {
      PIPS[rank].forEach(([x, y], i) => {
        const colour = rank === 9 && i % 3 === 1 ? "#c1121f" : "#2d6a4f";
        el("rect", { x: x - 2.5, y: y - 6, width: 5, height: 12, rx: 2, fill: colour }, svg);
        el("line", { x1: x - 2.5, y1: y, x2: x + 2.5, y2: y, stroke: "#fff", "stroke-width": 1 }, svg);
      });
    }
  } else if (suit === "z") {
    const [glyph, colour, letter] = HONOURS[tile] || ["?", "#000", ""];
    if (tile === "5z") { // the white dragon: an empty frame (5z white, 6z green, 7z red, as in the notation)
      el("rect", { x: 9, y: 10, width: 22, height: 36, fill: "none", stroke: colour, "stroke-width": 2.5 }, svg);
    } else {
      text(svg, 20, letter ? 30 : 28, 24, colour, glyph, "700");
      if (letter) text(svg, 31, 9, 9, "#c1121f", letter, "700");
    }
  } else if (suit === "f" || suit === "y") {
    const colour = suit === "f" ? "#c1121f" : "#2d6a4f";
    for (let k = 0; k < 5; k++) {
      const a = (k * 72 * Math.PI) / 180;
      el("ellipse", { cx: 20 + 7 * Math.sin(a), cy: 24 - 7 * Math.cos(a), rx: 4, ry: 6, fill: colour,
                      transform: `rotate(${k * 72} ${20 + 7 * Math.sin(a)} ${24 - 7 * Math.cos(a)})` }, svg);
    }
    el("circle", { cx: 20, cy: 24, r: 3, fill: "#f4a261" }, svg);
    text(svg, 20, 46, 10, colour, (suit === "f" ? "F" : "S") + rank, "700");
  } else {
    text(svg, 20, 28, 12, "#000", tile);
  }
}

// Each face is drawn once, as a <symbol> in a hidden <svg> of the page, and every tile shown is a small <svg>
// that uses it: a table redrawn at every event (the replay viewer steps through thousands) then adds two nodes a
// tile instead of building or copying every pip.
const drawn = new Set();
let defs = null;

function symbolFor(code) {
  const id = "mj-tile-" + (code === "?" ? "back" : code);
  if (drawn.has(id)) return id;
  if (!defs) {
    defs = el("svg", { "aria-hidden": "true", width: 0, height: 0, style: "position:absolute;width:0;height:0;overflow:hidden" });
    document.body.appendChild(defs);
  }
  const symbol = el("symbol", { id, viewBox: "0 0 40 56" }, defs);
  if (code === "?") {
    el("rect", { x: 1, y: 1, width: 38, height: 54, rx: 5, fill: "#2a9d8f", stroke: "#1b6b61", "stroke-width": 2 }, symbol);
    el("rect", { x: 6, y: 6, width: 28, height: 44, rx: 3, fill: "none", stroke: "#8fd3ca", "stroke-width": 1 }, symbol);
  } else {
    el("rect", { x: 1, y: 1, width: 38, height: 54, rx: 5, fill: "#fffdf5", stroke: "#8d99ae", "stroke-width": 2 }, symbol);
    face(symbol, code);
  }
  drawn.add(id);
  return id;
}

// One tile: `code` a tile code ("5p"), or "?" for a tile face down.  `names` maps codes to English names.
function tileSvg(code, names, opts) {
  const o = opts || {};
  const w = o.width || 40;
  const svg = el("svg", { viewBox: "0 0 40 56", width: w, height: Math.round((w * 56) / 40), role: "img",
                          class: "tile" + (o.cls ? " " + o.cls : "") });
  const label = code === "?" ? "a concealed tile" : (names[code] || code);
  svg.setAttribute("aria-label", label);
  el("title", {}, svg).textContent = label;
  el("use", { href: "#" + symbolFor(code) }, svg);
  return svg;
}

window.MahjongTiles = { tileSvg };
})();
