"""Package discovery for setuptools: every package under engines/ and widgets/ installs under
the import name `ludotheque` (pyproject.toml maps the folders), so a new game's package needs
no list edited. engines/interop/ installs as `ludotheque.interop` (adapters to OpenSpiel and
PettingZoo, which need optional extras), not as `ludotheque.engines.interop`. Everything
else is in pyproject.toml."""

from setuptools import find_packages, setup

INTEROP = "engines.interop"


def installed_name(package: str) -> str:
    if package == INTEROP or package.startswith(INTEROP + "."):
        return "ludotheque.interop" + package[len(INTEROP) :]
    return f"ludotheque.{package}"


setup(
    packages=[
        installed_name(package)
        for package in find_packages(include=["engines", "engines.*", "widgets", "widgets.*"])
    ]
)
