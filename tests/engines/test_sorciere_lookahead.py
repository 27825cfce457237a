"""Sorcière level 5 (lookahead): legal, reproducible, blind to face-down cards, and right
where looking past its own pull decides."""

import random

import pytest

from ludotheque.engines.bots import Deadline
from ludotheque.engines.sorciere import (
    DEFAULT_DECK,
    LEVEL_LABELS,
    LEVELS,
    CarefulBot,
    GreedyBot,
    Sorciere,
    bot_for_level,
    lookahead,
)
from ludotheque.engines.sorciere.lookahead import (
    LookaheadBot,
    careful_seats,
    game_values,
    round_winner,
)
from ludotheque.engines.sorciere.roof import Roof
from ludotheque.engines.sorciere.rules import collapse_probability
from sorciere_setup import fresh, put_back_pending, swap_into


def test_level_5_is_the_lookahead_with_a_menu_label():
    assert LEVELS[-1] == "5"
    assert LEVEL_LABELS["5"] == {"fr": "anticipation", "en": "lookahead"}
    bot = bot_for_level(5, seed=1, seconds=0.3, dexterity=0.7)
    assert isinstance(bot, LookaheadBot) and bot.seconds == 0.3 and bot.dexterity == 0.7


@pytest.mark.parametrize("opponent", [CarefulBot, GreedyBot])
def test_plays_only_legal_moves_over_many_seeded_games(opponent):
    game = Sorciere(players=3)
    moves = 0
    for seed in range(6):
        seat = seed % 3
        bots = [opponent(seed * 3 + k) for k in range(3)]
        bots[seat] = LookaheadBot(seed, seconds=None)
        state = game.new_game(seed)
        while not state.is_terminal():
            action = bots[state.current_player()](state)
            if state.current_player() == seat:
                assert state.is_legal(action), (seed, state.ply, action)
                moves += 1
            state.apply(action)
    assert moves > 100


def test_deterministic_for_a_seed():
    def play(seed):
        bots = [LookaheadBot(seed + k, seconds=None) for k in range(3)]
        state = Sorciere(players=3).new_game(11)
        while not state.is_terminal():
            state.apply(bots[state.current_player()](state))
        return state.history

    assert play(4) == play(4)


def test_never_reads_face_down_cards():
    # The same public position over two different arrangements of the face-down cards.
    rng = random.Random(3)
    bots = [CarefulBot(k) for k in range(3)]
    state = fresh(seed=8)
    answered = 0
    while not state.is_terminal() and answered < 40:
        other = state.clone()
        other.deal_unseen(None, random.Random(rng.randrange(2**32)))
        seat = state.current_player()
        assert other.observation(seat) == state.observation(seat)
        if state.phase != "scored" and other.slot_card != state.slot_card:
            assert LookaheadBot(5, seconds=None)(state) == LookaheadBot(5, seconds=None)(other)
            answered += 1
        state.apply(bots[state.current_player()](state))
    assert answered == 40


def endgame():
    """White box: two cards left, both in view. Hansel (to move, 1 candy, 3 cards topped by
    a chocolate) may pull a lollipop from a corner (the safest pull) or a gummy from the
    middle; Gretel (4 cards topped by a lollipop, fewer canes) pulls the other one, the last.
    Taking the corner leaves her the gummy: 5 cards to 4, she takes the candy. Taking the
    gummy leaves her a lollipop she cannot keep: 4 cards each, Hansel wins on canes, and
    with his second candy the game."""
    state = fresh(seed=2)
    cards = {
        treat: [c for c, card in enumerate(DEFAULT_DECK) if card.treat == treat]
        for treat in ("chocolate", "lollipop", "gummy", "marshmallow")
    }
    hansel = [cards["gummy"][8], cards["marshmallow"][8], cards["chocolate"][8]]  # 6 canes
    gretel = [cards["chocolate"][0], cards["gummy"][0], cards["chocolate"][1], cards["lollipop"][0]]
    jorinde = [cards["marshmallow"][0], cards["chocolate"][2], cards["gummy"][1]]
    corner, middle = 0, 14
    state.piles = [hansel, gretel, jorinde]
    state.candies = [1, 0, 0]
    state.reserve -= 1
    state.roof.z = [None] * 36
    state.roof.z[corner], state.roof.z[middle] = 40, 41
    state.slot_card = [None] * 36
    state.slot_card[corner], state.slot_card[middle] = cards["lollipop"][1], cards["gummy"][2]
    state.known = {corner: "lollipop", middle: "gummy"}
    return state, corner, middle


