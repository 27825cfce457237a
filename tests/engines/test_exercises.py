"""Exercises that answer back: each checker accepts the right answer (found here by another
route where one exists), refuses a wrong one, says close for a near miss, speaks fr and en,
and never shows the answer in what it says about a wrong or close answer. An interval asked
for is judged on its coverage and its width. (The practice check's memory of tries:
test_practice_checks.py; each test starts with none, tests/engines/conftest.py.)"""

import functools
import json
import math
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import ludotheque.classroom.exercises as exercises_module
import ludotheque.classroom.exercises.petits_pas as petits_pas_exercises
from ludotheque.classroom.exercises import EXERCISES, check, exercise, exercises_of, statement
from ludotheque.classroom.exercises.kinds import IntervalExercise, NumberExercise
from ludotheque.classroom.puzzles import puzzle, solver_for, turn_outcome
from ludotheque.engines.nains import CARDS, DEFAULT_DECK, INDEX, pull_values
from ludotheque.engines.nains.cards import bonnet_choices
from ludotheque.engines.petits_pas import dealt, estimate
from ludotheque.engines.petits_pas.fast import cards_left, deal_decks
from ludotheque.engines.sorciere import PARAMETERS, SLOTS, Roof, Sorciere
from ludotheque.engines.sortileges import Sortileges, perft
from ludotheque.engines.stats import exact_interval

NOTEBOOKS = (
    "sortileges",
    "sortileges_robot",
    "sortileges_strategie",
    "petits_pas",
    "sorciere",
    "nains",
)
SOLVED = Path(__file__).parents[2] / "notebooks" / "data" / "sortileges_solved.json"


def visible(result) -> str:
    """Everything a student can see of a result: its text and its HTML without markup."""
    return str(result) + " " + re.sub(r"<[^>]*>", " ", result._repr_html_())


def forms(value) -> set[str]:
    """The ways a number could be written in a message."""
    value = float(value)
    shown = {f"{value:.2f}", f"{value:.3f}", f"{value:.1%}", f"{value:.0%}", f"{value * 100:.1f}"}
    if value == int(value):
        shown.add(str(int(value)))
    return shown


def assert_hidden(result, answers) -> None:
    text = visible(result)
    for answer in answers:
        written = forms(answer) if isinstance(answer, (int, float)) else {str(answer)}
        for form in written:
            assert not re.search(rf"(?<![\w.]){re.escape(form)}(?![\w])", text), (form, text)


# -- the catalogue ----------------------------------------------------------------------
def test_every_notebook_has_three_exercises_or_more_each_stated_in_both_languages():
    for notebook in NOTEBOOKS:
        assert len(exercises_of(notebook)) >= 3, notebook
    for exercise_id, declared in EXERCISES.items():
        assert declared.kind in ("prediction", "computation", "bot")
        assert statement(exercise_id, "fr") and statement(exercise_id, "en")
        assert statement(exercise_id, "fr") != statement(exercise_id, "en")


def test_the_module_docstring_lists_every_exercise_with_its_notebook():
    table = exercises_module.__doc__
    for exercise_id, declared in EXERCISES.items():
        assert re.search(rf"^{re.escape(exercise_id)}\s+{declared.notebook}\s", table, re.M)


def test_unknown_ids_and_languages_are_refused_with_the_choices():
    with pytest.raises(ValueError, match="sortileges.legal_turns"):
        check("sortileges.nope", 3)
    with pytest.raises(ValueError, match="fr, en"):
        check("sortileges.legal_turns", 3, lang="de")


# -- numbers: the right answer by another route ----------------------------------------
def duo_turns_from_observation() -> int:
    state = Sortileges().new_game(seed=5, first=0)
    for turn in ("c1-c2/d5", "d8-d7/c3"):
        state.apply(turn)
    return sum(max(1, len(spells)) for spells in state.observation(0)["turns"].values())


def room_by_walking(witch: str, other: str, spells: list[str]) -> int:
    """Squares a witch reaches in one or two steps, walked on square names (files a-f,
    ranks 1-8), the spells and the other witch in the way."""

    def around(square: str) -> set[str]:
        f, r = "abcdef".index(square[0]), int(square[1:])
        return {
            "abcdef"[f + df] + str(r + dr)
            for df in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if (df or dr) and 0 <= f + df < 6 and 1 <= r + dr <= 8
        }

    blocked = set(spells) | {witch, other}
    first = around(witch) - blocked
    return len(first.union(*(around(square) - blocked for square in first)))


