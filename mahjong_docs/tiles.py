"""Tile pictures for the pages: the live client's own SVG tiles, read from the file the client draws them from.

The live table (``mahjong_server/static/tiles.js``) holds the tile pictures
as JSON between two marker lines; this module reads that JSON and writes the
same SVG elements as markup, so a club's published rules and its live table
show one tile set and a change to a picture reaches both.  Unicode tile
glyphs are not used: at body-text size most fonts draw them illegibly small.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from mahjong_core import MahjongError

#: Where the pictures are, and the lines that fence their JSON in.
PICTURES_FILE = ("mahjong_server", "static/tiles.js")
BEGIN = "// BEGIN TILE PICTURES\nconst PICTURES =\n"
END = "\n;\n// END TILE PICTURES"
SVGNS = "http://www.w3.org/2000/svg"


def read_pictures(source: str, where: str = "tiles.js") -> dict[str, Any]:
    """The picture data of a ``tiles.js`` text.

    :raises MahjongError: when the marker lines are missing or the JSON between them does not parse.
    """
    start = source.find(BEGIN)
    stop = source.find(END, start + 1)
    if start < 0 or stop < 0:
        raise MahjongError("no tile pictures: expected the JSON between '// BEGIN TILE PICTURES' and "
                           "'// END TILE PICTURES'", source=where, place="tile pictures")
    try:
        data: dict[str, Any] = json.loads(source[start + len(BEGIN):stop])
    except json.JSONDecodeError as exc:
        raise MahjongError(f"the tile pictures are not JSON: {exc.msg} (line {exc.lineno} of the block)",
                           source=where, place="tile pictures") from None
    return data


@lru_cache(maxsize=1)
def pictures() -> dict[str, Any]:
    """The live client's tile pictures (read once)."""
    package, path = PICTURES_FILE
    text = resources.files(package).joinpath(path).read_text("utf-8")
    return read_pictures(text, f"{package}/{path}")


def _attrs(attrs: Mapping[str, Any]) -> str:
    return "".join(f' {html.escape(str(k))}="{html.escape(str(v))}"' for k, v in attrs.items())


def _draw(elements: Sequence[Mapping[str, Any]], code: str, text_attrs: Mapping[str, Any]) -> Iterable[str]:
    for e in elements:
        attrs = {**e["a"], **text_attrs} if e["el"] == "text" else e["a"]
        body = html.escape(str(e["t"]).replace("{code}", code)) if "t" in e else ""
        yield f"<{e['el']}{_attrs(attrs)}>{body}</{e['el']}>"


def tile_svg(code: str, label: str, *, css_class: str = "tile") -> str:
    """One tile as inline SVG markup, ``code`` a tile code (``5p``) or ``?`` for a tile face down.

    :param label: the text alternative (``5 dots``), read by a screen reader and shown as the tooltip.
    """
    data = pictures()
    parts = [f'<svg xmlns="{SVGNS}" viewBox="{data["viewBox"]}" width="{data["width"]}" height="{data["height"]}"'
             f' role="img" class="{html.escape(css_class)}" aria-label="{html.escape(label)}">'
             f"<title>{html.escape(label)}</title>"]
    if code == "?":
        parts += _draw(data["back"], code, data["text"])
    else:
        parts += _draw(data["front"], code, data["text"])
        parts += _draw(data["faces"].get(code, data["unknown"]), code, data["text"])
    return "".join(parts) + "</svg>"


def tiles_html(groups: Sequence[tuple[str, Sequence[int]]]) -> str:
    """Tile kinds as a row of pictures, in labelled groups (``("concealed", [...])``, ``("pung", [...])``).

    A group's label is shown under it; an empty label shows none.
    """
    from mahjong_core.plugin import KINDS

    out = ['<div class="mahjong-tiles">']
    for label, kinds in groups:
        pics = "".join(tile_svg(KINDS[k].code, KINDS[k].name) if 0 <= k < len(KINDS) else tile_svg("?", str(k))
                       for k in kinds)
        caption = f'<span class="mahjong-tiles-label">{html.escape(label)}</span>' if label else ""
        out.append(f'<span class="mahjong-tile-group"><span class="mahjong-tile-row">{pics}</span>{caption}</span>')
    out.append("</div>")
    return "".join(out)
