"""A table server for each test that needs one, in a process of its own on a free port,
its journal in the test's temporary folder; killed (SIGKILL) at the end if still alive."""

from collections.abc import Iterator

import pytest

from ludotheque.tables import LocalServer, start_server


@pytest.fixture
def server(tmp_path) -> Iterator[LocalServer]:
    started = start_server(tmp_path / "tables.sqlite")
    yield started
    if started.process.poll() is None:
        started.kill()