ROOM_SPELLS = ["d2", "b5", "c5", "d5", "f5", "a6", "d7", "f7"]  # the robot notebook's exercise 2


def lab_nodes_by_levels() -> int:
    state = Sortileges(files=4, ranks=4).new_game(
        seed=1, first=0, witches=["b3", "a3"], spells=["d3", "b4", "d4", "a2", "d2"]
    )
    nodes = 1 + len(state.legal_actions())
    for turn in state.legal_actions():
        child = state.clone()
        child.apply(turn)
        nodes += len(child.legal_actions())
    return nodes


def solved_plies(board: str) -> int:
    boards = json.loads(SOLVED.read_text(encoding="utf-8"))["boards"]
    return next(b["plies"] for b in boards if b["board"] == board)


def collapse_from_the_formula(slot: int = 14) -> float:
    terms = Roof().terms(slot)
    hazard = (
        PARAMETERS["BASE"]
        + PARAMETERS["LOST"] * terms["lost"]
        + PARAMETERS["LOAD"] * terms["load"]
        + PARAMETERS["WEAK"] * terms["weak"]
        + PARAMETERS["SPAN"] * terms["span"]
    )
    hand = PARAMETERS["HAND_SHAKY"] - (PARAMETERS["HAND_SHAKY"] - PARAMETERS["HAND_STEADY"]) / 2
    return 1 - math.exp(-hand * hazard)


def hold_by_the_formula() -> float:
    """The roof holds when the riskiest card of a new roof is pulled: 1 - the largest risk."""
    return 1 - max(collapse_from_the_formula(slot) for slot in range(36))


def collapse_frequency_by_the_rounds() -> float:
    """Collapses among the first pulls of card 1 in the games of seeds 0-999, counted by the
    rounds the games record (a collapse ends the first round)."""
    collapses = 0
    for seed in range(1000):
        state = Sorciere(players=3).new_game(seed=seed, first=0)
        state.apply("pull 1@0.5")
        collapses += bool(state.results) and state.results[0]["collapser"] == 0
    return collapses / 1000


def slabs(code: str, nabot: list[int], gnomette: list[int]) -> int:
    card = CARDS[INDEX[code]]
    if card.kind == "squirrel":
        return card.squirrels
    if card.kind == "gnome":
        return -2
    return max(
        sum(pull_values(card, b)[g] for g in nabot) - sum(pull_values(card, b)[g] for g in gnomette)
        for b in (bonnet_choices(card) if card.needs_colour else [0])
    )


@functools.cache
def other_estimate(reading=None):
    with ThreadPoolExecutor(2) as pool:
        return estimate(
            100_000, seed=99, reading=reading and dict(reading), executor=pool, progress=False
        )


def late_ace_by_another_sample(deals: int = 150_000) -> tuple[float, float, float]:
    """(rate, low, high) of the deals with an ace among the last two cards, by numpy."""
    decks = deal_decks(deals, np.random.default_rng(5))
    won = cards_left(decks) == 0
    late_ace = np.array([0 in (card % 13 for card in row) for row in decks[:, -2:].tolist()])
    wins, kept = int(won[late_ace].sum()), int(late_ace.sum())
    return (wins / kept, *exact_interval(wins, kept))


R, B, Y, G = range(4)
INDEPENDENT = {
    "sortileges.first_turns": lambda: perft(1),
    "sortileges.legal_turns": lambda: duo_turns_from_observation(),
    "sortileges.home_room": lambda: room_by_walking("c1", "d8", []),
    "sortileges.room_gap": lambda: (
        room_by_walking("d4", "e6", ROOM_SPELLS) - room_by_walking("e6", "d4", ROOM_SPELLS)
    ),
    "strategie.minimax_nodes": lambda: lab_nodes_by_levels(),
    "strategie.small_board_plies": lambda: solved_plies("3x3"),
    "petits_pas.book_rate": lambda: other_estimate().rate,
    "petits_pas.reading_rate": lambda: other_estimate((("refill", "close-up"),)),
    "petits_pas.deals_needed": lambda: (
        1.96**2 * other_estimate().rate * (1 - other_estimate().rate) / 0.01**2
    ),
    "petits_pas.late_ace": lambda: late_ace_by_another_sample(),
    "sorciere.hold_chance": lambda: hold_by_the_formula(),
    "sorciere.collapse_frequency": lambda: collapse_frequency_by_the_rounds(),
    "sorciere.collapse_chance": lambda: collapse_from_the_formula(),
    "sorciere.expected_value": lambda: (
        (1 - collapse_from_the_formula()) * 5 / 6 - collapse_from_the_formula() * 3
    ),
    "nains.helping_cards": lambda: sum(
        slabs(CARDS[c].code, [R, R, Y], [B, G]) > 0 for c in DEFAULT_DECK if CARDS[c].kind == "pull"
    ),
    "nains.pull_now": lambda: (2 + 2 + 1) - (0 + 1 + 1),  # red 2, blue 0, the others 1
    "nains.deck_mean": lambda: (
        sum(slabs(CARDS[c].code, [B], [R, R, Y]) for c in DEFAULT_DECK) / len(DEFAULT_DECK)
    ),
}
NUMBERS = [e for e in EXERCISES.values() if isinstance(e, NumberExercise)]
INTERVALS = [e for e in EXERCISES.values() if isinstance(e, IntervalExercise)]


