"""Options and set-up (rulebook "Preparação", "Montagem Variável do Tabuleiro"): the map, the
factions, the round and final scoring tiles, the boosters, the tech tiles and the federation token
on Terraforming level 5. Every random element is either given as an option or drawn from the
game's ``Chance``."""

from __future__ import annotations

from typing import Any

from gamekit.core import Option

from . import sectors as S
from .components import (
    ADVANCED_TECH,
    BASIC_TECH,
    BOOSTERS,
    FACTIONS,
    FEDERATION_TOKENS,
    FINAL_SCORING,
    ROUND_SCORING,
    TILES_DATA,
)
from .siteoptions import site_only_problem

__all__ = ["OPTIONS", "build_space", "BASIC_POS", "ADV_POS", "same_type_touch"]

BASIC_POS = tuple(TILES_DATA["tech_positions"]["basic"])
ADV_POS = tuple(TILES_DATA["tech_positions"]["advanced"])


def _ids(table, n_of=None, exact=None):
    def check(value, players):
        if not all(isinstance(x, str) and x in table for x in value):
            return f"unknown id(s) {[x for x in value if x not in table]}; known: {sorted(table)}"
        n = exact if exact is not None else n_of(players)
        if len(value) != n:
            return f"needs {n} entries, got {len(value)}"
        if len(set(value)) != len(value):
            return "entries must differ"
        return None
    return check


def _factions_check(value, players):
    bad = _ids(FACTIONS, exact=players)(value, players)
    if bad:
        return bad
    homes = [FACTIONS[f].home for f in value]
    if len(set(homes)) != len(homes):
        return "two factions with the same home planet never play together"
    return None


def _layout_check(value, players):
    if isinstance(value, str):
        ok = ("first_game", "random")
        return None if value in ok else f"must be one of {list(ok)} or a list of placements"
    try:
        _placements(value)
    except (ValueError, KeyError, TypeError) as exc:
        return f"bad placement list: {exc}"
    return None


def _terra_check(value, players):
    ok = [t for t in FEDERATION_TOKENS if t != "gleens"]
    return None if value in ok else f"must be one of {ok}"


def _map_check(value, players):
    try:
        _hex_map(value)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        return f"bad hex list (rows [q, r, sector, planet]): {exc}"
    return None


def _version(value, players):
    return None if 0 <= value <= 99 else "must be a version from 0 to 99"


#: the last map built from rows: ``(the rows object, its rows read, the map)`` — a new game
#: checks its ``map`` option, then builds its board from the same rows: built once
_LAST_MAP: list = [None, None, None]


def _hex_map(value) -> S.SpaceMap:
    if len(value) > 400:
        raise ValueError("too many hexes")
    rows = [(int(q), int(r), str(sec), str(planet)) for q, r, sec, planet in value]
    last = _LAST_MAP
    if value is last[0] and rows == last[1]:  # the same rows, unchanged since: the same map
        return last[2]
    space = S.map_from_hexes(rows)
    last[:] = value, rows, space
    return space


OPTIONS = {
    "map": Option("map", list, None, help="the map hex by hex: rows [q, r, sector, planet] "
                  "(wins over layout)", check=_map_check),
    "layout": Option("layout", (str, list), "first_game",
                     help="'first_game' (first-game map by player count), 'random' (variable "
                     "board) or a list of {face, centre: [q, r], rotation}", check=_layout_check),
    "factions": Option("factions", list, None, help="faction per seat (default: the players "
                       "choose them in turn)", check=_factions_check),
    "round_tiles": Option("round_tiles", list, None, help="round-scoring tile per round (6)",
                          check=_ids(ROUND_SCORING, exact=6)),
    "final_tiles": Option("final_tiles", list, None, help="the 2 final-scoring tiles",
                          check=_ids(FINAL_SCORING, exact=2)),
    "boosters": Option("boosters", list, None, help="the players + 3 boosters in play",
                       check=_ids(BOOSTERS, n_of=lambda n: n + 3)),
    "tech": Option("tech", list, None, help="basic tiles on terra, nav, int, gaia, eco, sci, "
                   "free1-3 (9)", check=_ids(BASIC_TECH, exact=9)),
    "advanced_tech": Option("advanced_tech", list, None, help="advanced tiles over the six "
                            "tracks (6)", check=_ids(ADVANCED_TECH, exact=6)),
    "terra_fed": Option("terra_fed", str, None, help="federation token on Terraforming level 5",
                        check=_terra_check),
    "token_bowls": Option("token_bowls", str, "choose", choices=("choose", "lowest_first"),
                          help="bowls the tokens for satellites and gaiaforming come from: the "
                          "player's choice (rulebook) or I, then II, then III (anchor engine)"),
    "ivits_threshold": Option("ivits_threshold", str, "tokens", choices=("tokens", "federations"),
                              help="Ivits: their federation's next step is 7 x (X + 1), X = "
                              "federation tokens held (rulebook) or federations formed (anchor "
                              "engine)"),
    "gaiaformer_recall": Option("gaiaformer_recall", bool, True,
                                help="a gaiaformer on a planet already Gaia may be moved to a new "
                                "Transdim planet (rulebook); False: never (anchor engine)"),
    "lost_planet_on_satellites": Option("lost_planet_on_satellites", bool, True,
                                        help="the Lost Planet may go on an empty space holding "
                                        "satellites (rulebook); False: never (anchor engine)"),
    "auction": Option("auction", str, None, choices=("bid-while-choosing", "choose-bid"),
                      help="faction auction (not in the rulebook; the anchor engine's options): "
                      "name a faction or outbid its holder by 1-9 VP (bid-while-choosing), or "
                      "everyone names one, then bids (choose-bid); VP paid at the end"),
    "faction_variant": Option("faction_variant", str, "standard",
                              choices=("standard", "more-balanced", "beta"),
                              help="faction boards: the rulebook's (standard) or a community "
                              "variant of the anchor engine (not in the rulebook)"),
    "faction_variant_version": Option("faction_variant_version", int, 0,
                                      help="version of the variant: each faction takes its "
                                      "entry with the highest version <= this", check=_version),
    "refuse_wasted": Option("refuse_wasted", bool, False,
                            help="refuse a board action whose every gain is lost to the caps, "
                            "and free terraforming steps on a planet needing none (the anchor "
                            "engine; the rulebook allows both)"),
    "lantids_guest_mines": Option("lantids_guest_mines", str, "rulebook",
                                  choices=("rulebook", "engine"),
                                  help="Lantids' guest mines: normal mines except for the "
                                  "upgrade and the final tiles planet types / Gaia planets "
                                  "(rulebook), or also left out of every planet-type and Gaia "
                                  "count and 'mine on Gaia' trigger (anchor engine)"),
    "final_conversion": Option("final_conversion", str, "best", choices=("best", "engine"),
                               help="end-game conversions made for the player: the best the "
                               "free actions allow (rulebook) or the anchor engine's fixed "
                               "ones (power to credits, QIC to ore)"),
    "board_setup": Option("board_setup", bool, False,
                          help="the last player turns sectors in place before the factions "
                          "are chosen ('Montagem Variável do Tabuleiro'; the anchor engine's "
                          "advancedRules and rotate lines)"),
    "site_options": Option("site_options", dict, None,
                           help="options of an imported boardgamers.space record that change "
                           "no rule (creator, clock, ...): kept to be written back on export",
                           check=lambda v, _players: site_only_problem(v)),
    "turn_order": Option("turn_order", str, "rulebook", choices=("rulebook", "variable"),
                         help="rounds 2-6: clockwise from the first to pass (rulebook) or in "
                         "passing order ('Ordem Variável de Turnos', the anchor engine)"),
}


