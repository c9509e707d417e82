"""Questions answered over many games, honestly: tables with intervals (``tables``), the
words to show them (``labels``), the what-if ranking of a seat's options (``whatif``) and
how long a look-ahead decision takes (``timing``).

    >>> from gamekit.analysis import games_needed
    >>> games_needed(0.05)
    385
"""

from ..core.simulate import read_results
from .figures import vp_box_figure, vp_sources_figure, win_rate_figure
from .labels import column_label, labelled, text, value_label
from .ladder import ladder_shown
from .tables import (
    MIN_GAMES,
    card_table,
    games_needed,
    games_needed_text,
    seat_table,
    shown,
    vp_difference,
    vp_sources,
    win_table,
)
from .timing import lookahead_timing
from .whatif import what_if
from .whatif_from import fork, play_on, state_at
from .whatif_words import verdict

__all__ = [
    "MIN_GAMES", "card_table", "column_label", "games_needed", "games_needed_text",
    "labelled", "lookahead_timing", "read_results", "seat_table", "shown", "text",
    "value_label", "vp_box_figure", "vp_difference", "vp_sources", "vp_sources_figure",
    "what_if", "win_rate_figure", "win_table",
    "fork", "play_on", "state_at", "verdict", "ladder_shown",
]
