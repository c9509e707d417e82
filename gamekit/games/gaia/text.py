"""Messages of Gaia Project (English and Brazilian Portuguese) and display names.

The words are in ``locale/en.po`` and ``locale/pt_BR.po`` (msgctxt ``gaia`` and ``gaia.names``),
read once at import; see docs/i18n.md. The Portuguese follows the pt-BR rulebook's terms
(Aliança, Indicador de Aliança, Bônus de Rodada, Peça de Tecnologia, Planeta Escuro, área Gaia).
Rule keys are the rulebook's section headings ("Fase III: Ações", "9) Ganhando Poder", …).
Ids that clash between kinds are prefixed in events: ``track:terra``, ``final:gaia``,
``fedtoken:gleens``. Resource names have plural forms, so amounts read "1 Crédito", "2
Créditos".
"""

from __future__ import annotations

from pathlib import Path

from gamekit.core import CATALOG

__all__ = ["MESSAGES", "NAMES"]

CATALOG.load(Path(__file__).with_name("locale"))

MESSAGES = CATALOG.namespace("gaia")
NAMES = CATALOG.names["gaia"]
