"""One game at one table, refereed: the position, who sits where, who is watching, the
curtain of a hot seat with secrets, who may act, a round's end that waits for "go on", the
bots, taking back and replaying, and looking back at a past position.

No Jupyter here. A notebook's game widget shows one Table to the person at its screen
(widgets/base.py); anything else that shows a game (a server for two screens, a test) can
hold the same object. Every change happens under `lock` and ends in one `View` handed to
`publish`: what the person watching may see now, derived from the seats and the table's
private memory (who has been at the screen, whether a hand was shown), never from anything
the watcher sent.

Background work is bounded (`tasks.py`): one thread per kind (bot, hint, a game's own
analysis), a new request cancelling the last; a bot that fails, answers nonsense or overruns
its budget is abandoned with a notice and a random legal move is played for it, so a game
never stalls. Any change of game or seats bumps a generation counter: a late answer is
dropped. Refusals are `RulesError`s with a code (docs/protocol.md): the caller words them.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from . import tasks
from .bots import Bot, Deadline
from .chance import derived_seed
from .core import OMNISCIENT, GameOverError, RulesError, State, quote
from .review import decision_plies, review, reviewer, reviews_whole_deals
from .table_view import Hooks, PlainHooks, View
from .tasks import Abandoned, Overrun, Stuck, TaskSlot, answer_within

HUMAN = "human"
GRACE = 0.5
"""Seconds a bot may overrun its budget before its call is abandoned (plus half the budget)."""
COMPILE_GRACE = 60.0
"""Built-in bots honour their Deadline but a compiled level may first compile its kernels."""
REVIEW_PART = 4
"""Decisions a game's review judges in one turn of the event loop where there are no threads
(the offline site): a few tenths of a second of the kernel at a time."""
ROUND_PAUSE = 3.0
"""Seconds a game between bots rests at the end of a round (or the bot delay if longer)."""


class Table:
    """One game at one table. `seats`: one per player, "human" or "bot:<level>" (a level
    among `levels`); `custom_bots`: bots by level name (a student's function) played as
    given; `publish(view)` is called under the lock after every change, `notify(level, code,
    **params)` for what went wrong in the background (a bot abandoned)."""

    can_wait = True
    """Python may block until the bots have moved (a remote table relayed by the browser
    may not: tables/remote_table.py)."""

    def __init__(
        self,
        state: State,
        seats: list[str],
        *,
        levels: tuple[str, ...],
        publish: Callable[[View], None],
        notify: Callable[..., None],
        hooks: Hooks | None = None,
        custom_bots: dict[str, Bot[Any]] | None = None,
        lang: str = "fr",
        bot_seconds: float = 1.0,
        bot_delay: float = 0.6,
        own_screens: bool = False,
    ):
        self.lock = threading.RLock()
        self.own_screens = own_screens
        """Each seat watches from its own screen (a table server's clients, `view_for`): no
        curtain, and `act_for` says who moves."""
        self.levels = levels
        self.custom_bots = dict(custom_bots or {})
        self.hooks: Hooks = hooks or PlainHooks(type(state.game), bot_seconds)
        self.publish, self.notify = publish, notify
        self.lang, self.bot_seconds, self.bot_delay = lang, bot_seconds, bot_delay
        self.seats = list(seats)
        self.generation = 0
        """Bumped by every change of game or seats: background work of an older one is dropped."""
        self.omniscient = False
        self.replaying = False
        self._state = state
        self._slots: dict[str, TaskSlot] = {}
        self._abandoned = Abandoned()
        self._hint: dict[str, Any] = {}
        self._game_review: dict[str, Any] = {}
        self._thinking = self._waiting = False
        self._review_ply: int | None = None
        self._went_on: int | None = None  # the ply of the round's end someone went on from
        self._revealed: int | None = None  # the human seat now at the screen (secrets)
        self._seen: set[int] = set()  # seats whose private view was shown in this game
        self._exposed = False  # every hand, or another seat's, was shown in this game
        self._had_human = HUMAN in self.seats  # a human sat here: no omniscient view
        self._last_viewer: int | None = None
        self._names: list[str] | None = None  # a replay's players, when given
        self.viewer: int | None = None
        self.curtain: int | None = None

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the game state (changing it changes nothing here)."""
        with self.lock:
            return self._state.clone()

    @property
    def live(self) -> State:
        """The live state, for hooks and views that read it under the lock (never change it:
        every change goes through the table)."""
        return self._state

    @property
    def game(self) -> Any:
        return self._state.game

    @property
    def private(self) -> bool:
        """The game has private information (hands)."""
        return bool(type(self._state.game).private_information)

    def public_observation(self) -> dict[str, Any]:
        """What anyone may see of the live position (a saved picture, a spectator)."""
        with self.lock:
            return self._state.observation(None)

    # -- changes from Python and from people --------------------------------------------
    def start(self) -> None:
        """Publish the first view and let a bot to move begin."""
        with self.lock:
            self._changed(moved=False)

    def new_game(self, state: State, seats: list[str]) -> None:
        """A new game on the same table (the caller deals it): a new position, seats
        fitted to its players, every memory of the last game forgotten."""
        with self.lock:
            self._state = state
            self._seen, self._revealed, self._last_viewer = set(), None, None
            self._exposed, self._went_on, self._names = False, None, None
            self.replaying = False
            self._had_human = HUMAN in seats
            if seats != self.seats:
                self.change_seats(seats)
            else:
                self._changed(moved=False)

    def replay(self, state: State, names: list[str] | None) -> None:
        """Show a recorded game (`state` at its end) from its start: nobody plays in it;
        a game with secrets shows what a spectator sees until `omniscient` is set."""
        with self.lock:
            self._state = state
            self._seen, self._revealed, self._last_viewer = set(), None, None
            self._exposed, self._had_human, self._went_on = False, False, None
            self._names = names
            self.replaying, self.omniscient = True, False
            self._changed(moved=False, review_ply=0)

    def play(self, action: Any) -> None:
        """Play `action` for whoever is to move (from Python: no check of who is at the
        screen); RulesError if the rules refuse it."""
        with self.lock:
            self._refuse_in_replay("a move")
            self._state.apply(action)
            self._changed(moved=True)

    def act(self, action: Any, ply: Any) -> None:
        """A move by the person at the screen, made when the game was at `ply`."""
        with self.lock:
            state = self._state
            self._refuse_over_or_stale(action, ply)
            self._refuse_in_replay("a move")
            if self.bot_to_move() or self._review_ply is not None:
                raise RulesError("it is not a human's turn").with_code("not-your-turn")
            self._refuse_under_curtain("a move")
            state.apply(action)
            self._changed(moved=True)

    def act_for(self, seat: int, action: Any, ply: Any) -> None:
        """A move by `seat` from its own screen (`own_screens`), made at `ply`."""
        with self.lock:
            state = self._state
            self._refuse_over_or_stale(action, ply)
            if self._waiting:
                raise RulesError("the round's end waits for someone to go on").with_code("waiting")
            if seat != state.current_player() or self.seats[seat] != HUMAN:
                raise RulesError("it is not your turn").with_code("not-your-turn")
            state.apply(action)
            self._changed(moved=True)

    def undo(self) -> None:
        """Take back moves until a human is to move again (or the start)."""
        with self.lock:
            self._refuse_in_replay("taking back")
            self._step_back_or_forth(self._state.undo, lambda: bool(self._state.history))

    def redo(self) -> None:
        """Replay moves taken back, up to the next human turn."""
        with self.lock:
            self._refuse_in_replay("replaying moves taken back")
            self._step_back_or_forth(self._state.redo, lambda: bool(self._state.redo_stack))

    def check_person_may_step(self, what: str) -> None:
        """Refuse a person's undo or redo: in a recorded game, under the curtain, or once
        a hand was shown (going back would replay it known)."""
        with self.lock:
            self._refuse_in_replay(what)
            self._refuse_under_curtain(what)
            if self.private and self._exposed:
                raise RulesError(
                    f"every hand has been shown in this game: {what} would replay it with the "
                    "cards known; start a new game"
                ).with_code("hands-private")

    def change_seats(self, seats: list[str]) -> None:
        """Seats changed (checked by the caller): the table goes on from the same position."""
        with self.lock:
            old, self.seats = self.seats, list(seats)
            in_person = {i for i, seat in enumerate(old) if seat == HUMAN}
            if in_person != {i for i, seat in enumerate(self.seats) if seat == HUMAN}:
                self._exposed |= bool(self._seen)  # a side switched after a hand was shown
            if HUMAN in self.seats:
                self._had_human = True
            self._changed(moved=False, same_position=True)

    def seats_with(self, index: Any, value: Any) -> list[str]:
        """The seats with seat `index` taken by `value` (a person's menu choice), or the
        reason it is refused."""
        with self.lock:
            seats = list(self.seats)
            if type(index) is not int or not 0 <= index < len(seats):
                raise RulesError(f"there is no seat {quote(index)}").with_code("malformed")
            self._refuse_in_replay("changing seats")
            self._refuse_under_curtain("changing seats")
            allowed = {HUMAN} | {f"bot:{level}" for level in self.levels}
            if value not in allowed:
                raise RulesError(
                    f"a seat is one of {sorted(allowed)}, not {quote(value)}"
                ).with_code("malformed")
            humans_change = (value == HUMAN) != (seats[index] == HUMAN)
            if (
                self.private
                and humans_change
                and (self._seen or self._exposed)
                and not self._state.is_terminal()
            ):
                raise RulesError(
                    "in a game with secrets, who plays in person is fixed once a "
                    "hand has been shown: start a new game to change it"
                ).with_code("hands-private")
            seats[index] = value
            return seats

    def go_on(self) -> None:
        """`continue` at a round's end that waits for it."""
        with self.lock:
            if not self._waiting:
                raise RulesError("no round's end is waiting to go on").with_code("not-waiting")
            self._continue()

    def ready(self) -> None:
        """The seat called to the screen says it is there: the curtain lifts."""
        with self.lock:
            if self.curtain is None:
                raise RulesError("no curtain is down").with_code("nothing")
            self._revealed = self.curtain
            self.refresh()

    def look_back(self, ply: int | None) -> None:
        """Show the position after `ply` moves beside the live one (None: stop)."""
        with self.lock:
            if ply is None:
                self._review_ply = None
                self.refresh()
                return
            self._refuse_under_curtain("looking back")
            if not 0 <= ply <= self._state.ply:
                raise RulesError(f"there is no move {quote(ply)}").with_code("malformed")
            self._review_ply = ply
            self.refresh()

    def omniscient_allowed(self) -> bool:
        """Every hand may be shown: in a recorded game, or where no human sits and none
        sat, or once the game is over."""
        if self.replaying:
            return True
        return HUMAN not in self.seats and (not self._had_human or self._state.is_terminal())

    def set_omniscient(self, value: bool) -> None:
        with self.lock:
            if value and not self.omniscient_allowed():
                raise RulesError(
                    "every hand is shown only in a game that never had a human seat, "
                    "or once it is over"
                ).with_code("hands-private")
            self.omniscient = bool(value)
            self.refresh()

    def set_lang(self, lang: str) -> None:
        with self.lock:
            self.lang = lang
            self.refresh()

    def ask_hint(self, hint_for: Callable[[State, Deadline], dict[str, Any]]) -> None:
        """A hint for the person to move, computed in the background by `hint_for`."""
        with self.lock:
            state = self._state
            if state.is_terminal():
                raise GameOverError("the game is over")
            self._refuse_in_replay("a hint")
            self._refuse_under_curtain("a hint")
            to_move = state.current_player()
            if self.seats[to_move] != HUMAN or (self.private and to_move != self.viewer):
                # a hint names a card of the hand to move: only for the player holding it
                raise RulesError("a hint is for the player to move only").with_code("not-your-turn")
            position = state.clone()
            self.run_task(
                "hint",
                lambda deadline: hint_for(position, deadline),
                lambda hint: self._show_hint({**hint, "ply": position.ply}),
            )

    def ask_game_review(self, total_seconds: float) -> None:
        """Review the finished game (or the recorded one) in the background, each decision
        given its share of `total_seconds` (between 0.05 and 0.5 s); asked during a game,
        it would be a hint for every move, so it is refused until the end. Every seat's
        decisions are reviewed once; a view shows the entries its screen may see
        (`_review_shown`: in a game with private hands, those of the seat whose hand it
        shows)."""
        with self.lock:
            state = self._state
            if not state.is_terminal():
                raise RulesError("a game is reviewed once it is over").with_code("not-over")
            self._refuse_under_curtain("a review")
            try:
                reviewer(type(state.game))
            except ValueError as missing:
                raise RulesError(str(missing)).with_code("no-review") from None
            if self._game_review:
                return  # asked already: the same review, or the one under way
            plies = decision_plies(state)
            seconds = min(0.5, max(0.05, total_seconds / max(1, len(plies))))
            proves = bool(getattr(reviewer(type(state.game)), "PROVES", False))
            self._game_review = {"status": "thinking", "seconds": seconds, "proves": proves}
            self.refresh()
            parts: list[list[int] | None] = [None]  # the whole game in one thread
            if not tasks.THREADS and not reviews_whole_deals(type(state.game)):
                parts = [plies[i : i + REVIEW_PART] for i in range(0, len(plies), REVIEW_PART)]
            self._review_parts(state.clone(), seconds, proves, parts or [[]], [])

    def _review_parts(
        self,
        record: State,
        seconds: float,
        proves: bool,
        parts: list[list[int] | None],
        found: list[dict[str, Any]],
    ) -> None:
        """Review the game's decisions part after part (where there are no threads, each
        part in its own turn of the event loop: the kernel answers clicks in between), then
        show every entry."""
        part, rest = parts[0], parts[1:]

        def done(entries: list[dict[str, Any]]) -> None:
            if rest:
                self._review_parts(record, seconds, proves, rest, found + entries)
            else:
                self._show_game_review(found + entries, seconds, proves)

        work = len(part) if part is not None else len(decision_plies(record))
        self.run_task(
            "game-review",
            lambda deadline: review(record, seconds=seconds, deadline=deadline, plies=part),
            done,
            seconds=work * seconds * 4 + 10,
            failed=self._forget_game_review,
            code="review-failed",
        )

    def wait(self, timeout: float = 60.0) -> None:
        """Block until no bot is to move (a human's turn, or the game's end); a round's
        end waiting for `continue` goes on."""
        deadline = Deadline(timeout)
        while True:
            with self.lock:
                if not self.bot_to_move():
                    return
                if self._waiting:  # whoever drives the game from Python says `continue`
                    self._continue()
            if deadline.expired():
                raise TimeoutError(f"bots still playing after {timeout} s")
            self._slot("bot").join(min(max(deadline.remaining(), 0.01), 0.1))

    def run_task(
        self,
        kind: str,
        compute: Callable[[Deadline], Any],
        done: Callable[[Any], None],
        seconds: float | None = None,
        failed: Callable[[], None] | None = None,
        code: str = "bot",
    ) -> None:
        """Run `compute(deadline)` in the background, one at a time per `kind` (a new call
        cancels the last); `done(result)` runs under the lock only if the game has not
        changed meanwhile. A failure is notified (with `code`), then `failed()` runs under
        the lock too."""
        with self.lock:
            self._submit(kind, compute, done, seconds or self.bot_seconds, failed, code)

    def _submit(
        self,
        kind: str,
        compute: Callable[[Deadline], Any],
        done: Callable[[Any], None],
        budget: float,
        failed: Callable[[], None] | None,
        code: str,
    ) -> None:
        generation = self.generation

        def work(cancel: threading.Event) -> None:
            try:
                result = compute(Deadline(budget, cancel))
            except Exception as error:  # a computation's failure is reported, never fatal
                with self.lock:
                    if generation == self.generation and not cancel.is_set():
                        self.notify("error", code, message=f"{kind}: {error}")
                        if failed is not None:
                            failed()
                return
            with self.lock:
                if generation == self.generation and not cancel.is_set():
                    done(result)

        self._slot(kind).submit(work)

    def refresh(self) -> None:
        """Publish the view again (after a setting that changes what is shown)."""
        with self.lock:
            self.publish(self._view())

    def close(self) -> None:
        """Stop every background task; late answers are dropped."""
        with self.lock:
            self.generation += 1
            for slot in self._slots.values():
                slot.cancel()

    def bot_to_move(self) -> bool:
        if self.replaying:
            return False
        return not self._state.is_terminal() and self.seats[self._state.current_player()] != HUMAN

    # -- what changes do ----------------------------------------------------------------
    def _refuse_over_or_stale(self, action: Any, ply: Any) -> None:
        """A move to a game that is over, or made at another ply than the live one."""
        if self._state.is_terminal():
            raise GameOverError("the game is over", action=action)
        if ply != self._state.ply:
            raise RulesError(
                f"move made at ply {quote(ply)}, the game is at ply {self._state.ply}",
                action=action,
            ).with_code("stale")

    def _refuse_in_replay(self, what: str) -> None:
        if self.replaying:
            raise RulesError(f"this is a recorded game: {what} waits for a new game").with_code(
                "replay"
            )

    def _refuse_under_curtain(self, what: str) -> None:
        if self.curtain is not None:
            raise RulesError(
                f"the curtain is down: {what} waits until the player to move says they are there"
            ).with_code("not-your-turn")

    def _step_back_or_forth(self, step: Callable[[], Any], possible: Callable[[], bool]) -> None:
        if not possible():
            raise RulesError("nothing to take back or replay").with_code("nothing")
        step()
        while (
            possible()
            and not self._state.is_terminal()
            and self.bot_to_move()
            and HUMAN in self.seats
        ):
            step()
        self._changed(moved=False)

    def _changed(
        self, moved: bool, same_position: bool = False, review_ply: int | None = None
    ) -> None:
        """After any change of game or seats: stop stale work, publish in one view, start a
        bot. After a move the seat at the screen keeps it if it is to move again; any other
        change (undo, redo, seats, new game) forgets who was there. A change of seats
        (`same_position`) keeps a round's end that someone already went on from."""
        if not same_position:
            self._went_on = None
        self.generation += 1
        for slot in self._slots.values():
            slot.cancel()
        if not moved or self._revealed != self._state.current_player():
            self._revealed = None
        self._review_ply = review_ply
        self._hint = {}
        if not (same_position and self._game_review.get("status") == "done"):
            self._game_review = {}  # a review under way was cancelled with the other slots
        self.hooks.on_change()
        self._waiting = self._rests()
        self._thinking = self.bot_to_move() and not self._waiting
        self.publish(self._view())
        self._start_bot_if_due()

    def _rests(self) -> bool:
        """The table rests on a round's end: the last move ended a round, the game goes on,
        and nobody has said `continue` there yet (a recorded game never rests)."""
        state = self._state
        return (
            not self.replaying
            and state.round_ended()
            and not state.is_terminal()
            and self._went_on != state.ply
        )

    def _continue(self) -> None:
        """Go on after a round's end: the bot to move starts the next round; a human to move
        has the table back, with the next round dealt for them if the game has a move for it."""
        self._went_on = self._state.ply
        if not self.bot_to_move():
            move = self._state.next_round_move()
            if move is not None:
                self._state.apply(move)
                self._changed(moved=True)
                return
        self._waiting, self._thinking = False, self.bot_to_move()
        self.publish(self._view())
        self._start_bot_if_due()

    def _show_game_review(
        self, entries: list[dict[str, Any]], seconds: float, proves: bool
    ) -> None:
        self._game_review = {
            "status": "done",
            "seconds": seconds,
            "proves": proves,
            "entries": entries,
        }
        self.publish(self._view())

    def _review_shown(self, seat: Any) -> dict[str, Any]:
        """The game's review as a screen showing `seat`'s observation may see it. In a game
        with private hands each seat's entries judge from its own hand (`best` may name a
        card the other seat never saw, the values weigh that hand): only the entries of the
        seat whose hand is shown there; every seat's where every hand is (OMNISCIENT: the
        table's rule for showing them all, `omniscient_allowed`); none for the public view
        (a spectator, a curtain down, a hot seat's end). `withheld` counts the others (the
        panel may say why they are missing: their number is public, the moves are not)."""
        shown = dict(self._game_review)
        entries = shown.get("entries")
        if entries is not None and self.private and seat != OMNISCIENT:
            shown["entries"] = [entry for entry in entries if entry["seat"] == seat]
            shown["withheld"] = len(entries) - len(shown["entries"])
        return shown

    def _forget_game_review(self) -> None:
        self._game_review = {}
        self.publish(self._view())

    def _show_hint(self, hint: dict[str, Any]) -> None:
        self._hint = hint
        self.publish(self._view())

    # -- who sees what ------------------------------------------------------------------
    def _watcher(self) -> tuple[int | None, int | None]:
        """(viewer, curtain) from the seats and the table's memory, never from a message."""
        if self.replaying or self.own_screens:  # a spectator of a recorded game; no screen
            return None, None
        humans = [i for i, seat in enumerate(self.seats) if seat == HUMAN]
        to_move = self._state.current_player()
        if not self.private:
            if len(humans) == 1:
                return humans[0], None
            if to_move in humans:
                return to_move, None
            return (self._last_viewer if self._last_viewer in humans else None), None
        candidate = humans[0] if len(humans) == 1 else to_move if to_move in humans else None
        if candidate is None:
            return None, None
        own_game = len(humans) == 1 and self._seen <= {candidate}
        if candidate == self._revealed or own_game:
            self._revealed = candidate
            return candidate, None
        return None, candidate

    def _view(self) -> View:
        """The view of the person at the screen now; records who has seen what."""
        viewer, curtain = self._watcher()
        self.viewer, self.curtain = viewer, curtain
        if viewer is not None:
            self._seen.add(viewer)
            self._last_viewer = viewer
        if self.omniscient and not self.omniscient_allowed():
            self.omniscient = False
        seat: Any = viewer
        if viewer is None and self.omniscient:
            seat = OMNISCIENT
        self._exposed |= seat == OMNISCIENT
        return self._view_as(seat, viewer, curtain)

    def view_for(self, seat: int | None) -> View:
        """What `seat` sees at its own screen (`own_screens`: a table server's client); a
        watcher (None) sees the public view, or every hand where all may be shown."""
        with self.lock:
            shown: Any = OMNISCIENT if seat is None and self.omniscient_allowed() else seat
            return self._view_as(shown, seat, None)

    def _view_as(self, seat: Any, viewer: int | None, curtain: int | None) -> View:
        """The view showing `seat`'s observation (OMNISCIENT: every hand; None: the public
        one) to `viewer`."""
        state = self._state
        review: dict[str, Any] = {}
        if self._review_ply is not None:  # the position looked back at, as seen now
            past = state.replayed(self._review_ply)
            review = {"ply": self._review_ply, "observation": past.observation(seat)}
        open_to_change = (  # no taking back at a table of several screens (yet)
            curtain is None
            and not (self.private and self._exposed)
            and not self.replaying
            and not self.own_screens
        )
        to_move = state.current_player()
        can_act = (
            not self.replaying
            and not state.is_terminal()
            and self._review_ply is None
            and not self._thinking
            and not self._waiting
            and curtain is None
            and viewer == to_move
            and self.seats[to_move] == HUMAN
        )
        names = self._names or list(type(state.game).seat_names[self.lang][: state.game.players])
        return View(
            observation={
                **state.observation(seat),
                **self.hooks.extra_observation(state, seat),
            },
            review=review,
            seats=list(self.seats),
            names=names,
            options=dict(state.game.options),
            viewer=viewer,
            curtain=curtain,
            thinking=self._thinking,
            waiting=self._waiting,
            can_act=can_act,
            can_undo=open_to_change and bool(state.history),
            can_redo=open_to_change and bool(state.redo_stack),
            replaying=self.replaying,
            omniscient=seat == OMNISCIENT if self.own_screens else self.omniscient,
            hint=dict(self._hint),
            game_review=self._review_shown(seat),
        )

    # -- bots ---------------------------------------------------------------------------
    def _slot(self, kind: str) -> TaskSlot:
        if kind not in self._slots:
            self._slots[kind] = TaskSlot(f"{self.game.name}-{kind}")
        return self._slots[kind]

    def _bot(self, level: str, position: State) -> Bot[Any]:
        """The bot playing `level` in `position`, seeded from the game and the ply: a seeded
        game replays exactly, and after an undo a bot answers as it did before (on every
        machine: `derived_seed`)."""
        if level in self.custom_bots:
            return self.custom_bots[level]
        return self.hooks.make_bot(level, seed=derived_seed(position.seed, position.ply))

    def _start_bot_if_due(self) -> None:
        if not self.bot_to_move():
            return
        if self._waiting:
            if HUMAN not in self.seats:
                self._rest_then_continue()
            return
        generation = self.generation
        seat, delay = self._state.current_player(), self.bot_delay
        level = self.seats[seat].split(":", 1)[1]

        def work(cancel: threading.Event) -> None:
            # The bot's copy of the position is made here, after the pause: made where the
            # move is published, its deep copy (1.5-3 ms) held the kernel's thread while the
            # move's message waited to be sent.
            with self.lock:
                if generation != self.generation or cancel.is_set():
                    return
                position = self._state.clone()
            action, failure = self._bot_answer(seat, level, position, cancel)
            with self.lock:
                if generation != self.generation or cancel.is_set():
                    return
                if failure is None:
                    try:  # the one check of a bot's move: the rules, on the live position
                        self._state.apply(action)
                    except RulesError as error:
                        failure = self._fallback_reason(seat, f"{error}")
                if failure is not None:
                    self.notify("error", "bot", message=failure, seat=seat)
                    self._state.apply(fallback_move(position))
                self._changed(moved=True)

        self._slot("bot").submit(work, after=delay)

    def _rest_then_continue(self) -> None:
        """Between bots, the round's end stays on screen for a clear pause."""
        generation, pause = self.generation, max(self.bot_delay, ROUND_PAUSE)

        def work(cancel: threading.Event) -> None:
            with self.lock:
                if generation == self.generation and not cancel.is_set() and self._waiting:
                    self._continue()

        self._slot("pause").submit(work, after=pause)

    def _bot_answer(
        self, seat: int, level: str, position: State, cancel: threading.Event
    ) -> tuple[Any, str | None]:
        """The bot's answer read as an action of the game (its legality is the rules' to
        say, once, on the live position), or None and why it failed."""
        try:
            bot = self._bot(level, position)
            custom = level in self.custom_bots
            limit = self.bot_seconds * 1.5 + (GRACE if custom else COMPILE_GRACE)
            action = answer_within(
                bot,
                position.clone(),
                self.bot_seconds,
                limit,
                cancel,
                self._abandoned,
                key=level,
                check=position.game.canonical,
                trusted=not custom,
            )
            if cancel.is_set():
                return None, None
            return action, None
        except (Overrun, Stuck) as error:
            return None, self._fallback_reason(seat, str(error))
        except Exception as error:  # whatever a bot raises is reported, never fatal
            return None, self._fallback_reason(seat, f"{type(error).__name__}: {error}")

    def _fallback_reason(self, seat: int, why: str) -> str:
        names = self._names or type(self.game).seat_names[self.lang]
        return f"{names[seat]}: {why[:160]}; a random legal move was played"


def fallback_move(position: State) -> Any:
    """The legal move played for a bot that failed: random, seeded by the position (the
    same on every machine: `derived_seed`), so the game replays."""
    seed = derived_seed(position.seed, position.ply, 1)
    return random.Random(seed).choice(position.legal_actions())
