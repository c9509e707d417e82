"""A play app's set-up read from its address (issue 28: the guided game hands over to the play
app with its own set-up), e.g. ``play.ipynb?players=2&seed=17&seat=1&bot=heuristic``.

Voilà gives the kernel the page's query string (``QUERY_STRING``; a pre-heated kernel gets it
only when someone opens the page: ``voila.utils.wait_for_request``, so the app is built first
and the address applied to its form when it arrives). Every value is checked against closed
tables: ``players`` an integer in the game's range, ``seed`` an integer 0..2³¹−1, ``seat`` a
seat number (1..players, 0: watch), ``bot`` one of the game's agents, an option only if the
play form offers a closed list of its values (the game's presets or the option's choices, or
yes/no). Anything else is ignored with a note and the default kept: never an error page, no
name looked up beyond those tables, nothing read from a path.
"""

from __future__ import annotations

import html as _html
import os
import re
import sys
import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from gamekit.core import get

from .i18n import ui
from .ready import Shown, preheated

__all__ = ["AddressSetup", "follow_address", "link", "parse"]

#: the longest query string read, and the most parameters
MAX_QUERY = 2000
MAX_PARAMS = 24
SEED_MAX = 2**31 - 1
_INT = re.compile(r"^[0-9]{1,10}$")
#: why a part of the address was ignored -> its message
_WHY = {"too_long": "address_why_too_long", "repeated": "address_why_repeated",
        "value": "address_why_value", "unknown": "address_why_unknown"}
_BOOLS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


@dataclass
class AddressSetup:
    """What an address sets: the form's ``players``/``seed``/``human`` (0-based, -1 watch)/
    ``bot``, game ``options``, and ``ignored`` (key, why) pairs for the note."""

    form: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    ignored: list[tuple[str, str]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.form or self.options or self.ignored)

    def note(self, lang: str) -> str:
        """The ignored parts, in words (empty when everything was used)."""
        if not self.ignored:
            return ""
        parts = "; ".join(f"{_html.escape(key)}: {ui(_WHY[why], lang)}"
                          for key, why in self.ignored)
        return ui("address_ignored", lang, parts=parts)


def _choices(game: str) -> dict[str, tuple]:
    """Option -> the closed values the play form offers for it (presets, else the option's
    choices, else yes/no for a yes/no option)."""
    info = get(game)
    offered = info.presets.option_choices()
    out: dict[str, tuple] = {}
    for name, opt in info.state.options_spec.items():
        values = offered.get(name, opt.choices)
        if values is not None:
            out[name] = tuple(v for v in values if v is not None)
        elif opt.kind is bool:
            out[name] = (False, True)
    return out


def _option(game: str, name: str, raw: str, players: int, values: tuple) -> Any:
    """The value of option ``name`` from ``raw``, or ``None`` when it is not one offered."""
    per_seat = get(game).state.options_spec[name].kind is list
    if per_seat:  # one value a seat, comma-separated
        items = raw.split(",")
        found = [next((v for v in values if str(v) == x), None) for x in items]
        return found if len(found) == players and None not in found else None
    if (False, True) == values:
        return _BOOLS.get(raw.lower())
    return next((v for v in values if str(v) == raw), None)


def _number(raw: str, low: int, high: int) -> int | None:
    return int(raw) if _INT.match(raw) and low <= int(raw) <= high else None


