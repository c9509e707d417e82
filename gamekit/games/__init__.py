"""One package per game; each registers itself with ``gamekit.core.registry`` on import and is
declared in the ``gamekit.games`` entry-point group (``pyproject.toml``), which is how core finds
it. No game imports another."""
