"""Tir de tuyau's picture: the garden (the slabs, the fence, the hose and where it started,
both gnome teams), the score, each hand as face-down cards and the piles, as the live board
shows them to a spectator (js/src/nains/), a little smaller; what both draw alike is
`nains.json`, and the fence's distance is the observation's. The hands are secret: only
their sizes are in the public observation, so only backs are drawn; the one card named is
the discard pile's top, which everyone saw played (`data-card`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.engines.nains import Nains

from . import DIM, INK, OKABE_ITO, document, group, ink_on, seat_mark, shape, shared, tag, text
from . import status as status_line

BOARD = shared("nains")
COLOURS = BOARD["colours"]
SLAB = 22
SPAN = BOARD["span"]  # slabs drawn each side of the fence (the garden, then the lawn)
MARGIN = 14
WIDTH = 2 * SPAN * SLAB + 2 * MARGIN
GARDEN = 132
GROUND = 100
FENCE = MARGIN + SPAN * SLAB
EDGE = BOARD["edge"]  # slabs kept free between a gnome's centre and the garden's edge
MIN_STEP = BOARD["min_step"]  # slabs between two gnomes of a team, at the tightest
OWN_WORDS = {
    "fr": {
        "lead": "{d} dalle(s) avant la barrière",
        "piles": "Pioche : {draw} · Défausse : {discards}",
        "top": "dessus : {card}",
        "pull": "« Tirer : {two} 2{zero} »",
        "zero": ", {colour} 0",
    },
    "en": {
        "lead": "{d} slab(s) from the fence",
        "piles": "Draw pile: {draw} · Discards: {discards}",
        "top": "top: {card}",
        "pull": "“Pull: {two} 2{zero}”",
        "zero": ", {colour} 0",
    },
}
"""The picture's own words, where the live board's choose a plural or lay the piles out apart."""


def words_in(lang: str) -> dict[str, str]:
    """Every word the picture says in `lang`: the shared ones, then its own."""
    return {**BOARD["words"][lang], **OWN_WORDS[lang]}


def colour_name(colour: str, words: Mapping[str, str]) -> str:
    """A gnome colour, or the multicolour cap, in words."""
    return words["card.multi"] if colour == "multi" else words[f"colour.{colour}"]


def picture(observation: Mapping[str, Any], lang: str) -> str:
    """The garden and the table of `observation` (the public one), titled in `lang`."""
    words = words_in(lang)
    names = Nains.seat_names[lang]
    line, seat = status_line(observation, names, lang, BOARD["words"])
    score = words["board.score"].format(
        round=observation["round"],
        a=names[0],
        wa=observation["wins"][0],
        wb=observation["wins"][1],
        b=names[1],
    )
    below = _table(observation, names, lang)
    return document(
        WIDTH,
        GARDEN + 30 + 26 * len(below),
        Nains.title[lang],
        line,
        [
            text(MARGIN, 18, score, size=14, weight=700),
            group(_garden(observation, names, words), transform="translate(0 28)"),
            *(
                group([row], transform=f"translate(0 {GARDEN + 34 + 26 * index})")
                for index, row in enumerate(below)
            ),
        ],
        seat=None if seat is None else (seat, names[seat]),
        game=Nains.name,
    )


def card_name(code: str, lang: str) -> str:
    """A card in words: "« Tirer : rouge 2, bleu 0 »", "“Squirrels ×3”"."""
    words = words_in(lang)
    named = BOARD["letter_colours"]
    if code.startswith("+"):
        return words["card.named.gnome"].format(colour=colour_name(named[code[1]], words))
    if code.startswith("S"):
        return words["card.named.squirrel"].format(n=code[1:])
    zero = words["zero"].format(colour=colour_name(named[code[2]], words)) if len(code) > 2 else ""
    return words["pull"].format(two=colour_name(named[code[0]], words), zero=zero)


def team_places(leads: Sequence[int], counts: Sequence[int]) -> tuple[list[list[float]], float]:
    """Where each team's gnomes stand, in slabs from the fence (seat 0 on the left,
    negative): the first gnome on its slab, the others behind it a slab apart, closer when
    the teams are long; and how far the whole garden slides so that no gnome leaves it."""
    fronts = [max(lead - 0.5, 0.35) for lead in leads]
    followers = sum(max(count - 1, 0) for count in counts)
    room = 2 * (SPAN - EDGE) - fronts[0] - fronts[1]
    step = max(MIN_STEP, min(1.0, room / followers)) if followers else 1.0
    places = [
        [(-1 if seat == 0 else 1) * (fronts[seat] + k * step) for k in range(counts[seat])]
        for seat in (0, 1)
    ]
    left = min([-fronts[0], *places[0]]) - EDGE
    right = max([fronts[1], *places[1]]) + EDGE
    shift = -SPAN - left if left < -SPAN else SPAN - right if right > SPAN else 0.0
    return [[place + shift for place in team] for team in places], shift


def _garden(
    observation: Mapping[str, Any], names: Sequence[str], words: Mapping[str, str]
) -> list[str | None]:
    hose, distance = observation["hose"], observation["fence"]
    leads = [distance + hose, distance - hose]
    teams = observation["teams"]
    places, shift = team_places(leads, [len(team) for team in teams])
    fence = FENCE + shift * SLAB
    xs = [[FENCE + place * SLAB for place in team] for team in places]
    ends = [
        (team[-1] if team else fence + (-1 if seat == 0 else 1) * distance * SLAB)
        + (-10 if seat == 0 else 10)
        for seat, team in enumerate(xs)
    ]
    left, right = max(ends[0], MARGIN + 4), min(ends[1], WIDTH - MARGIN - 4)
    hose_path = f"M{left:.1f} {GROUND - 10} L{right:.1f} {GROUND - 10}"
    on_lawn = [
        i for i in range(-distance, distance) if MARGIN <= fence + i * SLAB <= WIDTH - MARGIN - SLAB
    ]
    return [
        tag("rect", {"x": MARGIN, "y": 0, "width": WIDTH - 2 * MARGIN, "height": GARDEN,
                     "rx": 10, "fill": "#d6eadf"}),
        *(
            tag("rect", {"x": fence + i * SLAB + 1.5, "y": GROUND - 3, "width": SLAB - 3,
                         "height": 10, "rx": 2, "fill": "#c4c8c0", "stroke": "#8f948b"})
            for i in on_lawn
        ),
        *(
            text(fence + i * SLAB - (SLAB / 2 if i > 0 else -SLAB / 2), GROUND + 22, abs(i),
                 size=10, anchor="middle", fill=DIM)
            for i in numbered_slabs(distance)
            if i in on_lawn or i - 1 in on_lawn
        ),
        tag("path", {"d": hose_path, "stroke": INK, "stroke-width": 8, "stroke-linecap": "round",
                     "fill": "none"}),
        tag("path", {"d": hose_path, "stroke": COLOURS["hose"], "stroke-width": 4,
                     "stroke-linecap": "round", "fill": "none"}),
        tag("rect", {"x": fence - hose * SLAB - 2.5, "y": GROUND - 14, "width": 5, "height": 8,
                     "rx": 1.5, "fill": OKABE_ITO["orange"], "stroke": INK}),
        group(
            [
                tag("rect", {"x": fence - 9, "y": 30, "width": 18, "height": 5, "rx": 1.5}),
                tag("rect", {"x": fence - 9, "y": 62, "width": 18, "height": 5, "rx": 1.5}),
                *(
                    tag("path", {"d": f"M{fence + dx - 3:.1f} {GROUND + 6} V24 "
                                      f"L{fence + dx:.1f} 18 L{fence + dx + 3:.1f} 24 "
                                      f"V{GROUND + 6} Z"})
                    for dx in (-7, 0, 7)
                ),
            ],
            fill=COLOURS["fence"], stroke=COLOURS["fence_edge"], stroke_width=1,
        ),
        *(
            _gnome(x, colour, seat, words[f"letter.{colour}"])
            for seat, team in enumerate(teams)
            for x, colour in zip(xs[seat], team, strict=True)
        ),
        *(_team_label(seat, names[seat], leads[seat], words) for seat in (0, 1)),
    ]  # fmt: skip


def numbered_slabs(distance: int) -> list[int]:
    """The slabs whose distance to the fence is written under them: every fourth."""
    return sorted(side * d for d in range(4, distance + 1, 4) for side in (-1, 1))


def _gnome(x: float, colour: str, seat: int, letter: str) -> str:
    """A gnome facing the fence: pointed hat and coat in its colour, its colour's shape
    (no gnome is told apart by colour alone) and letter on the belly."""
    gnome = BOARD["gnomes"][colour]
    fill, mark = OKABE_ITO[gnome["colour"]], gnome["shape"]
    facing = 1 if seat == 0 else -1
    ink = ink_on(fill)
    return group(
        [
            tag("ellipse", {"cx": x, "cy": GROUND + 1.5, "rx": 9, "ry": 2.2,
                            "fill": "#000000", "fill-opacity": 0.18}),
            tag("rect", {"x": x - 7, "y": GROUND - 21, "width": 14, "height": 20, "rx": 5,
                         "fill": fill, "stroke": INK}),
            tag("circle", {"cx": x, "cy": GROUND - 27, "r": 5.6, "fill": COLOURS["face"],
                           "stroke": INK, "stroke-width": 0.8}),
            tag("path", {"d": f"M{x - 5:.1f} {GROUND - 26} Q{x:.1f} {GROUND - 15} {x + 5:.1f} "
                              f"{GROUND - 26} Z", "fill": COLOURS["beard"], "stroke": "#777777",
                         "stroke-width": 0.6}),
            tag("path", {"d": f"M{x - 7:.1f} {GROUND - 30} L{x + 7:.1f} {GROUND - 30} "
                              f"L{x + 3 * facing:.1f} {GROUND - 48} Z", "fill": fill,
                         "stroke": INK}),
            shape(mark, x, GROUND - 10, 5, fill="#ffffff", fill_opacity=0.35, stroke=ink),
            text(x, GROUND - 7.5, letter, size=7.5, anchor="middle", weight=800, fill=ink),
        ],
        data_colour=colour,
        data_seat=seat,
    )  # fmt: skip


def _team_label(seat: int, name: str, lead: int, words: Mapping[str, str]) -> str:
    """A team's name and how far its first gnome stands from the fence, at its end."""
    mark = seat_mark(seat, name)
    x = MARGIN + 14 if seat == 0 else WIDTH - MARGIN - 14
    label = f"{name} · {words['lead'].format(d=max(lead, 0))}"
    return group(
        [
            shape(mark.shape, x, 14, 8, fill=mark.colour, stroke=INK),
            text(x, 17.5, mark.letter, size=9, anchor="middle", weight=700,
                 fill=ink_on(mark.colour)),
            text(x + (14 if seat == 0 else -14), 18, label, size=11.5, weight=600,
                 anchor="start" if seat == 0 else "end"),
        ]
    )  # fmt: skip


