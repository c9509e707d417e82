"""The decision panel: the acting seat's question and its legal actions as buttons, plus the
bulk convenience (the bot suggests the next atomic actions; edit them; confirm applies them)."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, Action, Decision, IllegalAction, ParseError

from .i18n import ui
from .session import Session

__all__ = ["DecisionPanel", "action_label", "seat_name"]


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


class DecisionPanel(W.VBox):
    """Buttons for the legal actions of the acting seat (CSS class ``gamekit-decision``)."""

    def __init__(self, session: Session, lang: str = "en", **kw: Any):
        self.session = session
        self.lang = lang
        self.question = W.HTML()
        self.buttons: list[W.Button] = []
        self.button_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.message = W.HTML()
        self.suggest_button = W.Button(icon="magic")
        self.suggest_count = W.BoundedIntText(value=10, min=1, max=200,
                                              layout=W.Layout(width="70px"))
        self.suggest_label = W.HTML()
        self.suggest_text = W.Textarea(layout=W.Layout(width="100%", height="120px"))
        self.confirm_button = W.Button(button_style="success", icon="check")
        self.cancel_button = W.Button(icon="times")
        self.suggest_box = W.VBox(
            [self.suggest_label, self.suggest_text, W.HBox([self.confirm_button,
                                                            self.cancel_button])],
            layout=W.Layout(display="none"),
        )
        self.suggest_button.on_click(lambda _b: self.open_suggestion())
        self.confirm_button.on_click(lambda _b: self.confirm_suggestion())
        self.cancel_button.on_click(lambda _b: self.close_suggestion())
        self._actions: list[Action] = []
        super().__init__(
            [
                self.question,
                self.button_box,
                W.HBox([self.suggest_button, self.suggest_count]),
                self.suggest_box,
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
        self.suggest_button.description = ui("suggest", lang)
        self.suggest_button.tooltip = ui("suggest_tip", lang)
        self.suggest_count.description = ""
        self.suggest_label.value = ui("suggested", lang)
        self.confirm_button.description = ui("confirm", lang)
        self.cancel_button.description = ui("cancel", lang)
        if refresh:
            self.refresh()

    # ------------------------------------------------------------------ buttons
    def _button(self, i: int) -> W.Button:
        while len(self.buttons) <= i:
            b = W.Button(layout=W.Layout(width="auto", margin="2px"))
            b.add_class("gamekit-decision")
            b._gk_index = len(self.buttons)
            b.on_click(self._clicked)
            self.buttons.append(b)
        return self.buttons[i]

    def _clicked(self, button: W.Button) -> None:
        i = button._gk_index
        if i < len(self._actions):
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
            return self._refuse(str(exc))
        if action not in self._actions:
            return self._refuse(str(IllegalAction(ui("not_a_choice", self.lang), action)))
        return self.session.apply(action)

    def _refuse(self, why: str) -> bool:
        self.session.message = why
        self.message.value = ("<span class='gamekit-error'>"
                              f"{_html.escape(ui('illegal', self.lang, why=why))}</span>")
        return False

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
        children = []
        for i, a in enumerate(self._actions):
            b = self._button(i)
            label = action_label(game, a, lang, d)
            if b.description != label:
                b.description = label
            b.tooltip = str(a)
            children.append(b)
        if list(self.button_box.children) != children:
            self.button_box.children = children
        self.suggest_button.disabled = not self._actions
        self.message.value = (
            f"<span class='gamekit-error'>{ui('illegal', lang, why=s.message)}</span>"
            if s.message else ""
        )

    # ------------------------------------------------------------------ bulk
    def open_suggestion(self) -> list[Action]:
        actions = self.session.suggest(self.suggest_count.value)
        if not actions:
            self.message.value = ui("nothing_to_suggest", self.lang)
            return []
        self.suggest_text.value = "\n".join(str(a) for a in actions)
        self.suggest_box.layout.display = "flex"
        return actions

    def close_suggestion(self) -> None:
        self.suggest_box.layout.display = "none"
        self.suggest_text.value = ""

    def confirm_suggestion(self) -> int:
        lines = [x for x in self.suggest_text.value.splitlines() if x.strip()]
        self.close_suggestion()
        n = self.session.apply_many(lines)
        if not self.session.message:
            self.message.value = ui("applied", self.lang, n=n)
        return n
