"""Package list (everything else is in pyproject.toml): every ``gamekit*`` package where it
lies, and the ``widgets/`` folder installed under the import name ``gamekit_widgets``. Data
folders (``data/``) are listed as packages too, so their JSON files ship as package data."""

from setuptools import find_namespace_packages, setup

FRONT_END = "gamekit_widgets"
SKIP = ["*__pycache__*", "*.egg-info*"]

setup(
    packages=[
        *find_namespace_packages(include=["gamekit", "gamekit.*"], exclude=SKIP),
        FRONT_END,
        *(f"{FRONT_END}.{p}" for p in find_namespace_packages("widgets", exclude=SKIP)),
    ],
    package_dir={FRONT_END: "widgets"},
)
