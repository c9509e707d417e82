"""The composed front-end: ``GameWidget`` (controls, board, decision, narration, flows for one
session) and ``App`` (a game set-up form, one seat against bots, save/load of the record)."""

from __future__ import annotations

import base64
import html as _html
from pathlib import Path
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, GameRecord, GameState, get, new

from .board import CSS, BoardPanel, board_share
from .controls import StepControls, where_text
from .decision import DecisionPanel, seat_name
from .i18n import LANGUAGE_CHOICES, game_ui, ui
from .narration import NarrationPanel
from .option_words import option_error_text
from .ready import announce_ready
from .session import Session
from .turn import CSS as TURN_CSS
from .turn import TurnBanner
from .upload import check_game, load_error_text, position_from_bytes, record_from_bytes
from .whatif import WhatIfPanel

__all__ = ["GameWidget", "App", "agent_names", "shows_none"]


def agent_names(game: str) -> list[str]:
    """Agents available for ``game`` (game-specific ones first; ``rollouts``: the top of the
    ladder, docs/bots.md)."""
    own = list(get(game).agents)
    return own + [a for a in ("random", "rollouts", "lookahead") if a not in own]



def _wide() -> W.Layout:
    """A button as wide as its words (ipywidgets' fixed 148 px cut "Start from a posi…")."""
    return W.Layout(width="auto", max_width="100%")

