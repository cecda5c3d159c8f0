"""Draw the tiles' Chinese characters as outlines, so that no tile depends on the viewer's fonts.

The tile pictures (``mahjong_server/static/tiles.js``, the JSON between its
marker lines) wrote the characters and honours (一 .. 九, 萬, 東 南 西 北,
中 發) as SVG ``text`` in 'Noto Sans CJK SC'.  A browser without a CJK font
-- a fresh Debian or a locked-down office machine -- draws an empty box for
each, so a tile of characters could not be told from another.  This script
replaces each such ``text`` element with a ``path`` of the glyph's outline,
taken from Noto Sans CJK SC Bold (SIL Open Font License 1.1) and placed where
the text was drawn: centred on its ``x`` (``text-anchor: middle``) and on its
``y`` at the middle of the ideographic em box (``dominant-baseline:
central``), scaled to its ``font-size``.  The element keeps the character as
``"glyph"`` (the renderers ignore it), so the script can be run again, and
the tile's text alternative is unchanged.  Latin letters (the winds' E S W N,
F1 .. S4) stay text: every browser has a sans-serif font.

Run it only to change the outlines (another font, another size), with the
font installed (Debian: ``apt-get install fonts-noto-cjk``)::

    python scripts/tile_glyphs.py
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
TILES = ROOT / "mahjong_server" / "static" / "tiles.js"
FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
FACE = "Noto Sans CJK SC"
BEGIN, END = "// BEGIN TILE PICTURES\nconst PICTURES =\n", ";\n// END TILE PICTURES"


def face(path: Path, family: str) -> TTFont:
    """The font of ``family`` in a collection (or the font of a single-font file)."""
    if path.suffix.lower() == ".ttc":
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(1) == family:
                return font
        raise SystemExit(f"{path}: no face named {family!r}")
    return TTFont(str(path))


def is_cjk(text: str) -> bool:
    return any(unicodedata.east_asian_width(ch) == "W" for ch in text)


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def outline(font: TTFont, char: str, x: float, y: float, size: float) -> str:
    """The SVG path data of ``char`` drawn as text at ``(x, y)`` of ``size``, anchored middle and central."""
    cmap = font.getBestCmap()
    if ord(char) not in cmap:
        raise SystemExit(f"{FACE} has no glyph for {char!r}")
    name = cmap[ord(char)]
    glyphs = font.getGlyphSet()
    upm = font["head"].unitsPerEm
    advance = font["hmtx"][name][0]
    os2 = font["OS/2"]
    centre = (os2.sTypoAscender + os2.sTypoDescender) / 2  # the ideographic em box's middle, above the baseline
    scale = size / upm
    pen = SVGPathPen(glyphs, ntos=_number)
    # Font units, y up, origin on the baseline -> the tile's units, y down, the em box centred on (x, y).
    glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x - advance * scale / 2, y + centre * scale)))
    return pen.getCommands()


def convert(elements: list[dict[str, Any]], font: TTFont) -> int:
    """Replace each CJK text element of a face (or a path drawn from one before) by its outline."""
    changed = 0
    for k, e in enumerate(elements):
        if e["el"] == "text" and is_cjk(str(e.get("t", ""))):
            glyph = {"t": e["t"], "x": e["a"]["x"], "y": e["a"]["y"], "font-size": e["a"]["font-size"]}
        elif e["el"] == "path" and "glyph" in e:
            glyph = e["glyph"]
        else:
            continue
        d = outline(font, glyph["t"], float(glyph["x"]), float(glyph["y"]), float(glyph["font-size"]))
        elements[k] = {"el": "path", "a": {"d": d, "fill": e["a"]["fill"], "data-glyph": glyph["t"]}, "glyph": glyph}
        changed += 1
    return changed


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def block(pictures: dict[str, Any]) -> str:
    """The pictures JSON as tiles.js writes it: a line a key, and a line a face."""
    lines = ["{"]
    keys = list(pictures)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        if key == "faces":
            lines.append('  "faces": {')
            codes = list(pictures["faces"])
            lines += [f'    "{code}": {_compact(pictures["faces"][code])}' + ("," if j < len(codes) - 1 else "")
                      for j, code in enumerate(codes)]
            lines.append("  }" + comma)
        else:
            lines.append(f'  "{key}": {_compact(pictures[key])}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--font", type=Path, default=FONT, help=f"the font file (default: {FONT})")
    args = parser.parse_args(argv)
    source = TILES.read_text(encoding="utf-8")
    start, stop = source.index(BEGIN) + len(BEGIN), source.index(END)
    pictures = json.loads(source[start:stop])
    if block(pictures) != source[start:stop]:
        raise SystemExit(f"{TILES}: the pictures are not in the layout this script writes; nothing changed")
    if not args.font.is_file():
        raise SystemExit(f"{args.font}: no such font file; install it (Debian: apt-get install fonts-noto-cjk) or "
                         "name another with --font")
    font = face(args.font, FACE)
    changed = sum(convert(elements, font) for elements in pictures["faces"].values())
    TILES.write_text(source[:start] + block(pictures) + source[stop:], encoding="utf-8")
    print(f"{TILES.relative_to(ROOT)}: {changed} characters drawn as outlines from {FACE} ({args.font.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
