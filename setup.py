"""Package discovery for setuptools: every package under engines/, classroom/, interop/, tables/ and
widgets/ installs as `ludotheque.<folder>` (pyproject.toml maps the folders), so a new game's
package needs no list edited. Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

FOLDERS = ("engines", "classroom", "interop", "tables", "widgets")

setup(
    packages=[
        f"ludotheque.{package}"
        for package in find_packages(include=[*FOLDERS, *(f"{folder}.*" for folder in FOLDERS)])
    ]
)
