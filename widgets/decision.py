"""The decision panel: the acting seat's question and its legal actions as buttons (each with a
hover text in words: what it does and the rulebook section), and why a refused action was
refused, in the panel's language (the What-if panel, beside it, ranks the options)."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, Action, Decision, IllegalAction, ParseError, Reason

from .i18n import ui
from .session import Session

__all__ = ["DecisionPanel", "action_label", "action_tip", "seat_name", "CSS"]

#: the buttons sit in a compact scrolling column (the board stays in view beside it, issue 26
#: "One screen"), each label whole: a long one wraps onto a second line, never cut off
CSS = """<style>
.gamekit-decision-buttons { max-height: max(190px, calc(100vh - 530px)); overflow-y: auto; align-content: flex-start; }
.gamekit-decision-panel .gamekit-decision { white-space: normal !important; height: auto !important;
  min-height: 26px; max-width: 100%; line-height: 1.25; padding: 2px 8px !important;
  text-overflow: clip !important; overflow: visible !important; text-align: left; }
</style>"""


def seat_name(game: str, seat: int, lang: str = "en") -> str:
    return CATALOG.text(game, "seat", lang, n=seat + 1)


def action_label(game: str, action: Action, lang: str = "en",
                 decision: Decision | None = None) -> str:
    """A button label for ``action``: the game's ``act.<verb>.<last argument>`` or ``act.<verb>``
    message if it has one (with what ``decision`` names from the state:
    ``Decision.label_params``), else the verb and the localized names of the arguments."""
    key = "act." + action.verb
    last = action.args[-1] if action.args else None
    if isinstance(last, str) and CATALOG.has(game, f"{key}.{last}"):
        key = f"{key}.{last}"  # a variant named by the last argument, e.g. act.leech.token_first
    if CATALOG.has(game, key):
        params = {f"a{i}": a for i, a in enumerate(action.args)}
        if decision is not None:
            params.update(decision.label_params(action))
        return CATALOG.text(game, key, lang, args=list(action.args), **params)
    words = [CATALOG.name(game, action.verb, lang)]
    words += [CATALOG.name(game, a, lang) if isinstance(a, str) else str(a) for a in action.args]
    return " ".join(words)


def action_tip(game: str, action: Action, lang: str = "en",
               decision: Decision | None = None) -> str:
    """The hover text of ``action``'s button: what it does (its label) and the rulebook section
    of the step (``Decision.rule``, else the game's ``rule.<verb>`` / ``rule.<kind>``), else
    the question it answers — words only, never the action's text form."""
    what = action_label(game, action, lang, decision)
    rule = decision.rule if decision is not None else None
    if rule is None:
        kinds = (decision.kind, *decision.stack) if decision is not None else ()
        rule = next((r for r in (action.verb, *kinds)
                     if f"{game}.rule.{r}" in CATALOG.messages), None)
    if rule is not None:
        return ui("action_tip", lang, what=what, rule=CATALOG.text(game, "rule." + rule, lang))
    if decision is not None:
        return ui("action_tip_question", lang, what=what, question=decision.question(lang))
    return what


class DecisionPanel(W.VBox):
    """Buttons for the legal actions of the acting seat (CSS class ``gamekit-decision``)."""

    def __init__(self, session: Session, lang: str = "en", **kw: Any):
        self.session = session
        self.lang = lang
        self.question = W.HTML()
        self.buttons: list[W.Button] = []
        self.button_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.button_box.add_class("gamekit-decision-buttons")
        #: one layout and one style model for every button (not two more widgets each)
        self._button_layout = W.Layout(width="auto", margin="2px")
        self._button_style = W.ButtonStyle()
        self.message = W.HTML()
        self._actions: list[Action] = []
        super().__init__(
            [
                W.HTML(CSS),
                self.question,
                self.button_box,
                self.message,
            ],
            **kw,
        )
        self.add_class("gamekit-decision-panel")
        self.set_lang(lang, refresh=False)
        self.refresh()

    # ------------------------------------------------------------------ text
    def set_lang(self, lang: str, refresh: bool = True) -> None:
        self.lang = lang
        if refresh:
            self.refresh()

    # ------------------------------------------------------------------ buttons
    def _new_button(self, label: str, tip: str) -> W.Button:
        """A decision button born with its words (one message to the page)."""
        b = W.Button(layout=self._button_layout, style=self._button_style,
                     description=label, tooltip=tip, _dom_classes=("gamekit-decision",))
        b.on_click(self._clicked)
        return b

    def _place_buttons(self, words: list[tuple[str, str]]) -> list[W.Button]:
        """A button per legal action, in order, ``words`` its label and hover text. A button
        that showed the same action last time shows it again, unchanged (a card drafted from a
        hand of 7 changes no other button: nothing sent but the new order); the others take a
        free button, changing label and hover text in one message, or a new one. ``buttons``:
        the buttons shown, in order, then the free ones."""
        shown_by: dict[Action, W.Button] = {}
        for b in self.buttons:
            shown_by.setdefault(b._gk_action, b)
        placed: list[W.Button | None] = []
        taken: set[int] = set()
        for a in self._actions:
            b = shown_by.get(a)
            if b is not None and id(b) not in taken:
                taken.add(id(b))
            else:
                b = None
            placed.append(b)
        free = [b for b in self.buttons if id(b) not in taken]
        for i, (a, (label, tip)) in enumerate(zip(self._actions, words)):
            b = placed[i]
            if b is None:
                b = placed[i] = free.pop(0) if free else self._new_button(label, tip)
            if b.description != label or b.tooltip != tip:
                with b.hold_sync():
                    b.description = label
                    b.tooltip = tip
            b._gk_action, b._gk_index = a, i
        shown = [b for b in placed if b is not None]
        for b in free:
            b._gk_index = None
        self.buttons = shown + free
        return shown

    def _clicked(self, button: W.Button) -> None:
        i = button._gk_index
        if i is not None and i < len(self._actions):
            self.session.apply(self._actions[i])

    def click(self, action: Action | str) -> bool:
        """Click the button of ``action`` (for scripts and tests)."""
        if isinstance(action, str):
            action = Action.parse(action)
        for i, a in enumerate(self._actions):
            if a == action:
                self.buttons[i].click()
                return True
        return False

    @property
    def actions(self) -> list[Action]:
        """The legal actions of the decision shown (the buttons; the board's targets)."""
        return list(self._actions)

    def apply_text(self, text: str) -> bool:
        """Apply the action named by ``text`` (a clicked board element's ``data-action``)
        through the buttons' path: only an action of the decision shown is applied; anything
        else is refused with the reason shown and the game unchanged."""
        try:
            action = Action.parse(text.strip())
        except ParseError as exc:
            return self._refuse(IllegalAction(str(exc), text))
        if action not in self._actions:
            return self._refuse(IllegalAction(Reason("ui", "not_a_choice"), action,
                                              prefix=f"{action}: "))
        return self.session.apply(action)

    def _refuse(self, exc: IllegalAction) -> bool:
        self.session.refuse(exc)
        self.message.value = self._error_html()
        return False

    def _error_html(self) -> str:
        """The last refusal, explained in the panel's language ("" if none)."""
        why = self.session.explain(self.lang)
        if not why:
            return ""
        return f"<span class='gamekit-error'>{_html.escape(ui('illegal', self.lang, why=why))}</span>"

    @property
    def visible_buttons(self) -> list[W.Button]:
        return self.buttons[: len(self._actions)]

    def refresh(self) -> None:
        s = self.session
        lang = self.lang
        seat = s.acting_seat()
        game = s.game
        d = None
        if seat is None:
            self._actions = []
            seats = s.state.to_move()
            if not seats:
                self.question.value = f"<b>{ui('no_decision', lang)}</b>"
            else:
                names = ", ".join(seat_name(game, x, lang) for x in seats)
                self.question.value = f"<i>{ui('waiting', lang, seats=names)}</i>"
        else:
            d = s.state.decision(seat)
            self._actions = list(d.legal)
            q = d.question(lang)
            if s.human is not None and seat == s.human:
                head = ui("your_turn", lang, question=q)
            else:
                head = ui("decides", lang, who=seat_name(game, seat, lang), question=q)
            if d.secret:
                head += f" <small>{ui('secret', lang)}</small>"
            self.question.value = f"<b>{head}</b>"
        children = self._place_buttons([(action_label(game, a, lang, d),
                                          action_tip(game, a, lang, d)) for a in self._actions])
        if list(self.button_box.children) != children:
            self.button_box.children = children
        self.message.value = self._error_html()