def _placements(value) -> list[S.Placement]:
    out = []
    for d in value:
        c = d["centre"] if "centre" in d else d["center"]
        centre = (c["q"], c["r"]) if isinstance(c, dict) else (int(c[0]), int(c[1]))
        face = str(d["face"] if "face" in d else d["sector"])
        out.append(S.Placement(face, centre, int(d.get("rotation", 0)) % 6))
    S.build_map(out)
    return out


def build_space(state: Any) -> S.SpaceMap:
    """The map: explicit placements, the first-game layout, or a random variable board."""
    if state.options["map"]:
        return _hex_map(state.options["map"])
    lay = state.options["layout"]
    if isinstance(lay, list):
        return S.build_map(_placements(lay))
    big = state.players >= 3
    if lay == "first_game":
        return S.layout_map("first_game_4" if big else "first_game_2")
    opts = S.BOARD_OPTIONS["3_4_players" if big else "1_2_players"]
    faces = list(opts["faces"])
    slots = [tuple(c) for c in S.RANDOM_SLOTS[4 if big else 2]]
    for _ in range(200):
        state.chance.shuffle("map", faces)
        rot = [state.chance.randrange("rotation", 6) for _ in faces]
        space = S.build_map(S.Placement(f, c, r) for f, c, r in zip(faces, slots, rot, strict=True))
        if not same_type_touch(space):
            return space
    return S.build_map(S.Placement(f, c, 0) for f, c in zip(faces, slots, strict=True))


def same_type_touch(space: S.SpaceMap) -> bool:
    """Two planets of the same type are never adjacent ("Montagem Variável do Tabuleiro").
    Checked for the seven home types, as the anchor engine does: tile 10 itself holds two
    adjacent Transdim planets, so the rule cannot hold for Gaia and Transdim planets."""
    return bool(space.same_type_neighbours(home_only=True))


def draw_tiles(state: Any) -> None:
    """Round, final, booster, tech and Terraforming-5 tiles: given or drawn."""
    o, ch, n = state.options, state.chance, state.players

    def pick(key: str, pool: list[str], k: int) -> list[str]:
        return list(o[key]) if o[key] else ch.sample(key, pool, k)

    state.round_tiles = pick("round_tiles", list(ROUND_SCORING), 6)
    state.final_tiles = pick("final_tiles", list(FINAL_SCORING), 2)
    state.boosters = pick("boosters", list(BOOSTERS), n + 3)
    basic = pick("tech", list(BASIC_TECH), 9)
    adv = pick("advanced_tech", list(ADVANCED_TECH), 6)
    state.tech_at = dict(zip(BASIC_POS, basic, strict=True))
    state.adv_at = dict(zip(ADV_POS, adv, strict=True))
    feds = [t for t in FEDERATION_TOKENS if t != "gleens"]
    state.terra_fed = o["terra_fed"] or ch.choice("terra_fed", feds)
    state.fed_supply = {t: FEDERATION_TOKENS[t].copies for t in feds}
    state.fed_supply[state.terra_fed] -= 1
