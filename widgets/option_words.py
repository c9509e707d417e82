"""The set-up form's refusals in the page's language (issue 30): the engine's ``OptionError``
text is English and names options by id; the person reads which choice of the form does not
fit, by the label the form shows, never the id or the engine's sentence."""

from __future__ import annotations

import re

from gamekit.core import CATALOG

from .i18n import ui

__all__ = ["option_error_text"]

_OPTION = re.compile(r"option '([a-z_]{1,40})' of")
_PLAYERS = re.compile(r"played by (\d{1,2}) to (\d{1,2}) players")


def option_error_text(exc: Exception, game: str, lang: str) -> str:
    """Why the form's game cannot start, in ``lang``: the players' range, the option (by its
    label in ``lang``) that does not fit, or a general line; never the engine's own words."""
    text = str(exc)
    players = _PLAYERS.search(text)
    option = _OPTION.search(text)
    if players is not None:
        why = ui("option_bad_players", lang, low=int(players.group(1)),
                 high=int(players.group(2)))
    elif option is not None and CATALOG.has(game, "option." + option.group(1)):
        why = ui("option_bad", lang, option=CATALOG.text(game, "option." + option.group(1), lang))
    else:
        why = ui("option_bad_other", lang)
    return ui("option_error", lang, why=why)
