"""Tools for testing widgets without a browser: send intents, record what is synced."""

import json


class Wire:
    """Records every message a widget sends towards the browser (state syncs and custom
    messages alike), so tests can audit exactly what crossed."""

    def __init__(self, widget):
        self.widget = widget
        self.messages = []
        widget.comm.send = self._record

    def _record(self, data=None, metadata=None, buffers=None):
        self.messages.append(json.loads(json.dumps(data, default=str)))

    def everything(self) -> str:
        """All that was sent, plus the full current synced state, as one JSON text."""
        return json.dumps([self.messages, self.widget.get_state()], ensure_ascii=False, default=str)


def send(widget, intent):
    """Deliver an intent as if the browser had sent it."""
    widget._handle_custom_msg(intent, [])


def act(widget, action=None):
    """Play `action` (or the first legal one) as the browser would, at the live ply."""
    obs = widget.observation
    send(widget, {"type": "act", "action": action or obs["legal"][0], "ply": obs["ply"]})


def browser_write(widget, state):
    """Deliver a trait write (a comm `update`) as ipywidgets receives one from a browser."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})
