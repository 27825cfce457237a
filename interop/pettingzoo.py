"""Every ludotheque game as a PettingZoo AEC environment: `env("nains")`.

Written once over the core's integer interface (docs/interop.md), never per game: agents
are the game's seats, actions are its action ids (`Discrete(num_distinct_actions)`), an
observation is the seat's observation tensor with the mask of the legal ids, and chance is
drawn inside `step` from the game state's own seeded generator, so `reset(seed=s)` plays the
game `game.new_game(s)` and the same ids replay it exactly. Rewards are the game's `returns()`
at its end; a game that reaches the cap of a `capped_length` game is truncated, with no
winner. `render()` shows the game's own text of the table ("ansi") or that text drawn by
matplotlib ("rgb_array"): it is the referee's view, which may show every hand; an agent only
ever gets `observe`, made from its seat's observation.
"""

from __future__ import annotations

import json
import operator
import random
import textwrap
import unicodedata
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludotheque.engines.core import SEED_BITS, Game, State, check_seed, quote

OBSERVATION_LOW, OBSERVATION_HIGH = -np.inf, np.inf
"""The Box of a tensor: the core declares no bounds on a tensor's values (most lie in
[-1, 1], a few counts exceed 1), so none is claimed."""
RENDER_MODES = ("ansi", "rgb_array")
RENDER_SIZE = (8.0, 6.0)
"""An "rgb_array" frame in inches at 100 dpi: 800 × 600 pixels, the same at every step."""
RENDER_COLUMNS = 100
"""Text lines wider than this are wrapped in a frame (9-point monospace fills 800 pixels)."""


def agent_names(game: Game) -> list[str]:
    """One name per seat, from its English seat name: lower-case ASCII and the seat number
    ("tetdevache_0", "fasderat_1"), PettingZoo's `<descriptor>_<number>` shape."""
    names = []
    for seat, name in enumerate(game.seat_names["en"][: game.players]):
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        names.append("".join(c for c in ascii_name.lower() if c.isalnum()) + f"_{seat}")
    return names


def board_text(state: State) -> str:
    """The game's own text of its table when its state writes one (`__str__`), otherwise
    the game's part of the spectator's observation, one field a line."""
    if type(state).__str__ is not object.__str__:
        return str(state)
    return "\n".join(
        f"{key}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in state.observe(None).items()
    )


def agent_observation(
    state: State, seat: int, legal: list[int] | None = None
) -> dict[str, np.ndarray]:
    """What an agent gets: its seat's observation tensor and the mask of `legal` (by
    default the seat's legal action ids if it is to move, none otherwise). Both come from
    what the seat may know: its observation, and the ids of its own legal actions."""
    game = state.game
    if legal is None:  # never after the end, when current_player() is TERMINAL
        legal = state.legal_action_ids() if state.current_player() == seat else []
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    mask[legal] = 1
    tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    return {"observation": tensor.reshape(game.observation_shape()), "action_mask": mask}