def test_every_number_exercise_has_an_independent_answer_here():
    assert {e.id for e in NUMBERS + INTERVALS} == set(INDEPENDENT)
    assert {e.id for e in INTERVALS} == {"petits_pas.reading_rate", "petits_pas.late_ace"}


@pytest.mark.parametrize("declared", NUMBERS + INTERVALS, ids=lambda e: e.id)
def test_a_number_checker_accepts_the_answer_found_by_another_route(declared):
    answer = INDEPENDENT[declared.id]()
    for lang in ("fr", "en"):
        result = check(declared.id, answer, lang)
        assert result.status == "right" and result.passed, str(result)


@pytest.mark.parametrize("declared", NUMBERS, ids=lambda e: e.id)
def test_a_number_checker_says_close_then_wrong_without_showing_the_answer(declared):
    reference = declared._reference()
    width = (declared.tolerance + declared.close) / 2
    if declared.relative:
        width *= abs(reference.value)
    near = reference.high + max(width, 1 if declared.whole else 0)
    if declared.whole:
        near = math.ceil(near)
    far = math.ceil(
        reference.high
        + 3 * max(declared.close * (abs(reference.value) if declared.relative else 1), 1)
    )
    if declared.probability:
        far = 0.0 if reference.low > 0.5 else 1.0
    results = {}
    for lang in ("fr", "en"):
        close, wrong = check(declared.id, near, lang), check(declared.id, far, lang)
        assert close.status == "close" and close.hint, str(close)
        assert wrong.status == "wrong" and wrong.hint, str(wrong)
        for shown in (close, wrong):
            assert_hidden(shown, {reference.value, round(reference.value, 2)})
        results[lang] = (close.message, wrong.message, close.hint)
    assert results["fr"] != results["en"]


def test_a_word_or_a_percentage_is_not_an_answer_and_says_why():
    assert check("sortileges.legal_turns", "trois", "en").status == "invalid"
    assert check("sortileges.legal_turns", True, "en").status == "invalid"
    assert check("sortileges.legal_turns", 12.5, "en").status == "invalid"
    percentage = check("petits_pas.book_rate", 35, "fr")
    assert percentage.status == "invalid" and "0.25" in percentage.message


def test_the_books_one_in_three_is_only_close_to_the_rate_it_rounds():
    book = check("petits_pas.book_rate", 1 / 3, "en")
    assert book.status == "close" and "rounds" in book.hint


def test_the_rate_over_all_deals_is_no_answer_to_a_conditional_rate():
    """The lazy answer (every deal's rate) must not pass for the rate of the deals asked for."""
    everyone = other_estimate()
    lazy = check("petits_pas.late_ace", (everyone.rate, everyone.low, everyone.high), "en")
    assert lazy.status == "wrong", str(lazy)


def test_without_numba_the_checkers_judge_the_sites_smaller_samples_honestly(monkeypatch):
    """In the site (no numba) the references come from SITE_DEALS deals, whose wider
    intervals must take the late-ace answer the notebook computes there (60,000 deals of
    seed 11: some 9,000 with a late ace, ± 0.9 point), and still refuse the rate of the other
    deals; half as many deals are too few for the ± 1 point asked; the book's 1/3 stays
    close."""
    full = exercise("petits_pas.late_ace")._reference()
    monkeypatch.setattr(petits_pas_exercises, "have_numba", lambda: False)
    site = exercise("petits_pas.late_ace")._reference()
    assert site.high - site.low > 2 * (full.high - full.low)
    decks, left = dealt(60_000, seed=11)
    late_ace = [1 in (card % 13 + 1 for card in deck[-2:]) for deck in decks]

    def answer(kept: bool, deals: int = 60_000) -> tuple[float, float, float]:
        pairs = zip(left[:deals], late_ace[:deals], strict=True)
        won = [n == 0 for n, late in pairs if late == kept]
        return (sum(won) / len(won), *exact_interval(sum(won), len(won)))

    assert check("petits_pas.late_ace", answer(True), "en").passed
    assert check("petits_pas.late_ace", answer(False), "en").status == "wrong"
    half = check("petits_pas.late_ace", answer(True, 30_000), "en")
    assert half.status == "wrong" and "too imprecise" in half.message
    assert check("petits_pas.book_rate", 1 / 3, "en").status == "close"
    assert check("petits_pas.last_card", "king", "en").passed


