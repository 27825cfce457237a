"""Package discovery for setuptools: every package under engines/ and widgets/ installs under
the import name `ludotheque` (pyproject.toml maps the two folders), so a new game's package
needs no list edited. Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[
        f"ludotheque.{package}"
        for package in find_packages(include=["engines", "engines.*", "widgets", "widgets.*"])
    ]
)
