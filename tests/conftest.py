"""Shared pytest settings: where test artefacts (screenshots, numbers) are written."""

import pathlib

import pytest

OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "test-output"


@pytest.fixture(scope="session")
def output_dir() -> pathlib.Path:
    """A folder for screenshots and measurements that a person can look at after a run."""
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT
