"""What every widget of the package does with the browser (games and the tournament alike):
the browser writes nothing, and asks through intents that are checked before anything acts.

ipywidgets applies a front-end `update` to any synced trait, so a student with the
browser's developer tools could write what Python shows. `Referee` refuses every such
write (logged once per widget, the writer's view sent the true values back) and lets a
widget mark its output traits as written by its own code only: each widget declares

    @traitlets.validate(*OUTPUT)
    def _check_output(self, proposal):
        return self.referee_only(proposal)

and writes those traits inside `with self._output():`. An intent (a custom message) is
checked against the widget's `intents` table (`intents.check_shape`) and handled by its
`_intent_<type>` method under the widget's `_lock`; a refusal changes nothing and sets
`notice`. See docs/protocol.md.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ludotheque.engines.core import LANGS, MAX_TEXT, QUOTE, RulesError, quote

from .intents import Field, IntentError, check_shape, printable

log = logging.getLogger(__name__)


class Referee:
    """Mixin placed before `anywidget.AnyWidget`. The widget provides `intents` (type ->
    fields), an `_intent_<type>(content)` per type, a synced `notice` trait among its
    outputs, and `_lock` (an RLock), and calls `self.on_msg(self._on_intent)`."""

    _writing = 0  # > 0 while the widget's own code writes its output traits
    _refused_update = False
    _notice_id = 0

    if TYPE_CHECKING:  # what the widget provides (ipywidgets' Widget, the widget itself)
        keys: list[str]
        notice: dict[str, Any]
        intents: ClassVar[dict[str, dict[str, Field]]]
        _lock: threading.RLock

        def send_state(self, key: Any = None) -> None: ...
        def hold_sync(self) -> contextlib.AbstractContextManager[None]: ...

    # -- the browser writes nothing --------------------------------------------------
    def set_state(self, sync_data: dict) -> None:
        """A trait write from the browser (a comm `update`): refused, whatever it names.

        The first one is logged; the writer's view gets the true values back."""
        if type(sync_data) is not dict:  # not even a set of traits: nothing to send back
            sync_data = {}
        if not self._refused_update:
            self._refused_update = True
            log.warning(
                "%s: a front-end wrote traits %s; refused (the browser only sends intents)",
                type(self).__name__,
                quote(", ".join(sorted(map(str, sync_data)))),
            )
        names = [name for name in sync_data if isinstance(name, str) and name in self.keys]
        if names:
            self.send_state(names[: len(self.keys)])

    @contextlib.contextmanager
    def _output(self) -> Iterator[None]:
        self._writing += 1
        try:
            yield
        finally:
            self._writing -= 1

    def referee_only(self, proposal: dict) -> Any:
        """A validator's body for output traits: refused outside `_output()`."""
        if not self._writing:
            raise traitlets.TraitError(f"{proposal['trait'].name} is written by the referee only")
        return proposal["value"]

    # -- intents from the browser ----------------------------------------------------
    def _on_intent(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every intent ends in a change or a notice; nothing escapes to the kernel."""
        try:
            kind = check_shape(content, self.intents)
            with self._lock, self.hold_sync():  # one message, whatever the intent sets
                getattr(self, f"_intent_{kind}")(content)
        except RulesError as error:
            self._notify("error", error.code, message=str(error), **error.params)
        except Exception as error:  # a referee bug: logged with its trace, told as such
            log.exception("%s: intent failed", type(self).__name__)
            self._notify("error", "internal", message=f"{type(error).__name__}")

    def _intent_lang(self, content: dict) -> None:
        """The language every referee's widget speaks (its `lang` trait)."""
        if content["value"] not in LANGS:
            raise IntentError(f"unknown language {quote(content['value'])}")
        self.lang = content["value"]

    def _notify(self, level: str, code: str, **params: Any) -> None:
        """A notice with a new id; `message` keeps 200 characters, other params 40."""
        safe = {
            str(name)[:QUOTE]: printable(value, MAX_TEXT if name == "message" else QUOTE)
            for name, value in list(params.items())[:8]
        }
        with self._lock, self._output():
            self._notice_id += 1
            self.notice = {"id": self._notice_id, "level": level, "code": code, "params": safe}
