"""Recorded Gaia Project games shipped with the package, and uploaded records, as games.

``voyager-6``: a complete 4-player game from the open-source engine boardgamers/gaia-project
(MIT licence, commit 45951431; viewer test data), with its explicit set-up; it replays through
:mod:`.importer` to the recorded final score. An upload is parsed as JSON only
(:func:`.notation.read_json`: bounded size and depth; nothing in it is used as a path or run).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, GameRecord, RecordError, replay

from .importer import SETUP_KEYS, import_bytes, import_game
from .state import GaiaState

__all__ = ["SAMPLES", "sample_data", "load_sample", "load_upload", "load_error_text", "SETUP_KEYS"]

G = "gaia"

_DIR = Path(__file__).parent / "data" / "samples"
SAMPLES = ("voyager-6",)


def sample_bytes(name: str = "voyager-6") -> bytes:
    """The sample file's bytes (what ``importer.import_bytes`` reads)."""
    if name not in SAMPLES:
        raise RecordError(f"unknown sample {name!r} (known: {', '.join(SAMPLES)})")
    return (_DIR / f"{name}.json").read_bytes()


def sample_data(name: str = "voyager-6") -> dict[str, Any]:
    """The raw sample object (``moves``, ``setup`` ...). Only the names in ``SAMPLES``."""
    if name not in SAMPLES:
        raise RecordError(f"unknown sample {name!r} (known: {', '.join(SAMPLES)})")
    return json.loads((_DIR / f"{name}.json").read_text(encoding="utf-8"))


def load_sample(name: str = "voyager-6", upto: int | None = None, each=None) -> GaiaState:
    """The sample replayed through the importer: to its end, or its first ``upto`` lines;
    ``each(move, state)`` is called after every line (``import_game``'s)."""
    data = sample_data(name)
    return import_game({"moves": data["moves"], "map": data["setup"]["map"]}, data["setup"],
                       upto=upto, each=each)


def load_upload(data: bytes | str) -> GaiaState:
    """An uploaded record replayed to its end: a gamekit record of Gaia Project (the play
    app's "save", ``"format": "gamekit-record"``) through ``gamekit.core.replay``, else a
    boardgamers.space record like the samples (``moves`` and ``setup``) through the importer
    (``importer.import_bytes``). JSON only, bounded in size and depth by either reader;
    ``RecordError`` names what is wrong."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if isinstance(raw, (bytes, bytearray)) and _GAMEKIT_MARK in bytes(raw[:4096]):
        record = GameRecord.from_bytes(bytes(raw), "upload")
        if record.game != G:
            raise RecordError(f"a record of {record.game!r}, not of Gaia Project",
                              source="upload", field="game")
        return replay(record)
    return import_bytes(raw)


_GAMEKIT_MARK = b'"gamekit-record"'


def load_error_text(exc: Exception, lang: str = "en") -> str:
    """What to tell the person when an upload fails (the parser's reason, at most 300
    characters; never a server path: nothing is read from disk for an upload; a line of the
    notation is named by its number, not quoted back). The message
    ``replay.error`` is in the game's catalog (``locale/``)."""
    line, problem = getattr(exc, "line", None), getattr(exc, "problem", None)
    if problem is not None and hasattr(exc, "text"):  # a notation line: not quoted back
        why = f"line {line}: {problem}" if line is not None else str(problem)
    else:
        why = str(exc).strip() or type(exc).__name__
    if len(why) > 300:
        why = why[:297] + "..."
    return CATALOG.text(G, "replay.error", lang, why=why)
