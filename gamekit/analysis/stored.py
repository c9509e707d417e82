"""Seeded results the analyse pages open with (issue 27: a page opens in seconds, it never
simulates on open). Each study (its game, bots, players, seed and games) is the file of its
results, ``data/<game>.<name>.json``, whose head names it: the table of studies is read from
those files, so no list of games or studies is kept by hand. ``python -m
gamekit.analysis.stored`` plays them all again and writes the files anew.
Game ``i`` of a study plays seed ``seed + i`` (``gamekit.simulate``), so the first games of a
fresh run are the first games stored (a test checks it), and more games continue the series.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["STUDIES", "Study", "built_cards", "combine", "load", "records", "run", "write"]

_DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class Study:
    """One seeded series of games: ``n`` games per variant (``variants``: a label -> the game's
    options), seat ``s`` played by ``agents[s]`` (Gaia Project's survey rotates them)."""

    game: str
    name: str
    n: int
    players: int
    agents: tuple[str, ...]
    seed: int = 0
    variants: dict[str, dict[str, Any]] = field(default_factory=lambda: {"": {}})
    survey: bool = False  # the game's registered ``survey`` plays them (Gaia Project's)

    @property
    def path(self) -> Path:
        return _DATA / f"{self.game}.{self.name}.json"


#: how a stored file begins: the study that played it, then its rows (``write``)
_HEAD = re.compile(r'\{\s*"study"\s*:\s*')


def _stored_study(path: Path) -> Study | None:
    """The study ``path`` stores the games of, read from the file's head (``{"study": {...},
    "rows": [...]}``, as ``write`` saves it); ``None`` for other data (a ladder)."""
    with path.open(encoding="utf-8") as f:
        head = f.read(4096)
    start = _HEAD.match(head)
    if start is None:
        return None
    meta, _end = json.JSONDecoder().raw_decode(head, start.end())
    study = Study(**{**meta, "agents": tuple(meta["agents"])})
    if study.path != path:
        raise ValueError(f"{path.name} stores the study {study.game}.{study.name}")
    return study


def _stored() -> tuple[Study, ...]:
    """Every stored study: no list of games or studies is kept by hand, each study is the
    file of its games (a new one is stored with ``write(Study(...))``)."""
    found = (_stored_study(p) for p in sorted(_DATA.glob("*.json")))
    return tuple(s for s in found if s is not None)


_ALL = _stored()
#: every study, by ``(game, name)``
STUDIES: dict[tuple[str, str], Study] = {(s.game, s.name): s for s in _ALL}


def run(study: Study, n: int | None = None, first: int = 0, progress: Any = None):
    """A fresh frame of games ``first .. first + n - 1`` of each variant (``n``: the study's);
    ``progress(done, total)`` after each game. No timing column: the rows are reproducible."""
    import pandas as pd

    from ..core.simulate import SimConfig, frame_of, run_games

    count = study.n if n is None else n
    if study.survey:
        from ..core import get

        return get(study.game).analyses["survey"](n=count, players=study.players,
                                                  agents=study.agents, seed=study.seed,
                                                  first=first)
    total = count * len(study.variants)
    frames = []
    for part, (label, options) in enumerate(study.variants.items()):
        config = SimConfig(study.game, study.players, study.agents, dict(options), True,
                           built_cards)
        rows = []
        for k in range(count):
            rows += run_games(config, first + k, 1, study.seed)
            if progress is not None:
                progress(part * count + k + 1, total)
        frame = frame_of(rows)
        if label:
            frame["variant"] = label
        frames.append(frame)
    return pd.concat(frames, ignore_index=True).drop(columns="seconds")


def built_cards(state: Any, seat: int) -> dict[str, Any]:
    """The ``cards`` a seat built (ids from the final position), for games that list them."""
    seats = state.to_dict().get("seats", [])
    built = seats[seat].get("built") if seat < len(seats) else None
    return {"cards": list(built)} if isinstance(built, list) else {}


def combine(frame, more):
    """``frame`` and the games ``more`` played after it, as one frame (a source only the other
    frame scored counts 0, as in every ``simulate`` frame)."""
    import pandas as pd

    out = pd.concat([frame, more], ignore_index=True)
    vp = [c for c in out.columns if c.startswith("vp_")]
    out[vp] = out[vp].fillna(0).astype(int)
    return out


def records(frame) -> list[dict[str, Any]]:
    """The frame's rows as plain JSON values (missing values as ``None``)."""
    return json.loads(frame.to_json(orient="records"))


def write(study: Study) -> Path:
    """Play the study again and store it (``data/<game>.<name>.json``)."""
    frame = run(study)
    meta = asdict(study)
    meta["agents"] = list(study.agents)
    study.path.parent.mkdir(exist_ok=True)
    study.path.write_text(json.dumps({"study": meta, "rows": records(frame)},
                                     ensure_ascii=False, separators=(",", ":")) + "\n",
                          encoding="utf-8")
    return study.path


def load(game: str, name: str):
    """The stored frame of study ``(game, name)`` (a ``KeyError`` for a study not listed)."""
    import pandas as pd

    from ..core.simulate import frame_of

    study = STUDIES[(game, name)]
    rows = json.loads(study.path.read_text(encoding="utf-8"))["rows"]
    return pd.DataFrame(rows) if study.survey else frame_of(rows)


def main(argv: list[str] | None = None) -> None:
    """Play every study (or the ``game.name`` ones given) and store it."""
    import sys

    wanted = set(sys.argv[1:] if argv is None else argv)
    for study in _ALL:
        if not wanted or f"{study.game}.{study.name}" in wanted:
            print(write(study))


if __name__ == "__main__":
    main()
