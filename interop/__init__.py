"""The games inside the research ecosystem: OpenSpiel (`ludotheque.interop.openspiel`) and
PettingZoo (`ludotheque.interop.pettingzoo`). Beside the engines, not under them: each
adapter needs an optional extra (`ludotheque[openspiel]`, `ludotheque[pettingzoo]`), and
importing the engines must never need them."""
