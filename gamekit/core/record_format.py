"""The record format: ``GameRecord`` = {format version, game, players, options, seed, moves
incl. chance} as JSON, and its safe reading. Replaying a record is ``records.replay``.

Records come from users (files, uploads), so reading one is bounded work with one clear error:
``GameRecord.from_bytes`` (the entry point for uploads; ``load`` uses it) caps the size, refuses
non-UTF-8 text and deep nesting, parses JSON only, then checks the record against a JSON schema
(``record_schema``). Every failure is a ``RecordError`` naming the source and the field.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import show
from .schema import check_schema

__all__ = [
    "parse_json_bytes",
    "read_json_file",
    "FORMAT_VERSION",
    "KNOWN_VERSIONS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "GameRecord",
    "RecordError",
]

FORMAT_VERSION = 1
#: record format versions this gamekit reads
KNOWN_VERSIONS = (1,)
#: at most this many bytes are read from a record file or upload
MAX_BYTES = 2 * 1024 * 1024
#: JSON nesting deeper than this is refused
MAX_DEPTH = 32
def _too_big(size: int) -> str:
    """The refusal of ``size`` bytes, in real sizes (``is 3.1 MiB, larger than 2 MiB``)."""
    return f"is {size / 2**20:.1f} MiB, larger than {MAX_BYTES / 2**20:g} MiB"
_MAX_DIGITS = 30  # a JSON integer longer than this is refused while parsing


class RecordError(ValueError):
    """A game record that cannot be read or replayed. ``source`` names the file (or
    ``upload``), ``field`` the part of the record (``seed``, ``moves[12]``) when known, and
    ``kind`` what went wrong for a front-end to explain: ``too_big``, ``not_text``,
    ``not_json``, ``too_deep``, ``unreadable`` (a file) or ``record`` (anything else)."""

    def __init__(self, problem: str, source: str | None = None, field: str | None = None,
                 kind: str = "record"):
        self.source = source
        self.field = field
        self.kind = kind
        self.problem = problem
        text = f"record {source}: {problem}" if source else f"record {problem}"
        text = " ".join(text.split("\n"))
        super().__init__(text if len(text) <= 600 else text[:599] + "…")


@dataclass
class GameRecord:
    game: str
    players: int
    seed: Any
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    version: int = FORMAT_VERSION
    #: where the record was read from (a path or ``upload``), named in errors
    source: str | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "gamekit-record",
            "version": self.version,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": self.moves,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    def check(self) -> GameRecord:
        """Check this record against the schema (as a read one would be); return it."""
        GameRecord.from_dict(self.to_dict(), self.source)
        return self

    @classmethod
    def from_dict(cls, data: Any, source: str | None = None) -> GameRecord:
        """A record from parsed JSON, checked against the schema (``RecordError`` if not)."""
        problem = _depth_problem(data)
        if problem is not None:
            raise RecordError(problem[1], source, problem[0], kind="too_deep")
        problem = check_schema(data, KNOWN_VERSIONS)
        if problem is not None:
            raise RecordError(problem[1], source, problem[0])
        return cls(
            data["game"], data["players"], data["seed"], data["options"], data["moves"],
            data["version"], source,
        )

    @classmethod
    def from_json(cls, text: str | bytes, source: str | None = None) -> GameRecord:
        """A record from JSON text (bounded like ``from_bytes``)."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            return cls.from_bytes(text, source or "upload")
        if not isinstance(text, str):
            raise RecordError(f"must be JSON text, got {type(text).__name__}", source)
        if len(text) > MAX_BYTES:
            raise RecordError(_too_big(len(text.encode("utf-8"))), source, kind="too_big")
        return cls.from_dict(_parse(text.removeprefix("\ufeff"), source), source)

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "upload") -> GameRecord:
        """The one entry point for record bytes from outside (uploads, files): size, UTF-8,
        nesting depth, JSON and schema are checked; the only error raised is ``RecordError``."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise RecordError(f"must be bytes, got {type(data).__name__}", source, kind="not_json")
        if len(data) > MAX_BYTES:
            raise RecordError(_too_big(memoryview(data).nbytes), source, kind="too_big")
        raw = bytes(data).removeprefix(b"\xef\xbb\xbf")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"is not UTF-8 text (bad byte at offset {exc.start})", source,
                              kind="not_text") from None
        return cls.from_dict(_parse(text, source), source)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file: regular files only (never a FIFO or device), at most
        ``MAX_BYTES``; then as ``from_bytes``."""
        name = show(str(path), 200).strip("'\"")
        return cls.from_bytes(read_bounded(path, name), name)