def test_an_estimate_with_an_interval_that_misses_the_value_is_not_right():
    reference = exercise("petits_pas.reading_rate")._reference()
    value = reference.value
    assert check("petits_pas.reading_rate", (value, value - 0.002, value + 0.002)).passed
    # a precise interval just beside the reference's: close, with the side of the miss
    near = reference.high + 0.005
    close = check("petits_pas.reading_rate", (near + 0.004, near, near + 0.008), "en")
    assert close.status == "close" and "misses" in close.message and "too high" in close.message
    # further off (another reading, say): wrong, still with the side
    far = reference.low - 0.04
    wrong = check("petits_pas.reading_rate", (far - 0.004, far - 0.008, far), "fr")
    assert wrong.status == "wrong" and "trop bas" in wrong.message and wrong.hint
    for shown in (close, wrong):
        assert_hidden(shown, {value, round(value, 2)})


# -- intervals: coverage and width ------------------------------------------------------
def close_up(deals: int, seed: int = 1):
    return estimate(deals, seed=seed, reading={"refill": "close-up"}, progress=False)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_good_interval_is_right_in_both_languages(lang):
    good = close_up(20_000)  # ± 0.7 point: within the ± 1 point asked
    result = exercise("petits_pas.reading_rate").judge(good, lang)
    assert result.status == "right", str(result)
    rate, low, high = late_ace_by_another_sample()
    assert exercise("petits_pas.late_ace").judge((rate, low, high), lang).passed


