"""One package per game; each registers itself with ``gamekit.core.registry`` on import."""
