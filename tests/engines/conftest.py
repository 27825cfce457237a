"""Every test here starts with a practice check that remembers no try
(`ludotheque.classroom.exercises.practice`): `check` and `check_puzzle` say less as tries grow
in a process, and a test must not depend on the tests run before it."""

import pytest

from ludotheque.classroom.exercises import practice


@pytest.fixture(autouse=True)
def fresh_practice_memory():
    practice.forget()
    yield
    practice.forget()
