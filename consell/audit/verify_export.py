"""Check an exported audit log with no database and no Django (docs/principles.md, principle 5).

    python -m consell.audit.verify_export game-12-audit.json

Exits 0 when the hash chain holds and every die and shuffle is proven, 1 naming the first bad
link and each roll that is not proven (or when the seed is not revealed yet), 2 when the file is
not an audit log.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .proof import ENTERED, VERIFIED, MalformedLog, Proof, prove


def report(proof: Proof, out: TextIO) -> None:
    """What was checked, then every problem on its own line."""
    out.write(f"commitment: {proof.commitment}\n")
    if proof.chain is None:
        out.write("chain: none (the log predates the hash chain)\n")
    elif proof.chain.ok:
        hidden = (
            f", {proof.hidden_links} of them hidden from this reader" if proof.hidden_links else ""
        )
        out.write(f"chain: {proof.chain.links} links hold{hidden}, head {proof.chain.head}\n")
    if not proof.revealed:
        out.write("the seed is not revealed yet: the game is not over\n")
    out.write(
        f"{len(proof.rolls)} rolls: {proof.count(VERIFIED)} verified, "
        f"{proof.count(ENTERED)} entered by the director\n"
    )
    for problem in proof.problems:
        out.write(f"MISMATCH {problem}\n")
    out.write("OK: every roll is proven\n" if proof.ok else "NOT PROVEN\n")


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        out.write("usage: python -m consell.audit.verify_export FILE\n")
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            proof = prove(json.load(handle))
    except (OSError, json.JSONDecodeError, MalformedLog) as exc:
        out.write(f"cannot read {args[0]}: {exc}\n")
        return 2
    report(proof, out)
    return 0 if proof.ok else 1


if __name__ == "__main__":
    sys.exit(main())
