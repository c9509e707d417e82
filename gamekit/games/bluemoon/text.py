"""Messages (English and Portuguese) and component names of Blue Moon City."""

from __future__ import annotations

from gamekit.core import CATALOG

from . import data as D

NS = "bluemoon"

COLOUR_NAMES = {
    "black": ("black", "preto"), "red": ("red", "vermelho"), "blue": ("blue", "azul"),
    "grey": ("grey", "cinza"), "green": ("green", "verde"), "brown": ("brown", "marrom"),
    "white": ("white", "branco"), "yellow": ("yellow", "amarelo"), "wild": ("wild", "curinga"),
}

MESSAGES = {
    # events
    "setup": {"en": "Set-up: {players} players, {city} city, {setup} set-up.",
              "pt": "Preparação: {players} jogadores, cidade {city}, preparação {setup}."},
    "turn": {"en": "{who}'s turn.", "pt": "Vez de {who}."},
    "move": {"en": "{who} moves from {frm} to {to}.", "pt": "{who} move-se de {frm} para {to}."},
    "teleport": {"en": "{who} flies to {to} (Venti).", "pt": "{who} voa para {to} (Venti)."},
    "play_power": {"en": "{who} discards {card} for its power.",
                   "pt": "{who} descarta {card} para usar seu poder."},
    "dragon_moves": {"en": "{who} moves the {dragon} to {to}.", "pt": "{who} move o {dragon} para {to}."},
    "contribute_start": {"en": "{who} contributes to the {tile}: space {space} ({colour} {value}).",
                         "pt": "{who} contribui para {tile}: espaço {space} ({colour} {value})."},
    "pay": {"en": "{who} pays {card} ({total} of {value}).", "pt": "{who} paga {card} ({total} de {value})."},
    "recolour": {"en": "{who} discards {card} to turn up to {n} {frm} card(s) {to}.",
                 "pt": "{who} descarta {card} para mudar a cor de até {n} carta(s) {frm} para {to}."},
    "contribute_cancel": {"en": "{who} takes the cards back.", "pt": "{who} recolhe as cartas."},
    "contribute": {"en": "{who} places a marker on the {tile} (value {value}) paying {cards}.",
                   "pt": "{who} coloca um marcador em {tile} (valor {value}) pagando {cards}."},
    "dragon_scales": {"en": "{n} dragon(s) on the {tile} give {who} {n} golden scale(s).",
                      "pt": "{n} dragão(ões) em {tile} dão a {who} {n} escama(s) dourada(s)."},
    "scale_scoring": {"en": "The last golden scale is taken: scale scoring (scales {scales}).",
                      "pt": "A última escama dourada foi pega: pontuação das escamas ({scales})."},
    "scale_score": {"en": "{who} trades {scales} scales for {crystals} crystals.",
                    "pt": "{who} troca {scales} escamas por {crystals} cristais."},
    "scales_returned": {"en": "{who} scores and returns {scales} golden scales.",
                        "pt": "{who} pontua e devolve {scales} escamas douradas."},
    "gain_crystals": {"en": "{who} gains {n} crystal(s) ({source}, {tile}).",
                      "pt": "{who} ganha {n} cristal(is) ({source}, {tile})."},
    "gain_scales": {"en": "{who} gains {n} golden scale(s) ({source}, {tile}).",
                    "pt": "{who} ganha {n} escama(s) dourada(s) ({source}, {tile})."},
    "draw": {"en": "{who} draws {n} card(s) ({why}).", "pt": "{who} compra {n} carta(s) ({why})."},
    "pending_to_hand": {"en": "{who} takes the {n} card(s) won this turn into hand.",
                        "pt": "{who} coloca na mão as {n} carta(s) ganhas neste turno."},
    "reshuffle": {"en": "The discard pile is shuffled into a new deck of {n} cards.",
                  "pt": "A pilha de descarte é embaralhada num novo baralho de {n} cartas."},
    "building_complete": {"en": "The {tile} is rebuilt! Contributors: {contributors}.",
                          "pt": "{tile} foi reconstruído(a)! Contribuíram: {contributors}."},
    "majority": {"en": "{who} has the majority on the {tile} ({n} marker(s)).",
                 "pt": "{who} tem a maioria em {tile} ({n} marcador(es))."},
    "neighbourhood": {"en": "{who} gets the neighbourhood bonus of the {frm}.",
                      "pt": "{who} recebe o bônus de proximidade de {frm}."},
    "flip": {"en": "The {tile} is turned to its rebuilt side; markers go back.",
             "pt": "{tile} é virado(a) para o lado reconstruído; os marcadores voltam."},
    "offer": {"en": "{who} makes an offering of {cost} crystals at the obelisk ({n} in all).",
              "pt": "{who} faz uma oferenda de {cost} cristais ao Obelisco ({n} no total)."},
    "special_offer": {"en": "{who} makes an offering from the Golden Temple.",
                      "pt": "{who} faz uma oferenda a partir do Templo Dourado."},
    "special_jump": {"en": "{who} goes from the Main Hall to {to}.",
                     "pt": "{who} vai do Salão Principal para {to}."},
    "special_draw": {"en": "{who} draws 2 cards at the Hospital.", "pt": "{who} compra 2 cartas no Hospital."},
    "discard": {"en": "{who} discards {card}.", "pt": "{who} descarta {card}."},
    "game_won": {"en": "{who} makes offering number {n} and wins at once!",
                 "pt": "{who} faz a oferenda número {n} e vence imediatamente!"},
    "game_end_built": {"en": "Every building is rebuilt and nobody can make another offering "
                              "(offerings {offers}).",
                       "pt": "Todas as construções foram reconstruídas e ninguém pode fazer outra "
                             "oferenda (oferendas {offers})."},
    "game_draw": {"en": "All markers are in play and nobody has won: the game is a draw.",
                  "pt": "Todos os marcadores estão em jogo e ninguém venceu: o jogo termina empatado."},
    # questions
    "ask.move": {"en": "Move your figure ({steps} step(s) left), use a movement power, or stop",
                 "pt": "Mova sua miniatura ({steps} passo(s) restante(s)), use um poder de movimento, ou pare"},
    "ask.teleport": {"en": "Venti: choose any tile for your figure",
                     "pt": "Venti: escolha qualquer peça para sua miniatura"},
    "ask.dragon_place": {"en": "Put the {dragon} on any tile", "pt": "Coloque o {dragon} em qualquer peça"},
    "ask.dragon_step": {"en": "Move the {dragon} up to 3 steps: choose where it lands",
                        "pt": "Mova o {dragon} até 3 passos: escolha onde ele para"},
    "ask.act": {"en": "On the {tile}: contribute, make an offering, use the tile's action, or end",
                "pt": "Em {tile}: contribua, faça uma oferenda, use a ação da peça, ou encerre"},
    "ask.pay": {"en": "Pay the {tile} space {space} ({colour} {value}): {paid} paid so far",
                "pt": "Pague o espaço {space} de {tile} ({colour} {value}): {paid} pago até agora"},
    "ask.refill": {"en": "Discard up to 2 cards ({discarded} so far), then draw 2 more than discarded",
                   "pt": "Descarte até 2 cartas ({discarded} até agora) e compre 2 a mais do que descartou"},
    # rulebook sections
    "rule.setup": {"en": "Set-up", "pt": "Preparação"},
    "rule.turn": {"en": "How to play", "pt": "Como Jogar"},
    "rule.movement": {"en": "Movement phase", "pt": "Fase de Movimentação"},
    "rule.contribution": {"en": "Contribution phase", "pt": "Fase de Contribuição"},
    "rule.refill": {"en": "Refill phase", "pt": "Fase de Reposição"},
    "rule.scoring": {"en": "Scoring the buildings", "pt": "Pontuação das Construções"},
    "rule.rewards": {"en": "Available rewards", "pt": "Bônus Disponíveis"},
    "rule.dragons": {"en": "Golden scales & dragons", "pt": "Escamas Douradas & Dragões"},
    "rule.scales": {"en": "Scoring the golden scales", "pt": "Pontuação das Escamas Douradas"},
    "rule.obelisk": {"en": "Crystals & the obelisk", "pt": "Cristais & Obelisco"},
    "rule.end": {"en": "End of the game", "pt": "Fim do Jogo"},
    "rule.powers": {"en": "Card powers", "pt": "Poderes das Cartas"},
    "rule.expansion": {"en": "Expansion: special buildings", "pt": "Expansão: construções especiais"},
    # misc
    "score.offerings": {"en": "Offerings (Central Square)", "pt": "Oferendas (Praça Central)"},
    "score.pillar_offerings": {"en": "Offerings (Pillar)", "pt": "Oferendas (Pillar)"},
    "score.golden_temple_offerings": {"en": "Offerings (Golden Temple)", "pt": "Oferendas (Templo Dourado)"},
}