def parse(game: str, query: str | None) -> AddressSetup:
    """The set-up ``query`` (a page's query string) asks for ``game`` (see the module)."""
    out = AddressSetup()
    query = (query or "").lstrip("?")
    if not query:
        return out
    if len(query) > MAX_QUERY:
        out.ignored.append(("?", "too_long"))
        return out
    pairs = parse_qsl(query, keep_blank_values=True)[:MAX_PARAMS]
    given = dict(pairs)
    if len(given) < len(pairs):
        out.ignored.append(("?", "repeated"))  # the last one of a repeated key is used
    spec = get(game).state
    n = get(game).default_players
    if "players" in given:
        players = _number(given.pop("players"), spec.min_players, spec.max_players)
        if players is None:
            out.ignored.append(("players", "value"))
        else:
            out.form["players"] = n = players
    checks = {"seed": lambda raw: _number(raw, 0, SEED_MAX),
              "seat": lambda raw: _number(raw, 0, n),
              "bot": lambda raw: raw if raw in _agents(game) else None}
    choices = _choices(game)
    for key, raw in given.items():
        if key in checks:
            value = checks[key](raw)
            if value is None:
                out.ignored.append((key, "value"))
            else:
                out.form["human" if key == "seat" else key] = value - 1 if key == "seat" \
                    else value
        elif key in choices:
            value = _option(game, key, raw, n, choices[key])
            if value is None:
                out.ignored.append((key, "value"))
            else:
                out.options[key] = value
        else:
            out.ignored.append((key[:40], "unknown"))
    return out


def _agents(game: str) -> list[str]:
    from .app import agent_names

    return agent_names(game)


def link(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
         seat: int = 1, bot: str = "heuristic", page: str = "play.ipynb") -> str:
    """The play app's address with this set-up (only what ``parse`` reads back)."""
    choices = _choices(game)
    params: list[tuple[str, str]] = [("players", str(players)), ("seed", str(seed)),
                                     ("seat", str(seat)), ("bot", bot)]
    for name, value in (options or {}).items():
        if name in choices:
            text = ",".join(map(str, value)) if isinstance(value, list) else str(value).lower() \
                if isinstance(value, bool) else str(value)
            params.append((name, text))
    return f"{page}?{urlencode(params)}"


def apply(app: Any, setup: AddressSetup) -> None:
    """Put ``setup`` into the play app's form and start that game (the note, if any, under
    the form, in the page's language)."""
    if not setup:
        return
    form = setup.form
    if "players" in form:
        app.players.value = form["players"]
    if "seed" in form:
        app.seed.value = form["seed"]
    if "bot" in form:
        app.bot.value = form["bot"]
    if "human" in form:
        app.human.value = form["human"]
    for name, value in setup.options.items():
        widget = app.option_widgets.get(name)
        if widget is not None:
            widget.value = value
    started = app.start() if (form or setup.options) else True

    def tell(lang: str) -> None:
        if started is not False:
            app.form_message.value = setup.note(lang)

    tell(app.lang)
    app.view.language.observe(lambda c: tell(c["new"]), names="value")


def follow_address(app: Any, query: str | None = None) -> None:
    """Apply the page's address to ``app``: ``query`` if given, else ``QUERY_STRING``. In a
    pre-heated kernel (``ready.preheated``) the address comes when a person opens the page (a
    background wait, so the app is ready before) and is applied once the browser has drawn
    the app (``ready.Shown``): a change made before the page is connected could be lost."""
    if query is not None or not preheated():
        apply(app, parse(app.game, query if query is not None
                         else os.environ.get("QUERY_STRING", "")))
        return
    got: dict[str, Any] = {}
    lock = threading.Lock()

    def both(part: str, value: Any) -> None:
        with lock:
            got[part] = value
            go = "query" in got and "shown" in got and not got.get("done")
            got["done"] = got.get("done") or go
        if go:
            apply(app, parse(app.game, got["query"]))

    def wait() -> None:
        from voila.utils import wait_for_request

        try:  # a server Voilà cannot reach back (a proxy's address): the app stays as built
            wait_for_request()
        except Exception as exc:  # noqa: BLE001 -- a page must not show a thread's traceback
            if sys.__stderr__ is not None:
                sys.__stderr__.write(f"gamekit: the page's address was not read ({exc!r})\n")
            return
        both("query", os.environ.get("QUERY_STRING", ""))

    app.children = (*app.children, Shown(lambda: both("shown", True)))
    threading.Thread(target=wait, name="gamekit-address", daemon=True).start()