IMPRECISE = {
    "fr": "trop imprécis : combien de parties faudrait-il ?",
    "en": "too imprecise: how many games would you need?",
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_interval_from_too_few_deals_is_too_imprecise_never_close(lang):
    declared = exercise("petits_pas.reading_rate")
    reference = declared._reference()
    for deals in (20, 1_000, 5_000):
        result = declared.judge(close_up(deals), lang)
        assert result.status == "wrong" and result.message.startswith(IMPRECISE[lang]), deals
        assert result.hint and result.method
        assert_hidden(result, {reference.value, round(reference.value, 2)})
    # a 20-deal estimate is never right, whatever its seed (its interval spans ± 20 points)
    assert not any(declared.judge(close_up(20, seed), lang).passed for seed in range(40))
    # the same for the late ace from 10, then 1,000 deals (about 150 with a late ace)
    late = exercise("petits_pas.late_ace")
    for deals in (100, 1_000):
        result = late.judge(late_ace_by_another_sample(deals), lang)
        assert result.status == "wrong" and result.message.startswith(IMPRECISE[lang]), deals


def test_an_interval_just_within_the_margin_asked_passes_and_just_beyond_does_not():
    """± 1 point asked: the margin of about 9,500 deals of this reading passes (printed to a
    tenth, ± 1,0 point), that of 8,000 (± 1.1 points) does not."""
    declared = exercise("petits_pas.reading_rate")
    reference = declared._reference()
    centred = (reference.value, reference.value - 0.0104, reference.value + 0.0104)
    assert declared.judge(centred, "en").passed
    wider = (reference.value, reference.value - 0.011, reference.value + 0.011)
    assert declared.judge(wider, "en").message.startswith(IMPRECISE["en"])
    assert declared.judge(close_up(8_000), "en").message.startswith(IMPRECISE["en"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_too_wide_interval_is_too_imprecise_even_when_it_holds_the_value(lang):
    for exercise_id in ("petits_pas.reading_rate", "petits_pas.late_ace"):
        reference = exercise(exercise_id)._reference()
        value = reference.value
        for interval in ((value, 0.0, 1.0), (value, value - 0.05, value + 0.05)):
            result = check(exercise_id, interval, lang)
            assert result.status == "wrong" and result.message.startswith(IMPRECISE[lang])


def test_an_estimate_narrowed_by_hand_is_judged_by_its_deals():
    """An `estimate` of 20 deals whose low and high were rewritten is judged by the exact
    interval of its wins out of its deals."""
    from dataclasses import replace

    small = close_up(20)
    narrowed = replace(small, low=small.rate - 0.001, high=small.rate + 0.001)
    result = exercise("petits_pas.reading_rate").judge(narrowed, "en")
    assert result.status == "wrong" and "20 deals" in result.message


@pytest.mark.parametrize("exercise_id", ["petits_pas.reading_rate", "petits_pas.late_ace"])
def test_a_bare_rate_or_a_malformed_interval_is_no_answer_and_says_why(exercise_id):
    declared = exercise(exercise_id)
    value = declared._reference().value
    bare = {lang: declared.judge(value, lang) for lang in ("fr", "en")}
    assert bare["fr"].status == bare["en"].status == "invalid"
    assert "intervalle" in bare["fr"].message and "interval" in bare["en"].message
    assert_hidden(bare["en"], {value, round(value, 2)})
    assert declared.judge((value + 0.01, value - 0.002, value + 0.002), "en").status == "invalid"
    assert declared.judge((0.5, -0.1, 1.1), "en").status == "invalid"
    assert declared.judge("la moitié", "fr").status == "invalid"


def test_results_show_in_a_notebook_with_their_status():
    result = check("sortileges.legal_turns", 3, "en")
    assert 'data-status="wrong"' in result._repr_html_() and not result
    assert check("sortileges.first_turns", perft(1))
    assert repr(result) == str(result) and "too low" in str(result)


# -- choices ----------------------------------------------------------------------------
def test_safest_pull_on_a_new_roof_by_the_risk_map():
    risks = Roof().risk_map()
    safest = min(range(36), key=lambda slot: risks[slot])
    answer = ("middle", "edge", "corner")[len(SLOTS[safest].walls)]
    assert check("sorciere.safest_pull", answer, "en").passed
    french = {"middle": "milieu", "edge": "bord", "corner": "coin"}[answer]
    assert check("sorciere.safest_pull", f" {french.capitalize()} ").passed
    other = check("sorciere.safest_pull", "edge" if answer != "edge" else "corner", "fr")
    assert other.status == "wrong" and other.hint
    assert_hidden(other, {answer, french})
    assert check("sorciere.safest_pull", "roof", "en").status == "invalid"


def test_the_maps_risk_is_no_frequency_and_no_chance_to_hold():
    """Exercise 3 asks what 1,000 pulls showed, not the map's probability (2 points away with
    these seeds): close, with the hint to count. Exercise 2 asks for the complement: the risk
    itself is wrong, the chance as a percentage no answer."""
    read = check("sorciere.collapse_frequency", Roof().probability(1, 0.5), "en")
    assert read.status == "close" and "frequency" in read.hint
    riskiest = 1 - hold_by_the_formula()
    assert check("sorciere.hold_chance", riskiest, "en").status == "wrong"
    assert check("sorciere.hold_chance", 100 * (1 - riskiest), "fr").status == "invalid"


def test_last_card_by_another_sample():
    decks = deal_decks(100_000, np.random.default_rng(8))
    won, ranks = cards_left(decks) == 0, decks[:, -1] % 13 + 1
    rates = {
        name: won[ranks == rank].mean() for name, rank in (("ace", 1), ("seven", 7), ("king", 13))
    }
    best = max(rates, key=rates.get)
    assert check("petits_pas.last_card", best, "en").passed
    wrong = check("petits_pas.last_card", min(rates, key=rates.get), "en")
    assert wrong.status == "wrong"
    assert_hidden(wrong, {best})


# -- turns ------------------------------------------------------------------------------
@pytest.mark.parametrize("exercise_id", ["sortileges.winning_turn", "strategie.winning_turn"])
def test_a_turn_exercise_accepts_the_fastest_win_and_refuses_a_loss(exercise_id):
    found = puzzle(exercise(exercise_id).puzzle)
    state = found.state()
    outcomes = {str(turn): turn_outcome(state, turn) for turn in state.legal_actions()}
    fastest = [t for t, (wins, length) in outcomes.items() if wins and length == found.plies]
    losing = next(t for t, (wins, _) in outcomes.items() if not wins)
    assert fastest and solver_for(found.files, found.ranks)
    for lang in ("fr", "en"):
        assert check(exercise_id, fastest[0], lang).passed
        refused = check(exercise_id, losing, lang)
        assert refused.status == "wrong" and refused.exercise == exercise_id and refused.hint
        assert_hidden(refused, set(fastest))


# -- bots -------------------------------------------------------------------------------
# Bot exercises (fresh games, a sequential test, the jail) are tested in test_bot_verdicts.py.