def test_leaves_the_next_player_the_card_she_cannot_keep():
    state, corner, middle = endgame()
    assert state.roof.probability(corner) < state.roof.probability(middle)
    assert CarefulBot(1)(state).slot == corner  # the safest pull loses the round
    assert LookaheadBot(1)(state).slot == middle
    state.apply(f"pull {middle}")  # the roof holds (this seed): Hansel wins, whatever Gretel does
    state.apply(f"pull {corner}")
    assert state.won_by == 0


def test_a_candy_to_a_player_one_from_victory_costs_the_most():
    values = game_values((0, 1, 0), 0)
    assert values[1] == 0.0  # Gretel wins the game
    assert values[0] > values[None] > values[2] > values[1]
    assert game_values((1, 1, 1), 0)[0] == 1.0
    assert sum(game_values((0, 0, 0), s)[None] for s in range(3)) == pytest.approx(1.0)


def test_round_winner_is_the_rules_scoring():
    state = fresh()
    bots = [CarefulBot(k) for k in range(3)]
    while state.phase == "pull" or state.phase == "put":
        counts = [len(pile) for pile in state.piles]
        canes = [sum(DEFAULT_DECK[c].canes for c in pile) for pile in state.piles]
        for collapser in (None, 0, 1, 2):
            expected = state.round_score(collapser)["winner"]
            assert round_winner(counts, canes, collapser) == expected
        state.apply(bots[state.current_player()](state))


def test_answers_within_its_budget_and_the_callers_deadline():
    state = fresh()
    bot = LookaheadBot(1, seconds=0.0)  # no time: the one-turn odds alone
    assert state.is_legal(bot(state, Deadline(5.0)))
    cancelled = Deadline(5.0)
    cancelled.cancel.set()
    assert state.is_legal(LookaheadBot(1)(state, cancelled))


def test_early_in_a_round_a_one_card_lead_is_not_worth_a_risk(monkeypatch):
    """Round 1 after eight greedy pulls: 28 cards face down (every pull as likely to go on
    Jorinde's pile), Jorinde one card behind. With most of the round to come she takes the
    safest pull; a leaf that counted the lead nearly as a candy (softmax weight 0.6) had
    her pull a card 2.4 times as risky, as the bot did in 30 % of its rounds."""
    state = fresh(seed=3)
    bots = [GreedyBot(9 + k) for k in range(3)]
    while state.ply < 8:
        state.apply(bots[state.current_player()](state))
    assert state.current_player() == 2 and [len(p) for p in state.piles] == [3, 3, 2]
    assert state.roof.count() == 28 and not state.known
    risks = {s: collapse_probability(state, s) for s in state.roof.present()}
    assert risks[LookaheadBot(1, seconds=None)(state).slot] == min(risks.values())
    monkeypatch.setattr(lookahead, "BETA", 0.6)
    assert risks[LookaheadBot(1, seconds=None)(state).slot] > 2 * min(risks.values())


def test_a_seat_that_pulled_as_careful_is_predicted_as_careful():
    """Hansel puts a chocolate back in view where it is riskier than the safest face-down
    card. Gretel pulls that safest card (the careful player's pull), Jorinde the riskier
    card in view (a pull the careful player never makes): from the public move log alone,
    a fresh bot models Gretel as careful (her predicted pull the lowest risk among the cards
    she may keep) and the others as greedy."""
    state = put_back_pending()
    state.apply("put 14")
    assert careful_seats(state.observation(0)) == frozenset()  # nobody tempted yet
    roof = Roof(list(state.roof.z))
    risks = {s: roof.probability(s) for s in state.roof.present()}
    safest = min((s for s in risks if s not in state.known), key=risks.__getitem__)
    assert risks[14] > risks[safest]
    swap_into(state, safest, "marshmallow")  # a card Gretel keeps: her turn ends
    state.apply(f"pull {safest}")
    state.apply("pull 14")
    bot = LookaheadBot(1, seconds=None)
    bot(state)
    assert bot.careful == frozenset({1}) == careful_seats(state.observation(2))
    risks = bot.risks(bot.root.z)
    keepable = [s for s in state.roof.present() if bot.root.keep_chance(1, s) > 0]
    assert bot.predicted_pull(bot.root, 1, risks) in [
        s for s in keepable if risks[s] == min(risks[k] for k in keepable)
    ]