class GameWidget(W.VBox):
    """Every panel of one session. ``flows=False`` leaves out the plotly panel;
    ``flows="on_request"`` puts it in a closed section built when the person opens it (the
    play apps: the panel's figures are small JSON now, ``figure_view``, but computing them
    still costs each click some kernel time a class does not need until someone asks)."""

    def __init__(self, session: Session, lang: str = "en", flows: bool | str = True,
                 header: bool = True, **kw: Any):
        self.session = session
        self.lang = lang
        self.language = W.ToggleButtons(options=LANGUAGE_CHOICES, value=lang,
                                        style={"button_width": "90px"})
        self.language.add_class("gamekit-language")
        self.language.observe(lambda c: self.set_lang(c["new"]), names="value")
        self.status = W.HTML()
        self.status.add_class("gamekit-status")
        self.controls = StepControls(session, lang)
        self.board = BoardPanel()
        self.decision = DecisionPanel(session, lang)
        self.whatif = WhatIfPanel(session, lang)
        self.whatif.on_fork = self.set_session  # "play on from here" and back
        self.board.on_action.append(self.decision.apply_text)
        self.banner = TurnBanner(players=True)  # the turn, then every seat's panel
        self.narration = NarrationPanel(session, lang)
        self.flows = None
        self.flows_section: W.Accordion | None = None
        if flows == "on_request":
            self.flows_section = W.Accordion([W.VBox()], selected_index=None)
            self.flows_section.add_class("gamekit-flows-section")
            self.flows_section.set_title(0, ui("flows_section", lang))
            self.flows_section.observe(lambda _c: self.open_flows(), names="selected_index")
        elif flows:
            from .flows import FlowsPanel

            self.flows = FlowsPanel(session, lang, viewer=session.human)
        style = W.HTML(CSS + TURN_CSS)  # once: a click sends only what changed
        top = [style, W.HBox([self.language, self.status],
                             layout=W.Layout(align_items="center"))] if header else [style]
        share = board_share(session.game)
        right = W.VBox([self.decision, self.whatif, self.narration],
                       layout=W.Layout(width=f"{100 - share}%"))
        left = W.VBox([self.banner, self.board], layout=W.Layout(width=f"{share}%"))
        main = W.HBox([left, right])
        parts = [*top, self.controls, main]
        if self.flows is not None or self.flows_section is not None:
            parts.append(self.flows_section or self.flows)
        super().__init__(parts, **kw)
        self.add_class("gamekit-app")
        session.listeners.append(self._changed)
        self.refresh()

    def open_flows(self) -> None:
        """Build the flows panel in its section (once, when the section is first opened)."""
        if self.flows is not None or self.flows_section is None \
                or self.flows_section.selected_index is None:
            return
        from .flows import FlowsPanel

        self.flows = FlowsPanel(self.session, self.lang, viewer=self.session.human, defer=False)
        self.flows_section.children = [self.flows]
        self.flows_section.set_title(0, ui("flows_section", self.lang))

    # ------------------------------------------------------------------ session
    @property
    def state(self) -> GameState:
        return self.session.state

    def set_session(self, session: Session) -> None:
        """Show another game in the same widgets."""
        if self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)
        self.session = session
        for panel in (self.controls, self.decision, self.whatif, self.narration, self.flows):
            if panel is not None:
                panel.session = session
        if self.flows is not None:
            self.flows.viewer = session.human
            self.flows._vp_cache.clear()
        self.controls.row.children = [
            self.controls.back_button, self.controls.next_button, self.controls.phase_button,
            self.controls.round_button,
            self.controls.bots_button if session.human is not None else self.controls.end_button,
        ]
        session.listeners.append(self._changed)
        self.refresh()

    def _changed(self, _session: Session) -> None:
        if self.flows is not None:
            self.flows.touch()
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
            return
        self.controls.set_lang(lang)
        self.decision.set_lang(lang, refresh=False)
        self.whatif.set_lang(lang)
        self.narration.lang = lang
        if self.flows is not None:
            self.flows.set_lang(lang)
        if self.flows_section is not None:
            self.flows_section.set_title(0, ui("flows_section", lang))
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        lang = self.lang
        self.decision.refresh()
        self.whatif.refresh()
        shown = s.state if s.human is None else s.state.view(s.human)  # once for both
        self.board.show(s.state, lang, viewer=s.human, actions=self.decision.actions,
                        shown=shown)
        self.banner.show(s, lang, shown)
        self.narration.refresh()
        self.controls.refresh()
        self.status.value = self.status_text()
        if self.flows is not None:
            self.flows.refresh()

    def status_text(self) -> str:
        s = self.session
        state = s.state
        lang = self.lang
        title = state.title.get(lang) or state.title.get("en") or state.game
        scores = state.scores()
        parts = []
        for seat, b in scores.items():
            name = seat_name(state.game, seat, lang)
            if seat == s.human:
                name += f" ({ui('you', lang)})"
            parts.append(f"{name}: {b['total']}")
        text = ui("status", lang, game=title, where=where_text(s, None, lang),
                  scores=", ".join(parts))
        if s.over():
            res = state.result()
            who = ", ".join(seat_name(state.game, w, lang) for w in res.winners)
            text += " · " + game_ui("winner", state.game, lang, who=who,
                                     score=res.scores[res.winners[0]])
        return _html.escape(text)


#: a form field's label shown whole ("Você joga com", never "Você joga…")
_WHOLE_LABEL = {"description_width": "initial"}


def _fit() -> W.Layout:
    """A dropdown as wide as its label and its longest choice (never a clipped choice)."""
    return W.Layout(width="auto")


def shows_none(dropdown: W.Dropdown) -> W.Dropdown:
    """``dropdown`` with its value ``None`` shown as its "—" choice (ipywidgets selects
    nothing for ``None`` and the page shows an empty box)."""
    def mend(_change: Any = None) -> None:
        if dropdown.index is None:
            nones = [i for i, (_label, v) in enumerate(dropdown.options) if v is None]
            if nones:
                dropdown.index = nones[0]
    dropdown.observe(mend, names=["index", "options"])
    mend()
    return dropdown


def _relabel(dropdown: W.Dropdown, options: list[tuple[str, Any]]) -> None:
    """New labels for a dropdown's values, keeping the chosen value."""
    value = dropdown.value
    dropdown.options = options
    dropdown.value = value


