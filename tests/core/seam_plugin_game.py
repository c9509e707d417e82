"""A third-party game reached only through a ``gamekit.games`` entry point (registers on import)."""

from toy import ToyState

from gamekit.core import register


class PluginToyState(ToyState):
    game = "plugintoy"


register(PluginToyState, default_players=2)
