"""Positions the Sorcière tests share (white box: they reach into the state's secrets)."""

from ludotheque.engines.sorciere import DEFAULT_DECK, Sorciere


def fresh(players=3, seed=1, first=0):
    return Sorciere(players=players).new_game(seed, first=first)


def swap_into(state, slot, treat):
    """White box: make the face-down card in `slot` one of `treat` (swap two cards)."""
    other = next(
        s
        for s, c in enumerate(state.slot_card)
        if c is not None and s != slot and DEFAULT_DECK[c].treat == treat
    )
    state.slot_card[slot], state.slot_card[other] = state.slot_card[other], state.slot_card[slot]


def safe(state):
    """White box: make every pull certain to succeed (the draw is still taken)."""
    state.roof.probability = lambda slot, dexterity=0.5: 0.0


def put_back_pending():
    """Safe pulls: Hansel takes a chocolate, Gretel and Jorinde other treats, then Hansel
    pulls a second chocolate (slot 15) and must put it back: the put-back decision."""
    state = fresh()
    safe(state)
    swap_into(state, 14, "chocolate")
    for slot in (14, 20, 21):
        state.apply(f"pull {slot}")
    swap_into(state, 15, "chocolate")
    state.apply("pull 15")
    return state
