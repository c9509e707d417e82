"""Clickable boards: the ``data-action`` convention shared by every game's renderer.

A renderer called with ``actions`` (the legal actions of the decision the person faces) marks
the element that stands for an action with ``data-action="<str(action)>"`` (the exact text
form, which parses back with ``Action.parse``). Front-ends highlight marked elements as legal
targets and apply the action when one is clicked. An element that stands for several actions
(a drafted card one may build or recycle) holds one small ``chip`` per action instead.
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable, Hashable, Iterable, Sequence

from gamekit.core import Action

__all__ = ["group", "attr", "chip", "chips"]


def group(actions: Iterable[Action] | None,
          key: Callable[[Action], Hashable | None]) -> dict[Hashable, list[Action]]:
    """The actions by ``key(action)`` (actions whose key is ``None`` are left out)."""
    out: dict[Hashable, list[Action]] = {}
    for a in actions or ():
        k = key(a)
        if k is not None:
            out.setdefault(k, []).append(a)
    return out


def attr(actions: Sequence[Action] | None) -> str:
    """`` data-action='...'`` for an element standing for exactly one action, else ``""``."""
    if not actions or len(actions) != 1:
        return ""
    return f" data-action='{_html.escape(str(actions[0]), quote=True)}'"


def chip(action: Action, label: str, title: str = "") -> str:
    """A small clickable button standing for ``action`` (``label`` and ``title`` are shown to
    people: pass catalog words)."""
    tip = f" title='{_html.escape(title, quote=True)}'" if title else ""
    return (f"<button type='button' class='gamekit-chip' data-action="
            f"'{_html.escape(str(action), quote=True)}'{tip}>{_html.escape(label)}</button>")


def chips(actions: Sequence[Action] | None, label: Callable[[Action], str]) -> str:
    """Chips for ``actions`` when an element stands for more than one (else ``""``: the
    element itself carries ``attr``)."""
    if not actions or len(actions) < 2:
        return ""
    return "<span class='gamekit-chips'>" + "".join(chip(a, label(a)) for a in actions) + "</span>"

