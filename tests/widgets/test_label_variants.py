"""Button labels: a game's ``act.<verb>.<last argument>`` message names a variant of a verb
(the Taklons' leech taking the brainstone's token first) before ``act.<verb>``."""

import gamekit
from gamekit.core import Action
from gamekit_widgets.decision import action_label


def test_the_variant_message_wins_for_its_last_argument():
    gamekit.get("gaia")
    assert action_label("gaia", Action(1, "leech", (3,)), "en") == "take 3 power"
    assert action_label("gaia", Action(1, "leech", (3, "token_first")), "en") == \
        "take 3 power (the token first)"
    assert action_label("gaia", Action(1, "leech", (2, "token_first")), "pt") == \
        "receber 2 de Poder (o marcador antes)"
    assert action_label("gaia", Action(0, "bid", ("ivits", 2)), "pt") == "oferecer 2 PV pelos Ivits"
