"""Write ``tests/vectors/chain_vectors.json``: the log seal's test vectors (docs/replay-format.md, "The seal").

A four-line log sealed with a fixed Ed25519 key: every line as written, and
for each checkpoint the bytes its chain hashes, the chain and the signature.
Ed25519 signatures are deterministic, so anyone implementing the scheme can
reproduce every byte.  Then ``cases``: variants of that log, each a whole
file as bytes (as text), that settle what the prose could leave open -- hex
case, the final newline, CR, a byte order mark, an unknown field, a duplicate
key, an escaped checkpoint, the format version, a seal in part -- each with
the reader's verdict: ``sealed`` at so many checkpoints, or ``refused`` at a
line, for a reason.  A forger's variant is sealed again the published way
(:func:`_reseal`), so that only the point the case makes is wrong with it.
``tests/core/log/test_log_integrity.py`` checks the code still writes exactly these
lines and reaches exactly these verdicts; run this only when the scheme
changes on purpose.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mahjong_core.log.chain import SIGNATURE_CONTEXT, Sealer, Signer

#: The private key's 32 bytes: RFC 8032's first Ed25519 test key, so the key itself is a published vector.
PRIVATE_KEY = "9d61b19d effd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60".replace(" ", "")
LOG = [
    {"type": "header", "format_version": 2, "ruleset": {"id": "example", "version": "1.0.0", "sha256": "0" * 64},
     "rng": {"algorithm": "sha256-ctr-v1", "seed": 1}, "seats": [{"seat": 0, "name": "east", "kind": "human"},
                                                               {"seat": 1, "name": "south", "kind": "human"}],
     "teams": [[0], [1]], "options": {}},
    {"n": 0, "t": 0, "actor": "table", "type": "deal_start", "deal": 0, "round": 0, "dealer": 0,
     "prevalent_wind": 0, "wall_commitment": None},
    {"n": 1, "t": 0, "actor": "table", "type": "deal_end", "deal": 0, "salt": None, "state": "1" * 64},
    {"n": 2, "t": 0, "actor": "table", "type": "game_end", "deals": 1, "scores": [0, 0], "team_scores": [0, 0]},
]


def vectors() -> dict[str, object]:
    signer = Signer(Ed25519PrivateKey.from_private_bytes(bytes.fromhex(PRIVATE_KEY)))
    sealer = Sealer(signer)
    lines = [sealer.line(obj) for obj in LOG]
    checkpoints = []
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("type") in ("deal_end", "game_end"):
            base = json.dumps({k: v for k, v in event.items() if k not in ("chain", "sig")}, sort_keys=True,
                              separators=(",", ":"))
            checkpoints.append({"line": i + 1, "hashed": "".join(x + "\n" for x in lines[:i]) + base,
                                "chain": event["chain"], "signed": (SIGNATURE_CONTEXT.decode() + event["chain"]),
                                "sig": event["sig"]})
    return {"private_key": PRIVATE_KEY, "public_key": signer.public_hex, "lines": lines, "checkpoints": checkpoints,
            "cases": cases(signer, lines)}


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _reseal(lines: list[str], signer: Signer | None) -> list[str]:
    """Every chained checkpoint's chain (and sig) computed again over the lines as they stand, the rest untouched."""
    out, running = [], hashlib.sha256()
    for i, line in enumerate(lines):
        obj = json.loads(line)
        if i and "chain" in obj:
            base = {k: v for k, v in obj.items() if k not in ("chain", "sig")}
            head = running.copy()
            head.update(_canonical(base).encode("utf-8"))
            obj["chain"] = head.hexdigest()
            if signer is not None:
                obj["sig"] = signer.sign(obj["chain"])
            line = _canonical(obj)
        out.append(line)
        running.update(line.encode("utf-8") + b"\n")
    return out


def _edit(lines: list[str], k: int, **fields: Any) -> list[str]:
    """Line ``k`` with fields set (``None`` removes one), written canonically."""
    obj = json.loads(lines[k])
    for key, value in fields.items():
        if value is None:
            obj.pop(key, None)
        else:
            obj[key] = value
    return [*lines[:k], _canonical(obj), *lines[k + 1:]]


def _file(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def cases(signer: Signer, lines: list[str]) -> list[dict[str, Any]]:
    """The variants of the sealed log and the verdict on each (see the module's docstring)."""
    header = json.loads(lines[0])
    unsigned = Sealer(None)
    raw = [unsigned.line({k: v for k, v in json.loads(x).items() if k not in ("sig", "signed_by")}) for x in lines]
    noted = Sealer(signer)
    with_note = [noted.line(obj) for obj in (LOG[:2] + [{**LOG[2], "note": "any field is hashed"}] + LOG[3:])]
    escaped = _edit(lines, 2, chain=None, sig=None)
    escaped[2] = escaped[2].replace('"type":"deal_end"', '"type":"\\u0064eal_end"')
    v1 = _reseal(_edit(raw, 0, format_version=1), None)
    out = [
        ("the unsigned log: chained, no sig, no signed_by", _file(raw), "sealed", 2, None),
        ("a field the format does not name is hashed like any other (the schema and the rules judge it)",
         _file(with_note), "sealed", 2, None),
        ("a chain in upper-case hex", _file(_edit(lines, 2, chain=json.loads(lines[2])["chain"].upper())),
         "refused", 3, "chain is 64 lower-case hex digits"),
        ("a sig in upper-case hex", _file(_edit(lines, 3, sig=json.loads(lines[3])["sig"].upper())),
         "refused", 4, "sig is 128 lower-case hex digits"),
        ("no newline after the last line", _file(lines)[:-1], "refused", 4, "cut off"),
        ("CR LF line ends", _file(lines).replace("\n", "\r\n"), "refused", 1, "canonical form"),
        ("a byte order mark", "\ufeff" + _file(lines), "refused", 1, "not JSON"),
        ("a duplicate key in a checkpoint", _file([*lines[:2], lines[2][:-1] + ',"deal":0}', *lines[3:]]),
         "refused", 3, "duplicate key 'deal'"),
        ("a checkpoint's type escaped, its seal dropped, the log sealed again", _file(_reseal(escaped, signer)),
         "refused", 3, "canonical form"),
        ("format_version 1 with a chain (format 1 has no seal)", _file(v1), "refused", 1,
         "only a format 2 log is sealed"),
        ("a sig without signed_by", _file(_reseal(_edit(lines, 0, signed_by=None), signer)), "refused", 3,
         "names no signer key"),
        ("the first checkpoint's seal removed, the log sealed again", _file(_reseal(_edit(raw, 2, chain=None), None)),
         "refused", 3, "has no chain, but the log is sealed"),
        ("the header changed: the span starts at line 1", _file(_edit(lines, 0, options={"max_deals": 1})),
         "refused", 3, "lines 1 to 3"),
    ]
    assert header["signed_by"] == signer.public_hex
    return [{"case": what, "file": text, "verdict": verdict,
             **({"checkpoints": n} if verdict == "sealed" else {"line": n, "reason": reason})}
            for what, text, verdict, n, reason in out]


if __name__ == "__main__":
    path = Path(__file__).resolve().parents[1] / "tests" / "vectors" / "chain_vectors.json"
    # ASCII, so that the byte order mark of one case is seen as \ufeff, not as nothing.
    path.write_text(json.dumps(vectors(), indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"wrote {path}")