# ---------------------------------------------------------------------- reading
def read_bounded(path: str | Path, name: str) -> bytes:
    """At most ``MAX_BYTES + 1`` bytes of a regular file, without blocking on a FIFO."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise RecordError(f"cannot be read: it is {kind}", name, kind="unreadable")
        if info.st_size > MAX_BYTES:
            raise RecordError(_too_big(info.st_size), name, kind="too_big")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except RecordError:
        raise
    except OSError as exc:
        raise RecordError(f"cannot be read: {exc.strerror}", name, kind="unreadable") from None
    except ValueError as exc:  # e.g. a NUL in the path
        raise RecordError(f"cannot be read: {exc}", name, kind="unreadable") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped after the first look
            raise RecordError("cannot be read: it is not a regular file", name, kind="unreadable")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise RecordError(f"cannot be read: {exc.strerror}", name, kind="unreadable") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES:
        raise RecordError(f"is larger than {MAX_BYTES / 2**20:g} MiB", name, kind="too_big")
    return data


def _bad_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number gamekit accepts")


def _bounded_int(text: str) -> int:
    if len(text) > _MAX_DIGITS:
        raise ValueError(f"integer of {len(text)} digits is too long")
    return int(text)


def _parse(text: str, source: str | None) -> Any:
    """JSON only (no NaN/Infinity, no huge integers); deep nesting is refused."""
    try:
        return json.loads(text, parse_constant=_bad_constant, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise RecordError(f"is not valid JSON: {exc}", source, kind="not_json") from None
    except RecursionError:
        raise RecordError(f"is nested more than {MAX_DEPTH} levels deep", source,
                          kind="too_deep") from None
    except ValueError as exc:
        raise RecordError(f"is not valid JSON: {exc}", source, kind="not_json") from None


def read_json_file(path: str | Path, name: str | None = None) -> tuple[bytes, Any]:
    """The bytes and JSON of the input file ``path``: a regular file of at most ``MAX_BYTES``,
    UTF-8, JSON only, nested at most ``MAX_DEPTH`` levels; each refusal a ``RecordError`` that
    names the file in words (never a traceback, never the file's content)."""
    name = str(path) if name is None else name
    data = read_bounded(path, name)
    return data, parse_json_bytes(data, name)


def parse_json_bytes(data: bytes, name: str) -> Any:
    """JSON from an upload's bytes, bounded like a file (``read_json_file``)."""
    try:
        text = bytes(data).removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"is not UTF-8 text (bad byte at offset {exc.start})", name,
                          kind="not_text") from None
    parsed = _parse(text, name)
    problem = _depth_problem(parsed)
    if problem is not None:
        raise RecordError(problem[1], name, kind="too_deep")
    return parsed


def _depth_problem(data: Any) -> tuple[str, str] | None:
    """(field, problem) if ``data`` nests deeper than ``MAX_DEPTH`` (iterative: no recursion,
    and a cyclic structure counts as too deep)."""
    top = data.items() if isinstance(data, dict) else [("record", data)]
    for name, value in top:
        stack = [(value, 2)]
        while stack:
            item, depth = stack.pop()
            if isinstance(item, dict):
                item = item.values()
            elif not isinstance(item, (list, tuple)):
                continue
            if depth > MAX_DEPTH:
                return str(name), f"field {name!r} is nested more than {MAX_DEPTH} levels deep"
            stack.extend((x, depth + 1) for x in item if isinstance(x, (dict, list, tuple)))
    return None