def _table(observation: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The rows under the garden: each hand face down, the piles, a secret choice made,
    a move that may still be answered."""
    words = words_in(lang)
    rows = [_backs(seat, names[seat], observation["hand_sizes"][seat], words) for seat in (0, 1)]
    discards = observation["discards"]
    piles = words["piles"].format(draw=observation["draw_count"], discards=len(discards))
    if discards:
        piles += " · " + words["top"].format(card=card_name(discards[-1], lang))
    rows.append(
        group(
            [text(MARGIN, 16, piles, size=13, fill=INK)],
            data_card=discards[-1] if discards else None,
        )
    )
    if observation["phase"] == "choose" and not observation["terminal"]:
        rows += [
            text(MARGIN, 16, words["choose.waiting"].format(name=names[seat]), size=13, fill=DIM)
            for seat, done in enumerate(observation["chosen"])
            if done
        ]
    window = observation.get("window")
    if window and not observation["terminal"]:
        rows.append(
            text(
                MARGIN,
                16,
                words["window.summary"].format(
                    name=names[window["seat"]],
                    kind=window["kind"],
                    colour=colour_name(window["colour"], words),
                ),
                size=13,
                weight=600,
                fill="#8a3f73",
            )
        )
    return rows  # fmt: skip


def _backs(seat: int, name: str, count: int, words: Mapping[str, str]) -> str:
    """A hand seen by everyone: its size in words and as card backs."""
    label = words["hand.hidden"].format(name=name, count=count)
    return group(
        [
            text(MARGIN, 16, label, size=13, weight=600),
            *(
                tag("rect", {"x": MARGIN + 250 + k * 17, "y": 1, "width": 14, "height": 20,
                             "rx": 2.5, "fill": OKABE_ITO["bluish_green"],
                             "stroke": COLOURS["hand_stripe"], "stroke-width": 1.5})
                for k in range(count)
            ),
        ],
        data_seat=seat,
        data_hand=count,
    )  # fmt: skip
