"""The intents every game widget answers (`intents.BASE_INTENTS`): each is turned into one
call of the widget's table (`engines.table.Table`), which refuses what the rules or the
seats do not allow; `referee.Referee` dispatches them, under the lock, and turns a refusal
into a notice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.engines import tasks
from ludotheque.engines.core import check_choice

from .arguments import MAX_BOT_DELAY
from .intents import IntentError

if TYPE_CHECKING:
    from ludotheque.engines.table import Table
    from ludotheque.tables.remote_table import RemoteTable


GAME_REVIEW_SECONDS = 12.0
"""What a game's review may take in a kernel, all decisions together (a 6 x 8 Sortilèges
game: about a minute of work at most, shared out so; docs/sortileges.md)."""
IN_BROWSER_SECONDS = 3.0
"""The same in the offline site, whose plain Python is tens of times slower: a smaller
budget (so more estimates, fewer proofs); the review says its budget."""


class BaseIntents:
    """`_intent_<type>` for the base intents; a game adds its own beside them."""

    if TYPE_CHECKING:  # what the widget provides (its traits, its hooks)
        table: Table | RemoteTable
        seats: Any
        lang: Any
        bot_delay: Any
        _choices: dict[str, list[Any]]

        def browser_new_game(self, options: dict[str, Any]) -> None: ...
        def browser_undo(self) -> None: ...
        def browser_redo(self) -> None: ...
        def hint_for(self, position: Any, deadline: Any) -> dict[str, Any]: ...

    def _intent_act(self, content: dict) -> None:
        self.table.act(content["action"], content["ply"])

    def _intent_new(self, content: dict) -> None:
        self.browser_new_game(self.checked_options(content.get("options", {})))

    def checked_options(self, options: Any) -> dict[str, Any]:
        """`options` from the browser, each among `choices()` with the very same type."""
        choices = self._choices
        if type(options) is not dict or not set(options) <= set(choices):
            raise IntentError(f"options must be an object of choices among {choices}")
        try:
            for name, value in options.items():
                check_choice(name, value, choices[name])
        except ValueError as error:
            raise IntentError(str(error)) from None
        return options

    def _intent_undo(self, _content: dict) -> None:
        self.table.check_person_may_step("taking back")
        self.browser_undo()

    def _intent_redo(self, _content: dict) -> None:
        self.table.check_person_may_step("replaying")
        self.browser_redo()

    def _intent_hint(self, _content: dict) -> None:
        self.table.ask_hint(self.hint_for)

    def _intent_seat(self, content: dict) -> None:
        self.seats = self.table.seats_with(content["seat"], content["value"])

    def _intent_speed(self, content: dict) -> None:
        value = content["value"]  # finite, checked by its field
        self.bot_delay = float(min(max(value, 0), MAX_BOT_DELAY))

    def _intent_game_review(self, _content: dict) -> None:
        self.table.ask_game_review(GAME_REVIEW_SECONDS if tasks.THREADS else IN_BROWSER_SECONDS)

    def _intent_review(self, content: dict) -> None:
        self.table.look_back(content["ply"])

    def _intent_continue(self, _content: dict) -> None:
        self.table.go_on()

    def _intent_relay(self, content: dict) -> None:
        from ludotheque.tables.remote_table import RemoteTable

        if not isinstance(self.table, RemoteTable):
            raise IntentError("relay: this widget has no table server's seat to relay")
        self.table.relayed(content["event"], content["screen"], content.get("text"))

    def _intent_ready(self, _content: dict) -> None:
        self.table.ready()

    def _intent_omniscient(self, content: dict) -> None:
        self.table.set_omniscient(content["value"])