class LudothequeEnv(AECEnv):
    """One game of the collection, seat by seat (made by `env`; see the module's docstring).

    `game` and `game_state` (the State being played, to read, never to change) let a user
    turn an action id into its text: `env.game_state.action_from_id(i)`."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be one of {list(RENDER_MODES)} or None, not {quote(render_mode)}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ludotheque_{game.name}_v0"}
        self.possible_agents = agent_names(game)
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        tensor = spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, game.observation_shape(), np.float32)
        mask = spaces.Box(0, 1, (game.num_distinct_actions(),), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": tensor, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(game.num_distinct_actions()) for agent in self.possible_agents
        }
        self.agents: list[str] = []
        self._state: State | None = None
        self._seeds: random.Random | None = None
        self._views: dict[str, dict[str, np.ndarray]] = {}
        """Each agent's observation at the current step, made when first asked for."""
        self._legal_ids: list[int] | None = None
        """The legal ids at the current step (for the mask and the check of an action)."""

    # -- spaces --------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------
    @property
    def game_state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() first: no game is being played yet")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: `seed` is the game's own seed (`game.new_game(seed)`); without one, the
        next of a sequence drawn from the last seed given (a secret one if none was).
        `options` is accepted, as the API requires, and unused: a game's options are
        `env`'s keywords."""
        if seed is not None:
            seed = check_seed(int(seed) if isinstance(seed, np.integer) else seed)
            self._seeds = random.Random(seed)
        elif self._seeds is not None:
            seed = self._seeds.getrandbits(SEED_BITS)
        self._state = self.game.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._views, self._legal_ids = {}, None
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation (`agent_observation`), made once per step."""
        if agent not in self._views:
            state, seat = self.game_state, self.seats[agent]
            acting = agent in self.agents and not self.truncations[agent]
            to_move = acting and state.current_player() == seat
            self._views[agent] = agent_observation(state, seat, self._legal() if to_move else [])
        return self._views[agent]

    def step(self, action: Any) -> None:
        """Play action id `action` for `agent_selection` (None for an agent whose game is
        over, which leaves `agents`); chance is drawn from the game state's generator."""
        state = self.game_state
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        action_id = self._checked_id(action)
        self._cumulative_rewards[agent] = 0.0
        state.apply(state.action_from_id(action_id))
        self._views, self._legal_ids = {}, None
        self._clear_rewards()
        if state.is_terminal():
            self.rewards = dict(zip(self.agents, map(float, state.returns()), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif state.ply >= self.game.max_game_length():
            self.truncations = dict.fromkeys(self.agents, True)
        if state.is_terminal() or self.truncations[agent]:
            self.agent_selection = self.agents[(self.seats[agent] + 1) % len(self.agents)]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()

    def _legal(self) -> list[int]:
        if self._legal_ids is None:
            self._legal_ids = self.game_state.legal_action_ids()
        return self._legal_ids

    def _checked_id(self, action: Any) -> int:
        """`action` as a legal action id of the agent to move, or a ValueError saying why."""
        if isinstance(action, (bool, np.bool_)) or not hasattr(action, "__index__"):
            raise ValueError(f"an action is a whole number (an action id), not {quote(action)}")
        action_id = operator.index(action)
        legal = self._legal()
        if action_id not in legal:
            shown = legal if len(legal) <= 20 else [*legal[:20], "…"]
            raise ValueError(
                f"action id {quote(action_id)} is not legal for {self.agent_selection} now; "
                f"legal ids: {shown} (observation['action_mask'])"
            )
        return action_id

    # -- rendering -----------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        """The table as text ("ansi") or as that text drawn in an 800 × 600 RGB frame
        ("rgb_array", with matplotlib); None, with a warning, without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: nothing to show")
            return None
        text = self._table_text()
        return text if self.render_mode == "ansi" else text_frame(text)

    def _table_text(self) -> str:
        state = self.game_state
        if state.is_terminal():
            results = ", ".join(
                f"{agent} {value:+g}"
                for agent, value in zip(self.possible_agents, state.returns(), strict=True)
            )
            status = f"over: {results}"
        elif state.ply >= self.game.max_game_length():
            status = "stopped at the length cap, no winner"
        else:
            status = f"to move: {self.possible_agents[state.current_player()]}"
        last = f", last move: {state.move_text(state.ply - 1, None)}" if state.ply else ""
        header = f"{self.game.title['en']}, move {state.ply}{last}; {status}"
        return f"{header}\n{board_text(state)}"

    def close(self) -> None:
        """Nothing to release: a frame's figure is dropped once drawn."""


def text_frame(text: str) -> np.ndarray:
    """`text` in monospace on a white 800 × 600 frame (height × width × 3, uint8)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as missing:
        raise ImportError(
            'render_mode "rgb_array" draws with matplotlib: pip install matplotlib '
            '(or ludotheque[lab]); "ansi" needs nothing more'
        ) from missing

    lines = [
        part
        for line in text.splitlines()
        for part in (textwrap.wrap(line, RENDER_COLUMNS, drop_whitespace=False) or [""])
    ]
    figure = Figure(figsize=RENDER_SIZE, dpi=100, facecolor="white")
    figure.text(0.01, 0.99, "\n".join(lines), family="monospace", fontsize=9, va="top")
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].copy()


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> LudothequeEnv:
    """A PettingZoo AEC environment for `game`: a registered game's name with its options
    as keywords (`env("sortileges", files=5, ranks=5)`), or a `Game` made already."""
    if isinstance(game, Game):
        if options:
            raise ValueError(f"options go into the Game made already, not env(): {options}")
        return LudothequeEnv(game, render_mode)
    return LudothequeEnv(Game.by_name(game, **options), render_mode)


__all__ = ["LudothequeEnv", "agent_names", "agent_observation", "board_text", "env"]
