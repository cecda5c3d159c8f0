"""Write ``tests/vectors/chain_vectors.json``: the log seal's test vectors (docs/replay-format.md, "The seal").

A four-line log sealed with a fixed Ed25519 key: every line as written, and
for each checkpoint the bytes its chain hashes, the chain and the signature.
Ed25519 signatures are deterministic, so anyone implementing the scheme can
reproduce every byte.  ``tests/test_log_integrity.py`` checks the code still
writes exactly these lines; run this only when the scheme changes on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mahjong_core.log_chain import SIGNATURE_CONTEXT, Sealer, Signer

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
    return {"private_key": PRIVATE_KEY, "public_key": signer.public_hex, "lines": lines, "checkpoints": checkpoints}


if __name__ == "__main__":
    path = Path(__file__).resolve().parents[1] / "tests" / "vectors" / "chain_vectors.json"
    path.write_text(json.dumps(vectors(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}")