class App(W.VBox):
    """Play ``game`` as one seat against bots: set-up form, the game, save/load."""

    def __init__(self, game: str, players: int | None = None, human: int | None = 0,
                 bot: str | None = None, seed: int = 0, lang: str = "en",
                 options: dict[str, Any] | None = None, flows: bool | str = True,
                 autostart: bool = True,
                 autoplay: bool = True, choices: dict[str, list] | None = None,
                 bots: list[str] | None = None, **kw: Any):
        info = get(game)
        self.game = game
        self.info = info
        self.lang = lang
        spec = info.state
        players = players or info.default_players
        bots = list(bots or agent_names(game))
        bot = bot or bots[0]
        if bot not in bots:
            bots.insert(0, bot)
        self.choices = dict(choices or {})
        self.players = W.BoundedIntText(value=players, min=spec.min_players,
                                        max=spec.max_players, layout=W.Layout(width="200px"),
                                        style=_WHOLE_LABEL)
        self.human = W.Dropdown(layout=_fit(), style=_WHOLE_LABEL)
        self._bots = bots
        self.bot = W.Dropdown(options=[(self._agent_label(b, lang), b) for b in bots], value=bot,
                              layout=_fit(), style=_WHOLE_LABEL)
        self.seed = W.IntText(value=seed, layout=W.Layout(width="200px"), style=_WHOLE_LABEL)
        self.autoplay = W.Checkbox(value=autoplay, indent=False)
        self.autoplay.observe(lambda c: setattr(self.session, "autoplay", c["new"]), names="value")
        self.option_widgets: dict[str, W.Widget] = {}
        for name, opt in spec.options_spec.items():
            w = self._option_widget(name, opt, (options or {}).get(name))
            if w is not None:
                self.option_widgets[name] = w
        self.start_button = W.Button(button_style="success", icon="play", layout=_wide())
        self.start_button.add_class("gamekit-start")
        self.start_button.on_click(lambda _b: self.start())
        self.form_message = W.HTML()
        self.players.observe(lambda _c: self._fill_human(), names="value")
        self._fill_human(human)
        self.save_button = W.Button(icon="download", layout=_wide())
        self.save_button.on_click(lambda _b: self.offer_download())
        self.download = W.HTML()
        self.upload = W.FileUpload(accept=".json", multiple=False, layout=_wide())
        self.upload.add_class("gamekit-upload")
        self.upload.observe(self._uploaded, names="value")
        self.position_upload = W.FileUpload(accept=".json", multiple=False,
                                            layout=_wide())
        self.position_upload.add_class("gamekit-position-upload")
        self.position_upload.observe(self._uploaded, names="value")
        self.io_message = W.HTML()
        self.io_message.add_class("gamekit-io-message")
        self.form = W.VBox([
            W.HBox([self.players, self.human]),
            W.HBox([self.bot, self.seed, self.autoplay]),
            W.Box(list(self.option_widgets.values()), layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.start_button, self.form_message]),
        ])
        self.setup = W.Accordion([self.form])
        self.io = W.HBox([self.save_button, self.download, self.upload, self.position_upload,
                          self.io_message],
                         layout=W.Layout(align_items="center"))
        session = self._make_session()
        self.view = GameWidget(session, lang, flows=flows)
        self.view.language.observe(lambda c: self.set_lang(c["new"]), names="value")
        super().__init__([self.setup, self.view, self.io], **kw)
        self.add_class("gamekit-play")
        self.set_lang(lang)
        if autostart and session.human is not None:
            session.bots_until_human()
        announce_ready(game)

    # ------------------------------------------------------------------ form
    def _option_widget(self, name: str, opt: Any, given: Any) -> W.Widget | None:
        value = opt.default if given is None else given
        style = {"description_width": "initial"}
        choices = self.choices.get(name, opt.choices)
        if choices is not None:
            opts = [(self._choice_label(c), c) for c in choices]
            if opt.default is None and None not in choices:
                opts = [("—", None), *opts]
            return shows_none(W.Dropdown(options=opts, value=value, style=style, layout=_fit()))
        if opt.kind is bool:
            return W.Checkbox(value=bool(value), style=style, indent=False)
        if opt.kind is int:
            return W.IntText(value=value if value is not None else 0, style=style)
        if opt.kind is str:
            return W.Text(value=value or "", style=style)
        return None  # lists / dicts (explicit deck orders ...) are for scripts

    def _choice_label(self, choice: Any, lang: str | None = None) -> str:
        """An option value as shown in the form, in ``lang`` (yes/no, a localized name)."""
        lang = lang or getattr(self, "lang", "en")
        if choice is None:
            return "—"
        if isinstance(choice, bool):
            return ui("choice_yes" if choice else "choice_no", lang)
        return CATALOG.name(self.game, choice, lang)

    def _options(self) -> dict[str, Any]:
        out = {}
        for name, w in self.option_widgets.items():
            opt = self.info.state.options_spec[name]
            value = w.value
            if opt.kind is str and value == "":
                value = None
            if opt.kind is int and opt.default is None and value == 0:
                value = None  # an optional number left at 0 means "not given" (e.g. random)
            if value != opt.default:
                out[name] = value
        return out

    def _fill_human(self, value: Any = "keep") -> None:
        n = self.players.value
        lang = getattr(self, "lang", "en")
        current = self.human.value if value == "keep" else value
        opts = [(seat_name(self.game, s, lang), s) for s in range(n)] + [
            (ui("spectator", lang), -1)
        ]
        if current is None:
            current = -1
        self.human.options = opts
        self.human.value = current if current in [v for _l, v in opts] else 0

    def _make_session(self) -> Session:
        human = self.human.value
        human = None if human is None or human < 0 else human
        state = new(self.game, players=self.players.value, seed=self.seed.value,
                    **self._options())
        agents = {s: self.bot.value for s in range(state.players) if s != human}
        session = Session(state, agents=agents, human=human, seed=self.seed.value)
        session.autoplay = self.autoplay.value
        return session

    def start(self) -> bool:
        """Start a new game with the form's settings (a refusal is told in the page's
        language, and again in the other one if the language changes)."""
        try:
            session = self._make_session()
        except (ValueError, TypeError) as exc:
            self._form_failure = exc
            self._tell_form_failure()
            return False
        self._form_failure = None
        self.form_message.value = ""
        self.view.set_session(session)
        if session.human is not None:
            session.bots_until_human()
        return True

    def _tell_form_failure(self) -> None:
        exc = getattr(self, "_form_failure", None)
        self.form_message.value = "" if exc is None else (
            "<span class='gamekit-error'>"
            f"{_html.escape(option_error_text(exc, self.game, self.lang))}</span>")

    @property
    def session(self) -> Session:
        return self.view.session

    @property
    def state(self) -> GameState:
        return self.view.session.state

    # ------------------------------------------------------------------ language
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.view.lang != lang:
            self.view.set_lang(lang)
        self.setup.set_title(0, ui("new_game", lang))
        self.players.description = ui("players", lang)
        self.human.description = ui("you_play", lang)
        self.bot.description = ui("bot", lang)
        self.seed.description = ui("seed", lang)
        self.autoplay.description = ui("autoplay", lang)
        self._fill_human()
        _relabel(self.bot, [(self._agent_label(b, lang), b) for b in self._bots])
        for name, w in self.option_widgets.items():
            key = "option." + name
            w.description = CATALOG.text(self.game, key, lang) if CATALOG.has(self.game, key) \
                else name
            if isinstance(w, W.Dropdown):  # the same values, their labels in ``lang``
                _relabel(w, [(self._choice_label(v, lang), v) for _l, v in w.options])
            help_key = "option_help." + name
            help_text = (CATALOG.text(self.game, help_key, lang) if CATALOG.has(self.game, help_key)
                         else self.info.state.options_spec[name].help)
            if help_text:  # a box has no tooltip of its own: its ``help_target`` takes it
                getattr(w, "help_target", w).tooltip = help_text
        self.start_button.description = ui("start", lang)
        self.save_button.description = ui("save", lang)
        self.upload.description = ui("load", lang)
        self.position_upload.description = ui("load_position", lang)
        self._fill_human()
        self._tell_form_failure()

    # ------------------------------------------------------------------ records
    @staticmethod
    def _agent_label(agent: str, lang: str) -> str:
        """A bot's name in ``lang`` (``ui`` message ``agent.<name>``, else the name)."""
        return ui("agent." + agent, lang) if CATALOG.has("ui", "agent." + agent) else agent

    def record_json(self) -> str:
        return self.session.record().to_json(indent=1)

    def offer_download(self) -> str:
        """Put a download link of the record (JSON) next to the save button."""
        data = base64.b64encode(self.record_json().encode()).decode()
        name = f"{self.game}-seed{self.state.seed}-{self.session.index}.json"
        self.download.value = (
            f"<a class='gamekit-download' download='{name}' "
            f"href='data:application/json;base64,{data}'>{ui('download', self.lang, name=name)}</a>"
        )
        return name

    def save(self, path: str) -> None:
        self.session.save(path)

    def load(self, record: GameRecord | dict | str | Path) -> bool:
        """Load a record: an object, a dict, JSON text, or (from a script) a ``Path`` to a
        .json file. A text is always JSON, never a path. Errors are shown, not raised."""
        try:
            if isinstance(record, Path):
                record = GameRecord.load(record)
            elif isinstance(record, str):
                record = record_from_bytes(record.encode("utf-8"), source="text")
            elif isinstance(record, dict):
                record = GameRecord.from_dict(record)
            return self._load_record(record)
        except Exception as exc:  # noqa: BLE001  (told to the person, never raised)
            return self._load_failed(exc)

    def load_bytes(self, data: bytes) -> bool:
        """Load uploaded bytes: parsed as a JSON record only (bounded size and depth, see
        ``upload.record_from_bytes``), never read as a path. Errors are shown, not raised."""
        try:
            return self._load_record(record_from_bytes(data))
        except Exception as exc:  # noqa: BLE001  (told to the person, never raised)
            return self._load_failed(exc)

    def load_position_bytes(self, data: bytes) -> bool:
        """Start from an uploaded position (``upload.position_from_bytes``: JSON only, bounded,
        checked against the game's rules); the person takes their seat, bots the others.
        Errors are shown, not raised."""
        try:
            state = position_from_bytes(data, self.game)
            human = self.human.value
            human = None if human is None or human < 0 else min(human, state.players - 1)
            agents = {s: self.bot.value for s in range(state.players) if s != human}
            session = Session(state, agents=agents, human=human, seed=self.seed.value)
            session.autoplay = self.autoplay.value
            self.view.set_session(session)
            self.io_message.value = _html.escape(ui("position_loaded", self.lang))
            return True
        except Exception as exc:  # noqa: BLE001  (told to the person, never raised)
            return self._load_failed(exc)

    def _load_record(self, record: GameRecord) -> bool:
        check_game(record, self.game)
        human = self.human.value
        human = None if human is None or human < 0 else min(human, record.players - 1)
        agents = {s: self.bot.value for s in range(record.players) if s != human}
        session = Session.from_record(record, agents=agents, human=human, seed=self.seed.value)
        session.autoplay = self.autoplay.value
        self.view.set_session(session)
        self.io_message.value = _html.escape(ui("loaded", self.lang, n=session.length))
        return True

    def _load_failed(self, exc: Exception) -> bool:
        self.io_message.value = (
            f"<span class='gamekit-error'>{_html.escape(load_error_text(exc, self.lang))}</span>"
        )
        return False

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        widget = change["owner"]
        load = self.load_position_bytes if widget is self.position_upload else self.load_bytes
        try:
            item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
            load(item["content"])
        except Exception as exc:  # noqa: BLE001  (a malformed upload message)
            self._load_failed(exc)
        finally:
            widget.value = ()  # forget the bytes; the same file can be chosen again
