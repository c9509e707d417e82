"""Words and spellings of European Portuguese that Brazilian text must not use."""

from __future__ import annotations

import re

_WORDS = (
    "ecrã", "ficheiros?", "rondas?", "tuas?", "teus?", "equipas?", "registos?",
    r"utilizador(?:es)?", "descarregar", "predefinição", "planeamento", "selecção",
    r"seleccion\w*", "projectos?", "bónus", "contacto", "facto", "acção", r"óptim\w*", "jogas",
    "até ao", "até à", "pega no", "a carregar", "à espera", r"\w+-se(?= [a-z])", "telemóvel",
    "autocarro", "castanho", "tu", "estás", "tens", "podes", "queres", "vais", "consegues",
    "escolhes", "perdes", "vosso", "vossa", "guarda-redes", "apanhar",
    # spellings and words of Portugal (Brazil: embaralhar, registrar, econômico, prêmio, atual,
    # objetivo, conosco, elétrico, direção, coleção, ônibus, trem, tela …)
    "baralhar", "baralha", "baralhad[oa]s?", r"registar\w*", r"económic\w*", r"fenómen\w*",
    "prémios?", "génio", "géneros?", r"académic\w*", r"anónim\w*", r"quilómetros?", "actual",
    r"actuali\w*", r"activ\w*", r"objectiv\w*", "exact[oa]s?", "connosco", r"eléctric\w*",
    "direcção", "colecção", "secção", "receção", "comboios?", "contactar", "utentes?", "montra",
    "premir", r"(?:está|estão|estava|estavam|fica|ficam) a \w+r",
)
EUROPEAN = re.compile(r"\b(?:" + "|".join(_WORDS) + r")\b", re.IGNORECASE)
EUROPEAN_CASED = re.compile(r"\bGuardar\b")
"""``Guardar`` (Portuguese *save*) only capitalized: Brazilian *guardar* (keep) is fine."""


def european(text: str) -> list[str]:
    return EUROPEAN.findall(text) + EUROPEAN_CASED.findall(text)
