"""Toy games that live in the tests only, each one module: tests/conftest.py imports every
module here, so each game registers itself and gets every generic test with no list to
edit (the proof that adding a game needs no change to shared files)."""