NAMES: dict[str, dict[str, str]] = {}
for _tid, _name in D.TILE_NAMES.items():
    NAMES[_tid] = dict(_name)
for _p in D.CARD_DATA["peoples"]:
    for _v in (1, 2, 3):
        NAMES[f"{_p['id']}_{_v}"] = {"en": f"{_p['name']['en']} {_v}", "pt": f"{_p['name']['pt']} {_v}"}
for _c, (_en, _pt) in COLOUR_NAMES.items():
    NAMES[_c] = {"en": _en, "pt": _pt}
NAMES.update({
    "red_dragon": {"en": "red dragon", "pt": "Dragão Vermelho"},
    "green_dragon": {"en": "green dragon", "pt": "Dragão Verde"},
    "blue_dragon": {"en": "blue dragon", "pt": "Dragão Azul"},
    "majority": {"en": "majority bonus", "pt": "bônus majoritário"},
    "construction": {"en": "construction bonus", "pt": "bônus de construção"},
    "neighbourhood": {"en": "neighbourhood bonus", "pt": "bônus de proximidade"},
    "refill": {"en": "refill", "pt": "reposição"},
    "setup": {"en": "set-up", "pt": "preparação"},
    "hospital": {"en": "Hospital", "pt": "Hospital"},
    "base": {"en": "base", "pt": "básica"},
    "expansion": {"en": "expansion", "pt": "com expansão"},
    "standard": {"en": "standard", "pt": "padrão"},
    "alternative": {"en": "alternative", "pt": "alternativa"},
})

CATALOG.add(NS, MESSAGES)
CATALOG.add_names(NS, NAMES)

EVENT_KINDS = tuple(k for k in MESSAGES if not k.startswith(("ask.", "rule.", "score.")))
